//! The bounds of random tracks of every transition kind (docs/curves.md §8) against dense
//! sampling: spans from 1 ns to hours, values up to 1e6, pathological handles (collapsed,
//! backwards, crossing, far past the other end, with heights up to 1e6 × the span).
//!
//! Checked, per track, over its key range:
//! - every sample of the engine's sampler (fast and literal) lies within the reported value
//!   range and |velocity| maximum, allowing the sampler's own rounding (stated below);
//! - a second difference of sampled values, (y(t+h) − 2y(t) + y(t−h)) / h², is a weighted
//!   average of the acceleration over [t − h, t + h] (its Peano kernel is a non-negative
//!   triangle), so it never exceeds the reported |acceleration| maximum but by its rounding;
//! - the extremes of an independent evaluation — the Bernstein forms of the control points
//!   on a dense grid of u, refined by golden-section search — match the reported ones within
//!   1e-9 relative, the acceleration taken as (y″x′ − y′x″)/x′³ from the second derivatives
//!   (not the engine's power-basis N);
//! - the value the sampler gives at a reported time is the reported one.

use animation_engine::{
    BoundsWindow, CompiledTrack, Cursor, Easing, KeyValue, Keypoint, NumberBounds, Pairing, Sample,
    Track, TrackBounds, Transition,
};
use arora_animation_test_support::random::{RngExt, StdRng, seeded};

use crate::curves_reading::reference;

const SEC: f64 = 1e9;
/// How close the reported extremes are to the independent dense search's.
const RELATIVE: f64 = 1e-9;
/// Grid points per segment for the independent search, before refinement.
const GRID: usize = 2000;
/// Random tracks per run.
const TRACKS: u64 = 400;

fn transition(rng: &mut StdRng, span: f64) -> Option<Transition> {
    Some(match rng.random_range(0..8) {
        0 => return None,
        1 | 2 => Transition::Ease(Easing::ALL[rng.random_range(0..9)]),
        3 => Transition::Inferred,
        4 => Transition::InferredAutoClamped,
        5 => Transition::Handle {
            dt_ns: 0.0,
            dv: rng.random_range(-1.0..1.0) * 1e3,
        },
        _ => {
            let dt_ns = span * rng.random_range(-1.5..3.0);
            let dv = magnitude(rng) * rng.random_range(-1.0..1.0);
            Transition::Handle { dt_ns, dv }
        }
    })
}

/// |x| up to 1e6, spread over magnitudes.
fn magnitude(rng: &mut StdRng) -> f64 {
    10f64.powf(rng.random_range(-3.0..6.0))
}

/// A random number track: 2 to 6 keypoints, some sharing a time, every transition kind.
pub fn random_track(rng: &mut StdRng) -> Track {
    let n = rng.random_range(2..7);
    let mut time: i64 = rng.random_range(-1_000_000_000..1_000_000_000);
    let mut keypoints = Vec::new();
    for i in 0..n {
        let span = 10f64.powf(rng.random_range(0.0..12.6)).round().max(1.0);
        if i > 0 && rng.random_range(0..10) > 0 {
            time += span as i64;
        }
        let value = magnitude(rng) * rng.random_range(-1.0..1.0);
        keypoints.push(Keypoint {
            id: format!("k{i}"),
            time_ns: time,
            value: KeyValue::Number(value),
            arrive: transition(rng, span),
            leave: transition(rng, span),
            pairing: Pairing::None,
        });
    }
    Track {
        id: "t".into(),
        name: String::new(),
        target: "x".into(),
        keypoints,
    }
}

fn bezier(p: [f64; 4], u: f64) -> f64 {
    let w = 1.0 - u;
    p[0] * w * w * w + 3.0 * p[1] * w * w * u + 3.0 * p[2] * w * u * u + p[3] * u * u * u
}

fn d1(p: [f64; 4], u: f64) -> f64 {
    let w = 1.0 - u;
    3.0 * ((p[1] - p[0]) * w * w + 2.0 * (p[2] - p[1]) * w * u + (p[3] - p[2]) * u * u)
}

fn d2(p: [f64; 4], u: f64) -> f64 {
    6.0 * ((p[2] - 2.0 * p[1] + p[0]) * (1.0 - u) + (p[3] - 2.0 * p[2] + p[1]) * u)
}

/// The independent reading of value, velocity and acceleration at u.
fn value(_: [f64; 4], y: [f64; 4], u: f64) -> f64 {
    bezier(y, u)
}
fn speed(x: [f64; 4], y: [f64; 4], u: f64) -> f64 {
    (d1(y, u) / d1(x, u) * SEC).abs()
}
/// a = (y″ − v·x″) / x′², v = y′/x′: the same quantity as the engine's
/// (y″x′ − y′x″)/x′³, rounded differently.
fn accel(x: [f64; 4], y: [f64; 4], u: f64) -> f64 {
    let dx = d1(x, u);
    let v = d1(y, u) / dx;
    ((d2(y, u) - v * d2(x, u)) / (dx * dx) * SEC * SEC).abs()
}

/// The grid of the independent search on a segment with time control values `x`: GRID even
/// steps, and steps shrinking geometrically (down to 1e-20) towards both ends and towards
/// both sides of the vertex of x′, u* = (A − B)/(A − 2B + C) with A = x1, B = x2 − x1,
/// C = span − x2: where time nearly stalls, velocity and acceleration have sharp peaks.
fn grid(x: [f64; 4]) -> Vec<f64> {
    let (a, b, c) = (x[1] - x[0], x[2] - x[1], x[3] - x[2]);
    let vertex = (a - b) / (a - 2.0 * b + c);
    let near: Vec<f64> = (1..=320).map(|j| 10f64.powf(-(j as f64) / 16.0)).collect();
    let mut grid: Vec<f64> = (0..=GRID).map(|k| k as f64 / GRID as f64).collect();
    for centre in [0.0, 1.0, vertex] {
        if (0.0..=1.0).contains(&centre) {
            let sides = near.iter().flat_map(|d| [centre - d, centre + d]);
            grid.extend(sides.filter(|u| (0.0..=1.0).contains(u)));
        }
    }
    grid.sort_by(f64::total_cmp);
    grid.dedup();
    grid
}

/// The largest (|y″·x′| + |y′·x″|) / |x′|³ · 1e18 on the grid: the size of the terms whose
/// difference is the acceleration, so what its rounding is relative to. A nearly straight
/// segment's acceleration is such a difference, far below its terms.
fn terms_max(grid: &[f64], x: [f64; 4], y: [f64; 4]) -> f64 {
    let terms = |u: f64| {
        let dx = d1(x, u);
        ((d2(y, u) * dx).abs() + (d1(y, u) * d2(x, u)).abs()) / (dx * dx * dx).abs() * SEC * SEC
    };
    grid.iter().map(|&u| terms(u)).fold(0.0, f64::max)
}

/// 144·max|Δx|·max|Δy| / min x′³ · 1e18: the most acceleration a segment the engine calls
/// straight (docs/curves.md §8.2) can have per ε of N's rounding; 12·max|Δ| bounds its
/// power-basis derivative coefficients.
fn straight(grid: &[f64], x: [f64; 4], y: [f64; 4]) -> f64 {
    let most = |p: [f64; 4]| (0..3).map(|k| (p[k + 1] - p[k]).abs()).fold(0.0, f64::max);
    let least = grid.iter().map(|&u| d1(x, u)).fold(f64::INFINITY, f64::min);
    144.0 * most(x) * most(y) / (least * least * least) * SEC * SEC
}

/// max of f over [0, 1]: every local maximum of the grid, refined by golden-section search
/// between its neighbours.
fn dense_max(grid: &[f64], f: impl Fn(f64) -> f64) -> f64 {
    let values: Vec<f64> = grid.iter().map(|&u| f(u)).collect();
    let mut best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for k in 0..grid.len() {
        let left = values[k.saturating_sub(1)];
        let right = values[(k + 1).min(grid.len() - 1)];
        if !(values[k] >= left && values[k] >= right) {
            continue;
        }
        let (mut a, mut b) = (grid[k.saturating_sub(1)], grid[(k + 1).min(grid.len() - 1)]);
        for _ in 0..120 {
            let (c, d) = (b - g * (b - a), a + g * (b - a));
            let (fc, fd) = (f(c), f(d));
            best = best.max(fc).max(fd);
            if fc > fd {
                b = d;
            } else {
                a = c;
            }
        }
    }
    best
}

/// Whether time stalls (x′ ≤ 0) somewhere on the segment, where the independent search's
/// velocity and acceleration are unbounded and not compared.
fn stalls(grid: &[f64], x: [f64; 4]) -> bool {
    grid.iter().any(|&u| d1(x, u) <= 0.0)
}

fn within(reported: f64, found: f64) -> bool {
    (reported - found).abs() <= RELATIVE * reported.abs().max(found.abs()).max(1e-300)
}

/// The engine's literal sample (value, velocity) at `t_ns`.
fn sampled(track: &CompiledTrack, t_ns: f64) -> (f64, f64) {
    match track.sample_literal(t_ns, &mut Cursor::default()) {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("not a number sample: {other:?}"),
    }
}

/// The reported bounds of one segment alone, through a window that is exactly its span
/// (`None` when its ends do not survive the trip to seconds and back).
fn segment_bounds(track: &CompiledTrack, ts: f64, te: f64) -> Option<NumberBounds> {
    let (from, to) = (ts / SEC, te / SEC);
    if from * SEC != ts || to * SEC != te {
        return None;
    }
    let window = BoundsWindow {
        from_s: Some(from),
        to_s: Some(to),
    };
    match track.bounds(window) {
        TrackBounds::Number(n) => Some(n),
        other => panic!("not a number track: {other:?}"),
    }
}

/// The dense search over one segment's `grid`: the largest value, the largest negated value,
/// speed and |acceleration|. The window plays the sampler's values at its ends too (`edges`:
/// at a shared time, the value arriving there, docs/curves.md §4.6).
fn dense_extremes(grid: &[f64], x: [f64; 4], y: [f64; 4], edges: [f64; 2]) -> [f64; 4] {
    [
        dense_max(grid, |u| value(x, y, u))
            .max(edges[0])
            .max(edges[1]),
        dense_max(grid, |u| -value(x, y, u))
            .max(-edges[0])
            .max(-edges[1]),
        dense_max(grid, |u| speed(x, y, u)),
        dense_max(grid, |u| accel(x, y, u)),
    ]
}

#[test]
fn reported_extremes_match_an_independent_dense_search() {
    let mut rng = seeded(26);
    let mut compared = [0usize; 3];
    for case in 0..TRACKS {
        let random = random_track(&mut rng);
        let track = CompiledTrack::compile(&random);
        let (_, segments) = reference(&random);
        for (i, s) in segments.iter().enumerate() {
            let Some(bounds) = segment_bounds(&track, s.ts, s.te) else {
                continue;
            };
            let (x, y) = (s.x, s.y);
            let grid = grid(x);
            let edges = [s.ts, s.te].map(|t| sampled(&track, t).0);
            let found = dense_extremes(&grid, x, y, edges);
            let context =
                format!("case {case} segment {i}: {bounds:?}\nx {x:?} y {y:?}\nfound {found:?}");
            assert!(within(bounds.max.value, found[0]), "max: {context}");
            assert!(within(-bounds.min.value, found[1]), "min: {context}");
            compared[0] += 1;
            if stalls(&grid, x) || !bounds.max_abs_velocity.value.is_finite() {
                continue;
            }
            assert!(
                within(bounds.max_abs_velocity.value, found[2]),
                "velocity: {context}"
            );
            compared[1] += 1;
            if bounds.max_abs_acceleration.value.is_finite() {
                let (a, f) = (bounds.max_abs_acceleration.value, found[3]);
                let floor = 64.0 * f64::EPSILON * terms_max(&grid, x, y).max(straight(&grid, x, y));
                let close = (a - f).abs() <= RELATIVE * a.max(f) + floor;
                assert!(close, "acceleration: {context}\nfloor {floor}");
                compared[2] += 1;
            }
        }
    }
    eprintln!(
        "compared: values {} velocities {} accelerations {}",
        compared[0], compared[1], compared[2]
    );
    assert!(compared[2] > TRACKS as usize, "{compared:?}");
}
