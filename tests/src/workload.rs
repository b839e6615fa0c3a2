//! The workload the guest is measured against the host with (`guest_vs_host`) and
//! profiled on (`guest_profile`): four 2 s clips of ten sine-eased number tracks, all
//! writing the same ten keys, and players that each loop one instance of every clip
//! (so a player has ten positions, each a blend of four samples).

use arora_animation_module::clip_record;
use arora_animation_test_support::workload;
use arora_types::value::Value;

use crate::calls::{self, Command, Opt};

pub use arora_animation_test_support::workload::{CLIPS, FRAME_NS, TRACKS};

/// Clip `seed` of the workload (test-support's `workload::clip`) as the `Clip` record a
/// caller sends.
pub fn clip(seed: u32) -> Value {
    Value::from(clip_record(&workload::clip(seed)))
}

/// The calls that load the clips and build `players` looping players with an instance
/// of each; every one answers an id (`U32`, not the `u32::MAX` sentinel).
pub fn setup(players: u32) -> Vec<Command> {
    let mut setup: Vec<Command> = (0..CLIPS)
        .map(|seed| calls::load_clip(clip(seed)))
        .collect();
    for player in 0..players {
        setup.push(calls::create_player(Opt::Some(format!("player {player}"))));
        setup.extend((0..CLIPS).map(|anim| calls::add_instance(player, anim)));
        setup.push(calls::set_loop(player, "loop"));
        setup.push(calls::play(player));
    }
    setup
}

/// The functions measured, each with its call and the calls in a batch.
pub fn functions() -> Vec<(&'static str, Command, u32)> {
    vec![
        (
            "step_values",
            calls::step_values(FRAME_NS, Opt::Omitted),
            400,
        ),
        (
            "step_with_velocities",
            calls::step_with_velocities(FRAME_NS, Opt::Omitted),
            400,
        ),
        ("step", calls::step(FRAME_NS, Opt::Omitted), 400),
        ("player_states", calls::player_states(), 400),
        ("output_keys", calls::output_keys(), 400),
        (
            "bake",
            calls::bake(0, Opt::Omitted, Opt::Omitted, Opt::Omitted),
            40,
        ),
        (
            "bake_with_derivatives",
            calls::bake_with_derivatives(0, Opt::Omitted, Opt::Omitted, Opt::Omitted),
            40,
        ),
    ]
}
