//! Property tests of the curve layer: the curve passes through its keypoints, velocity is the
//! derivative, no time or JSON input panics, and the document form round-trips.

use animation_engine::bake::WithVelocities;
use animation_engine::{
    Clip, ClipTime, CompiledClip, CompiledTrack, Cursor, Easing, KeyValue, Keypoint, Pairing,
    Sample, Track, Transition, bake_as,
};
use proptest::prelude::*;

fn easing() -> impl Strategy<Value = Transition> {
    (0..Easing::ALL.len()).prop_map(|i| Transition::Ease(Easing::ALL[i]))
}

/// Any side: absent, a handle of any sign and size, an easing or an inferred kind.
fn any_side() -> impl Strategy<Value = Option<Transition>> {
    let handle =
        (-3e9..3e9f64, -1e3..1e3f64).prop_map(|(dt_ns, dv)| Transition::Handle { dt_ns, dv });
    prop_oneof![
        Just(None),
        handle.prop_map(Some),
        easing().prop_map(Some),
        Just(Some(Transition::Inferred)),
        Just(Some(Transition::InferredAutoClamped)),
    ]
}

/// A value of any kind, mostly numbers.
fn any_value() -> impl Strategy<Value = KeyValue> {
    prop_oneof![
        6 => (-1e3..1e3f64).prop_map(KeyValue::Number),
        1 => prop_oneof![Just(1e300), Just(-1e-300), Just(5e-324)].prop_map(KeyValue::Number),
        1 => any::<bool>().prop_map(KeyValue::Boolean),
        1 => "[a-z]{0,3}".prop_map(KeyValue::Text),
    ]
}

/// Times drawn from a small grid (so many coincide) or from the whole i64 range.
fn any_time() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => (-3i64..12).prop_map(|k| k * 100_000_000),
        1 => any::<i64>(),
        1 => -(1i64 << 58)..(1i64 << 58),
    ]
}

fn keypoint(
    i: usize,
    time_ns: i64,
    value: KeyValue,
    sides: (Option<Transition>, Option<Transition>),
) -> Keypoint {
    Keypoint {
        id: format!("k{i}"),
        time_ns,
        value,
        arrive: sides.0,
        leave: sides.1,
        pairing: Pairing::None,
    }
}

fn track(keypoints: Vec<Keypoint>) -> Track {
    Track {
        id: "t".into(),
        name: String::new(),
        target: "x".into(),
        keypoints,
    }
}

/// Any track, valid or not: mixed kinds, shared and extreme times, every transition.
fn any_track() -> impl Strategy<Value = Track> {
    prop::collection::vec((any_time(), any_value(), any_side(), any_side()), 0..8).prop_map(
        |points| {
            let keypoints = points
                .into_iter()
                .enumerate()
                .map(|(i, (t, v, a, l))| keypoint(i, t, v, (a, l)))
                .collect();
            track(keypoints)
        },
    )
}

/// A valid number track with distinct times (in random document order) and every transition.
fn distinct_number_track() -> impl Strategy<Value = Track> {
    prop::collection::btree_set(-20i64..40, 1..8)
        .prop_flat_map(|times| {
            let n = times.len();
            let times: Vec<i64> = times.into_iter().map(|k| k * 50_000_000 + 7).collect();
            let points = prop::collection::vec((-1e3..1e3f64, any_side(), any_side()), n);
            (
                Just(times),
                points,
                Just(()).prop_perturb(move |_, mut rng| {
                    let mut order: Vec<usize> = (0..n).collect();
                    for i in (1..n).rev() {
                        order.swap(i, rng.random_range(0..=i));
                    }
                    order
                }),
            )
        })
        .prop_map(|(times, points, order)| {
            let keypoints = order
                .into_iter()
                .map(|i| {
                    let (v, a, l) = points[i];
                    keypoint(i, times[i], KeyValue::Number(v), (a, l))
                })
                .collect();
            track(keypoints)
        })
}

/// A number track whose timing is strictly monotonic: easings, or handles kept well inside
/// their segment's time box (so no vertical tangent), on distinct times 1 s apart.
fn smooth_number_track() -> impl Strategy<Value = Track> {
    let span = 1e9;
    let leave = prop_oneof![
        easing().prop_map(Some),
        (0.0..0.8 * span, -50.0..50.0f64)
            .prop_map(|(dt_ns, dv)| Some(Transition::Handle { dt_ns, dv })),
    ];
    let arrive = prop_oneof![
        easing().prop_map(Some),
        (-0.8 * span..0.0, -50.0..50.0f64)
            .prop_map(|(dt_ns, dv)| Some(Transition::Handle { dt_ns, dv })),
    ];
    prop::collection::vec((-10.0..10.0f64, arrive, leave), 2..6).prop_map(|points| {
        let keypoints = points
            .into_iter()
            .enumerate()
            .map(|(i, (v, a, l))| {
                keypoint(i, i as i64 * 1_000_000_000, KeyValue::Number(v), (a, l))
            })
            .collect();
        track(keypoints)
    })
}

fn any_query() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => -5e8..5e9f64,
        1 => any::<f64>(),
        1 => prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY), Just(-0.0)],
        1 => any::<i64>().prop_map(|t| t as f64),
    ]
}

/// A sample with its numbers as bits, so that 0 does not match −0; every NaN reads `NaN`.
///
/// The sign of a NaN made inside a solve depends on how the optimiser inlined that copy of
/// the code (x86 makes negative NaNs, an operand's NaN passes through with its sign), so a
/// batch and a lone sample agree on every bit but a NaN's sign; no rule reads that sign.
fn exact(sample: Sample<'_>) -> String {
    let bits = |x: f64| {
        if x.is_nan() {
            "NaN".to_string()
        } else {
            format!("{:x}", x.to_bits())
        }
    };
    match sample {
        Sample::Number { value, velocity } => format!("{} {}", bits(value), bits(velocity)),
        other => format!("{other:?}"),
    }
}

fn number(sample: Option<Sample<'_>>) -> (f64, f64) {
    match sample {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("expected a number sample, got {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_curve_passes_through_each_keypoint_at_its_time(track in distinct_number_track()) {
        let compiled = CompiledTrack::compile(&track);
        for k in &track.keypoints {
            let (value, _) = number(compiled.sample(k.time_ns as f64, &mut Cursor::default()));
            prop_assert_eq!(KeyValue::Number(value), k.value.clone(), "at {}", k.time_ns);
        }
    }

    /// `sample_many`, `sample_numbers` and bakes solve several times together; each sample
    /// must still be the one sampling its time alone gives, bit for bit.
    #[test]
    fn sampling_many_times_answers_as_sampling_each_alone(
        track in prop_oneof![distinct_number_track(), any_track()],
        times in prop::collection::vec(any_query(), 0..24),
    ) {
        let compiled = CompiledTrack::compile(&track);
        let alone: Vec<_> = times
            .iter()
            .filter_map(|&t| compiled.sample(t, &mut Cursor::default()))
            .collect();
        let many = compiled.sample_many(&times);
        prop_assert_eq!(many.iter().map(|&s| exact(s)).collect::<Vec<_>>(),
            alone.iter().map(|&s| exact(s)).collect::<Vec<_>>());
        let (mut values, mut velocities) = (vec![0.0; times.len()], vec![0.0; times.len()]);
        if compiled.sample_numbers(&times, &mut values, &mut velocities) {
            let numbers = values.iter().zip(&velocities)
                .map(|(&value, &velocity)| exact(Sample::Number { value, velocity }));
            prop_assert_eq!(numbers.collect::<Vec<_>>(),
                alone.iter().map(|&s| exact(s)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn velocity_agrees_with_a_finite_difference_away_from_keypoints(
        track in smooth_number_track(),
        at in 0.01..0.99f64,
        segment in 0usize..5,
    ) {
        let compiled = CompiledTrack::compile(&track);
        let segment = segment % (track.keypoints.len() - 1);
        let t = (segment as f64 + at) * 1e9;
        let h = 1e3;
        let (_, velocity) = number(compiled.sample(t, &mut Cursor::default()));
        let (before, _) = number(compiled.sample(t - h, &mut Cursor::default()));
        let (after, _) = number(compiled.sample(t + h, &mut Cursor::default()));
        let difference = (after - before) / (2.0 * h) * 1e9;
        let scale = velocity.abs().max(difference.abs()).max(1.0);
        prop_assert!((difference - velocity).abs() <= 1e-3 * scale,
            "at {t}: velocity {velocity}, difference {difference}");
    }

    #[test]
    fn no_time_makes_sampling_panic_and_cursors_never_change_a_sample(
        track in any_track(),
        times in prop::collection::vec(any_query(), 1..40),
    ) {
        let compiled = CompiledTrack::compile(&track);
        let mut cursor = Cursor::default();
        for &t in &times {
            let with_cursor = compiled.sample(t, &mut cursor);
            let fresh = compiled.sample(t, &mut Cursor::default());
            prop_assert_eq!(format!("{with_cursor:?}"), format!("{fresh:?}"));
        }
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        let mut cursor = Cursor::default();
        for &t in &sorted {
            let in_order = compiled.sample(t, &mut cursor);
            let fresh = compiled.sample(t, &mut Cursor::default());
            prop_assert_eq!(format!("{in_order:?}"), format!("{fresh:?}"));
        }
        let mut out = Vec::new();
        compiled.polyline(times[0], *times.last().unwrap(), 5, &mut out);
        let _ = compiled.played_segments();
    }

    #[test]
    fn no_text_makes_the_reader_panic(text in "[\\[\\]{}\",:0-9a-zA-Z.eE+ -]{0,80}") {
        let _ = Clip::from_json(&text);
    }

    #[test]
    fn no_mutation_of_a_valid_document_makes_the_reader_panic(
        track in distinct_number_track(),
        cut in 0usize..2000,
        insert in "[\\[\\]{}\",:0-9a-z.-]{0,3}",
    ) {
        let text = Clip { tracks: vec![track], ..Default::default() }.to_json();
        let at = (0..=cut.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let mutated = format!("{}{}{}", &text[..at], insert, &text[at..]);
        let _ = Clip::from_json(&mutated);
    }

    #[test]
    fn writing_then_reading_a_document_is_the_identity(clip in writable_clip()) {
        let text = clip.to_json();
        let read = Clip::from_json(&text).unwrap().into_clip();
        prop_assert_eq!(&read, &clip);
        prop_assert_eq!(read.to_json(), text);
    }
}

/// A number whose written literal (shortest form, `.0` included) has a digit string below
/// 2^53 and a small exponent. The reader converts every literal correctly rounded
/// (docs/curves.md §1.6), so writing then reading gives the same f64; these are also the
/// literals the reference's serde_json default conversion reads exactly.
fn decimal() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-1e6..1e6f64).prop_map(|v| format!("{v:.9e}").parse().unwrap()),
        (-999_999_999_999i64..999_999_999_999, -10i32..=2)
            .prop_map(|(m, e)| format!("{m}e{e}").parse().unwrap()),
    ]
}

fn writable_side() -> impl Strategy<Value = Option<Transition>> {
    let handle = (decimal(), decimal()).prop_map(|(dt_ns, dv)| Transition::Handle { dt_ns, dv });
    prop_oneof![
        Just(None),
        handle.prop_map(Some),
        easing().prop_map(Some),
        Just(Some(Transition::Inferred)),
        Just(Some(Transition::InferredAutoClamped))
    ]
}

/// Valid clips: one kind per track, finite numbers, any ids, names, times and pairings.
fn writable_clip() -> impl Strategy<Value = Clip> {
    let pairing = prop_oneof![
        Just(Pairing::None),
        Just(Pairing::Paired),
        Just(Pairing::Free)
    ];
    let point = (
        ".{0,4}",
        any::<i64>(),
        decimal(),
        any::<bool>(),
        ".{0,3}",
        writable_side(),
        writable_side(),
        pairing,
    );
    let track = (
        ".{0,4}",
        ".{0,4}",
        ".{0,4}",
        0u8..3,
        prop::collection::vec(point, 0..5),
    )
        .prop_map(|(id, name, target, kind, points)| Track {
            id,
            name,
            target,
            keypoints: points
                .into_iter()
                .map(|(id, time_ns, n, b, s, arrive, leave, pairing)| Keypoint {
                    id,
                    time_ns,
                    value: match kind {
                        0 => KeyValue::Number(n),
                        1 => KeyValue::Boolean(b),
                        _ => KeyValue::Text(s),
                    },
                    arrive,
                    leave,
                    pairing,
                })
                .collect(),
        });
    (
        ".{0,6}",
        prop::option::of(any::<i64>()),
        prop::collection::vec(track, 0..4),
    )
        .prop_map(|(name, length_ns, tracks)| Clip {
            name,
            length_ns,
            tracks,
        })
}

/// Bake windows: a grid of times (up to 1.5 s apart) or any i64.
fn bake_time() -> impl Strategy<Value = i64> {
    prop_oneof![(-3i64..12).prop_map(|k| k * 100_000_000), any::<i64>()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_window_or_rate_makes_a_bake_panic(
        track in any_track(),
        rate in prop_oneof![any::<f64>(), 1e-3..1e4f64],
        start in prop::option::of(bake_time()),
        end in prop::option::of(bake_time()),
    ) {
        // Only a valid clip compiles (`ValidClip`): an invalid one is refused before any bake.
        let Ok(valid) = Clip { tracks: vec![track], ..Default::default() }.validate() else {
            return Ok(());
        };
        let clip = CompiledClip::compile(&valid);
        let (start, end) = (start.map(ClipTime::from_ns), end.map(ClipTime::from_ns));
        if let Ok(baked) = bake_as::<WithVelocities>(&clip, rate, start, end) {
            prop_assert!(baked.end >= baked.start);
            prop_assert!(baked.times.len() <= 1 << 20);
        }
    }

}
