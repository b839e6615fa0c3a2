//! The 31 functions called by id on a [`ContractModule`] held in place: what a caller
//! that keeps the state itself (the wasm guest, which also answers some calls straight
//! to the wire, [`crate::wire`]) calls instead of the boxed functions of
//! [`exports`](crate::exports), which own theirs.
//!
//! Each id runs the declaration's own `invoke` for it — the function `exports` boxes —
//! so a call answers exactly as a host registration answers it.

use arora_types::Uuid;
use arora_types::call::{Call, CallError, CallResult};

use crate::contract::declaration::animation;
use crate::contract::functions::ContractModule;

/// The functions in declaration order, each with the module `#[contract]` generates for
/// it (`__arora_export_<name>`, holding its `invoke`).
macro_rules! functions {
    ($($function:ident: $generated:ident),* $(,)?) => {
        /// The 31 function ids in declaration order: what `functions` answers, the order
        /// [`exports`](crate::exports) lists them in.
        pub const FUNCTIONS: [Uuid; 31] = [$(animation::ids::$function::FUNCTION),*];

        /// Runs function `call.id` on `module`, as the function of that id in
        /// [`exports`](crate::exports) runs it; none when the contract has no such function.
        pub fn invoke(
            module: &mut ContractModule,
            call: Call,
        ) -> Option<Result<CallResult, CallError>> {
            $(
                if call.id == animation::ids::$function::FUNCTION {
                    return Some(animation::$generated::invoke(module, call));
                }
            )*
            None
        }
    };
}

functions!(
    load_animation: __arora_export_load_animation,
    create_player: __arora_export_create_player,
    add_instance: __arora_export_add_instance,
    step: __arora_export_step,
    play: __arora_export_play,
    pause: __arora_export_pause,
    stop: __arora_export_stop,
    seek: __arora_export_seek,
    set_speed: __arora_export_set_speed,
    set_loop: __arora_export_set_loop,
    set_weight: __arora_export_set_weight,
    remove_instance: __arora_export_remove_instance,
    player_states: __arora_export_player_states,
    bake: __arora_export_bake,
    bake_with_derivatives: __arora_export_bake_with_derivatives,
    unload_animation: __arora_export_unload_animation,
    remove_player: __arora_export_remove_player,
    add_instance_with_weight: __arora_export_add_instance_with_weight,
    reload_animation: __arora_export_reload_animation,
    set_window: __arora_export_set_window,
    play_at: __arora_export_play_at,
    set_start_offset: __arora_export_set_start_offset,
    set_time_scale: __arora_export_set_time_scale,
    step_values: __arora_export_step_values,
    output_keys: __arora_export_output_keys,
    load_clip: __arora_export_load_clip,
    reload_clip: __arora_export_reload_clip,
    set_rate: __arora_export_set_rate,
    step_with_velocities: __arora_export_step_with_velocities,
    set_length: __arora_export_set_length,
    set_reversed: __arora_export_set_reversed,
);
