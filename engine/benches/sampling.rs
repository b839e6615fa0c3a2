//! Sampling a 64-keypoint track with every transition kind: in time order at 100 Hz over its
//! length (the cursor makes each next segment O(1)), and at 1000 random times.
//!
//! Run: `cargo bench -p animation-engine --bench sampling`. Criterion reports time per
//! iteration and elements per second; ns/sample = time / elements.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

use animation_engine::{
    CompiledTrack, Cursor, Easing, KeyValue, Keypoint, Pairing, Sample, Track, Transition,
};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};

const KEYPOINTS: usize = 64;
const STEP_NS: i64 = 100_000_000;

/// A small deterministic generator (no dependency): 64-bit LCG, top bits as a fraction.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The transition kinds in rotation: handles, all nine easings and both inferred kinds.
fn transition(i: usize, rng: &mut Lcg) -> Option<Transition> {
    match i % 13 {
        0 => None,
        1 => Some(Transition::Inferred),
        2 => Some(Transition::InferredAutoClamped),
        3 => Some(Transition::Handle {
            dt_ns: (rng.next() - 0.5) * 2e8,
            dv: (rng.next() - 0.5) * 10.0,
        }),
        k => Some(Transition::Ease(Easing::ALL[k - 4])),
    }
}

fn mixed_track() -> Track {
    let mut rng = Lcg(42);
    let keypoints = (0..KEYPOINTS)
        .map(|i| Keypoint {
            id: format!("k{i}"),
            time_ns: i as i64 * STEP_NS + (rng.next() * 3e7) as i64,
            value: KeyValue::Number((rng.next() - 0.5) * 100.0),
            arrive: transition(i * 7 + 3, &mut rng),
            leave: transition(i * 5 + 1, &mut rng),
            pairing: Pairing::None,
        })
        .collect();
    Track {
        id: "t".into(),
        name: "bench".into(),
        target: "x".into(),
        keypoints,
    }
}

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
    let mut rng = Lcg(7);
    let random: Vec<f64> = (0..1000).map(|_| rng.next() * length_ns as f64).collect();

    let mut group = c.benchmark_group("sampling");
    group.throughput(Throughput::Elements(in_order.len() as u64));
    group.bench_function("in_order_100hz", |b| {
        b.iter(|| {
            let mut cursor = Cursor::default();
            let mut sum = 0.0;
            for &t in &in_order {
                sum += value(track.sample(black_box(t), &mut cursor));
            }
            sum
        })
    });
    group.throughput(Throughput::Elements(random.len() as u64));
    group.bench_function("random_1000", |b| {
        b.iter(|| {
            let mut cursor = Cursor::default();
            let mut sum = 0.0;
            for &t in &random {
                sum += value(track.sample(black_box(t), &mut cursor));
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, sampling);
criterion_main!(benches);
