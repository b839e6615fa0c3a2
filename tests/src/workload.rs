//! The workload the guest is measured against the host with (`guest_vs_host`) and
//! profiled on (`guest_profile`): four 2 s clips of ten sine-eased number tracks, all
//! writing the same ten keys, and players that each loop one instance of every clip
//! (so a player has ten positions, each a blend of four samples).

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_types::value::Value;

use crate::calls::{self, Command, Opt};

/// Clips (one instance of each per player).
pub const CLIPS: u32 = 4;
/// Number tracks per clip.
pub const TRACKS: usize = 10;
/// One device frame at 60 Hz.
pub const FRAME_NS: u64 = 16_666_667;

/// Clip `seed`: keypoints every 500 ms from 0 to 2 s, keys `k0`…`k9`.
pub fn clip(seed: u32) -> Value {
    let keypoint = |k: i64, track: usize| ClipKeypoint {
        id: format!("{k}"),
        time_ns: k * 500_000_000,
        value: Value::F64(f64::from(seed) + (k as f64 * 1.7 + track as f64).sin()),
        arrive: vec![],
        leave: vec![ClipTransition {
            kind: "sine".to_string(),
            dt_ns: 0.0,
            dv: 0.0,
        }],
        pairing: String::new(),
    };
    let tracks = (0..TRACKS)
        .map(|track| ClipTrack {
            id: format!("c{seed}t{track}"),
            name: format!("track {track}"),
            target: format!("k{track}"),
            keypoints: (0..5).map(|k| keypoint(k, track)).collect(),
        })
        .collect();
    Value::from(Clip {
        name: format!("clip {seed}"),
        length_ns: None,
        tracks,
    })
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
