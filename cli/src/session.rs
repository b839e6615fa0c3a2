//! The contract calls `play` makes, answered by a host registration or by the wasm guest
//! of a module directory on a device: one procedure drives both, so the two runs are the
//! same session and their answers can be compared value for value.

use arora_animation_module::records::{Clip, OutputKeys, StepSamples, StepValues};
use arora_animation_module::{Animation, AnimationModule};

use crate::error::CliError;

/// The contract functions `play` calls, with the contract's arguments and answers
/// (`u32::MAX` for a refused id-returning call, docs/contract.md §4.9).
pub trait Contract {
    /// `load_clip`: the new animation id.
    fn load_clip(&mut self, clip: Clip) -> Result<u32, CliError>;
    /// `create_player`: the new player id.
    fn create_player(&mut self, name: &str) -> Result<u32, CliError>;
    /// `add_instance_with_weight`: the new instance id.
    fn add_instance_with_weight(
        &mut self,
        player: u32,
        anim: u32,
        weight: f32,
    ) -> Result<u32, CliError>;
    /// `set_start_offset`: the instance id.
    fn set_start_offset(
        &mut self,
        player: u32,
        instance: u32,
        offset_ns: i64,
    ) -> Result<u32, CliError>;
    /// `set_speed`: the player id.
    fn set_speed(&mut self, player: u32, speed: f32) -> Result<u32, CliError>;
    /// `set_loop`: the player id.
    fn set_loop(&mut self, player: u32, mode: &str) -> Result<u32, CliError>;
    /// `set_window`: the player id.
    fn set_window(
        &mut self,
        player: u32,
        start_ns: u64,
        end_ns: Option<u64>,
    ) -> Result<u32, CliError>;
    /// `set_length`: the player id.
    fn set_length(&mut self, player: u32, length_ns: Option<u64>) -> Result<u32, CliError>;
    /// `set_reversed`: the player id.
    fn set_reversed(&mut self, player: u32, reversed: bool) -> Result<u32, CliError>;
    /// `step_values` at `time_ns`.
    fn step_values(&mut self, dt_ns: u64, time_ns: u64) -> Result<StepValues, CliError>;
    /// `step_with_velocities` at `time_ns`.
    fn step_with_velocities(&mut self, dt_ns: u64, time_ns: u64) -> Result<StepSamples, CliError>;
    /// `output_keys`.
    fn output_keys(&mut self) -> Result<OutputKeys, CliError>;
}

/// A host registration: one fresh [`AnimationModule`], called through the contract trait.
#[derive(Default)]
pub struct HostSession {
    module: AnimationModule,
}

impl HostSession {
    /// A fresh host registration.
    pub fn new() -> HostSession {
        HostSession::default()
    }
}

impl Contract for HostSession {
    fn load_clip(&mut self, clip: Clip) -> Result<u32, CliError> {
        Ok(self.module.load_clip(clip))
    }

    fn create_player(&mut self, name: &str) -> Result<u32, CliError> {
        Ok(Animation::create_player(
            &mut self.module,
            Some(name.into()),
        ))
    }

    fn add_instance_with_weight(&mut self, p: u32, a: u32, w: f32) -> Result<u32, CliError> {
        Ok(self.module.add_instance_with_weight(p, a, w))
    }

    fn set_start_offset(&mut self, p: u32, i: u32, offset_ns: i64) -> Result<u32, CliError> {
        Ok(self.module.set_start_offset(p, i, offset_ns))
    }

    fn set_speed(&mut self, player: u32, speed: f32) -> Result<u32, CliError> {
        Ok(self.module.set_speed(player, speed))
    }

    fn set_loop(&mut self, player: u32, mode: &str) -> Result<u32, CliError> {
        Ok(self.module.set_loop(player, mode.into()))
    }

    fn set_window(&mut self, p: u32, start: u64, end: Option<u64>) -> Result<u32, CliError> {
        Ok(self.module.set_window(p, start, end))
    }

    fn set_length(&mut self, player: u32, length_ns: Option<u64>) -> Result<u32, CliError> {
        Ok(self.module.set_length(player, length_ns))
    }

    fn set_reversed(&mut self, player: u32, reversed: bool) -> Result<u32, CliError> {
        Ok(self.module.set_reversed(player, reversed))
    }

    fn step_values(&mut self, dt_ns: u64, time_ns: u64) -> Result<StepValues, CliError> {
        Ok(Animation::step_values(
            &mut self.module,
            dt_ns,
            Some(time_ns),
        ))
    }

    fn step_with_velocities(&mut self, dt: u64, time: u64) -> Result<StepSamples, CliError> {
        Ok(self.module.step_with_velocities(dt, Some(time)))
    }

    fn output_keys(&mut self) -> Result<OutputKeys, CliError> {
        Ok(Animation::output_keys(&mut self.module))
    }
}

/// An id-returning call's answer, or the refusal naming the call.
pub fn accepted(answer: u32, call: impl FnOnce() -> String) -> Result<u32, CliError> {
    match answer {
        u32::MAX => Err(CliError::Refused(call())),
        id => Ok(id),
    }
}
