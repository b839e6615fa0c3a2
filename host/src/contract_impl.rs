//! The 31 contract functions over the typed API: each answers the typed
//! result, or its failure value (contract §4.9) for a refusal.

use crate::contract::Animation;
use crate::module::AnimationModule;
use crate::records::{
    AnimationClip, BakedAnimation, Clip, OutputKeys, PlayerState, StepSamples, StepValues,
    TrackOutput,
};
use crate::refused::Refused;

/// The failure value of every id-returning function.
const NO_ID: u32 = u32::MAX;

/// The id on success, `u32::MAX` on a refusal.
fn id_or_max(result: Result<u32, Refused>) -> u32 {
    result.unwrap_or(NO_ID)
}

/// `id` when the call succeeded (the player or instance acted on).
fn acted_on(result: Result<(), Refused>, id: u32) -> u32 {
    result.map_or(NO_ID, |()| id)
}

impl Animation for AnimationModule {
    fn load_animation(&mut self, clip: AnimationClip) -> u32 {
        id_or_max(self.try_load_animation(&clip))
    }

    fn create_player(&mut self, name: Option<String>) -> u32 {
        if !crate::limits::room_for_a_player(self) {
            return NO_ID;
        }
        AnimationModule::create_player(self, name.as_deref().unwrap_or(""))
    }

    fn add_instance(&mut self, player: u32, anim: u32) -> u32 {
        id_or_max(self.try_add_instance(player, anim, 1.0))
    }

    fn step(&mut self, dt_ns: u64, time_ns: Option<u64>) -> Vec<TrackOutput> {
        self.step_outputs(dt_ns, time_ns)
    }

    fn play(&mut self, player: u32) -> u32 {
        acted_on(self.try_play(player), player)
    }

    fn pause(&mut self, player: u32) -> u32 {
        acted_on(self.try_pause(player), player)
    }

    fn stop(&mut self, player: u32) -> u32 {
        acted_on(self.try_stop(player), player)
    }

    fn seek(&mut self, player: u32, time_ns: u64) -> u32 {
        acted_on(self.try_seek(player, time_ns), player)
    }

    fn set_speed(&mut self, player: u32, speed: f32) -> u32 {
        acted_on(self.try_set_speed(player, speed), player)
    }

    fn set_loop(&mut self, player: u32, mode: String) -> u32 {
        acted_on(self.try_set_loop(player, &mode), player)
    }

    fn set_weight(&mut self, player: u32, instance: u32, weight: f32) -> u32 {
        acted_on(self.try_set_weight(player, instance, weight), instance)
    }

    fn remove_instance(&mut self, player: u32, instance: u32) -> u32 {
        u32::from(self.try_remove_instance(player, instance).is_ok())
    }

    fn player_states(&mut self) -> Vec<PlayerState> {
        self.player_state_records()
    }

    fn bake(
        &mut self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Option<BakedAnimation> {
        self.try_bake(anim, frame_rate, start_ns, end_ns, false)
            .ok()
    }

    fn bake_with_derivatives(
        &mut self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Option<BakedAnimation> {
        self.try_bake(anim, frame_rate, start_ns, end_ns, true).ok()
    }

    fn unload_animation(&mut self, anim: u32) -> bool {
        self.try_unload_animation(anim).is_ok()
    }

    fn remove_player(&mut self, player: u32) -> bool {
        self.try_remove_player(player).is_ok()
    }

    fn add_instance_with_weight(&mut self, player: u32, anim: u32, weight: f32) -> u32 {
        id_or_max(self.try_add_instance(player, anim, weight))
    }

    fn reload_animation(&mut self, anim: u32, clip: AnimationClip) -> bool {
        self.try_reload_animation(anim, &clip).is_ok()
    }

    fn set_window(&mut self, player: u32, start_ns: u64, end_ns: Option<u64>) -> u32 {
        acted_on(self.try_set_window(player, start_ns, end_ns), player)
    }

    fn play_at(&mut self, player: u32, time_ns: u64) -> u32 {
        acted_on(self.try_play_at(player, time_ns), player)
    }

    fn set_start_offset(&mut self, player: u32, instance: u32, offset_ns: i64) -> u32 {
        acted_on(
            self.try_set_start_offset(player, instance, offset_ns),
            instance,
        )
    }

    fn set_time_scale(&mut self, player: u32, instance: u32, time_scale: f32) -> u32 {
        acted_on(
            self.try_set_time_scale(player, instance, time_scale),
            instance,
        )
    }

    fn step_values(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepValues {
        self.step_value_record(dt_ns, time_ns)
    }

    fn output_keys(&mut self) -> OutputKeys {
        self.output_key_record()
    }

    fn load_clip(&mut self, clip: Clip) -> u32 {
        id_or_max(self.try_load_clip(&clip))
    }

    fn reload_clip(&mut self, anim: u32, clip: Clip) -> bool {
        self.try_reload_clip(anim, &clip).is_ok()
    }

    fn set_rate(&mut self, player: u32, instance: u32, rate: f64) -> u32 {
        acted_on(self.try_set_rate(player, instance, rate), instance)
    }

    fn step_with_velocities(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepSamples {
        self.step_sample_record(dt_ns, time_ns)
    }

    fn set_length(&mut self, player: u32, length_ns: Option<u64>) -> u32 {
        acted_on(self.try_set_length(player, length_ns), player)
    }

    fn set_reversed(&mut self, player: u32, reversed: bool) -> u32 {
        acted_on(self.try_set_reversed(player, reversed), player)
    }
}
