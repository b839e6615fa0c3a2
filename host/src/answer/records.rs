//! [`Records`]: the answers as the records a host registration returns.

use arora_types::value::Value;

use crate::answer::Output;
use crate::records::{
    BakedAnimation, BakedTrack, OutputKeys, PlayerState, StepSamples, StepValues, TrackOutput,
};

/// The output that builds the records the contract functions return (`exports` turns each
/// into its `Value`): every list sized up front, each value a `Value`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Records;

impl Output for Records {
    type Value = Value;
    type Values = Vec<Value>;

    #[inline]
    fn unit(&mut self) -> Value {
        Value::Unit
    }

    #[inline]
    fn boolean(&mut self, value: bool) -> Value {
        Value::Boolean(value)
    }

    #[inline]
    fn f32(&mut self, value: f32) -> Value {
        Value::F32(value)
    }

    #[inline]
    fn f64(&mut self, value: f64) -> Value {
        Value::F64(value)
    }

    #[inline]
    fn text(&mut self, value: &str) -> Value {
        Value::String(value.to_owned())
    }

    #[inline]
    fn some_f64(&mut self, value: f64) -> Value {
        Value::Option(Some(Box::new(Value::F64(value))))
    }

    #[inline]
    fn none(&mut self) -> Value {
        Value::Option(None)
    }

    #[inline]
    fn values(&mut self, most: usize) -> Vec<Value> {
        Vec::with_capacity(most)
    }

    #[inline]
    fn push(&mut self, values: &mut Vec<Value>, value: Value) {
        values.push(value);
    }

    #[inline]
    fn end_values(&mut self, values: Vec<Value>) -> Value {
        Value::ArrayValue(values)
    }

    type StepValues = StepValues;

    fn step_values(
        &mut self,
        revision: u32,
        values: impl FnOnce(&mut Self) -> Value,
    ) -> StepValues {
        StepValues {
            revision,
            values: values(self),
        }
    }

    type StepSamples = StepSamples;

    fn step_samples(
        &mut self,
        revision: u32,
        values: impl FnOnce(&mut Self) -> Value,
        velocities: impl FnOnce(&mut Self) -> Value,
    ) -> StepSamples {
        StepSamples {
            revision,
            values: values(self),
            velocities: velocities(self),
        }
    }

    type TrackOutputs = Vec<TrackOutput>;
    type Step = Vec<TrackOutput>;

    fn track_outputs(&mut self, most: usize) -> Vec<TrackOutput> {
        Vec::with_capacity(most)
    }

    #[inline]
    fn track_output(
        &mut self,
        list: &mut Vec<TrackOutput>,
        track_id: &str,
        key: &str,
        value: impl FnOnce(&mut Self) -> Value,
    ) {
        list.push(TrackOutput {
            track_id: track_id.to_owned(),
            default_key: key.to_owned(),
            value: value(self),
        });
    }

    fn end_track_outputs(&mut self, list: Vec<TrackOutput>) -> Vec<TrackOutput> {
        list
    }

    type OutputKeys = OutputKeys;

    fn output_keys<'k>(
        &mut self,
        revision: u32,
        keys: impl ExactSizeIterator<Item = &'k str>,
    ) -> OutputKeys {
        OutputKeys {
            revision,
            keys: keys.map(str::to_owned).collect(),
        }
    }

    type PlayerStates = Vec<PlayerState>;

    fn player_states(&mut self, players: Vec<PlayerState>) -> Vec<PlayerState> {
        players
    }

    type BakedTracks = BakedAnimation;
    type Baked = BakedAnimation;

    fn baked_animation(
        &mut self,
        frame_rate: f32,
        start_ns: u64,
        end_ns: u64,
        tracks: usize,
    ) -> BakedAnimation {
        BakedAnimation {
            frame_rate,
            start_ns,
            end_ns,
            tracks: Vec::with_capacity(tracks),
        }
    }

    fn baked_track(
        &mut self,
        baked: &mut BakedAnimation,
        animatable_id: &str,
        values: impl FnOnce(&mut Self) -> Value,
        derivatives: impl FnOnce(&mut Self) -> Value,
    ) {
        baked.tracks.push(BakedTrack {
            animatable_id: animatable_id.to_owned(),
            values: values(self),
            derivatives: derivatives(self),
        });
    }

    fn end_baked_animation(&mut self, baked: BakedAnimation) -> BakedAnimation {
        baked
    }
}
