//! The bounds of random tracks (`bounds_against_sampling`'s generator) against what the
//! engine's own sampler gives (docs/curves.md §8.3):
//! - every sample, fast and literal, lies within the value range and under the |velocity|
//!   maximum, allowing the sampler's rounding: 8ε·max|Yᵢ| on a value, 16ε·(Tx/|x′| + Ty/|y′|)
//!   relative on a velocity (T the sum of a derivative's terms' magnitudes), plus 1e-10 of
//!   the maximum: a segment straight within rounding but with a collapsed handle (so not
//!   taken as straight, docs/curves.md §8.2) has a velocity that is constant but for noise
//!   at that level, and its candidates land anywhere in the noise;
//! - a second difference of sampled values, (y(t+h) − 2y(t) + y(t−h)) / h², is an average of
//!   the acceleration over [t − h, t + h] (its Peano kernel is a non-negative triangle of
//!   area 1), so it stays under the |acceleration| maximum but for its rounding, 4δ/h² with δ
//!   a sample's error;
//! - the sampler, asked at a reported time, gives the reported value.

use animation_engine::{
    BoundsWindow, CompiledTrack, Cursor, NumberBounds, Sample, Track, TrackBounds,
};
use arora_animation_test_support::random::{RngExt, StdRng, seeded};

use crate::bounds_against_sampling::random_track;
use crate::curves_reading::reference;

const EPS: f64 = f64::EPSILON;
const SEC: f64 = 1e9;
/// Random tracks per run.
const TRACKS: u64 = 300;
/// Sample times per segment.
const PER_SEGMENT: usize = 200;

fn number(sample: Option<Sample<'_>>) -> (f64, f64) {
    match sample {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("not a number sample: {other:?}"),
    }
}

fn bounds_of(track: &CompiledTrack) -> NumberBounds {
    match track.bounds(BoundsWindow::KEYS) {
        TrackBounds::Number(n) => n,
        other => panic!("not a number track: {other:?}"),
    }
}

/// The next random track of `rng`, compiled, and its bounds over its keys.
fn random_case(rng: &mut StdRng) -> (Track, CompiledTrack, NumberBounds) {
    let random = random_track(rng);
    let track = CompiledTrack::compile(&random);
    let bounds = bounds_of(&track);
    (random, track, bounds)
}

/// [`TRACKS`] random cases drawn from the generator seeded `seed`, each numbered.
fn random_cases(seed: u64) -> impl Iterator<Item = (u64, Track, CompiledTrack, NumberBounds)> {
    let mut rng = seeded(seed);
    (0..TRACKS).map(move |case| {
        let (random, track, bounds) = random_case(&mut rng);
        (case, random, track, bounds)
    })
}

/// A track's segments as (start ns, end ns, max|Yᵢ|).
fn spans(track: &Track) -> Vec<(f64, f64, f64)> {
    let (_, segments) = reference(track);
    let scale = |y: [f64; 4]| y.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    segments.iter().map(|s| (s.ts, s.te, scale(s.y))).collect()
}

/// B′(p; u) and the sum of its terms' magnitudes, 3·(|Δ0|·w² + 2·|Δ1|·w·u + |Δ2|·u²).
fn slope_and_terms(p: [f64; 4], u: f64) -> (f64, f64) {
    let w = 1.0 - u;
    let d = [p[1] - p[0], p[2] - p[1], p[3] - p[2]];
    let slope = 3.0 * (d[0] * w * w + 2.0 * d[1] * w * u + d[2] * u * u);
    let terms = 3.0 * (d[0].abs() * w * w + 2.0 * d[1].abs() * w * u + d[2].abs() * u * u);
    (slope, terms)
}

/// The sampler's rounding of a velocity at `a` ns into a segment: each of y′ and x′ rounds
/// by about 8ε of its terms' magnitudes, so v by 16ε·(Tx/|x′| + Ty/|y′|) relative. u is
/// found by bisection on the time curve (where time runs back slightly, any root will do:
/// the figure is a conditioning, not a sample).
fn velocity_rounding(x: [f64; 4], y: [f64; 4], a: f64, v: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        let w = 1.0 - mid;
        let at = 3.0 * x[1] * w * w * mid + 3.0 * x[2] * w * mid * mid + x[3] * mid * mid * mid;
        if at < a {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let ((dx, tx), (dy, ty)) = (slope_and_terms(x, lo), slope_and_terms(y, lo));
    // A zero velocity (0/0 conditioning) has no rounding: NaN becomes 0.
    (16.0 * EPS * (tx / dx.abs() + ty / dy.abs()) * v.abs()).max(0.0)
}

#[test]
fn no_sample_leaves_the_reported_value_range_or_exceeds_the_velocity_maximum() {
    let mut rng = seeded(2626);
    let mut checked = 0usize;
    for case in 0..TRACKS {
        let (random, track, b) = random_case(&mut rng);
        let segments = reference(&random).1;
        for (s, (ts, te, scale)) in segments.iter().zip(spans(&random)) {
            let tol = 8.0 * EPS * scale;
            let times = (0..=PER_SEGMENT)
                .map(|k| ts + (te - ts) * k as f64 / PER_SEGMENT as f64)
                .chain((0..20).map(|_| rng.random_range(ts..=te)))
                .chain(
                    [ts + 1.0, te - 1.0]
                        .into_iter()
                        .filter(|t| ts < *t && *t < te),
                );
            for t in times {
                for (value, velocity) in [
                    number(track.sample(t, &mut Cursor::default())),
                    number(track.sample_literal(t, &mut Cursor::default())),
                ] {
                    let context = format!("case {case} at {t} ns: {value} {velocity}, {b:?}");
                    assert!(
                        b.min.value - tol <= value && value <= b.max.value + tol,
                        "{context}"
                    );
                    let limit = b.max_abs_velocity.value;
                    let rounding = velocity_rounding(s.x, s.y, t - ts, velocity) + 1e-10 * limit;
                    assert!(velocity.abs() <= limit + rounding, "{context} {rounding}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > TRACKS as usize * PER_SEGMENT, "{checked}");
}

#[test]
fn second_differences_of_sampled_values_stay_under_the_acceleration_maximum() {
    let mut checked = 0usize;
    for (case, random, track, b) in random_cases(2627) {
        let (most_a, most_v) = (b.max_abs_acceleration.value, b.max_abs_velocity.value);
        if !most_a.is_finite() || !most_v.is_finite() {
            continue;
        }
        let at = |t: f64| number(track.sample_literal(t, &mut Cursor::default())).0;
        for (ts, te, scale) in spans(&random) {
            let h = ((te - ts) / 16.0).floor();
            if h < 1.0 {
                continue;
            }
            // A sample's error: its own rounding, and the solve's (≈ 4ε of the time) moving
            // along the curve.
            let delta = 8.0 * EPS * scale + most_v * 4.0 * EPS * te.abs().max(ts.abs()) / SEC;
            let h_s = h / SEC;
            // t − h > ts: at ts itself the sampler plays the keypoint arriving there, which
            // differs from this segment's start where keypoints share the time (a jump).
            for k in 2..16 {
                let t = ts + h * k as f64;
                if t + h > te {
                    break;
                }
                let fd = (at(t + h) - 2.0 * at(t) + at(t - h)) / (h_s * h_s);
                let slack = 4.0 * delta / (h_s * h_s);
                let context = format!("case {case} at {t} ns, h {h}: {fd} vs {most_a} + {slack}");
                assert!(fd.abs() <= most_a * (1.0 + 1e-12) + slack, "{context}");
                checked += 1;
            }
        }
    }
    assert!(checked > TRACKS as usize * 4, "{checked}");
}

#[test]
fn the_sampler_gives_the_reported_value_at_the_reported_time() {
    for (case, random, track, b) in random_cases(2628) {
        if !b.max_abs_velocity.value.is_finite() {
            continue;
        }
        let scale = spans(&random).iter().fold(0.0_f64, |m, s| m.max(s.2));
        for at in [b.min, b.max] {
            // At a jump the curve reaches `to` just after the jump's time.
            let jumped = b
                .jumps
                .iter()
                .any(|j| j.time_s == at.time_s && j.to == at.value);
            // A keypoint's time (whole ns) may come back from seconds a rounding off it.
            let t = at.time_s * SEC;
            let t = if (t - t.round()).abs() <= 4.0 * EPS * t.abs() {
                t.round()
            } else {
                t
            };
            let t = t + if jumped { 1.0 } else { 0.0 };
            let (value, _) = number(track.sample_literal(t, &mut Cursor::default()));
            // The time's trip through seconds moves it by ≈ ε·|t| (and 1 ns after a jump), the
            // value by |v| times that.
            let moved = 4.0 * EPS * at.time_s.abs() + if jumped { 1e-9 } else { 0.0 };
            let tol = 8.0 * EPS * scale + b.max_abs_velocity.value * moved;
            assert!(
                (value - at.value).abs() <= tol,
                "case {case}: {value} at {t} ns vs {at:?}"
            );
        }
    }
}
