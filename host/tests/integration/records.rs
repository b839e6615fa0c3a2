//! Every record converts to `Value` and back unchanged, by the rules of
//! docs/contract.md §2.3.

use arora_animation_module::records::*;
use arora_types::AroraType;
use arora_types::Uuid;
use arora_types::value::{Structure, StructureField, Value};

fn uuid(text: &str) -> Uuid {
    Uuid::parse_str(text).expect("a literal uuid")
}

fn round_trip<T>(record: T)
where
    T: Clone + PartialEq + std::fmt::Debug + Into<Value> + TryFrom<Value>,
{
    let value: Value = record.clone().into();
    let back = T::try_from(value).ok().expect("the record converts back");
    assert_eq!(back, record);
}

fn keypoint() -> Keypoint {
    Keypoint {
        id: "k0".to_string(),
        stamp: 0.25,
        value: Value::F32(1.5),
        transitions_in: vec![TransitionHandle { x: 0.58, y: 1.0 }],
        transitions_out: vec![],
    }
}

fn clip2() -> Clip {
    Clip {
        name: "c".to_string(),
        length_ns: Some(-5),
        tracks: vec![ClipTrack {
            id: "t".to_string(),
            name: "T".to_string(),
            target: "x".to_string(),
            keypoints: vec![ClipKeypoint {
                id: "k".to_string(),
                time_ns: -10,
                value: Value::String("a".to_string()),
                arrive: vec![ClipTransition {
                    kind: "handle".to_string(),
                    dt_ns: -3.5,
                    dv: 2.0,
                }],
                leave: vec![],
                pairing: "paired".to_string(),
            }],
        }],
    }
}

fn player_state() -> PlayerState {
    PlayerState {
        player: 3,
        state: "playing".to_string(),
        time_ns: 10,
        duration_ns: 1_000_000_000,
        speed: -0.0,
        name: "p".to_string(),
        instances: vec![InstanceState {
            instance: 7,
            anim: 1,
            weight: 0.5,
            start_offset_ns: -250,
            time_scale: 0.5,
            rate: 2.0,
        }],
        loop_mode: "ping_pong".to_string(),
        ended: false,
        window_start_ns: 1,
        window_end_ns: Some(2),
        reversed: true,
        waiting: false,
    }
}

#[test]
fn every_clip_record_converts_to_value_and_back_unchanged() {
    round_trip(TransitionHandle { x: 0.42, y: 0.0 });
    round_trip(keypoint());
    let track = AnimTrack {
        id: "t".to_string(),
        name: "T".to_string(),
        animatable_id: "x".to_string(),
        points: vec![keypoint(), keypoint()],
    };
    round_trip(track.clone());
    round_trip(AnimationClip {
        name: "clip".to_string(),
        duration: 1000,
        tracks: vec![track],
    });
    round_trip(clip2());
    round_trip(clip2().tracks[0].clone());
    round_trip(clip2().tracks[0].keypoints[0].clone());
    round_trip(clip2().tracks[0].keypoints[0].arrive[0].clone());
    round_trip(Clip {
        length_ns: None,
        tracks: vec![],
        ..clip2()
    });
}

#[test]
fn every_answer_record_converts_to_value_and_back_unchanged() {
    round_trip(TrackOutput {
        track_id: "t".to_string(),
        default_key: "x".to_string(),
        value: Value::Boolean(true),
    });
    round_trip(player_state());
    round_trip(PlayerState {
        window_end_ns: None,
        instances: vec![],
        ..player_state()
    });
    round_trip(player_state().instances[0].clone());
    round_trip(StepValues {
        revision: 4,
        values: Value::ArrayValue(vec![Value::Unit, Value::F64(1.0)]),
    });
    round_trip(OutputKeys {
        revision: 4,
        keys: vec!["x".to_string(), "x".to_string()],
    });
    round_trip(StepSamples {
        revision: u32::MAX,
        values: Value::ArrayValue(vec![Value::F32(1.0)]),
        velocities: Value::ArrayValue(vec![Value::Unit]),
    });
    let baked = BakedTrack {
        animatable_id: "x".to_string(),
        values: Value::ArrayValue(vec![Value::F64(0.0)]),
        derivatives: Value::ArrayValue(vec![Value::Option(Some(Box::new(Value::F64(1.0))))]),
    };
    round_trip(baked.clone());
    round_trip(BakedAnimation {
        frame_rate: 60.0,
        start_ns: 0,
        end_ns: 1_000_000_000,
        tracks: vec![baked],
    });
}

#[test]
fn a_record_is_a_structure_under_its_id_with_fields_in_declared_order() {
    let Value::Structure(structure) = Value::from(TransitionHandle { x: 1.0, y: 2.0 }) else {
        panic!("a record converts to a structure");
    };
    assert_eq!(structure.id, uuid("76697a69-6a00-0000-0000-000000000103"));
    let ids: Vec<Uuid> = structure.fields.iter().map(|field| field.id).collect();
    assert_eq!(
        ids,
        [
            uuid("76697a69-6a00-0000-0103-000000000001"),
            uuid("76697a69-6a00-0000-0103-000000000002")
        ]
    );
    assert_eq!(*structure.fields[1].value, Value::F32(2.0));
}

#[test]
fn the_sixteen_records_carry_their_ids_and_versions() {
    // (id, version, record number of docs/contract.md §2, semver)
    #[rustfmt::skip]
    let expected = [
        (AnimationClip::arora_type_id(), AnimationClip::arora_type_version(), "0100", "1.2.0"),
        (AnimTrack::arora_type_id(), AnimTrack::arora_type_version(), "0101", "1.2.0"),
        (Keypoint::arora_type_id(), Keypoint::arora_type_version(), "0102", "1.2.0"),
        (TransitionHandle::arora_type_id(), TransitionHandle::arora_type_version(), "0103", "1.1.0"),
        (TrackOutput::arora_type_id(), TrackOutput::arora_type_version(), "0110", "1.1.0"),
        (PlayerState::arora_type_id(), PlayerState::arora_type_version(), "0111", "1.3.0"),
        (InstanceState::arora_type_id(), InstanceState::arora_type_version(), "0112", "1.2.0"),
        (StepValues::arora_type_id(), StepValues::arora_type_version(), "0113", "1.1.0"),
        (OutputKeys::arora_type_id(), OutputKeys::arora_type_version(), "0114", "1.1.0"),
        (StepSamples::arora_type_id(), StepSamples::arora_type_version(), "0115", "1.0.0"),
        (BakedAnimation::arora_type_id(), BakedAnimation::arora_type_version(), "0120", "1.1.0"),
        (BakedTrack::arora_type_id(), BakedTrack::arora_type_version(), "0121", "1.1.0"),
        (Clip::arora_type_id(), Clip::arora_type_version(), "0200", "2.0.0"),
        (ClipTrack::arora_type_id(), ClipTrack::arora_type_version(), "0201", "2.0.0"),
        (ClipKeypoint::arora_type_id(), ClipKeypoint::arora_type_version(), "0202", "2.0.0"),
        (ClipTransition::arora_type_id(), ClipTransition::arora_type_version(), "0203", "2.0.0"),
    ];
    for (id, version, record, semver) in expected {
        let written = format!("76697a69-6a00-0000-0000-000000000{}", &record[1..]);
        assert_eq!(id, uuid(&written), "{record}");
        assert_eq!(version.to_string(), semver, "{record}");
    }
}

#[test]
fn fields_are_read_by_id_in_any_order_and_unknown_ones_ignored() {
    let Value::Structure(mut structure) = Value::from(TransitionHandle { x: 1.0, y: 2.0 }) else {
        panic!("a record converts to a structure");
    };
    structure.fields.reverse();
    structure.fields.push(StructureField {
        id: uuid("00000000-0000-0000-0000-0000000000ff"),
        value: Box::new(Value::Unit),
    });
    let back = TransitionHandle::try_from(Value::Structure(structure)).expect("converts");
    assert_eq!(back, TransitionHandle { x: 1.0, y: 2.0 });
}

#[test]
fn a_missing_required_field_fails_and_a_missing_optional_reads_as_absent() {
    let Value::Structure(structure) = Value::from(clip2()) else {
        panic!("a record converts to a structure");
    };
    let without = |field: &str| {
        let id = uuid(field);
        Value::Structure(Structure {
            id: structure.id,
            fields: structure
                .fields
                .iter()
                .filter(|f| f.id != id)
                .cloned()
                .collect(),
        })
    };
    let no_length = Clip::try_from(without("76697a69-6a00-0000-0200-000000000002"));
    assert_eq!(
        no_length
            .expect("an optional field may be left out")
            .length_ns,
        None
    );
    assert!(Clip::try_from(without("76697a69-6a00-0000-0200-000000000001")).is_err());
}

#[test]
fn an_optional_field_reads_from_a_bare_value() {
    let Value::Structure(mut structure) = Value::from(clip2()) else {
        panic!("a record converts to a structure");
    };
    assert_eq!(
        *structure.fields[1].value,
        Value::Option(Some(Box::new(Value::I64(-5))))
    );
    *structure.fields[1].value = Value::I64(9);
    let clip = Clip::try_from(Value::Structure(structure)).expect("converts");
    assert_eq!(clip.length_ns, Some(9));
}

#[test]
fn an_array_of_records_reads_from_array_value_and_writes_array_structure() {
    let Value::Structure(mut structure) = Value::from(clip2()) else {
        panic!("a record converts to a structure");
    };
    let Value::ArrayStructure { id, elements } = *structure.fields[2].value.clone() else {
        panic!("an array of records is written as ArrayStructure");
    };
    assert_eq!(id, ClipTrack::arora_type_id());
    let as_values = elements
        .into_iter()
        .map(|element| {
            Value::Structure(Structure {
                id,
                fields: element.fields,
            })
        })
        .collect();
    *structure.fields[2].value = Value::ArrayValue(as_values);
    assert_eq!(
        Clip::try_from(Value::Structure(structure)).expect("converts"),
        clip2()
    );
    let empty = Value::from(Clip {
        tracks: vec![],
        ..clip2()
    });
    let Value::Structure(empty) = empty else {
        panic!("a structure")
    };
    assert_eq!(
        *empty.fields[2].value,
        Value::ArrayStructure {
            id: ClipTrack::arora_type_id(),
            elements: vec![]
        }
    );
}

#[test]
fn output_keys_are_written_as_array_string_even_when_empty() {
    let Value::Structure(structure) = Value::from(OutputKeys {
        revision: 0,
        keys: vec![],
    }) else {
        panic!("a structure");
    };
    assert_eq!(*structure.fields[1].value, Value::ArrayString(vec![]));
}

#[test]
fn a_structure_under_another_id_or_a_wrong_variant_does_not_convert() {
    let Value::Structure(mut structure) = Value::from(TransitionHandle { x: 1.0, y: 2.0 }) else {
        panic!("a structure");
    };
    let wrong_variant = {
        let mut s = structure.clone();
        *s.fields[0].value = Value::F64(1.0);
        Value::Structure(s)
    };
    assert!(TransitionHandle::try_from(wrong_variant).is_err());
    structure.id = Keypoint::arora_type_id();
    assert!(TransitionHandle::try_from(Value::Structure(structure)).is_err());
}
