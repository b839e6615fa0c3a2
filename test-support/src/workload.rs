//! The workload the guest is measured against the host with and profiled on (the tests
//! crate's `guest_vs_host` and `guest_profile`, the host's benches): [`CLIPS`] clips of
//! [`TRACKS`] sine-eased number tracks, all writing the same keys, in the engine's clip
//! model — a caller sends it as the `Clip` record `clip_record` makes of it.

use animation_engine::{Clip, Easing, KeyValue, Keypoint, Pairing, Track, Transition};

/// Clips (one instance of each per player).
pub const CLIPS: u32 = 4;
/// Number tracks per clip.
pub const TRACKS: usize = 10;
/// One device frame at 60 Hz.
pub const FRAME_NS: u64 = 16_666_667;

/// Clip `seed`, named `clip <seed>`: keypoints `0`…`4` every 500 ms from 0 to 2 s on tracks
/// `c<seed>t<n>` writing `k<n>`, each value `seed + sin(1.7·k + n)`, leaving by `sine`.
pub fn clip(seed: u32) -> Clip {
    let keypoint = |k: i64, track: usize| Keypoint {
        id: format!("{k}"),
        time_ns: k * 500_000_000,
        value: KeyValue::Number(f64::from(seed) + (k as f64 * 1.7 + track as f64).sin()),
        arrive: None,
        leave: Some(Transition::Ease(Easing::Sine)),
        pairing: Pairing::None,
    };
    let tracks = (0..TRACKS)
        .map(|track| Track {
            id: format!("c{seed}t{track}"),
            name: format!("track {track}"),
            target: format!("k{track}"),
            keypoints: (0..5).map(|k| keypoint(k, track)).collect(),
        })
        .collect();
    Clip {
        name: format!("clip {seed}"),
        length_ns: None,
        tracks,
    }
}
