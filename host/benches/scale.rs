//! How cost grows with the crowd (issue: a thousand characters set up in well under a
//! second, stepped in time proportional to their number): through the contract's
//! functions on one `ContractModule`, `n` players × 4 instances × 10 eased number
//! tracks, for n = 10, 100, 1 000 and 10 000 — setting them all up, then one
//! `step_values`, and edits of the first player among them.
//!
//! `cargo bench -p arora-animation-module --bench scale`
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

mod fixtures;

use std::hint::black_box;

use arora_animation_module::Animation;
use arora_animation_module::records::Clip;
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use fixtures::{CLIPS, FRAME_NS, clip, crowd, loaded, stepped_crowd};

const CROWDS: [u32; 4] = [10, 100, 1_000, 10_000];

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
        let mut module = stepped_crowd(players);
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

/// A clip like the crowd's, writing ten keys no other clip writes.
fn other_clip() -> Clip {
    let mut other = clip(CLIPS);
    for track in &mut other.tracks {
        track.target = format!("other {}", track.target);
    }
    other
}

/// One structural edit far from the end of the table: an instance of a clip writing ten
/// keys no other clip writes, added to the first player and removed again. The player's
/// section grows by ten positions and shrinks back; no other section moves.
fn edit_first(c: &mut Criterion) {
    let mut group = c.benchmark_group("add and remove an instance on the first player");
    group.sample_size(10);
    for players in CROWDS {
        let mut module = loaded();
        crowd(&mut module, players);
        let other = module.load_clip(other_clip());
        module.step_values(0, Some(0));
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter(|| {
                let instance = module.add_instance(0, other);
                black_box(module.remove_instance(0, instance))
            })
        });
    }
    group.finish();
}

/// Removing the first player, and creating one like it at the end to keep the crowd; no
/// other player moves.
fn remove_first(c: &mut Criterion) {
    let mut group = c.benchmark_group("remove the first player, create one at the end");
    group.sample_size(10);
    for players in CROWDS {
        let mut module = stepped_crowd(players);
        let mut first = 0;
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter(|| {
                assert!(module.remove_player(first));
                first += 1;
                crowd(&mut module, 1);
            })
        });
    }
    group.finish();
}

/// Reloading a clip that only the first player holds: its section is rebuilt, and the
/// players that do not hold the clip are not visited.
fn reload_first(c: &mut Criterion) {
    let mut group = c.benchmark_group("reload a clip only the first player holds");
    group.sample_size(10);
    for players in CROWDS {
        let mut module = loaded();
        crowd(&mut module, players);
        let other = module.load_clip(other_clip());
        assert_ne!(module.add_instance(0, other), u32::MAX);
        module.step_values(0, Some(0));
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter_batched(
                other_clip,
                |clip| assert!(module.reload_clip(other, clip)),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, setup, step, edit_first, remove_first, reload_first);
criterion_main!(benches);
