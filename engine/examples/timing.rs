//! Robust timings on a shared machine: each workload is repeated, every window of it timed
//! separately, and the best repetition of each window kept (a window that ran without being
//! preempted shows the true cost). Run: `cargo run --release -p animation-engine --example timing`.

#[path = "../benches/fixtures/mod.rs"]
mod fixtures;

use std::hint::black_box;
use std::time::Instant;

use fixtures::*;

use animation_engine::bake::Values;
use animation_engine::{CompiledTrack, Cursor, DeviceSpan, DeviceTime, Engine, Sample};

/// Best total over `reps` repetitions of `windows` timed windows (ns): each repetition
/// starts from `fresh()`, and `run(state, w)` runs window w.
fn best<S>(
    reps: usize,
    windows: usize,
    fresh: impl Fn() -> S,
    mut run: impl FnMut(&mut S, usize),
) -> f64 {
    let mut minima = vec![f64::INFINITY; windows];
    for _ in 0..reps {
        let mut state = fresh();
        for (w, min) in minima.iter_mut().enumerate() {
            let start = Instant::now();
            run(&mut state, w);
            *min = min.min(start.elapsed().as_nanos() as f64);
        }
    }
    minima.iter().sum()
}

fn main() {
    let (steps, per_window, dt) = (600, 10, 16_666_667);
    let fresh = || {
        let mut engine = engine();
        engine.step(DeviceTime::ZERO, DeviceSpan::ZERO);
        engine
    };
    let step_ns = best(30, steps / per_window, fresh, |engine, w| {
        for k in 0..per_window {
            let now = DeviceTime::from_ns(((w * per_window + k) as i64 + 1) * dt);
            black_box(engine.step(now, DeviceSpan::from_ns(dt)).len());
        }
    }) / steps as f64;
    let mut bake_engine = Engine::new();
    let anim = bake_engine.load(&clip(10)).unwrap();
    let bake_ns = best(
        200,
        1,
        || (),
        |_, _| {
            let bake = bake_engine.bake::<Values>(anim, 120.0, None, None);
            black_box(bake.map(|b| b.times.len()).ok());
        },
    );
    let track = CompiledTrack::compile(&mixed_track());
    let length_ns = (KEYPOINTS as i64 - 1) * STEP_NS;
    let in_order: Vec<f64> = (0..=length_ns / 10_000_000)
        .map(|k| k as f64 * 1e7)
        .collect();
    let lone_ns = lone_sample_ns(&track, &in_order);
    // Every segment of the step bench's clip is certified: a lone sample there.
    let certified = CompiledTrack::compile(clip(1).tracks()[0].track());
    let times: Vec<f64> = (0..=1000).map(|k| k as f64 * 1e7).collect();
    let certified_ns = lone_sample_ns(&certified, &times);
    println!(
        "step {:.2} us   bake {:.3} ms   lone sample in order {:.1} ns (on a certified track {:.1} ns)",
        step_ns / 1e3,
        bake_ns / 1e6,
        lone_ns,
        certified_ns
    );
}

/// One sample of `track` at `times` in order, in ns: the best of 200 repetitions of ten
/// windows of a tenth of the times each ([`best`]), over the samples taken.
fn lone_sample_ns(track: &CompiledTrack, times: &[f64]) -> f64 {
    let chunk = times.len() / 10;
    best(200, 10, Cursor::default, |cursor, w| {
        for &t in &times[w * chunk..(w + 1) * chunk] {
            if let Some(Sample::Number { value, .. }) = track.sample(black_box(t), cursor) {
                black_box(value);
            }
        }
    }) / (chunk * 10) as f64
}
