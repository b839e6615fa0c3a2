//! Polylines, played segments and batches (docs/curves.md §4.7, §6.3 clip P).

use animation_engine::{Clip, CompiledTrack, Cursor, Sample};

const CLIP_P: &str = r#"{"tracks":[{"id":"t","animatableId":"x","points":[{"id":"a","timeNs":-1000000000,"value":-1,"transitions":{"out":"expo"}},{"id":"b","timeNs":1000000000,"value":4,"transitions":{"in":{"dtNs":-900000000,"dv":3},"out":"back"}},{"id":"c","timeNs":2000000000,"value":0.5}]}]}"#;

fn track_p() -> CompiledTrack {
    CompiledTrack::compile(Clip::from_json(CLIP_P).unwrap().tracks()[0].track())
}

fn close(actual: f64, expected: f64) -> bool {
    actual == expected || (actual - expected).abs() <= 1e-12 * expected.abs().max(actual.abs())
}

fn assert_polyline(start: f64, end: f64, count: usize, expected: &[(f64, f64)]) {
    let mut out = vec![(7.0, 7.0)];
    assert!(track_p().polyline(start, end, count, &mut out));
    assert_eq!(out[0], (7.0, 7.0), "appends, never clears");
    let got = &out[1..];
    assert_eq!(
        got.len(),
        expected.len(),
        "{start}..{end} × {count}: {got:?}"
    );
    for (&(t, v), &(et, ev)) in got.iter().zip(expected) {
        assert!(
            close(t, et) && close(v, ev),
            "{start}..{end} × {count}: {got:?}"
        );
    }
}

#[test]
fn clip_p_plays_the_printed_segments() {
    let played = track_p().played_segments();
    let points: Vec<_> = played
        .iter()
        .map(|s| (s.start_ns, s.end_ns, s.points))
        .collect();
    assert_eq!(
        points,
        [
            (
                -1000000000,
                1000000000,
                [
                    (-1e9, -1.0),
                    (740000000.0, -1.0),
                    (100000000.0, 7.0),
                    (1e9, 4.0)
                ]
            ),
            (
                1000000000,
                2000000000,
                [
                    (1e9, 4.0),
                    (1680000000.0, 6.1),
                    (1350000000.0, 0.5),
                    (2e9, 0.5)
                ]
            ),
        ]
    );
}

#[test]
fn within_one_segment_points_are_spaced_evenly_in_the_bezier_parameter() {
    assert_polyline(
        -1e9,
        1e9,
        5,
        &[
            (-1e9, -1.0),
            (-80000000.0, 0.203125),
            (315000000.0, 2.625),
            (552500000.0, 4.484375),
            (1e9, 4.0),
        ],
    );
    assert_polyline(
        -7e8,
        2e8,
        3,
        &[
            (-7e8, -0.9104539579871105),
            (-122790295.59741199, 0.05936752177096844),
            (2e8, 1.6496550647815655),
        ],
    );
}

#[test]
fn half_a_nanosecond_of_slack_keeps_a_range_within_its_segment() {
    assert_polyline(
        -1000000000.4,
        1000000000.4,
        3,
        &[
            (-1000000000.4, -1.0),
            (315000000.0, 2.625),
            (1000000000.4, 4.0),
        ],
    );
}

#[test]
fn across_a_keypoint_in_a_hold_or_reversed_points_are_spaced_evenly_in_time() {
    let forward = [
        (5e8, 4.243229890539396),
        (1e9, 4.0),
        (1.5e9, 3.187980967407884),
    ];
    assert_polyline(5e8, 1.5e9, 3, &forward);
    let backward: Vec<_> = forward.iter().rev().copied().collect();
    assert_polyline(1.5e9, 5e8, 3, &backward);
    assert_polyline(2e9, 5e9, 2, &[(2e9, 0.5), (5e9, 0.5)]);
    assert_polyline(1e9, 1e9, 3, &[(1e9, 4.0), (1e9, 4.0), (1e9, 4.0)]);
}

#[test]
fn a_polyline_of_one_point_gives_the_start_and_of_zero_points_nothing() {
    assert_polyline(5e8, 1.5e9, 1, &[(5e8, 4.243229890539396)]);
    assert_polyline(0.0, 1.0, 0, &[]);
}

#[test]
fn step_tracks_have_no_polyline_and_no_played_segments() {
    let doc = r#"{"tracks":[{"id":"t","animatableId":"x","points":[{"id":"a","timeNs":0,"value":true},{"id":"b","timeNs":5,"value":false}]}]}"#;
    let track = CompiledTrack::compile(Clip::from_json(doc).unwrap().tracks()[0].track());
    let mut out = Vec::new();
    assert!(!track.polyline(0.0, 5.0, 4, &mut out));
    assert!(out.is_empty());
    assert!(track.played_segments().is_empty());
}

#[test]
fn a_batch_in_any_order_equals_sampling_each_time_alone() {
    let track = track_p();
    let times = [
        1.5e9,
        -2e9,
        3e8,
        f64::NAN,
        1e9,
        3e8,
        f64::INFINITY,
        -5e8,
        1.0e9 + 1.0,
    ];
    let batch = track.sample_many(&times);
    assert_eq!(batch.len(), times.len());
    for (&t, got) in times.iter().zip(&batch) {
        let alone = track.sample(t, &mut Cursor::default()).unwrap();
        match (got, alone) {
            (
                Sample::Number {
                    value: a,
                    velocity: b,
                },
                Sample::Number {
                    value: c,
                    velocity: d,
                },
            ) => {
                assert_eq!(
                    (a.to_bits(), b.to_bits()),
                    (c.to_bits(), d.to_bits()),
                    "at {t}"
                );
            }
            _ => panic!("a number track gives numbers"),
        }
    }
}

#[test]
fn the_numbers_only_batch_writes_values_and_velocities_for_number_tracks_only() {
    let track = track_p();
    let times = [0.0, 1.5e9];
    let (mut values, mut velocities) = ([9.0; 3], [9.0; 3]);
    assert!(track.sample_numbers(&times, &mut values, &mut velocities));
    assert_eq!(values[2], 9.0, "slots past the times stay untouched");
    for (i, &t) in times.iter().enumerate() {
        let Some(Sample::Number { value, velocity }) = track.sample(t, &mut Cursor::default())
        else {
            panic!("number")
        };
        assert_eq!((values[i], velocities[i]), (value, velocity));
    }
    let empty = CompiledTrack::compile(&Default::default());
    assert!(!empty.sample_numbers(&times, &mut values, &mut velocities));
    assert!(
        empty.sample_many(&times).is_empty(),
        "no keypoint: nothing at all"
    );
}
