//! What an answer that grows with the state takes in memory, counted before it is built
//! (see [`crate::AnswerBudget`]): its records, their `Value` tree, and the encoded answer.
//!
//! The counts are upper bounds, not exact: every string counted three times (the record,
//! its `Value`, the encoded bytes), every structure field as a field, a boxed `Value`, an
//! allocation's overhead and its encoded id and value, every record a whole record more.

use std::mem::size_of;

use animation_engine::{
    InstanceRecord, OutputPosition, OutputValue, PlayerRecord, PlayerSize, Step,
};
use arora_types::value::{StructureField, Value};

use crate::budget::ALLOCATION_OVERHEAD;
use crate::records::{InstanceState, PlayerState, TrackOutput};

/// One structure field of an answer: the field, its boxed value with its allocation, and
/// its encoded id (16 bytes), type and value (up to 8 bytes).
const FIELD: usize = size_of::<StructureField>() + size_of::<Value>() + ALLOCATION_OVERHEAD + 25;

/// One element of a value array: the `Value` and its encoding (type byte and up to 8 bytes,
/// padded).
const ELEMENT: usize = size_of::<Value>() + 16;

/// `PlayerState`'s fields, and `InstanceState`'s: counted one more each, for the record's
/// own structure.
const PLAYER_FIELDS: usize = 14;
const INSTANCE_FIELDS: usize = 7;

/// A string of `bytes` in an answer: in the record, in its `Value`, encoded.
fn string(bytes: usize) -> usize {
    3 * (bytes + ALLOCATION_OVERHEAD)
}

/// `player_states`: every player's record, its instances, its name and two short strings.
pub(crate) fn player_states(players: impl Iterator<Item = PlayerSize>) -> usize {
    players
        .map(|player| {
            let instance =
                INSTANCE_FIELDS * FIELD + size_of::<InstanceState>() + size_of::<InstanceRecord>();
            PLAYER_FIELDS * FIELD
                + size_of::<PlayerState>()
                + size_of::<PlayerRecord>()
                + string(player.name_bytes)
                + 2 * string("playing".len())
                + player.instances.saturating_mul(instance)
        })
        .fold(0, usize::saturating_add)
}

/// `step`: a `TrackOutput` of three fields per valued position, with its track id, key and
/// text.
pub(crate) fn track_outputs(step: &Step<'_>) -> usize {
    step.iter()
        .filter_map(|(position, output)| {
            let value = output.value()?;
            Some(
                size_of::<TrackOutput>()
                    + 3 * FIELD
                    + string(position.track_id.len())
                    + string(position.key.len())
                    + text(value),
            )
        })
        .fold(0, usize::saturating_add)
}

/// The values of `step_values` and `step_with_velocities`: an element per position, and
/// each position's text.
pub(crate) fn values(step: &Step<'_>) -> usize {
    let elements = step.len().saturating_mul(ELEMENT);
    step.texts()
        .map(|text| string(text.len()))
        .fold(elements, usize::saturating_add)
}

/// The velocities of `step_with_velocities`: an element per position.
pub(crate) fn velocities(step: &Step<'_>) -> usize {
    step.len().saturating_mul(ELEMENT)
}

/// `output_keys`: one string per position.
pub(crate) fn keys<'a>(positions: impl Iterator<Item = &'a OutputPosition>) -> usize {
    positions
        .map(|position| ELEMENT + string(position.key.len()))
        .fold(0, usize::saturating_add)
}

fn text(value: OutputValue<'_>) -> usize {
    match value {
        OutputValue::Text(text) => string(text.len()),
        OutputValue::Number(_) | OutputValue::Boolean(_) => 0,
    }
}
