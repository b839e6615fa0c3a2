//! Sampling a 64-keypoint track with every transition kind: in time order at 100 Hz over its
//! length (the cursor makes each next segment O(1)), and at 1000 random times.
//!
//! Run: `cargo bench -p animation-engine --bench sampling`. Criterion reports time per
//! iteration and elements per second; ns/sample = time / elements.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

mod fixtures;

use animation_engine::{CompiledTrack, Cursor, Sample};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use fixtures::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn value(sample: Option<Sample<'_>>) -> f64 {
    match sample {
        Some(Sample::Number { value, velocity }) => value + velocity,
        _ => 0.0,
    }
}

fn sampling(c: &mut Criterion) {
    let track = CompiledTrack::compile(&mixed_track());
    let (certified, all) = track.certified_segments();
    eprintln!("bench track: {certified} of {all} segments certified for the fast solve");
    let length_ns = (KEYPOINTS as i64 - 1) * STEP_NS;
    let in_order: Vec<f64> = (0..=length_ns / 10_000_000)
        .map(|k| k as f64 * 1e7)
        .collect();
    let mut rng = StdRng::seed_from_u64(7);
    let random: Vec<f64> = (0..1000)
        .map(|_| rng.random::<f64>() * length_ns as f64)
        .collect();

    let mut group = c.benchmark_group("sampling");
    for (name, times) in [("in_order_100hz", &in_order), ("random_1000", &random)] {
        group.throughput(Throughput::Elements(times.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut cursor = Cursor::default();
                let mut sum = 0.0;
                for &t in times {
                    sum += value(track.sample(black_box(t), &mut cursor));
                }
                sum
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sampling);
criterion_main!(benches);
