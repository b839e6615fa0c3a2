//! The answers that grow with the state — the three steps, `output_keys`, `player_states`
//! and the two bakes — each written once, against one output.
//!
//! An answer is written as a walk of the engine's views (the step's output table, the
//! players, a bake plan) that hands each value to an [`Output`], in the order the answer's
//! bytes carry them. Two outputs implement it, as two serializers implement serde's
//! `Serializer`:
//!
//! - [`Records`], here: the records a host registration returns, which `exports` turns
//!   into the `Value` the engine encodes (what [`AnimationModule`](crate::AnimationModule)'s
//!   typed `step`, `step_values`, `bake` … answer);
//! - the guest's writer (`arora-animation-guest`): the bytes `arora_buffers` gives that
//!   `Value`, written straight into the result buffer, with no `Value` tree in between.
//!
//! The walks are generic over the output, so each is compiled once per output and the
//! calls into it inline: the bytes are written in the walk's loop.
//!
//! [`Samples`] says what a value step or a bake answers per sample — its value alone
//! ([`Values`]) or with its velocity ([`WithVelocities`]): one walk each for the two
//! value steps and for the two bakes, the difference a type.

mod by_contract;
mod records;
mod samples;

use crate::records::PlayerState;

pub use crate::typed::bake::baked;
pub use records::Records;
pub use samples::{Samples, Values, WithVelocities};

/// Where an answer is written, value by value, in the order its bytes carry them.
///
/// Each method that makes a value answers it as [`Value`](Self::Value): a `Value` for an
/// output that builds a tree, nothing (`()`) for one that writes each value's bytes as it
/// is made. A list or a record is begun, given its elements, and ended; its fields and
/// elements are written inside the closures it is handed, so that an output writing bytes
/// writes each field's id before its value.
pub trait Output {
    /// One value made.
    type Value;
    /// An `ArrayValue` under way.
    type Values;

    /// `Unit`: a position that holds no value, or no velocity.
    fn unit(&mut self) -> Self::Value;
    /// `Boolean`.
    fn boolean(&mut self, value: bool) -> Self::Value;
    /// `F32`: a number every contribution of which was narrow (docs/contract.md §4.3.6).
    fn f32(&mut self, value: f32) -> Self::Value;
    /// `F64`.
    fn f64(&mut self, value: f64) -> Self::Value;
    /// `String`.
    fn text(&mut self, value: &str) -> Self::Value;
    /// `Option(Some(F64))`: a bake's derivative of a number sample.
    fn some_f64(&mut self, value: f64) -> Self::Value;
    /// `Option(None)`: a bake's derivative of a boolean or text sample.
    fn none(&mut self) -> Self::Value;

    /// Begins an `ArrayValue` of at most `most` values; each follows through
    /// [`push`](Self::push).
    fn values(&mut self, most: usize) -> Self::Values;
    /// Adds `value`, just made, to `values`.
    fn push(&mut self, values: &mut Self::Values, value: Self::Value);
    /// Ends `values`: the array.
    fn end_values(&mut self, values: Self::Values) -> Self::Value;

    /// `step_values`' answer: a `StepValues`.
    type StepValues;
    /// A `StepValues` of `revision`, its values made by `values`.
    fn step_values(
        &mut self,
        revision: u32,
        values: impl FnOnce(&mut Self) -> Self::Value,
    ) -> Self::StepValues;

    /// `step_with_velocities`' answer: a `StepSamples`.
    type StepSamples;
    /// A `StepSamples` of `revision`, its values and velocities made by the two closures.
    fn step_samples(
        &mut self,
        revision: u32,
        values: impl FnOnce(&mut Self) -> Self::Value,
        velocities: impl FnOnce(&mut Self) -> Self::Value,
    ) -> Self::StepSamples;

    /// `step`'s answer under way: `TrackOutput`s.
    type TrackOutputs;
    /// `step`'s answer made.
    type Step;
    /// Begins a list of at most `most` `TrackOutput`s.
    fn track_outputs(&mut self, most: usize) -> Self::TrackOutputs;
    /// Adds a `TrackOutput` of `track_id` and `key`, its value made by `value`.
    fn track_output(
        &mut self,
        list: &mut Self::TrackOutputs,
        track_id: &str,
        key: &str,
        value: impl FnOnce(&mut Self) -> Self::Value,
    );
    /// Ends the list: `step`'s answer.
    fn end_track_outputs(&mut self, list: Self::TrackOutputs) -> Self::Step;

    /// `output_keys`' answer: an `OutputKeys`.
    type OutputKeys;
    /// An `OutputKeys` of `revision` and `keys`, in table order.
    fn output_keys<'k>(
        &mut self,
        revision: u32,
        keys: impl ExactSizeIterator<Item = &'k str>,
    ) -> Self::OutputKeys;

    /// `player_states`' answer.
    type PlayerStates;
    /// The players' records, in creation order: a few per device, written as their
    /// derive encodes them.
    fn player_states(&mut self, players: Vec<PlayerState>) -> Self::PlayerStates;

    /// A bake's tracks under way.
    type BakedTracks;
    /// A bake's answer: a `BakedAnimation`.
    type Baked;
    /// Begins a `BakedAnimation` of `tracks` tracks over the window used.
    fn baked_animation(
        &mut self,
        frame_rate: f32,
        start_ns: u64,
        end_ns: u64,
        tracks: usize,
    ) -> Self::BakedTracks;
    /// Adds a `BakedTrack` of `animatable_id`, its values and derivatives made by the two
    /// closures.
    fn baked_track(
        &mut self,
        tracks: &mut Self::BakedTracks,
        animatable_id: &str,
        values: impl FnOnce(&mut Self) -> Self::Value,
        derivatives: impl FnOnce(&mut Self) -> Self::Value,
    );
    /// Ends the bake: its answer.
    fn end_baked_animation(&mut self, tracks: Self::BakedTracks) -> Self::Baked;
}
