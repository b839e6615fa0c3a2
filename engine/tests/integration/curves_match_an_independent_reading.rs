//! A second, independent reading of docs/curves.md §3.1–§3.8 and §4.1–§4.4 (in
//! `curves_reading`), written from the spec text alone, compared bit for bit (value,
//! velocity, control points, signs of zero, NaN) with the engine on random number tracks:
//! unsorted and shared times, values closer than EPS, handles of every sign and size, every
//! easing and both inferred kinds, times where two nanoseconds share one f64 millisecond.
//! The engine's literal path is compared bit for bit; its ordinary sampling, which solves
//! certified segments by the fast method (docs/curves.md §0), within 1e-12 of max(|value|, 1) and
//! 1e-10 units per second there and bit for bit elsewhere.

use crate::curves_reading::{Seg, bz, reference, sample, solve};
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

/// docs/curves.md §4.7 polyline (start, end, count) of a number track.
fn polyline(
    keys: &[(i64, f64)],
    segs: &[Seg],
    start: f64,
    end: f64,
    count: usize,
) -> Vec<(f64, f64)> {
    let last = f64::max((count as f64) - 1.0, 1.0);
    let within = segs
        .iter()
        .find(|s| s.te + 0.5 >= end)
        .filter(|s| start < end && s.ts - 0.5 <= start);
    let mut out = Vec::new();
    for i in 0..count {
        let share = i as f64 / last;
        out.push(match within {
            Some(s) => {
                let u0 = solve(&s.x, start - s.ts);
                let u = u0 + (solve(&s.x, end - s.ts) - u0) * share;
                let time = if i == 0 {
                    start
                } else if i == count - 1 {
                    end
                } else {
                    s.ts + bz(&s.x, u)
                };
                (time, bz(&s.y, u))
            }
            None => {
                let time = if i == count - 1 && count > 1 {
                    end
                } else {
                    start + (end - start) * share
                };
                (time, sample(keys, segs, time).0)
            }
        });
    }
    out
}

fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_engine_matches_an_independent_reading_of_the_spec_bit_for_bit(
        track in track(),
        fractions in prop::collection::vec(-0.1..1.1f64, 12),
        (a, b, count) in (0..12usize, 0..12usize, 0..6usize),
    ) {
        let compiled = CompiledTrack::compile(&track);
        let (keys, segs) = reference(&track);
        let played = compiled.played_segments();
        prop_assert_eq!(played.len(), segs.len());
        for (got, want) in played.iter().zip(&segs) {
            for k in 0..4 {
                let (t, v) = got.points[k];
                prop_assert!(same(t, want.ts + want.x[k]) && same(v, want.y[k]),
                    "point {} of {:?}: want ({}, {})", k, got, want.ts + want.x[k], want.y[k]);
            }
        }
        let (lo, hi) = (keys[0].0 as f64, keys[keys.len() - 1].0 as f64);
        let mut times: Vec<f64> = fractions.iter().map(|f| lo + (hi - lo) * f).collect();
        times.extend(keys.iter().flat_map(|k| [k.0 as f64, k.0 as f64 + 1.0, k.0 as f64 - 0.5]));
        times.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0]);
        let mut cursor = Cursor::default();
        for t in times {
            let Some(Sample::Number { value, velocity }) = compiled.sample_literal(t, &mut cursor)
            else {
                panic!("a number track gives numbers");
            };
            let (v, vel) = sample(&keys, &segs, t);
            prop_assert!(same(value, v) && same(velocity, vel),
                "at {}: engine ({}, {}), reference ({}, {})", t, value, velocity, v, vel);
            let Some(Sample::Number { value, velocity }) = compiled.sample(t, &mut cursor) else {
                panic!("a number track gives numbers");
            };
            if compiled.certified_at(t) && !(same(value, v) && same(velocity, vel)) {
                prop_assert!((value - v).abs() <= 1e-12 * v.abs().max(1.0)
                    && (velocity - vel).abs() <= 1e-10,
                    "at {} (certified): fast ({}, {}), reference ({}, {})", t, value, velocity, v, vel);
            } else {
                prop_assert!(same(value, v) && same(velocity, vel),
                    "at {} (literal): engine ({}, {}), reference ({}, {})", t, value, velocity, v, vel);
            }
        }
        let ends = |i: usize| match keys.get(i / 2) {
            Some(k) if i.is_multiple_of(2) => k.0 as f64 + 0.25,
            Some(k) => k.0 as f64,
            None => lo + (hi - lo) * fractions[i],
        };
        let (start, end) = (ends(a), ends(b));
        let mut got = Vec::new();
        prop_assert!(compiled.polyline(start, end, count, &mut got));
        let want = polyline(&keys, &segs, start, end, count);
        prop_assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            prop_assert!(same(g.0, w.0) && same(g.1, w.1),
                "polyline {}..{} x{}: engine {:?}, reference {:?}", start, end, count, got, want);
        }
    }
}
