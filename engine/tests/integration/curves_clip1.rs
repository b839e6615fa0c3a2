//! Clip format 1.x conversion (docs/curves.md §2): the worked examples X1–X7 of
//! docs/curves.md §6.2, each checked as the printed 2.0 document, the single-precision flags, the
//! effective control points and the samples (within 1e-12 relative).

use animation_engine::{
    Clip, ClipError, ClipV1, CompiledClip, ConvertError, Cursor, PointV1, Precision, Sample,
    TrackV1, ValueV1,
};

fn close(actual: f64, expected: f64) -> bool {
    actual == expected || (actual - expected).abs() <= 1e-12 * expected.abs().max(actual.abs())
}

type Handle = Option<(f32, f32)>;

fn point(id: &str, stamp: f32, value: ValueV1, leave: Handle, arrive: Handle) -> PointV1 {
    PointV1 {
        id: id.into(),
        stamp,
        value,
        arrive,
        leave,
    }
}

fn track(id: &str, points: Vec<PointV1>) -> TrackV1 {
    TrackV1 {
        id: id.into(),
        name: id.into(),
        animatable_id: "x".into(),
        points,
    }
}

fn clip(duration_ms: u32, tracks: Vec<TrackV1>) -> ClipV1 {
    ClipV1 {
        name: "c".into(),
        duration_ms,
        tracks,
    }
}

/// Converts, then checks the printed document and the single-precision flags (one per
/// track: its precision is `Single`); returns the compiled clip.
fn converted(source: &ClipV1, document: &str, flags: &[bool]) -> CompiledClip {
    let clip = source.to_clip().unwrap();
    assert_eq!(clip.to_json(), document);
    let valid = source.to_valid_clip().unwrap();
    let single = |precision| precision == Precision::Single;
    let got_flags: Vec<bool> = valid
        .tracks()
        .iter()
        .map(|t| single(t.precision()))
        .collect();
    assert_eq!(got_flags, flags);
    assert_eq!(valid.clone().into_clip(), clip, "the same clip, validated");
    assert_eq!(
        Clip::from_json(document).unwrap().into_clip(),
        clip,
        "the printed form reads back"
    );
    let compiled = CompiledClip::compile(&valid);
    let compiled_flags: Vec<bool> = compiled
        .tracks
        .iter()
        .map(|t| single(t.precision()))
        .collect();
    assert_eq!(
        compiled_flags, flags,
        "compiling keeps each track's precision"
    );
    compiled
}

fn assert_segments(clip: &CompiledClip, expected: &[[f64; 4]]) {
    let played = clip.tracks[0].played_segments();
    assert_eq!(played.len(), expected.len());
    for (segment, [t1, v1, t2, v2]) in played.iter().zip(expected) {
        let [_, (a, b), (c, d), _] = segment.points;
        assert!(
            close(a, *t1) && close(b, *v1) && close(c, *t2) && close(d, *v2),
            "{segment:?}"
        );
    }
}

fn assert_numbers(clip: &CompiledClip, rows: &[(f64, f64, f64)]) {
    for &(t, value, velocity) in rows {
        match clip.tracks[0].sample(t, &mut Cursor::default()) {
            Some(Sample::Number {
                value: v,
                velocity: vel,
            }) => {
                assert!(
                    close(v, value) && close(vel, velocity),
                    "at {t}: {v}, {vel}"
                );
            }
            other => panic!("at {t}: {other:?}"),
        }
    }
}

#[test]
fn x1_explicit_normalized_handles_and_the_single_precision_defaults() {
    use ValueV1::F32;
    let source = clip(
        2000,
        vec![track(
            "t",
            vec![
                point("a", 0.25, F32(1.0), Some((0.1, 0.9)), None),
                point("b", 0.75, F32(-3.0), None, Some((0.8, 0.2))),
                point("c", 1.0, F32(2.0), None, None),
            ],
        )],
    );
    let doc = r#"{"name":"c","lengthNs":2000000000,"tracks":[{"id":"t","name":"t","animatableId":"x","points":[{"id":"a","timeNs":500000000,"value":1.0,"transitions":{"out":{"dtNs":100000001.49011612,"dv":-3.5999999046325684}}},{"id":"b","timeNs":1500000000,"value":-3.0,"transitions":{"in":{"dtNs":-199999988.07907104,"dv":3.199999988079071},"out":{"dtNs":209999993.44348907,"dv":0.0}}},{"id":"c","timeNs":2000000000,"value":2.0,"transitions":{"in":{"dtNs":-210000008.34465027,"dv":0.0}}}]}]}"#;
    let compiled = converted(&source, doc, &[true]);
    assert_segments(
        &compiled,
        &[
            [
                600000001.4901161,
                -2.5999999046325684,
                1300000011.920929,
                0.19999998807907104,
            ],
            [1709999993.443489, -3.0, 1789999991.6553497, 2.0],
        ],
    );
    assert_numbers(
        &compiled,
        &[
            (0.0, 1.0, 0.0),
            (500000000.0, 1.0, 0.0),
            (1000000000.0, -1.1761957609248936, -0.7001056357187773),
            (1250000000.0, -1.4754636054838808, -2.212265543527882),
            (1500000000.0, -3.0, -16.000000894069725),
            (1750000000.0, -0.4999999036562854, 17.241379363499945),
            (2000000000.0, 2.0, 0.0),
        ],
    );
}

#[test]
fn x2_a_stamp_of_one_third_rounds_to_whole_nanoseconds_and_mixed_widths_are_not_narrow() {
    use ValueV1::{F32, F64};
    let source = clip(
        1000,
        vec![track(
            "t",
            vec![
                point("a", 0.0, F64(0.0), None, None),
                point("b", 0.33333334, F64(1.0), None, None),
                point("c", 1.0, F32(0.5), None, None),
            ],
        )],
    );
    let doc = r#"{"name":"c","lengthNs":1000000000,"tracks":[{"id":"t","name":"t","animatableId":"x","points":[{"id":"a","timeNs":0,"value":0.0,"transitions":{"out":{"dtNs":139999999.6889926,"dv":0.0}}},{"id":"b","timeNs":333333343,"value":1.0,"transitions":{"in":{"dtNs":-140000009.62310034,"dv":0.0},"out":{"dtNs":279999987.19798553,"dv":-0.0}}},{"id":"c","timeNs":1000000000,"value":0.5,"transitions":{"in":{"dtNs":-280000007.0662002,"dv":-0.0}}}]}]}"#;
    let compiled = converted(&source, doc, &[false]);
    assert_segments(
        &compiled,
        &[
            [139999999.6889926, 0.0, 193333333.37689966, 1.0],
            [613333330.1979855, 1.0, 719999992.9337997, 0.5],
        ],
    );
    assert_numbers(
        &compiled,
        &[
            (200000000.0, 0.6681161194957546, 4.791501693168145),
            (500000000.0, 0.9354190363791417, -0.7944464007510496),
        ],
    );
}

#[test]
fn x3_step_tracks_drop_their_handles_and_unsorted_stamps_are_sorted() {
    use ValueV1::{Boolean, Text};
    let source = clip(
        100,
        vec![
            track(
                "b",
                vec![
                    point("a", 0.5, Boolean(true), Some((0.2, 0.2)), None),
                    point("z", -0.5, Boolean(false), None, None),
                    point("c", 1.5, Boolean(false), None, None),
                ],
            ),
            track("e", vec![]),
            track("s", vec![point("a", 0.0, Text("hi".into()), None, None)]),
        ],
    );
    let doc = r#"{"name":"c","lengthNs":100000000,"tracks":[{"id":"b","name":"b","animatableId":"x","points":[{"id":"z","timeNs":-50000000,"value":false},{"id":"a","timeNs":50000000,"value":true},{"id":"c","timeNs":150000000,"value":false}]},{"id":"e","name":"e","animatableId":"x","points":[]},{"id":"s","name":"s","animatableId":"x","points":[{"id":"a","timeNs":0,"value":"hi"}]}]}"#;
    let compiled = converted(&source, doc, &[false, false, false]);
    let times = [-60000000.0, 50000000.0, 100000000.0, 150000000.0];
    let booleans: Vec<_> = times
        .iter()
        .map(|&t| compiled.tracks[0].sample(t, &mut Cursor::default()))
        .collect();
    let b = Sample::Boolean;
    assert_eq!(
        booleans,
        [
            Some(b(false)),
            Some(b(false)),
            Some(b(true)),
            Some(b(false))
        ]
    );
    for t in times {
        assert_eq!(compiled.tracks[1].sample(t, &mut Cursor::default()), None);
        let text = compiled.tracks[2].sample(t, &mut Cursor::default());
        assert_eq!(text, Some(Sample::Text("hi")));
    }
}

#[test]
fn x4_handles_outside_the_unit_box_are_shortened_by_the_2_0_clamps() {
    use ValueV1::F32;
    let source = clip(
        1000,
        vec![track(
            "t",
            vec![
                point("a", 0.0, F32(0.0), Some((1.2, 0.5)), None),
                point("b", 1.0, F32(1.0), None, Some((-0.3, 0.5))),
            ],
        )],
    );
    let doc = r#"{"name":"c","lengthNs":1000000000,"tracks":[{"id":"t","name":"t","animatableId":"x","points":[{"id":"a","timeNs":0,"value":0.0,"transitions":{"out":{"dtNs":1200000047.6837158,"dv":0.5}}},{"id":"b","timeNs":1000000000,"value":1.0,"transitions":{"in":{"dtNs":-1300000011.920929,"dv":-0.5}}}]}]}"#;
    let compiled = converted(&source, doc, &[true]);
    assert_segments(
        &compiled,
        &[[
            959232961.877502,
            0.3996803849004209,
            -39169010.270217314,
            0.6003196150995791,
        ]],
    );
    assert_numbers(
        &compiled,
        &[
            (250000000.0, 0.12469801717106538, 0.623985309960526),
            (500000000.0, 0.6698384746851267, 2.049843673708888),
        ],
    );
}

#[test]
fn x5_points_sharing_a_stamp_set_no_handles_facing_each_other() {
    use ValueV1::F32;
    let source = clip(
        1000,
        vec![track(
            "t",
            vec![
                point("a", 0.0, F32(0.0), None, None),
                point("b", 0.5, F32(1.0), Some((0.0, 0.0)), Some((0.5, 0.5))),
                point("c", 0.5, F32(2.0), Some((0.1, 0.3)), Some((0.9, 0.9))),
                point("d", 1.0, F32(0.0), None, None),
            ],
        )],
    );
    let doc = r#"{"name":"c","lengthNs":1000000000,"tracks":[{"id":"t","name":"t","animatableId":"x","points":[{"id":"a","timeNs":0,"value":0.0,"transitions":{"out":{"dtNs":209999993.44348907,"dv":0.0}}},{"id":"b","timeNs":500000000,"value":1.0,"transitions":{"in":{"dtNs":-250000000.0,"dv":-0.5}}},{"id":"c","timeNs":500000000,"value":2.0,"transitions":{"out":{"dtNs":50000000.74505806,"dv":-0.6000000238418579}}},{"id":"d","timeNs":1000000000,"value":0.0,"transitions":{"in":{"dtNs":-210000008.34465027,"dv":-0.0}}}]}]}"#;
    let compiled = converted(&source, doc, &[true]);
    assert_segments(
        &compiled,
        &[
            [209999993.44348907, 0.0, 250000000.0, 0.5],
            [550000000.7450581, 1.399999976158142, 789999991.6553497, 0.0],
        ],
    );
    assert_numbers(
        &compiled,
        &[
            (250000000.0, 0.35487875033507915, 2.866850528144909),
            (500000000.0, 1.0, 2.0),
            (750000000.0, 0.5222711857294186, -3.834055967586328),
        ],
    );
}

#[test]
fn x6_a_handle_that_is_not_finite_refuses_the_conversion_naming_the_point() {
    use ValueV1::{F32, F64};
    let source = clip(
        1000,
        vec![track(
            "t",
            vec![
                point("a", 0.0, F64(f64::NAN), None, None),
                point("b", 0.5, F32(1.0), Some((f32::INFINITY, 0.0)), None),
            ],
        )],
    );
    let error = source.to_clip().unwrap_err();
    let expected = ConvertError::NotFinite {
        track: "t".into(),
        point: "b".into(),
    };
    assert_eq!(error, expected);
    assert_eq!(
        error.to_string(),
        r#"keypoint "b" of track "t" has a stamp or a handle that is not finite"#
    );
}

#[test]
fn x7_stamps_sort_by_total_order_so_negative_zero_comes_first() {
    use ValueV1::Text;
    let source = clip(
        1000,
        vec![track(
            "t",
            vec![
                point("a", 0.0, Text("pos".into()), None, None),
                point("b", -0.0, Text("neg".into()), None, None),
                point("c", 1.0, Text("end".into()), None, None),
            ],
        )],
    );
    let doc = r#"{"name":"c","lengthNs":1000000000,"tracks":[{"id":"t","name":"t","animatableId":"x","points":[{"id":"b","timeNs":0,"value":"neg"},{"id":"a","timeNs":0,"value":"pos"},{"id":"c","timeNs":1000000000,"value":"end"}]}]}"#;
    let compiled = converted(&source, doc, &[false]);
    for t in [-1.0, 0.0, 1.0] {
        let sample = compiled.tracks[0].sample(t, &mut Cursor::default());
        assert_eq!(sample, Some(Sample::Text("pos")), "at {t}");
    }
}

#[test]
fn an_empty_track_is_not_single_precision_and_an_f64_nan_value_converts() {
    let source = clip(
        10,
        vec![
            track("e", vec![]),
            track(
                "n",
                vec![point("a", 0.0, ValueV1::F64(f64::NAN), None, None)],
            ),
        ],
    );
    let clip = source.to_clip().unwrap();
    assert_eq!(clip.length_ns, Some(10_000_000));
    assert!(
        clip.validate().is_err(),
        "the NaN value fails 2.0 validation"
    );
    assert!(
        matches!(
            source.to_valid_clip(),
            Err(ConvertError::Invalid(ClipError::NotFinite { .. }))
        ),
        "the NaN value fails 2.0 validation"
    );
    let empty = ClipV1 {
        tracks: source.tracks[..1].to_vec(),
        ..source.clone()
    };
    let precisions: Vec<_> = empty
        .to_valid_clip()
        .unwrap()
        .tracks()
        .iter()
        .map(|t| t.precision())
        .collect();
    assert_eq!(precisions, [Precision::Double]);
}
