//! The fast solve's differential check (docs/curves.md §0), written once for every build that
//! runs it: the engine's own test (`fast_solve_tests.rs`, native) and the wasm build with
//! `simd128` (`src/bin/wasm_fast_solve.rs`, run under wasmtime by module-dir's
//! `fast_solve_wasm` test). On random segments of every transition kind and on raw control values
//! of every sign and size (crossing handles, vertical tangents, collapsed and sub-nanosecond
//! backward handles), every sample of a certified segment is within 1e-12 of max(|value|, 1)
//! and 1e-10 units per second of the literal one, and every other sample is bit for bit the
//! literal one. A batch of four answers each lane as a lone solve does, bit for bit, both
//! with one segment in every lane and with four different segments; and the four-lane
//! routine the build uses (wasm `simd128` vectors, or the scalar lanes) gives the scalar
//! lanes' bits. A failure panics, naming the segment and time.
//!
//! [`Figures::digest`] folds the bits of every answer, so two builds that report the same
//! digest for the same number of samples answered every solve alike.

use std::collections::VecDeque;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::clip::model::{Easing, KeyValue, Keypoint, Pairing, Track, Transition};
use crate::curve::certify::{VALUE_TOLERANCE, VELOCITY_TOLERANCE};
use crate::curve::fast_solve::{FastCurve, halley, solve_four, solve_lanes, solve_one};
use crate::curve::fast_solve::{Place, solve_some_fast};
use crate::curve::solve::{LANES, bezier, slope, solve};
use crate::curve::track::CompiledTrack;

/// Samples drawn per segment.
const PER_SEGMENT: usize = 500;

/// The seed of every run: runs of the same size draw the same samples (rand's `StdRng`, the
/// generator test-support's `random::seeded` gives the other tests; the engine cannot depend
/// on test-support, whose fixtures are built from the engine).
const SEED: u64 = 0x5eed_fa57;

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Figures {
    /// Samples drawn.
    pub samples: usize,
    /// Of those, strictly inside their segment.
    pub inside: usize,
    /// Of those, in a certified segment (the fast path's).
    pub certified: usize,
    /// Of those, bit-identical to the literal solver.
    pub identical: usize,
    /// Of those, needing the Newton step after the Halley step.
    pub newton: usize,
    /// Of those, solved literally after both acceptance tests failed.
    pub rejected: usize,
    /// The worst value difference, relative to max(|value|, 1).
    pub worst_value: f64,
    /// The worst velocity difference, units per second.
    pub worst_velocity: f64,
    /// Segments drawn.
    pub segments: usize,
    /// Of those, certified.
    pub certified_segments: usize,
    /// Batches of four lanes from four segments checked against lone solves and the scalar
    /// lanes.
    pub mixed_batches: usize,
    /// FNV-1a over the bits of every answer (a NaN counted as one value: wasm leaves NaN
    /// bits unspecified).
    pub digest: u64,
}

impl Figures {
    /// One line of the figures, as the tests print it.
    pub fn line(&self) -> String {
        format!(
            "fast solve: {} samples over {} segments ({:.1} % certified); {} inside a \
             segment, {} of them certified ({:.2} % of all samples), {:.2} % of those \
             bit-identical, {:.3} % needing the Newton step after the Halley step, {:.3} % \
             solved literally after both acceptance tests failed; worst value error {:.2e} \
             (relative to max(|v|, 1)), worst velocity error {:.2e} units/s; {} mixed \
             batches; digest {:016x}",
            self.samples,
            self.segments,
            100.0 * self.certified_segments as f64 / self.segments.max(1) as f64,
            self.inside,
            self.certified,
            100.0 * self.certified as f64 / self.samples.max(1) as f64,
            100.0 * self.identical as f64 / self.certified.max(1) as f64,
            100.0 * self.newton as f64 / self.certified.max(1) as f64,
            100.0 * self.rejected as f64 / self.certified.max(1) as f64,
            self.worst_value,
            self.worst_velocity,
            self.mixed_batches,
            self.digest,
        )
    }

    fn fold(&mut self, answer: f64) {
        let bits = if answer.is_nan() {
            f64::NAN.to_bits()
        } else {
            answer.to_bits()
        };
        for byte in bits.to_le_bytes() {
            self.digest = (self.digest ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The check over `samples` samples (rounded up to whole segments); panics on the first
/// answer that breaks a rule.
pub fn run(samples: usize) -> Figures {
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut f = Figures {
        digest: 0xcbf2_9ce4_8422_2325,
        ..Figures::default()
    };
    let mut recent: VecDeque<([f64; 4], FastCurve)> = VecDeque::with_capacity(LANES);
    while f.samples < samples {
        let (x, y) = segment(&mut rng);
        let fast = FastCurve::new(&x, &y);
        f.segments += 1;
        f.certified_segments += usize::from(fast.is_certified());
        if recent.len() == LANES {
            recent.pop_front();
        }
        recent.push_back((x, fast));
        let mut lanes = Vec::with_capacity(LANES);
        for _ in 0..PER_SEGMENT {
            let a = into(&mut rng, &x);
            let got = solve_one(&fast, &x, a);
            f.fold(got);
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
                batch_agrees(&mut f, &fast, &x, &lanes);
                lanes.clear();
                mixed_batch_agrees(&mut f, &mut rng, &recent);
            }
        }
        batch_agrees(&mut f, &fast, &x, &lanes);
    }
    f
}

/// The batch answers each of `times` (at most [`LANES`]) into one segment as a lone solve,
/// bit for bit.
fn batch_agrees(f: &mut Figures, fast: &FastCurve, x: &[f64; 4], times: &[f64]) {
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
        f.fold(u[lane]);
    }
}

/// A batch of four lanes, each into one of the `recent` segments (the newest first, so the
/// lanes' curves differ): every batch size from 1 to 4 answers each lane as a lone solve
/// does, and the build's four-lane routine ([`solve_four`]: wasm `simd128` vectors where the
/// feature is on) gives the scalar lanes' ([`solve_lanes`]) answers and verdicts, bit for bit.
fn mixed_batch_agrees(f: &mut Figures, rng: &mut StdRng, recent: &VecDeque<([f64; 4], FastCurve)>) {
    let pick = |lane: usize| &recent[(recent.len() - 1 + lane) % recent.len()];
    let x: [&[f64; 4]; LANES] = std::array::from_fn(|lane| &pick(lane).0);
    let fast: [&FastCurve; LANES] = std::array::from_fn(|lane| &pick(lane).1);
    let a: [f64; LANES] = std::array::from_fn(|lane| into(rng, x[lane]));
    let place: [Place; LANES] = std::array::from_fn(|lane| fast[lane].place(a[lane]));
    let (vector, vector_used) = solve_four(fast, a, place);
    let (scalar, scalar_used) = solve_lanes(fast, a, place);
    for lane in 0..LANES {
        assert_eq!(
            vector_used[lane], scalar_used[lane],
            "lane {lane}: x {:?} a {}",
            x[lane], a[lane]
        );
        // An unused answer is thrown away: only a NaN may differ there, in its payload.
        let alike = vector[lane].to_bits() == scalar[lane].to_bits()
            || (!scalar_used[lane] && vector[lane].is_nan() && scalar[lane].is_nan());
        assert!(
            alike,
            "lane {lane}: x {:?} a {}: four lanes {} vs scalar {}",
            x[lane], a[lane], vector[lane], scalar[lane]
        );
    }
    for len in 1..=LANES {
        let u = solve_some_fast(len, fast, x, a, place);
        for lane in 0..len {
            let alone = solve_one(fast[lane], x[lane], a[lane]);
            assert_eq!(
                u[lane].to_bits(),
                alone.to_bits(),
                "{len} lanes, lane {lane}: x {:?} a {}",
                x[lane],
                a[lane]
            );
            f.fold(u[lane]);
        }
    }
    f.mixed_batches += 1;
}

/// A uniform draw from [0, 1): rand's 53-bit fraction.
fn unit(rng: &mut StdRng) -> f64 {
    rng.random()
}

/// A uniform index below `n`, drawn as a `u32` so that the wasm32 build draws what the
/// native build does.
fn below(rng: &mut StdRng, n: usize) -> usize {
    let n = u32::try_from(n).expect("a small range");
    rng.random_range(0..n) as usize
}

/// A magnitude spread evenly in log scale over [10^lo, 10^hi].
fn log(rng: &mut StdRng, lo: f64, hi: f64) -> f64 {
    10f64.powf(lo + (hi - lo) * unit(rng))
}

/// −1 or +1, evenly.
fn sign(rng: &mut StdRng) -> f64 {
    if rng.random() { -1.0 } else { 1.0 }
}

/// A span from 1 ns to seconds.
fn span(rng: &mut StdRng) -> f64 {
    match below(rng, 4) {
        0 => (1 + below(rng, 20)) as f64,
        1 => log(rng, 3.0, 7.0).round(),
        _ => log(rng, 7.0, 9.5).round(),
    }
}

/// A value up to 1e6 in magnitude, often small, sometimes exactly 0 or ±1.
fn value(rng: &mut StdRng) -> f64 {
    match below(rng, 6) {
        0 => 0.0,
        1 => sign(rng),
        2 => sign(rng) * log(rng, -3.0, 6.0),
        _ => sign(rng) * unit(rng) * [1.0, 10.0, 100.0, 1e6][below(rng, 4)],
    }
}

fn side(rng: &mut StdRng) -> Option<Transition> {
    match below(rng, 6) {
        0 => None,
        1 => Some(Transition::Inferred),
        2 => Some(Transition::InferredAutoClamped),
        3 => Some(Transition::Handle {
            dt_ns: sign(rng) * log(rng, -1.0, 9.5),
            dv: sign(rng) * log(rng, -3.0, 6.0) * (below(rng, 5) as f64).min(1.0),
        }),
        _ => Some(Transition::Ease(Easing::ALL[below(rng, Easing::ALL.len())])),
    }
}

/// The time and value control values of a random segment: from a compiled random track of
/// every transition kind, or raw, with inner time control values of every sign and size.
fn segment(rng: &mut StdRng) -> ([f64; 4], [f64; 4]) {
    let raw = unit(rng) < 0.4;
    // A third of the segments take values up to 1e6, the others within ±1 or ±10.
    let scale = [None, Some(1.0), Some(10.0)][below(rng, 3)];
    let draw = |rng: &mut StdRng| match scale {
        None => value(rng),
        Some(scale) => sign(rng) * unit(rng) * scale,
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
        let s = &compiled.segments[below(rng, compiled.segments.len())];
        return (s.x, s.y);
    }
    let span = span(rng);
    let inner = |rng: &mut StdRng| match below(rng, 8) {
        0 => 0.0,
        1 => span,
        2 => -log(rng, -3.0, 0.0),       // sub-nanosecond backward
        3 => span + log(rng, -3.0, 0.0), // sub-nanosecond forward past the end
        4 => sign(rng) * log(rng, -2.0, 1.0) * span, // any sign and size
        _ => unit(rng) * span,
    };
    let x = match below(rng, 10) {
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
fn into(rng: &mut StdRng, x: &[f64; 4]) -> f64 {
    let span = x[3];
    let ulps = |v: f64, k: i64| f64::from_bits((v.to_bits() as i64 + k).max(0) as u64);
    match below(rng, 40) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => 0.0,
        4 => span,
        5 => -unit(rng) * span,
        6 => span * (1.0 + unit(rng)),
        7 | 8 => ulps(span, -(below(rng, 64) as i64)),
        9 | 10 => ulps(0.0, 1 + below(rng, 64) as i64) * [1.0, 1e300][below(rng, 2)],
        11 => unit(rng) * span * 1e-9,
        12..=15 => {
            let node = bezier(x, below(rng, 9) as f64 / 8.0);
            ulps(node.abs(), below(rng, 9) as i64 - 4)
        }
        _ => unit(rng) * span,
    }
}

/// Value and velocity at parameter `u` (docs/curves.md §4.4).
fn sample(x: &[f64; 4], y: &[f64; 4], u: f64) -> (f64, f64) {
    (bezier(y, u), slope(x, y, u) * 1e9)
}

fn identical(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0.to_bits() == b.0.to_bits() && a.1.to_bits() == b.1.to_bits()
}
