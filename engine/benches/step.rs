//! Step and bake costs: 16 players × 4 instances × 10 number tracks at 60 Hz,
//! and a bake of a 10-track 10 s clip at 120 Hz.
//!
//! Run: `cargo bench -p animation-engine --bench step`.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

mod fixtures;

use std::hint::black_box;

use animation_engine::bake::Values;
use animation_engine::{CompiledClip, DeviceSpan, DeviceTime, Engine};
use criterion::{Criterion, criterion_group, criterion_main};
use fixtures::*;

/// A 60 Hz step, starting `day` days into the players' run: the cost must not grow.
fn step_from(c: &mut Criterion, name: &str, day: i64) {
    let mut engine = engine();
    let dt = DeviceSpan::from_ns(16_666_667);
    engine.step(DeviceTime::ZERO, DeviceSpan::ZERO);
    let mut now = DeviceTime::from_ns(day * 86_400 * S);
    engine.step(now, dt);
    c.bench_function(name, |b| {
        b.iter(|| {
            now = now.saturating_add(dt);
            black_box(engine.step(now, dt).len())
        })
    });
}

/// Prints how many of the bench clip's segments are certified for the fast solve.
fn certified() {
    let compiled = CompiledClip::compile(&clip(10));
    let (certified, all) = compiled
        .tracks
        .iter()
        .map(|t| t.certified_segments())
        .fold((0, 0), |(c, a), (tc, ta)| (c + tc, a + ta));
    eprintln!("bench clip: {certified} of {all} segments certified for the fast solve");
}

fn step(c: &mut Criterion) {
    certified();
    step_from(c, "step 16 players x 4 instances x 10 tracks (60 Hz)", 0);
    step_from(
        c,
        "step 16 players x 4 instances x 10 tracks (60 Hz), day 30",
        30,
    );
}

fn bake(c: &mut Criterion) {
    let mut engine = Engine::new();
    let anim = engine.load(&clip(10)).unwrap();
    c.bench_function("bake 10 tracks x 10 s at 120 Hz", |b| {
        b.iter(|| {
            black_box(engine.bake::<Values>(anim, 120.0, None, None)).map(|bake| bake.times.len())
        })
    });
}

criterion_group!(benches, step, bake);
criterion_main!(benches);
