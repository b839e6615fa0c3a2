//! The fast solve against the literal docs/curves.md §4.3 solver (docs/curves.md §0): on random
//! segments of every transition kind and on raw control values of every sign and size (crossing
//! handles, vertical tangents, collapsed and sub-nanosecond backward handles), every sample of a
//! certified segment is within 1e-12 of max(|value|, 1) and 1e-10 units per second of the
//! literal one, and every other sample is bit for bit the literal one. A batch of four
//! answers each lane as a lone solve does, bit for bit.
//!
//! `cargo test -p animation-engine --lib fast_solve` runs a CI-sized part; the whole:
//! `FAST_SOLVE_SAMPLES=10000000 cargo test --release -p animation-engine --lib fast_solve
//! -- --nocapture` (it prints the worst errors and the fractions certified and identical).

use crate::clip::model::{Easing, KeyValue, Keypoint, Pairing, Track, Transition};
use crate::curve::certify::{VALUE_TOLERANCE, VELOCITY_TOLERANCE};
use crate::curve::fast_solve::{FastCurve, halley, solve_lanes, solve_one, solve_some_fast};
use crate::curve::solve::{LANES, bezier, slope, solve};
use crate::curve::track::CompiledTrack;

/// Samples in a plain `cargo test` run; `FAST_SOLVE_SAMPLES` overrides it.
const CI_SAMPLES: usize = 200_000;

/// Samples drawn per segment.
const PER_SEGMENT: usize = 500;

/// A small deterministic generator: 64-bit LCG, top bits as a fraction.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() * n as f64) as usize % n
    }

    /// A magnitude spread evenly in log scale over [10^lo, 10^hi].
    fn log(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(lo + (hi - lo) * self.next())
    }

    fn sign(&mut self) -> f64 {
        if self.next() < 0.5 { -1.0 } else { 1.0 }
    }
}

/// A span from 1 ns to seconds.
fn span(rng: &mut Lcg) -> f64 {
    match rng.below(4) {
        0 => (1 + rng.below(20)) as f64,
        1 => rng.log(3.0, 7.0).round(),
        _ => rng.log(7.0, 9.5).round(),
    }
}

/// A value up to 1e6 in magnitude, often small, sometimes exactly 0 or ±1.
fn value(rng: &mut Lcg) -> f64 {
    match rng.below(6) {
        0 => 0.0,
        1 => rng.sign(),
        2 => rng.sign() * rng.log(-3.0, 6.0),
        _ => rng.sign() * rng.next() * [1.0, 10.0, 100.0, 1e6][rng.below(4)],
    }
}

fn side(rng: &mut Lcg) -> Option<Transition> {
    match rng.below(6) {
        0 => None,
        1 => Some(Transition::Inferred),
        2 => Some(Transition::InferredAutoClamped),
        3 => Some(Transition::Handle {
            dt_ns: rng.sign() * rng.log(-1.0, 9.5),
            dv: rng.sign() * rng.log(-3.0, 6.0) * (rng.below(5) as f64).min(1.0),
        }),
        _ => Some(Transition::Ease(Easing::ALL[rng.below(Easing::ALL.len())])),
    }
}

/// The time and value control values of a random segment: from a compiled random track of
/// every transition kind, or raw, with inner time control values of every sign and size.
fn segment(rng: &mut Lcg) -> ([f64; 4], [f64; 4]) {
    let raw = rng.next() < 0.4;
    // A third of the segments take values up to 1e6, the others within ±1 or ±10.
    let scale = [None, Some(1.0), Some(10.0)][rng.below(3)];
    let draw = |rng: &mut Lcg| match scale {
        None => value(rng),
        Some(scale) => rng.sign() * rng.next() * scale,
    };
    if !raw {
        let mut time = 0i64;
        let keypoints = (0..4)
            .map(|i| {
                time += span(rng) as i64;
                Keypoint {
                    id: format!("k{i}"),
                    time_ns: time,
                    value: KeyValue::Number(draw(rng)),
                    arrive: side(rng),
                    leave: side(rng),
                    pairing: Pairing::None,
                }
            })
            .collect();
        let track = Track {
            id: "t".into(),
            name: String::new(),
            target: "x".into(),
            keypoints,
        };
        let compiled = CompiledTrack::compile(&track);
        let s = &compiled.segments[rng.below(compiled.segments.len())];
        return (s.x, s.y);
    }
    let span = span(rng);
    let inner = |rng: &mut Lcg| match rng.below(8) {
        0 => 0.0,
        1 => span,
        2 => -rng.log(-3.0, 0.0),       // sub-nanosecond backward
        3 => span + rng.log(-3.0, 0.0), // sub-nanosecond forward past the end
        4 => rng.sign() * rng.log(-2.0, 1.0) * span, // any sign and size
        _ => rng.next() * span,
    };
    let x = match rng.below(10) {
        0 => [0.0, span, 0.0, span],              // vertical tangent at u = ½
        1 => [0.0, 0.9 * span, 0.1 * span, span], // crossing handles, monotonic
        2 => [0.0, span - 1e-3, 1e-3, span],      // crossing handles, nearly stalled
        3 => [0.0, 0.0, 0.0, span],               // both handles collapsed
        _ => [0.0, inner(rng), inner(rng), span],
    };
    (x, std::array::from_fn(|_| draw(rng)))
}

/// A time into a segment: anywhere, at and near its ends and the table's nodes, outside it,
/// NaN and ±∞.
fn into(rng: &mut Lcg, x: &[f64; 4]) -> f64 {
    let span = x[3];
    let ulps = |v: f64, k: i64| f64::from_bits((v.to_bits() as i64 + k).max(0) as u64);
    match rng.below(40) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => 0.0,
        4 => span,
        5 => -rng.next() * span,
        6 => span * (1.0 + rng.next()),
        7 | 8 => ulps(span, -(rng.below(64) as i64)),
        9 | 10 => ulps(0.0, 1 + rng.below(64) as i64) * [1.0, 1e300][rng.below(2)],
        11 => rng.next() * span * 1e-9,
        12..=15 => {
            let node = bezier(x, rng.below(9) as f64 / 8.0);
            ulps(node.abs(), rng.below(9) as i64 - 4)
        }
        _ => rng.next() * span,
    }
}

/// Value and velocity at parameter `u` (docs/curves.md §4.4).
fn sample(x: &[f64; 4], y: &[f64; 4], u: f64) -> (f64, f64) {
    (bezier(y, u), slope(x, y, u) * 1e9)
}

fn identical(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0.to_bits() == b.0.to_bits() && a.1.to_bits() == b.1.to_bits()
}

#[derive(Default)]
struct Figures {
    samples: usize,
    inside: usize,
    certified: usize,
    identical: usize,
    newton: usize,
    rejected: usize,
    worst_value: f64,
    worst_velocity: f64,
    segments: usize,
    certified_segments: usize,
}

#[test]
fn certified_solves_stay_within_the_tolerance_and_the_others_are_literal() {
    let total: usize = std::env::var("FAST_SOLVE_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CI_SAMPLES);
    let mut rng = Lcg(0x5eed_fa57);
    let mut f = Figures::default();
    while f.samples < total {
        let (x, y) = segment(&mut rng);
        let fast = FastCurve::new(&x, &y);
        f.segments += 1;
        f.certified_segments += usize::from(fast.is_certified());
        let mut lanes = Vec::with_capacity(LANES);
        for _ in 0..PER_SEGMENT {
            let a = into(&mut rng, &x);
            let got = solve_one(&fast, &x, a);
            let want = solve(&x, a);
            let (g, w) = (sample(&x, &y, got), sample(&x, &y, want));
            f.samples += 1;
            f.inside += usize::from(a > 0.0 && a < x[3]);
            if !fast.is_certified() || !(a > 0.0 && a < x[3]) {
                assert!(
                    identical(g, w),
                    "not certified or outside: x {x:?} y {y:?} a {a}: {g:?} vs {w:?}"
                );
            } else {
                f.certified += 1;
                f.identical += usize::from(identical(g, w));
                f.newton += usize::from(!halley([&fast], [a], [fast.place(a)]).1[0]);
                f.rejected += usize::from(!solve_lanes([&fast], [a], [fast.place(a)]).1[0]);
                let value_error = (g.0 - w.0).abs() / w.0.abs().max(1.0);
                let velocity_error = (g.1 - w.1).abs();
                assert!(
                    value_error <= VALUE_TOLERANCE && velocity_error <= VELOCITY_TOLERANCE,
                    "x {x:?} y {y:?} a {a}: fast {g:?}, literal {w:?}"
                );
                f.worst_value = f.worst_value.max(value_error);
                f.worst_velocity = f.worst_velocity.max(velocity_error);
            }
            lanes.push(a);
            if lanes.len() == LANES {
                batch_agrees(&fast, &x, &lanes);
                lanes.clear();
            }
        }
        batch_agrees(&fast, &x, &lanes);
    }
    println!(
        "fast solve: {} samples over {} segments ({:.1} % certified); {} inside a \
         segment, {} of them certified ({:.2} % of all samples), {:.2} % of those \
         bit-identical, {:.3} % needing the Newton step after the Halley step, {:.3} % \
         solved literally after both acceptance tests failed; worst value error {:.2e} (relative to max(|v|, 1)), worst \
         velocity error {:.2e} units/s",
        f.samples,
        f.segments,
        100.0 * f.certified_segments as f64 / f.segments as f64,
        f.inside,
        f.certified,
        100.0 * f.certified as f64 / f.samples as f64,
        100.0 * f.identical as f64 / f.certified.max(1) as f64,
        100.0 * f.newton as f64 / f.certified.max(1) as f64,
        100.0 * f.rejected as f64 / f.certified.max(1) as f64,
        f.worst_value,
        f.worst_velocity,
    );
    assert!(f.certified > 0 && f.certified < f.inside);
}

/// The batch answers each of `times` (at most [`LANES`]) as a lone solve, bit for bit.
fn batch_agrees(fast: &FastCurve, x: &[f64; 4], times: &[f64]) {
    let mut a = [0.0; LANES];
    a[..times.len()].copy_from_slice(times);
    let u = solve_some_fast(
        times.len(),
        [fast; LANES],
        [x; LANES],
        a,
        a.map(|a| fast.place(a)),
    );
    for (lane, &t) in times.iter().enumerate() {
        let alone = solve_one(fast, x, t);
        assert_eq!(u[lane].to_bits(), alone.to_bits(), "x {x:?} a {t}");
    }
}

#[test]
fn ill_conditioned_segments_are_never_certified() {
    let cases = [
        [0.0, 1e9, 0.0, 1e9],       // vertical tangent at u = ½ (C19/C20)
        [0.0, 1e9 - 1.0, 1.0, 1e9], // crossing handles shortened to a stall (C15)
        [0.0, 0.0, 0.0, 1e9],       // both handles collapsed onto their keypoints
        [0.0, 0.0, 5e8, 1e9],       // a collapsed leaving handle (C14, C22)
        [0.0, 5e8, 1e9, 1e9],       // a collapsed arriving handle (C17)
        [0.0, -0.5, 6e8, 1e9],      // a sub-nanosecond backward handle (C18)
        [0.0, 6e8, 1e9 + 0.3, 1e9], // an arriving handle 0.3 ns past the end
    ];
    for x in cases {
        assert!(
            !FastCurve::new(&x, &[0.0, 0.5, 0.7, 1.0]).is_certified(),
            "{x:?}"
        );
    }
    assert!(
        FastCurve::new(&[0.0, 1e9 / 3.0, 2e9 / 3.0, 1e9], &[0.0, 1.0, 2.0, 3.0]).is_certified()
    );
}

/// Solve reuse in a step keys on the segment's timing: the same time curve certified for one
/// track and not for another (the certificate depends on the values) must not share it.
#[test]
fn a_timing_names_the_certification_as_well_as_the_time_curve() {
    use crate::curve::track::{Segment, intern_timings};
    let x = [0.0, 1e9 / 3.0, 2e9 / 3.0, 1e9];
    let segment = |y: [f64; 4]| Segment {
        start: 0,
        start_ns: 0,
        end_ns: 1_000_000_000,
        origin: 0.0,
        end: 1e9,
        x,
        y,
        fast: FastCurve::new(&x, &y),
        timing: 0,
    };
    let mut segments = [
        segment([0.0, 0.25, 0.5, 1.0]),
        segment([0.0, 1.0, 0.0, 1.0]),
        segment([-1e6, 2e6, -3e6, 1e6]),
    ];
    assert!(segments[0].fast.is_certified() && segments[1].fast.is_certified());
    assert!(!segments[2].fast.is_certified());
    intern_timings(segments.iter_mut());
    assert_eq!(segments[0].timing, segments[1].timing);
    assert_ne!(segments[0].timing, segments[2].timing);
}
