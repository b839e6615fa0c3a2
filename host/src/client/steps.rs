//! Stepping the device clock, and what the module reports of its state.
//!
//! A step's `dt` before 0 crosses as 0, and a `now` before 0 as 0: the contract's times
//! are unsigned (docs/contract.md §4.10).

use arora_types::Uuid;
use arora_types::value::Value;

use super::answer::{record, records};
use super::{AnimationClient, Caller, ClientError, DeviceSpan, DeviceTime, optional};
use crate::animation::ids;
use crate::convert::time::unsigned;
use crate::records::{OutputKeys, PlayerState, StepSamples, StepValues, TrackOutput};

impl<C: Caller> AnimationClient<C> {
    /// `step`: advance by `dt` (to `now` when given) and list the valued positions.
    pub fn step(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<Vec<TrackOutput>, ClientError> {
        use ids::step as f;
        let answer = self.send(
            "step",
            f::FUNCTION,
            step_args(f::DT_NS, f::TIME_NS, dt, now),
        )?;
        records("step", answer)
    }

    /// `step_values`: advance and give every position's value.
    pub fn step_values(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<StepValues, ClientError> {
        use ids::step_values as f;
        let args = step_args(f::DT_NS, f::TIME_NS, dt, now);
        let answer = self.send("step_values", f::FUNCTION, args)?;
        record("step_values", answer)
    }

    /// `step_with_velocities`: advance and give every position's value and velocity.
    pub fn step_with_velocities(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<StepSamples, ClientError> {
        use ids::step_with_velocities as f;
        let args = step_args(f::DT_NS, f::TIME_NS, dt, now);
        let answer = self.send("step_with_velocities", f::FUNCTION, args)?;
        record("step_with_velocities", answer)
    }

    /// `output_keys`: the output table's keys and revision.
    pub fn output_keys(&mut self) -> Result<OutputKeys, ClientError> {
        let answer = self.send("output_keys", ids::output_keys::FUNCTION, vec![])?;
        record("output_keys", answer)
    }

    /// `player_states`: every player's state, in creation order.
    pub fn player_states(&mut self) -> Result<Vec<PlayerState>, ClientError> {
        let answer = self.send("player_states", ids::player_states::FUNCTION, vec![])?;
        records("player_states", answer)
    }
}

/// A step's two arguments under their parameter ids.
fn step_args(
    dt_id: Uuid,
    now_id: Uuid,
    dt: DeviceSpan,
    now: Option<DeviceTime>,
) -> Vec<(Uuid, Value)> {
    vec![
        (dt_id, unsigned(dt.ns()).into()),
        (now_id, optional(now.map(|now| unsigned(now.ns())))),
    ]
}
