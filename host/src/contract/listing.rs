//! The 31 functions as their callers see them, listed once, in the declaration's order:
//! what the typed client, the by-id dispatch and the tests' raw call builders are
//! generated from.
//!
//! A callback macro: `for_each_function!(callback)` expands to `callback! { … }` over one
//! entry a function, each on one line (so the list reads as a table, not as 31 blocks
//! of the same shape),
//!
//! ```text
//! /// docs of the client's method
//! fn seek = __arora_export_seek(player PLAYER: PlayerId => u32, to TIME_NS: TimelinePosition => u64) -> Option<PlayerId> => u32;
//! ```
//!
//! that is: the function (the declaration's method, and the module `#[contract]` generates
//! for it, holding its `invoke`); each parameter as the client names it, its id's constant
//! in the declaration's `animation::ids::<function>`, the client's type and the contract's;
//! the client's answer and the contract's. No name string, function id or parameter id is
//! written here: the ids are the declaration's constants, the names its methods'. The
//! compiler holds the entries to the declaration — a parameter constant it did not
//! generate does not resolve, and the client checks each function's contract types against
//! the trait method's signature — and a test holds their order and number to
//! `animation::exports`' (`contract::by_id`).

/// Expands `$callback! { … }` over the 31 functions, one entry a function in the
/// declaration's order (the entry's grammar is in `contract::listing`'s documentation).
///
/// Exported for the workspace's tests, which derive their raw call builders from it; the
/// crate's typed client and by-id dispatch are derived from it too.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_function {
    ($callback:ident) => {
        $callback! {
            /// `load_animation`: a 1.x clip's new animation id, or `None` when refused.
            fn load_animation = __arora_export_load_animation(clip CLIP: &AnimationClip => AnimationClip) -> Option<AnimationId> => u32;

            /// `create_player`: a new looping player told to play, named `name` (`""` when
            /// `None`); `None` when ids are used up.
            fn create_player = __arora_export_create_player(name NAME: Option<&str> => Option<String>) -> Option<PlayerId> => u32;

            /// `add_instance`: `anim` on `player` at weight 1; the new instance, or `None`.
            fn add_instance = __arora_export_add_instance(player PLAYER: PlayerId => u32, anim ANIM: AnimationId => u32) -> Option<InstanceId> => u32;

            /// `step`: advance by `dt` (to `now` when given) and list the valued positions.
            fn step = __arora_export_step(dt DT_NS: DeviceSpan => u64, now TIME_NS: Option<DeviceTime> => Option<u64>) -> Vec<TrackOutput> => Vec<TrackOutput>;

            /// `play`: play from where the player stands.
            fn play = __arora_export_play(player PLAYER: PlayerId => u32) -> Option<PlayerId> => u32;

            /// `pause`: pause in place.
            fn pause = __arora_export_pause(player PLAYER: PlayerId => u32) -> Option<PlayerId> => u32;

            /// `stop`: stop at the lower window bound.
            fn stop = __arora_export_stop(player PLAYER: PlayerId => u32) -> Option<PlayerId> => u32;

            /// `seek`: move the playhead to `to`.
            fn seek = __arora_export_seek(player PLAYER: PlayerId => u32, to TIME_NS: TimelinePosition => u64) -> Option<PlayerId> => u32;

            /// `set_speed`: a finite speed of at most 2²⁰ in magnitude, negative to play
            /// backwards.
            fn set_speed = __arora_export_set_speed(player PLAYER: PlayerId => u32, speed SPEED: f32 => f32) -> Option<PlayerId> => u32;

            /// `set_loop`: the loop mode, sent by its contract name.
            fn set_loop = __arora_export_set_loop(player PLAYER: PlayerId => u32, mode MODE: LoopMode => String) -> Option<PlayerId> => u32;

            /// `set_weight`: the instance, or `None` when unknown or the weight is refused.
            fn set_weight = __arora_export_set_weight(player PLAYER: PlayerId => u32, instance INSTANCE: InstanceId => u32, weight WEIGHT: f32 => f32) -> Option<InstanceId> => u32;

            /// `remove_instance`: whether `instance` was on `player` (the contract's `1`
            /// or `0`).
            fn remove_instance = __arora_export_remove_instance(player PLAYER: PlayerId => u32, instance INSTANCE: InstanceId => u32) -> bool => u32;

            /// `player_states`: every player's state, in creation order.
            fn player_states = __arora_export_player_states() -> Vec<PlayerState> => Vec<PlayerState>;

            /// `bake`: `anim` sampled at `frame_rate` (60 when `None`) over `[start, end]`
            /// (the clip when `None`); `None` when refused.
            fn bake = __arora_export_bake(anim ANIM: AnimationId => u32, frame_rate FRAME_RATE: Option<f32> => Option<f32>, start START_NS: Option<ClipTime> => Option<u64>, end END_NS: Option<ClipTime> => Option<u64>) -> Option<BakedAnimation> => Option<BakedAnimation>;

            /// `bake_with_derivatives`: [`bake`](Self::bake) with each number sample's
            /// clip-local velocity.
            fn bake_with_derivatives = __arora_export_bake_with_derivatives(anim ANIM: AnimationId => u32, frame_rate FRAME_RATE: Option<f32> => Option<f32>, start START_NS: Option<ClipTime> => Option<u64>, end END_NS: Option<ClipTime> => Option<u64>) -> Option<BakedAnimation> => Option<BakedAnimation>;

            /// `unload_animation`: whether `anim` was loaded (it and its instances are gone).
            fn unload_animation = __arora_export_unload_animation(anim ANIM: AnimationId => u32) -> bool => bool;

            /// `remove_player`: whether `player` existed (it and its instances are gone).
            fn remove_player = __arora_export_remove_player(player PLAYER: PlayerId => u32) -> bool => bool;

            /// `add_instance_with_weight`: `anim` on `player` at `weight`; the new
            /// instance, or `None`.
            fn add_instance_with_weight = __arora_export_add_instance_with_weight(player PLAYER: PlayerId => u32, anim ANIM: AnimationId => u32, weight WEIGHT: f32 => f32) -> Option<InstanceId> => u32;

            /// `reload_animation`: whether the loaded clip `anim` was replaced by the 1.x
            /// `clip`.
            fn reload_animation = __arora_export_reload_animation(anim ANIM: AnimationId => u32, clip CLIP: &AnimationClip => AnimationClip) -> bool => bool;

            /// `set_window`: play within `[start, end]`; to the timeline's end when `end`
            /// is `None`.
            fn set_window = __arora_export_set_window(player PLAYER: PlayerId => u32, start START_NS: TimelinePosition => u64, end END_NS: Option<TimelinePosition> => Option<u64>) -> Option<PlayerId> => u32;

            /// `play_at`: start playing at the device time `at`.
            fn play_at = __arora_export_play_at(player PLAYER: PlayerId => u32, at TIME_NS: DeviceTime => u64) -> Option<PlayerId> => u32;

            /// `set_start_offset`: where the clip's 0 falls on the player's timeline.
            fn set_start_offset = __arora_export_set_start_offset(player PLAYER: PlayerId => u32, instance INSTANCE: InstanceId => u32, offset OFFSET_NS: TimelinePosition => i64) -> Option<InstanceId> => u32;

            /// `set_time_scale`: the rate set to `1 / time_scale` (finite, > 0).
            fn set_time_scale = __arora_export_set_time_scale(player PLAYER: PlayerId => u32, instance INSTANCE: InstanceId => u32, time_scale TIME_SCALE: f32 => f32) -> Option<InstanceId> => u32;

            /// `step_values`: advance and give every position's value.
            fn step_values = __arora_export_step_values(dt DT_NS: DeviceSpan => u64, now TIME_NS: Option<DeviceTime> => Option<u64>) -> StepValues => StepValues;

            /// `output_keys`: the output table's keys and revision.
            fn output_keys = __arora_export_output_keys() -> OutputKeys => OutputKeys;

            /// `load_clip`: the new animation's id, or `None` when the clip does not
            /// convert or validate.
            fn load_clip = __arora_export_load_clip(clip CLIP: &Clip => Clip) -> Option<AnimationId> => u32;

            /// `reload_clip`: whether the loaded clip `anim` was replaced.
            fn reload_clip = __arora_export_reload_clip(anim ANIM: AnimationId => u32, clip CLIP: &Clip => Clip) -> bool => bool;

            /// `set_rate`: the clip-local rate (finite, > 0).
            fn set_rate = __arora_export_set_rate(player PLAYER: PlayerId => u32, instance INSTANCE: InstanceId => u32, rate RATE: f64 => f64) -> Option<InstanceId> => u32;

            /// `step_with_velocities`: advance and give every position's value and
            /// velocity.
            fn step_with_velocities = __arora_export_step_with_velocities(dt DT_NS: DeviceSpan => u64, now TIME_NS: Option<DeviceTime> => Option<u64>) -> StepSamples => StepSamples;

            /// `set_length`: the timeline ends at `length`; back to the instances' extent
            /// when `None`.
            fn set_length = __arora_export_set_length(player PLAYER: PlayerId => u32, length LENGTH_NS: Option<TimelinePosition> => Option<u64>) -> Option<PlayerId> => u32;

            /// `set_reversed`: head against the speed's sign, as after a turn.
            fn set_reversed = __arora_export_set_reversed(player PLAYER: PlayerId => u32, reversed REVERSED: bool => bool) -> Option<PlayerId> => u32;
        }
    };
}
