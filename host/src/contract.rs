//! The 31 functions of `@arora/animation` 3.0.0, declared once (contract §1.2).
//!
//! `#[contract]` turns this trait into the module `animation` beside it: the
//! function and parameter ids, the descriptions, the module record, the type
//! records, and `exports(implementation)`, which moves one implementation — one
//! device's state — into the cell all 31 functions call through. Every id is
//! written out in full here and nowhere else: function *n* is
//! `76697a69-6a00-0000-0f00-0000000000NN`, its parameter *m*
//! `76697a69-6a00-0000-0fNN-0000000000MM`, all kept from `@vizij/animation`.

use crate::records::{
    AnimationClip, BakedAnimation, Clip, OutputKeys, PlayerState, StepSamples, StepValues,
    TrackOutput,
};

/// The `@arora/animation` contract: what one registration answers.
///
/// Arguments arrive by parameter id; refusals are return values (contract
/// §4.9), never panics, so a wasm guest keeps its state on any input.
#[arora_module::contract(name = "animation")]
pub trait Animation {
    /// Load a 1.x clip; its new animation id, or `u32::MAX` when it does not convert or validate.
    #[export(id = "76697a69-6a00-0000-0f00-000000000001")]
    fn load_animation(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f01-000000000001")] clip: AnimationClip,
    ) -> u32;

    /// Create a player, looping and told to play; its new id, or `u32::MAX`
    /// when the state holds `limits::MAX_PLAYERS` already.
    #[export(id = "76697a69-6a00-0000-0f00-000000000002")]
    fn create_player(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f02-000000000001")] name: Option<String>,
    ) -> u32;

    /// Put a loaded clip on a player at weight 1; the new instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000003")]
    fn add_instance(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f03-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f03-000000000002")] anim: u32,
    ) -> u32;

    /// Advance the device clock and list the valued positions.
    #[export(id = "76697a69-6a00-0000-0f00-000000000004")]
    fn step(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f04-000000000001")] dt_ns: u64,
        #[param(id = "76697a69-6a00-0000-0f04-000000000002")] time_ns: Option<u64>,
    ) -> Vec<TrackOutput>;

    /// Play from where the player stands; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000005")]
    fn play(&mut self, #[param(id = "76697a69-6a00-0000-0f05-000000000001")] player: u32) -> u32;

    /// Pause in place; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000006")]
    fn pause(&mut self, #[param(id = "76697a69-6a00-0000-0f06-000000000001")] player: u32) -> u32;

    /// Stop at the lower window bound; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000007")]
    fn stop(&mut self, #[param(id = "76697a69-6a00-0000-0f07-000000000001")] player: u32) -> u32;

    /// Move the playhead; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000008")]
    fn seek(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f08-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f08-000000000002")] time_ns: u64,
    ) -> u32;

    /// Set a finite speed of at most 2^20 in magnitude; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000009")]
    fn set_speed(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f09-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f09-000000000002")] speed: f32,
    ) -> u32;

    /// Set `once`, `loop`, `bounce` or `ping_pong`; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000a")]
    fn set_loop(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f0a-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f0a-000000000002")] mode: String,
    ) -> u32;

    /// Set a finite weight ≥ 0; the instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000b")]
    fn set_weight(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f0b-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f0b-000000000002")] instance: u32,
        #[param(id = "76697a69-6a00-0000-0f0b-000000000003")] weight: f32,
    ) -> u32;

    /// Remove an instance from its player; `1`, or `0` when unknown.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000c")]
    fn remove_instance(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f0c-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f0c-000000000002")] instance: u32,
    ) -> u32;

    /// Every player's state, in creation order.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000d")]
    fn player_states(&mut self) -> Vec<PlayerState>;

    /// Sample a loaded clip at a fixed rate (60 by default); none when refused.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000e")]
    fn bake(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f0e-000000000001")] anim: u32,
        #[param(id = "76697a69-6a00-0000-0f0e-000000000002")] frame_rate: Option<f32>,
        #[param(id = "76697a69-6a00-0000-0f0e-000000000003")] start_ns: Option<u64>,
        #[param(id = "76697a69-6a00-0000-0f0e-000000000004")] end_ns: Option<u64>,
    ) -> Option<BakedAnimation>;

    /// `bake`, with each number sample's clip-local velocity.
    #[export(id = "76697a69-6a00-0000-0f00-00000000000f")]
    fn bake_with_derivatives(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f0f-000000000001")] anim: u32,
        #[param(id = "76697a69-6a00-0000-0f0f-000000000002")] frame_rate: Option<f32>,
        #[param(id = "76697a69-6a00-0000-0f0f-000000000003")] start_ns: Option<u64>,
        #[param(id = "76697a69-6a00-0000-0f0f-000000000004")] end_ns: Option<u64>,
    ) -> Option<BakedAnimation>;

    /// Unload a clip and every instance of it; `false` when unknown.
    #[export(id = "76697a69-6a00-0000-0f00-000000000010")]
    fn unload_animation(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f10-000000000001")] anim: u32,
    ) -> bool;

    /// Remove a player and its instances; `false` when unknown.
    #[export(id = "76697a69-6a00-0000-0f00-000000000011")]
    fn remove_player(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f11-000000000001")] player: u32,
    ) -> bool;

    /// Put a loaded clip on a player at a finite weight ≥ 0; the new instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000012")]
    fn add_instance_with_weight(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f12-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f12-000000000002")] anim: u32,
        #[param(id = "76697a69-6a00-0000-0f12-000000000003")] weight: f32,
    ) -> u32;

    /// Replace a loaded clip by a 1.x clip under the same id; `false` when refused or unknown.
    #[export(id = "76697a69-6a00-0000-0f00-000000000013")]
    fn reload_animation(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f13-000000000001")] anim: u32,
        #[param(id = "76697a69-6a00-0000-0f13-000000000002")] clip: AnimationClip,
    ) -> bool;

    /// Set the window the player plays within; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000014")]
    fn set_window(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f14-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f14-000000000002")] start_ns: u64,
        #[param(id = "76697a69-6a00-0000-0f14-000000000003")] end_ns: Option<u64>,
    ) -> u32;

    /// Start playing at an absolute device time; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000015")]
    fn play_at(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f15-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f15-000000000002")] time_ns: u64,
    ) -> u32;

    /// Set where the clip's 0 falls on the player's timeline; the instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000016")]
    fn set_start_offset(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f16-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f16-000000000002")] instance: u32,
        #[param(id = "76697a69-6a00-0000-0f16-000000000003")] offset_ns: i64,
    ) -> u32;

    /// Set the rate to `1 / time_scale` (finite, > 0); the instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-000000000017")]
    fn set_time_scale(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f17-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f17-000000000002")] instance: u32,
        #[param(id = "76697a69-6a00-0000-0f17-000000000003")] time_scale: f32,
    ) -> u32;

    /// Advance the device clock and give every position's value.
    #[export(id = "76697a69-6a00-0000-0f00-000000000018")]
    fn step_values(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f18-000000000001")] dt_ns: u64,
        #[param(id = "76697a69-6a00-0000-0f18-000000000002")] time_ns: Option<u64>,
    ) -> StepValues;

    /// The output table's keys and revision.
    #[export(id = "76697a69-6a00-0000-0f00-000000000019")]
    fn output_keys(&mut self) -> OutputKeys;

    /// Load a 2.0 clip; its new animation id, or `u32::MAX` when it does not convert or validate.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001a")]
    fn load_clip(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1a-000000000001")] clip: Clip,
    ) -> u32;

    /// Replace a loaded clip by a 2.0 clip under the same id; `false` when refused or unknown.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001b")]
    fn reload_clip(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1b-000000000001")] anim: u32,
        #[param(id = "76697a69-6a00-0000-0f1b-000000000002")] clip: Clip,
    ) -> bool;

    /// Set the clip-local rate (finite, > 0); the instance id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001c")]
    fn set_rate(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1c-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f1c-000000000002")] instance: u32,
        #[param(id = "76697a69-6a00-0000-0f1c-000000000003")] rate: f64,
    ) -> u32;

    /// Advance the device clock and give every position's value and velocity.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001d")]
    fn step_with_velocities(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1d-000000000001")] dt_ns: u64,
        #[param(id = "76697a69-6a00-0000-0f1d-000000000002")] time_ns: Option<u64>,
    ) -> StepSamples;

    /// Set the player's timeline length, or return it to automatic; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001e")]
    fn set_length(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1e-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f1e-000000000002")] length_ns: Option<u64>,
    ) -> u32;

    /// Head against the speed's sign, as after a turn; the player id, or `u32::MAX`.
    #[export(id = "76697a69-6a00-0000-0f00-00000000001f")]
    fn set_reversed(
        &mut self,
        #[param(id = "76697a69-6a00-0000-0f1f-000000000001")] player: u32,
        #[param(id = "76697a69-6a00-0000-0f1f-000000000002")] reversed: bool,
    ) -> u32;
}
