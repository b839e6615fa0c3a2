//! How cost grows with the crowd (issue: a thousand characters set up in well under a
//! second, stepped in time proportional to their number): through the contract's
//! functions on one `AnimationModule`, `n` players × 4 instances × 10 eased number
//! tracks, for n = 10, 100, 1 000 and 10 000 — setting them all up, then one
//! `step_values`.
//!
//! `cargo bench -p arora-animation-module --bench scale`
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

use std::hint::black_box;

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_animation_module::{Animation, AnimationModule};
use arora_types::value::Value;
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};

const CLIPS: u32 = 4;
const TRACKS: usize = 10;
const CROWDS: [u32; 4] = [10, 100, 1_000, 10_000];
/// One device frame at 60 Hz.
const FRAME_NS: u64 = 16_666_667;

/// A 2 s clip of ten number tracks, keys `k0`…`k9`, five sine-eased keypoints each.
fn clip(seed: u32) -> Clip {
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
    Clip {
        name: format!("clip {seed}"),
        length_ns: None,
        tracks,
    }
}

/// A module with the four clips loaded and nothing else.
fn loaded() -> AnimationModule {
    let mut module = AnimationModule::new();
    for seed in 0..CLIPS {
        assert_eq!(module.load_clip(clip(seed)), seed);
    }
    module
}

/// Creates `players` players, each playing the four clips.
fn crowd(module: &mut AnimationModule, players: u32) {
    for _ in 0..players {
        let player = module.create_player(None);
        for anim in 0..CLIPS {
            assert_ne!(module.add_instance(player, anim), u32::MAX);
        }
    }
}

fn setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("create players × 4 instances");
    group.sample_size(10);
    for players in CROWDS {
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, &n| {
            b.iter_batched_ref(loaded, |module| crowd(module, n), BatchSize::LargeInput)
        });
    }
    group.finish();
}

fn step(c: &mut Criterion) {
    let mut group = c.benchmark_group("step_values");
    group.sample_size(10);
    for players in CROWDS {
        let mut module = loaded();
        crowd(&mut module, players);
        module.step_values(0, Some(0));
        let mut now = 0;
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter(|| {
                now += FRAME_NS;
                black_box(module.step_values(FRAME_NS, Some(now)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, setup, step);
criterion_main!(benches);
