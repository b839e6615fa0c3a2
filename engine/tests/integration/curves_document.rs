//! The JSON document form (docs/curves.md §1.6–§1.7), validation (docs/curves.md §1.5), the end of
//! a clip (docs/curves.md §1.1) and the millisecond helpers (docs/curves.md §1.8).

use animation_engine::{
    Clip, ClipError, KeyValue, Keypoint, Pairing, Track, Transition, ValueKind, ms_to_ns, ns_to_ms,
};
use arora_animation_test_support::TRANSITION_KINDS;
use arora_animation_test_support::random::{RngExt, seeded};

const SECTION_1_7: &str = r##"{
  "formatVersion": 3,
  "name": "wave",
  "lengthNs": 2000000000,
  "tracks": [
    {
      "id": "t1",
      "name": "elbow",
      "animatableId": "elbow",
      "settings": {"color": "#ff8800"},
      "points": [
        {"id": "k0", "timeNs": -5000000, "value": 0,
         "transitions": {"out": {"dtNs": 250000000, "dv": 0.5}, "pairing": "paired"}},
        {"id": "k1", "timeNs": 1000000000, "value": 1,
         "transitions": {"in": "sine", "out": "explicit-handles"}},
        {"id": "k2", "timeNs": 1500000000, "value": 2,
         "transitions": {"in": "inferred-auto-clamped", "out": "back", "pairing": "free"}},
        {"id": "k3", "timeNs": 1800000000, "value": -0.25,
         "transitions": {"in": {"dtNs": -100000000, "dv": 0}}}
      ]
    },
    {
      "id": "t2", "name": "face", "animatableId": "face",
      "points": [
        {"id": "e0", "timeNs": 0, "value": "idle"},
        {"id": "e1", "timeNs": 1200000000, "value": "smile"}
      ]
    },
    {
      "id": "t3", "animatableId": "led",
      "points": [
        {"id": "b1", "timeNs": 500000000, "value": true},
        {"id": "b0", "timeNs": 0, "value": false}
      ]
    }
  ]
}"##;

const SECTION_1_7_WRITTEN: &str = r#"{"name":"wave","lengthNs":2000000000,"tracks":[{"id":"t1","name":"elbow","animatableId":"elbow","points":[{"id":"k0","timeNs":-5000000,"value":0.0,"transitions":{"out":{"dtNs":250000000.0,"dv":0.5},"pairing":"paired"}},{"id":"k1","timeNs":1000000000,"value":1.0,"transitions":{"in":"sine","out":"explicit-handles"}},{"id":"k2","timeNs":1500000000,"value":2.0,"transitions":{"in":"inferred-auto-clamped","out":"back","pairing":"free"}},{"id":"k3","timeNs":1800000000,"value":-0.25,"transitions":{"in":{"dtNs":-100000000.0,"dv":0.0}}}]},{"id":"t2","name":"face","animatableId":"face","points":[{"id":"e0","timeNs":0,"value":"idle"},{"id":"e1","timeNs":1200000000,"value":"smile"}]},{"id":"t3","name":"","animatableId":"led","points":[{"id":"b1","timeNs":500000000,"value":true},{"id":"b0","timeNs":0,"value":false}]}]}"#;

/// A one-keypoint clip document with `point` as its only keypoint.
fn with_point(point: &str) -> String {
    format!(r#"{{"tracks":[{{"id":"t","animatableId":"x","points":[{point}]}}]}}"#)
}

fn first_keypoint(doc: &str) -> Keypoint {
    Clip::from_json(doc).unwrap().into_clip().tracks[0].keypoints[0].clone()
}

fn refused(doc: &str) -> String {
    match Clip::from_json(doc) {
        Err(ClipError::Document(message)) => message,
        other => panic!("{doc} should be refused, got {other:?}"),
    }
}

#[test]
fn the_complete_document_drops_editor_fields_and_writes_back_compactly() {
    let clip = Clip::from_json(SECTION_1_7).unwrap().into_clip();
    assert_eq!(clip.to_json(), SECTION_1_7_WRITTEN);
    assert_eq!(clip.end_ns(), 2_000_000_000);
    let k0 = &clip.tracks[0].keypoints[0];
    assert_eq!(k0.pairing, Pairing::Paired);
    let handle = Transition::Handle {
        dt_ns: 250000000.0,
        dv: 0.5,
    };
    assert_eq!(k0.leave, Some(handle));
    assert_eq!(clip.tracks[2].name, "", "an absent name reads as empty");
    let written_order: Vec<_> = clip.tracks[2]
        .keypoints
        .iter()
        .map(|k| k.id.as_str())
        .collect();
    assert_eq!(written_order, ["b1", "b0"], "document order is kept");
}

#[test]
fn null_is_refused_for_name_and_transitions_but_means_absent_for_length_in_out_and_pairing() {
    refused(r#"{"name":null,"tracks":[]}"#);
    refused(&with_point(
        r#"{"id":"a","timeNs":0,"value":1,"transitions":null}"#,
    ));
    let clip = Clip::from_json(r#"{"lengthNs":null,"tracks":[]}"#).unwrap();
    assert_eq!(clip.length_ns(), None);
    let k = first_keypoint(&with_point(
        r#"{"id":"a","timeNs":0,"value":1,"transitions":{"in":null,"out":null,"pairing":null}}"#,
    ));
    assert_eq!((k.arrive, k.leave, k.pairing), (None, None, Pairing::None));
    let empty = first_keypoint(&with_point(
        r#"{"id":"a","timeNs":0,"value":1,"transitions":{}}"#,
    ));
    assert_eq!(
        empty,
        first_keypoint(&with_point(r#"{"id":"a","timeNs":0,"value":1}"#))
    );
}

#[test]
fn integers_must_be_integer_literals_within_i64() {
    for time in ["1.0", "1e9", "-0", "9223372036854775808", "\"5\""] {
        refused(&with_point(&format!(
            r#"{{"id":"a","timeNs":{time},"value":1}}"#
        )));
    }
    let k = first_keypoint(&with_point(
        r#"{"id":"a","timeNs":-9223372036854775808,"value":1}"#,
    ));
    assert_eq!(k.time_ns, i64::MIN);
    refused(r#"{"lengthNs":5.0,"tracks":[]}"#);
}

#[test]
fn values_are_numbers_booleans_or_strings_and_number_literals_read_as_their_nearest_double() {
    for value in ["null", "[1]", "{}", "1e400"] {
        refused(&with_point(&format!(
            r#"{{"id":"a","timeNs":0,"value":{value}}}"#
        )));
    }
    let read = |literal: &str| match first_keypoint(&with_point(&format!(
        r#"{{"id":"a","timeNs":0,"value":{literal}}}"#
    )))
    .value
    {
        KeyValue::Number(v) => v,
        other => panic!("{other:?}"),
    };
    assert_eq!(read("-0").to_bits(), (-0.0f64).to_bits());
    assert_eq!(read("1e-400"), 0.0);
    // Both read one ulp low through serde_json's default conversion (docs/curves.md §1.6).
    assert_eq!(read("0.018355004591502834"), 0.018355004591502834);
    // serde_json's default conversion reads this as 3612699855164489.5; the nearest double
    // is the integer itself (below 2^53, exactly representable).
    assert_eq!(read("3612699855164490.0"), 3612699855164490.0);
    assert_eq!(read("18446744073709551615"), 18446744073709551615u64 as f64);
}

#[test]
fn repeated_known_keys_trailing_text_and_misspelt_names_are_refused() {
    let message = refused(r#"{"tracks":[],"tracks":[]}"#);
    assert!(message.contains("duplicate field"), "{message}");
    let unknown_twice = r#"{"x":1,"x":2,"tracks":[]}"#;
    assert!(
        Clip::from_json(unknown_twice).is_ok(),
        "repeated unknown keys are ignored"
    );
    refused(r#"{"tracks":[]} x"#);
    refused(r#"{"Tracks":[]}"#);
    for transition in [r#""Linear""#, r#""ease""#, "[1,2]", "1", "true"] {
        let t = format!(r#"{{"id":"a","timeNs":0,"value":1,"transitions":{{"in":{transition}}}}}"#);
        refused(&with_point(&t));
    }
    for pairing in [r#""Paired""#, r#""none""#, "1"] {
        let t =
            format!(r#"{{"id":"a","timeNs":0,"value":1,"transitions":{{"pairing":{pairing}}}}}"#);
        refused(&with_point(&t));
    }
}

#[test]
fn a_handle_needs_dtns_and_dv_once_each_as_numbers_and_ignores_other_keys() {
    let handle = |h: &str| {
        with_point(&format!(
            r#"{{"id":"a","timeNs":0,"value":1,"transitions":{{"out":{h}}}}}"#
        ))
    };
    assert!(refused(&handle(r#"{"dtNs":1}"#)).contains("missing field"));
    assert!(refused(&handle(r#"{"dtNs":1,"dv":2,"dv":3}"#)).contains("duplicate field"));
    refused(&handle(r#"{"dtNs":null,"dv":2}"#));
    refused(&handle(r#"{"dtNs":"1","dv":2}"#));
    let k = first_keypoint(&handle(r#"{"dtNs":-3,"dv":2.5,"x":{}}"#));
    assert_eq!(
        k.leave,
        Some(Transition::Handle {
            dt_ns: -3.0,
            dv: 2.5
        })
    );
}

#[test]
fn arrays_are_accepted_in_place_of_objects_with_fields_in_table_order() {
    let clip = Clip::from_json(r#"{"tracks":[["t","nm","x",[["a",0,1]]]]}"#)
        .unwrap()
        .into_clip();
    let track = &clip.tracks[0];
    assert_eq!(
        (
            track.id.as_str(),
            track.name.as_str(),
            track.target.as_str()
        ),
        ("t", "nm", "x")
    );
    assert_eq!(track.keypoints[0].value, KeyValue::Number(1.0));
}

#[test]
fn numbers_are_written_in_shortest_form_with_a_fraction_or_an_exponent() {
    let clip = |v: f64| Clip {
        tracks: vec![Track {
            id: "t".into(),
            target: "x".into(),
            keypoints: vec![Keypoint {
                id: "a".into(),
                time_ns: 0,
                value: KeyValue::Number(v),
                arrive: None,
                leave: None,
                pairing: Pairing::None,
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let written = |v: f64| {
        let text = clip(v).to_json();
        let start = text.find("\"value\":").unwrap() + 8;
        text[start..text.len() - "}]}]}".len()].to_owned()
    };
    assert_eq!(written(10.0), "10.0");
    assert_eq!(written(250000000.0), "250000000.0");
    assert_eq!(written(1e-7), "1e-7");
    assert_eq!(written(1e16), "1e+16");
    assert_eq!(written(0.1), "0.1");
    assert_eq!(written(f64::NAN), "null");
    assert_eq!(
        Clip::from_json(&clip(1e16).to_json()).unwrap().into_clip(),
        clip(1e16)
    );
}

#[test]
fn validation_reports_the_first_mixed_kind_with_the_track_and_both_kinds() {
    let doc = r#"{"tracks":[{"id":"ok","animatableId":"x","points":[]},{"id":"m","animatableId":"y","points":[{"id":"a","timeNs":0,"value":"s"},{"id":"b","timeNs":1,"value":true},{"id":"c","timeNs":2,"value":3}]}]}"#;
    let error = Clip::from_json(doc).unwrap_err();
    let expected = ClipError::MixedKinds {
        track: "m".into(),
        first: ValueKind::Text,
        other: ValueKind::Boolean,
    };
    assert_eq!(error, expected);
    assert_eq!(
        error.to_string(),
        r#"track "m" mixes string and boolean keypoints: a track's keypoints are of one kind"#
    );
}

/// A keypoint `id` at 0 holding `value`, leaving by `leave`.
fn keypoint(id: &str, value: KeyValue, leave: Option<Transition>) -> Keypoint {
    Keypoint {
        id: id.into(),
        time_ns: 0,
        value,
        arrive: None,
        leave,
        pairing: Pairing::None,
    }
}

/// A clip of one track `t` of `keypoints`.
fn clip(keypoints: Vec<Keypoint>) -> Clip {
    Clip {
        tracks: vec![Track {
            id: "t".into(),
            keypoints,
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn validation_refuses_non_finite_numbers_and_handles_on_tracks_of_every_kind() {
    let infinite = Some(Transition::Handle {
        dt_ns: f64::INFINITY,
        dv: 0.0,
    });
    let on_boolean = clip(vec![
        keypoint("a", KeyValue::Boolean(true), None),
        keypoint("b", KeyValue::Boolean(false), infinite),
    ]);
    let error = on_boolean.validate().unwrap_err();
    assert_eq!(
        error,
        ClipError::NotFinite {
            track: "t".into(),
            keypoint: "b".into()
        }
    );
    assert_eq!(
        error.to_string(),
        r#"keypoint "b" of track "t" carries a number that is not finite"#
    );
    let nan_value = clip(vec![keypoint("n", KeyValue::Number(f64::NAN), None)]);
    assert!(matches!(
        nan_value.validate(),
        Err(ClipError::NotFinite { .. })
    ));
    let mixed_first = clip(vec![
        keypoint("a", KeyValue::Number(1.0), None),
        keypoint("b", KeyValue::Text("x".into()), infinite),
    ]);
    assert!(matches!(
        mixed_first.validate(),
        Err(ClipError::MixedKinds { .. })
    ));
}

#[test]
fn a_document_error_names_the_parser_failure() {
    let error = Clip::from_json("[").unwrap_err();
    assert!(error.to_string().starts_with("not a clip: "), "{error}");
}

#[test]
fn the_end_of_a_clip_is_its_length_or_latest_keypoint_at_least_zero() {
    let end = |doc: &str| Clip::from_json(doc).unwrap().end_ns();
    assert_eq!(
        end(&with_point(
            r#"{"id":"a","timeNs":-9,"value":1},{"id":"b","timeNs":700,"value":1}"#
        )),
        700
    );
    assert_eq!(end(r#"{"lengthNs":5000,"tracks":[]}"#), 5000);
    assert_eq!(end(&with_point(r#"{"id":"a","timeNs":-9,"value":1}"#)), 0);
    assert_eq!(end(r#"{"lengthNs":-5,"tracks":[]}"#), 0);
    assert_eq!(end(r#"{"tracks":[]}"#), 0);
}

/// The reader converts each decimal to its nearest double (docs/curves.md §1.6) and the writer
/// writes the shortest literal that reads back, so a number read, written and read again is the
/// same double, bit for bit. Random doubles of every exponent, from a fixed seed.
#[test]
fn a_number_written_and_read_again_is_the_same_double() {
    let number = |clip: &Clip| match clip.tracks[0].keypoints[0].value {
        KeyValue::Number(x) => x,
        ref other => panic!("{clip:?} holds a {other:?}"),
    };
    let mut rng = seeded(2);
    let mut read = 0;
    while read < 200_000 {
        let x = f64::from_bits(rng.random::<u64>());
        if !x.is_finite() {
            continue;
        }
        read += 1;
        let doc = with_point(&format!(r#"{{"id":"k","timeNs":0,"value":{x:?}}}"#));
        let clip = Clip::from_json(&doc).unwrap().into_clip();
        let again = Clip::from_json(&clip.to_json()).unwrap().into_clip();
        assert_eq!(number(&clip).to_bits(), x.to_bits(), "{x:?} read");
        assert_eq!(
            number(&again).to_bits(),
            x.to_bits(),
            "{x:?} written and read"
        );
    }
}

#[test]
fn milliseconds_round_half_away_from_zero_to_nanoseconds_within_i64() {
    assert_eq!(ms_to_ns(333.3333), Some(333_333_300));
    assert_eq!(ms_to_ns(-0.0000004), Some(0));
    assert_eq!(ms_to_ns(-0.0000006), Some(-1));
    assert_eq!(ms_to_ns(f64::NAN), None);
    assert_eq!(ms_to_ns(1e300), None);
    assert_eq!(ms_to_ns(9.2e12), Some(9_200_000_000_000_000_000));
    assert_eq!(ms_to_ns(9.3e12), None);
    assert_eq!(ms_to_ns(-9.3e12), None);
    let two_63_ms = 2f64.powi(63) / 1e6;
    assert_eq!(
        two_63_ms * 1e6,
        2f64.powi(63),
        "2^63 ns is representable from ms"
    );
    assert_eq!(ms_to_ns(-two_63_ms), Some(i64::MIN), "−2^63 is inside");
    assert_eq!(ms_to_ns(two_63_ms), None, "2^63 is outside");
    assert_eq!(ns_to_ms(1_500_000), 1.5);
}

#[test]
fn transition_names_are_the_eleven_case_sensitive_document_names() {
    // The contract's kinds but `handle`, which names no transition of a document.
    let names = &TRANSITION_KINDS[1..];
    assert_eq!(names.len(), 11);
    for &name in names {
        let transition = Transition::named(name).unwrap();
        assert_eq!(transition.name(), Some(name));
    }
    assert_eq!(Transition::named("Cubic"), None);
    assert_eq!(Transition::named("handle"), None);
    let handle = Transition::Handle {
        dt_ns: 1.0,
        dv: 2.0,
    };
    assert_eq!(handle.name(), None);
}
