//! The arguments of a hostile call: drawn per parameter from the values
//! builder and the ids a caller holds, and read back from call buffers.

use arora_buffers::serde_uuid::deserialize;
use arora_types::Uuid;
use arora_types::module::low::TypeRef;
use arora_types::value::{StructureField, Value};

use super::Source;
use super::schema::Function;
use super::values::Builder;

/// The ids a caller holds from earlier answers: most id arguments are drawn
/// from them, so that calls reach past "unknown id". The kept state's ids
/// are never among them.
#[derive(Default, Debug)]
pub struct Held {
    /// Animation ids handed out so far.
    pub anims: Vec<u32>,
    /// Player ids handed out so far.
    pub players: Vec<u32>,
    /// Instance ids handed out so far.
    pub instances: Vec<u32>,
}

/// Whether `value` is `U32(id)`, bare or in an option.
pub(crate) fn names(value: &Value, id: u32) -> bool {
    match value {
        Value::U32(n) => *n == id,
        Value::Option(Some(inner)) => names(inner, id),
        _ => false,
    }
}

/// The value in `bytes`, if they are a well-formed buffer.
pub fn decode(bytes: &[u8]) -> Option<Value> {
    arora_buffers::well_formed(bytes).ok()?;
    Some(deserialize(bytes))
}

/// The arguments of a call buffer this module built.
pub(crate) fn args_of(bytes: &[u8]) -> Vec<StructureField> {
    match decode(bytes) {
        Some(Value::Structure(s)) => s.fields,
        _ => vec![],
    }
}

pub(crate) fn field(id: Uuid, value: Value) -> StructureField {
    StructureField {
        id,
        value: Box::new(value),
    }
}

/// The arguments of a call of `function`: each parameter's value, an
/// optional one now and then left out; ids a caller holds for most id
/// parameters.
pub(crate) fn args(
    source: &mut Source,
    builder: &mut Builder,
    held: &Held,
    function: &Function,
    hostile: bool,
) -> Vec<StructureField> {
    let mut out = Vec::new();
    for parameter in &function.parameters {
        if matches!(parameter.ty, TypeRef::Option { .. }) && source.one_in(4) {
            continue;
        }
        let pool = match parameter.name.as_str() {
            "anim" => Some(&held.anims),
            "player" => Some(&held.players),
            "instance" => Some(&held.instances),
            _ => None,
        };
        let value = match pool {
            Some(pool) if !(hostile && source.one_in(4)) && source.one_in(2) => {
                Value::U32(held_or(source, pool))
            }
            _ => builder.of_type(source, &parameter.ty, hostile),
        };
        out.push(field(parameter.id, value));
    }
    out
}

/// An id from `pool`, or a small one when it is empty.
pub(crate) fn held_or(source: &mut Source, pool: &[u32]) -> u32 {
    if pool.is_empty() {
        source.below(4) as u32
    } else {
        *source.pick(pool)
    }
}

pub(crate) fn name_of(function: &Function, parameter: Uuid) -> &str {
    function
        .parameters
        .iter()
        .find(|p| p.id == parameter)
        .map_or("", |p| p.name.as_str())
}

/// Whether a float argument (bare or optional; an absent one counts as
/// finite) is finite.
pub(crate) fn finite(value: &Value) -> bool {
    match value {
        Value::F32(x) => x.is_finite(),
        Value::F64(x) => x.is_finite(),
        Value::Option(Some(inner)) => finite(inner),
        _ => true,
    }
}
