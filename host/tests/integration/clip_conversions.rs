//! Clip conversions (docs/contract.md §4.2–§4.4): records to engine clips and back.

use animation_engine::{Easing, KeyValue, Pairing, Precision, Transition, ValidClip};
use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_animation_module::{ClipRefused, clip_record, engine_clip, engine_clip_v1};
use arora_animation_test_support::TRANSITION_KINDS;
use arora_types::value::Value;

fn transition(kind: &str, dt_ns: f64, dv: f64) -> ClipTransition {
    ClipTransition {
        kind: kind.to_string(),
        dt_ns,
        dv,
    }
}

fn keypoint(id: &str, time_ns: i64, value: Value, arrive: Vec<ClipTransition>) -> ClipKeypoint {
    ClipKeypoint {
        id: id.to_string(),
        time_ns,
        value,
        arrive,
        leave: vec![],
        pairing: String::new(),
    }
}

fn one_track(keypoints: Vec<ClipKeypoint>) -> Clip {
    Clip {
        name: "c".to_string(),
        length_ns: Some(-3),
        tracks: vec![ClipTrack {
            id: "t".to_string(),
            name: "T".to_string(),
            target: "x".to_string(),
            keypoints,
        }],
    }
}

#[test]
fn every_transition_kind_reads_as_its_engine_transition() {
    // The contract's kinds (docs/contract.md §4.4): the nine easings in the order it lists
    // them, which is `Easing::ALL`'s; the two inferred kinds; `handle` keeping its dt/dv.
    let easings = TRANSITION_KINDS[1..10]
        .iter()
        .zip(Easing::ALL)
        .map(|(kind, easing)| (*kind, Transition::Ease(easing)));
    let others = [
        ("explicit-handles", Transition::Inferred),
        ("inferred-auto-clamped", Transition::InferredAutoClamped),
        (
            "handle",
            Transition::Handle {
                dt_ns: -2.5,
                dv: 4.0,
            },
        ),
    ];
    let kinds: Vec<_> = easings.chain(others).collect();
    assert_eq!(kinds.len(), TRANSITION_KINDS.len());
    for (kind, expected) in kinds {
        let clip = one_track(vec![keypoint(
            "k",
            0,
            Value::F64(1.0),
            vec![transition(kind, -2.5, 4.0)],
        )]);
        let converted = engine_clip(&clip).expect("accepted");
        let keypoint = &converted.tracks()[0].track().keypoints[0];
        assert_eq!(
            (keypoint.arrive, keypoint.leave),
            (Some(expected), None),
            "{kind}"
        );
    }
}

#[test]
fn values_read_by_kind_integers_as_f64() {
    let values = [
        (Value::F32(0.1), KeyValue::Number(f64::from(0.1f32))),
        (Value::I64(-7), KeyValue::Number(-7.0)),
        (Value::U64(u64::MAX), KeyValue::Number(u64::MAX as f64)),
        (Value::U8(3), KeyValue::Number(3.0)),
        (Value::Boolean(true), KeyValue::Boolean(true)),
        (Value::String("s".into()), KeyValue::Text("s".into())),
    ];
    for (value, expected) in values {
        let converted =
            engine_clip(&one_track(vec![keypoint("k", 0, value, vec![])])).expect("accepted");
        assert_eq!(converted.tracks()[0].track().keypoints[0].value, expected);
    }
}

#[test]
fn refusals_name_the_track_keypoint_and_rule() {
    let two = one_track(vec![keypoint(
        "k",
        0,
        Value::F64(1.0),
        vec![
            transition("linear", 0.0, 0.0),
            transition("cubic", 0.0, 0.0),
        ],
    )]);
    assert_eq!(
        engine_clip(&two),
        Err(ClipRefused::TransitionCount {
            track: "t".into(),
            keypoint: "k".into()
        })
    );
    let unknown = one_track(vec![keypoint(
        "k",
        0,
        Value::F64(1.0),
        vec![transition("Cubic", 0.0, 0.0)],
    )]);
    assert_eq!(
        engine_clip(&unknown),
        Err(ClipRefused::TransitionKind {
            track: "t".into(),
            keypoint: "k".into(),
            kind: "Cubic".into()
        })
    );
    let composite = one_track(vec![keypoint("k", 0, Value::ArrayValue(vec![]), vec![])]);
    assert!(matches!(
        engine_clip(&composite),
        Err(ClipRefused::KeypointValue { .. })
    ));
    let message = engine_clip(&composite).unwrap_err().to_string();
    assert!(
        message.contains("a keypoint must be a number, boolean or string"),
        "{message}"
    );
    let mut paired = one_track(vec![keypoint("k", 0, Value::F64(1.0), vec![])]);
    paired.tracks[0].keypoints[0].pairing = "Paired".to_string();
    assert!(matches!(
        engine_clip(&paired),
        Err(ClipRefused::Pairing { .. })
    ));
}

#[test]
fn a_clip_round_trips_through_the_engine_clip_unchanged() {
    let mut clip = one_track(vec![
        keypoint(
            "a",
            -5,
            Value::F64(1.0),
            vec![transition("handle", -1.5, 0.25)],
        ),
        keypoint("b", 9, Value::F64(2.0), vec![transition("back", 0.0, 0.0)]),
    ]);
    clip.tracks[0].keypoints[1].leave = vec![transition("inferred-auto-clamped", 0.0, 0.0)];
    clip.tracks[0].keypoints[1].pairing = "free".to_string();
    clip.tracks.push(ClipTrack {
        id: "s".into(),
        name: "S".into(),
        target: "y".into(),
        keypoints: vec![keypoint("c", 0, Value::String("on".into()), vec![])],
    });
    let converted = engine_clip(&clip).expect("accepted");
    assert_eq!(
        converted.tracks()[0].track().keypoints[1].pairing,
        Pairing::Free
    );
    assert_eq!(clip_record(&converted.into_clip()), clip);
}

#[test]
fn the_reverse_conversion_writes_numbers_as_f64_and_named_transitions_with_zeros() {
    let clip = one_track(vec![keypoint(
        "a",
        0,
        Value::U32(4),
        vec![transition("sine", 7.0, 8.0)],
    )]);
    let back = clip_record(&engine_clip(&clip).expect("accepted").into_clip());
    let keypoint = &back.tracks[0].keypoints[0];
    assert_eq!(keypoint.value, Value::F64(4.0));
    assert_eq!(keypoint.arrive, vec![transition("sine", 0.0, 0.0)]);
}

fn point(
    id: &str,
    stamp: f32,
    value: Value,
    arrive: &[(f32, f32)],
    leave: &[(f32, f32)],
) -> Keypoint {
    let handles = |side: &[(f32, f32)]| {
        side.iter()
            .map(|&(x, y)| TransitionHandle { x, y })
            .collect()
    };
    Keypoint {
        id: id.to_string(),
        stamp,
        value,
        transitions_in: handles(arrive),
        transitions_out: handles(leave),
    }
}

#[test]
fn a_1x_clip_sorts_scales_and_turns_handles_absolute() {
    let clip = AnimationClip {
        name: "v1".into(),
        duration: 2000,
        tracks: vec![AnimTrack {
            id: "t".into(),
            name: "T".into(),
            animatable_id: "x".into(),
            points: vec![
                point("b", 0.5, Value::F32(10.0), &[(0.25, 0.5), (0.9, 0.9)], &[]),
                point("a", 0.0, Value::F32(0.0), &[], &[]),
            ],
        }],
    };
    let converted = engine_clip_v1(&clip).expect("accepted");
    assert_eq!(
        (converted.length_ns(), precisions(&converted)),
        (Some(2_000_000_000), vec![Precision::Single])
    );
    let keypoints = &converted.tracks()[0].track().keypoints;
    assert_eq!((keypoints[0].id.as_str(), keypoints[0].time_ns), ("a", 0));
    assert_eq!(
        (keypoints[1].id.as_str(), keypoints[1].time_ns),
        ("b", 1_000_000_000)
    );
    let dt = 1e9;
    let leave = Transition::Handle {
        dt_ns: f64::from(0.42f32) * dt,
        dv: 0.0,
    };
    assert_eq!(keypoints[0].leave, Some(leave));
    let arrive = Transition::Handle {
        dt_ns: (0.25 - 1.0) * dt,
        dv: (0.5 - 1.0) * 10.0,
    };
    assert_eq!(
        keypoints[1].arrive,
        Some(arrive),
        "only the first handle counts"
    );
}

#[test]
fn a_1x_track_is_narrow_only_when_every_value_is_f32() {
    let track = |id: &str, values: Vec<Value>| AnimTrack {
        id: id.into(),
        name: id.into(),
        animatable_id: id.into(),
        points: values
            .into_iter()
            .enumerate()
            .map(|(i, value)| point(&format!("{i}"), i as f32, value, &[], &[]))
            .collect(),
    };
    let clip = AnimationClip {
        name: "v1".into(),
        duration: 1,
        tracks: vec![
            track("f32", vec![Value::F32(1.0), Value::F32(2.0)]),
            track("mixed", vec![Value::F32(1.0), Value::F64(2.0)]),
            track("integer", vec![Value::U16(1)]),
            track("empty", vec![]),
            track("text", vec![Value::String("a".into())]),
        ],
    };
    let converted = engine_clip_v1(&clip).expect("accepted");
    assert_eq!(
        precisions(&converted),
        [
            Precision::Single,
            Precision::Double,
            Precision::Double,
            Precision::Double,
            Precision::Double
        ]
    );
}

/// Each track's precision, in clip order.
fn precisions(clip: &ValidClip) -> Vec<Precision> {
    clip.tracks()
        .iter()
        .map(|track| track.precision())
        .collect()
}
