//! The exact bounds (docs/curves.md §8) of `examples/clips/hour.json` — 10 tracks, 610
//! keypoints, every easing — over each track's key range: `clip_bounds` from the valid clip,
//! compilation included, and the bounds of the already compiled clip alone. Target ≤ 2 ms.
//!
//! Run: `cargo bench -p animation-engine --bench bounds`.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

use animation_engine::{BoundsWindow, Clip, CompiledClip, clip_bounds};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const HOUR: &str = include_str!("../../examples/clips/hour.json");

fn bounds(c: &mut Criterion) {
    let clip = Clip::from_json(HOUR).expect("examples/clips/hour.json is a valid clip");
    let keypoints: usize = clip
        .tracks()
        .iter()
        .map(|t| t.track().keypoints.len())
        .sum();
    eprintln!(
        "hour.json: {} tracks, {keypoints} keypoints",
        clip.tracks().len()
    );
    let compiled = CompiledClip::compile(&clip);
    let mut group = c.benchmark_group("bounds");
    group.bench_function("hour_clip_bounds", |b| {
        b.iter(|| clip_bounds(black_box(&clip), BoundsWindow::KEYS))
    });
    group.bench_function("hour_compiled_bounds", |b| {
        b.iter(|| black_box(&compiled).bounds(BoundsWindow::KEYS))
    });
    group.finish();
}

criterion_group!(benches, bounds);
criterion_main!(benches);
