//! A second, independent reading of docs/curves.md §3.1–docs/curves.md §3.8 and docs/curves.md §4.1–docs/curves.md §4.4, compared with
//! the engine on random number tracks: unsorted and shared times, values closer than EPS,
//! handles of every sign and size, every easing and both inferred kinds, times where two
//! nanoseconds share one f64 millisecond.
//!
//! - Control points (docs/curves.md §3, `curves_reading`): the rules fix every rounding, so bit for bit.
//! - Samples (docs/curves.md §4, `curves_reading_by_bisection`): read by bisection and de Casteljau, not by
//!   the engine's Newton and Bernstein sum, so within the tolerances that module states;
//!   holds, NaN and infinite times bit for bit; a segment's end by the limit rules within
//!   1e-9 relative, infinities and the sign of a non-zero velocity exact (a zero's sign
//!   is the rounding of the Bernstein sum's zero terms, which the hodograph does not have).
//! - The engine's ordinary sampling, which solves certified segments by the fast method
//!   (docs/curves.md §0), within 1e-12 of max(|value|, 1) and 1e-10 units per second of its
//!   literal sampling there and bit for bit elsewhere.
//! - Polylines (docs/curves.md §4.7): `count` points from `start` to `end`, each on the curve at its time
//!   within half a nanosecond (the polyline's slack at a segment's ends) plus two
//!   roundings of the track's widest time.

use crate::curves_reading::{Seg, reference};
use crate::curves_reading_by_bisection::{value_range, velocity_at_end, velocity_range};
use animation_engine::{
    CompiledTrack, Cursor, Easing, KeyValue, Keypoint, Pairing, Sample, Track, Transition,
};
use proptest::prelude::*;

fn side() -> impl Strategy<Value = Option<Transition>> {
    let size = prop_oneof![
        Just(0.0),
        Just(5e-7),
        Just(-5e-7),
        Just(1.0),
        Just(-1.0),
        -3e9..3e9f64,
        -1e3..1e3f64,
    ];
    let dv = prop_oneof![Just(0.0), Just(1e-7), -1e3..1e3f64, -1e9..1e9f64];
    prop_oneof![
        1 => Just(None),
        1 => (size, dv).prop_map(|(dt_ns, dv)| Some(Transition::Handle { dt_ns, dv })),
        1 => (0..Easing::ALL.len()).prop_map(|i| Some(Transition::Ease(Easing::ALL[i]))),
        2 => Just(Some(Transition::Inferred)),
        2 => Just(Some(Transition::InferredAutoClamped)),
    ]
}

fn time() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => (-3i64..12).prop_map(|k| k * 100_000_000),
        1 => -20i64..20,
        1 => (0i64..4).prop_map(|k| 9_000_000_000_000_000 + k),
        1 => -(1i64 << 58)..(1i64 << 58),
    ]
}

fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(1.0),
        Just(1.0 + 5e-7),
        Just(1.0 - 5e-7),
        Just(-0.0),
        -10.0..10.0f64,
        -1e6..1e6f64,
    ]
}

fn track() -> impl Strategy<Value = Track> {
    let key = (time(), value(), side(), side());
    prop::collection::vec(key, 1..7).prop_map(|keys| Track {
        id: "t".into(),
        name: String::new(),
        target: "x".into(),
        keypoints: keys
            .into_iter()
            .enumerate()
            .map(|(i, (time_ns, v, arrive, leave))| Keypoint {
                id: format!("k{i}"),
                time_ns,
                value: KeyValue::Number(v),
                arrive,
                leave,
                pairing: Pairing::None,
            })
            .collect(),
    })
}

fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// The played segments' control points are the reading's, bit for bit.
fn control_points_match(compiled: &CompiledTrack, segs: &[Seg]) -> Result<(), TestCaseError> {
    let played = compiled.played_segments();
    prop_assert_eq!(played.len(), segs.len());
    for (got, want) in played.iter().zip(segs) {
        for k in 0..4 {
            let (t, v) = got.points[k];
            prop_assert!(
                same(t, want.ts + want.x[k]) && same(v, want.y[k]),
                "point {} of {:?}: want ({}, {})",
                k,
                got,
                want.ts + want.x[k],
                want.y[k]
            );
        }
    }
    Ok(())
}

/// The value docs/curves.md §4.1 holds at `t` outside the played segments (before the first, from the
/// last's end, or every time when none plays), NaN at a NaN time where segments play (the
/// solve of a NaN time is NaN, docs/curves.md §4.3); `None` inside.
fn exact_value(keys: &[(i64, f64)], segs: &[Seg], t: f64) -> Option<f64> {
    match (segs.first(), segs.last()) {
        (None, _) if t < keys[0].0 as f64 => Some(keys[0].1),
        (None, _) => Some(keys[keys.len() - 1].1),
        _ if t.is_nan() => Some(f64::NAN),
        (Some(first), _) if t <= first.ts => Some(keys[first.i].1),
        (_, Some(last)) if t >= last.te => Some(keys[last.i + 1].1),
        (Some(_), _) => None,
    }
}

/// One literal sample of the engine against the reading at `t`.
fn sample_is_allowed(
    keys: &[(i64, f64)],
    segs: &[Seg],
    t: f64,
    (value, velocity): (f64, f64),
) -> Result<(), TestCaseError> {
    if let Some(held) = exact_value(keys, segs, t) {
        let still = if held.is_nan() { f64::NAN } else { 0.0 };
        prop_assert!(
            same(value, held) && same(velocity, still),
            "at {}: engine ({}, {}), reading ({}, {})",
            t,
            value,
            velocity,
            held,
            still
        );
        return Ok(());
    }
    let (lo, hi) = value_range(keys, segs, t, t);
    prop_assert!(
        lo <= value && value <= hi,
        "at {}: value {} outside [{}, {}]",
        t,
        value,
        lo,
        hi
    );
    let seg = segs
        .iter()
        .find(|s| s.ts < t && t <= s.te)
        .expect("a segment plays at t");
    velocity_is_allowed(seg, t, velocity)
}

/// The engine's velocity at `t` inside `seg` against the reading: the limit rules at the
/// segment's end (u = 1), the band's hull before it.
fn velocity_is_allowed(seg: &Seg, t: f64, velocity: f64) -> Result<(), TestCaseError> {
    if t - seg.ts >= seg.x[3] {
        let end = velocity_at_end(seg);
        let near = (velocity - end).abs() <= 1e-9 * end.abs();
        prop_assert!(
            velocity == end || (near && velocity.signum() == end.signum()),
            "at {} (a segment's end): velocity {}, limit rules {}",
            t,
            velocity,
            end
        );
    } else if let Some((lo, hi)) = velocity_range(seg, t) {
        prop_assert!(
            lo <= velocity && velocity <= hi,
            "at {}: velocity {} outside [{}, {}]",
            t,
            velocity,
            lo,
            hi
        );
    } else {
        prop_assert!(
            !velocity.is_nan(),
            "at {} (time stalls in the band): NaN velocity",
            t
        );
    }
    Ok(())
}

/// The engine's ordinary sample against its literal one at `t`.
fn fast_is_literal(
    compiled: &CompiledTrack,
    t: f64,
    (value, velocity): (f64, f64),
    (v, vel): (f64, f64),
) -> Result<(), TestCaseError> {
    if compiled.certified_at(t) && !(same(value, v) && same(velocity, vel)) {
        prop_assert!(
            (value - v).abs() <= 1e-12 * v.abs().max(1.0) && (velocity - vel).abs() <= 1e-10,
            "at {} (certified): fast ({}, {}), literal ({}, {})",
            t,
            value,
            velocity,
            v,
            vel
        );
    } else {
        prop_assert!(
            same(value, v) && same(velocity, vel),
            "at {} (uncertified): fast ({}, {}), literal ({}, {})",
            t,
            value,
            velocity,
            v,
            vel
        );
    }
    Ok(())
}

/// (value, velocity) of a number sample.
fn number(sample: Option<Sample<'_>>) -> (f64, f64) {
    match sample {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("a number track gives numbers, not {other:?}"),
    }
}

/// The times sampled: `fractions` of the keys' span, each key's time, just after and
/// before it, and NaN, ±∞ and −0.
fn times(keys: &[(i64, f64)], fractions: &[f64]) -> Vec<f64> {
    let (lo, hi) = (keys[0].0 as f64, keys[keys.len() - 1].0 as f64);
    let mut times: Vec<f64> = fractions.iter().map(|f| lo + (hi - lo) * f).collect();
    times.extend(
        keys.iter()
            .flat_map(|k| [k.0 as f64, k.0 as f64 + 1.0, k.0 as f64 - 0.5]),
    );
    times.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0]);
    times
}

/// The engine's polyline from `start` to `end`: `count` points, the first at `start` and
/// the last at `end`, each value what the reading allows within half a nanosecond (the
/// polyline's slack at a segment's ends) plus two roundings of the track's widest time (an
/// inner point's time is the segment's start plus the time curve's).
fn polyline_is_on_the_curve(
    compiled: &CompiledTrack,
    (keys, segs): (&[(i64, f64)], &[Seg]),
    (start, end, count): (f64, f64, usize),
) -> Result<(), TestCaseError> {
    let mut got = Vec::new();
    prop_assert!(compiled.polyline(start, end, count, &mut got));
    prop_assert_eq!(got.len(), count);
    if let (Some(first), Some(last)) = (got.first(), got.last()) {
        prop_assert!(same(first.0, start), "polyline {:?} from {}", got, start);
        prop_assert!(
            count == 1 || same(last.0, end),
            "polyline {:?} to {}",
            got,
            end
        );
    }
    let widest = keys
        .iter()
        .map(|k| (k.0 as f64).abs())
        .fold(start.abs().max(end.abs()), f64::max);
    let slack = 0.5 + 2.0 * f64::EPSILON * widest;
    for &(time, value) in &got {
        let (lo, hi) = value_range(keys, segs, time - slack, time + slack);
        prop_assert!(
            lo <= value && value <= hi,
            "polyline {}..{} x{}: ({}, {}) outside [{}, {}]",
            start,
            end,
            count,
            time,
            value,
            lo,
            hi
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_engine_matches_an_independent_reading_of_the_spec(
        track in track(),
        fractions in prop::collection::vec(-0.1..1.1f64, 12),
        (a, b, count) in (0..12usize, 0..12usize, 0..6usize),
    ) {
        let compiled = CompiledTrack::compile(&track);
        let (keys, segs) = reference(&track);
        control_points_match(&compiled, &segs)?;
        let mut cursor = Cursor::default();
        for t in times(&keys, &fractions) {
            let literal = number(compiled.sample_literal(t, &mut cursor));
            sample_is_allowed(&keys, &segs, t, literal)?;
            fast_is_literal(&compiled, t, number(compiled.sample(t, &mut cursor)), literal)?;
        }
        let (lo, hi) = (keys[0].0 as f64, keys[keys.len() - 1].0 as f64);
        let ends = |i: usize| match keys.get(i / 2) {
            Some(k) if i.is_multiple_of(2) => k.0 as f64 + 0.25,
            Some(k) => k.0 as f64,
            None => lo + (hi - lo) * fractions[i],
        };
        polyline_is_on_the_curve(&compiled, (&keys, &segs), (ends(a), ends(b), count))?;
    }
}
