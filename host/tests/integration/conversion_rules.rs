//! The module layer's clip conversions: one test per rule of docs/contract.md §2.3 and
//! docs/contract.md §4.2–§4.6 that no other test pins with its exact number (players,
//! transport, steps and bakes: `player_rules.rs`; 1.x clips at their extremes:
//! `clip1_extremes.rs`).

use crate::support::{
    clip, clip1, elements, first_track_times, key, named, new_player, point1, r1, track,
};
use animation_engine::Precision;
use arora_animation_module::records::{ClipTransition, Keypoint, OutputKeys, TransitionHandle};
use arora_animation_module::{Animation, ContractModule, engine_clip_v1};
use arora_types::value::Value;

const MAX: u32 = u32::MAX;

fn handle(kind: &str, dt_ns: f64, dv: f64) -> Vec<ClipTransition> {
    vec![ClipTransition {
        kind: kind.to_string(),
        dt_ns,
        dv,
    }]
}

/// A two-keypoint number clip whose first keypoint leaves by `leave`.
fn leaving(leave: Vec<ClipTransition>) -> arora_animation_module::records::Clip {
    let mut first = key("a", 0, Value::F64(0.0));
    first.leave = leave;
    clip(
        "c",
        vec![track("t", "x", vec![first, key("b", 10, Value::F64(1.0))])],
    )
}

/// A 1.x keypoint with `handles` handles (0.5, 0.5) on each side.
fn point(id: &str, stamp: f32, value: Value, handles: usize) -> Keypoint {
    point1(
        id,
        stamp,
        value,
        vec![TransitionHandle { x: 0.5, y: 0.5 }; handles],
    )
}

#[test]
fn named_transitions_ignore_non_finite_offsets_but_a_handle_refuses_them() {
    let mut module = ContractModule::new();
    assert_eq!(
        Animation::load_clip(
            &mut module,
            leaving(handle("linear", f64::NAN, f64::INFINITY))
        ),
        0
    );
    assert_eq!(
        Animation::load_clip(&mut module, leaving(handle("handle", f64::NAN, 0.0))),
        MAX
    );
    assert_eq!(
        Animation::load_clip(&mut module, leaving(handle("handle", 0.0, f64::INFINITY))),
        MAX
    );
    assert_eq!(
        Animation::load_clip(&mut module, leaving(handle("handle", 3.0, -2.0))),
        1
    );
}

#[test]
fn transition_kinds_and_pairings_are_exact_case_sensitive_strings() {
    let mut module = ContractModule::new();
    for kind in [
        "Linear",
        "ease",
        "explicit_handles",
        "inferredAutoClamped",
        "",
    ] {
        assert_eq!(
            Animation::load_clip(&mut module, leaving(named(kind))),
            MAX,
            "{kind}"
        );
    }
    for kind in ["explicit-handles", "inferred-auto-clamped", "back", "expo"] {
        assert_ne!(
            Animation::load_clip(&mut module, leaving(named(kind))),
            MAX,
            "{kind}"
        );
    }
    let mut paired = leaving(vec![]);
    paired.tracks[0].keypoints[0].pairing = "Paired".to_string();
    assert_eq!(Animation::load_clip(&mut module, paired.clone()), MAX);
    paired.tracks[0].keypoints[0].pairing = "free".to_string();
    assert_eq!(Animation::load_clip(&mut module, paired), 4);
}

#[test]
fn two_transitions_refuse_a_2_0_side_but_two_1x_handles_are_accepted() {
    let mut module = ContractModule::new();
    let mut two = named("linear");
    two.extend(named("linear"));
    assert_eq!(Animation::load_clip(&mut module, leaving(two)), MAX);
    let points = vec![
        point("a", 0.0, Value::F64(0.0), 2),
        point("b", 1.0, Value::F64(1.0), 2),
    ];
    assert_eq!(
        Animation::load_animation(&mut module, clip1("v1", 1000, points)),
        0
    );
}

#[test]
fn a_1x_stamp_rounds_half_away_from_zero_to_nanoseconds() {
    // 2^-7 × 1 ms = 7812.5 ns; −2^-7 × 1 ms = −7812.5 ns.
    let points = vec![
        point("b", 0.0078125, Value::F64(1.0), 0),
        point("a", -0.0078125, Value::F64(0.0), 0),
    ];
    let converted = engine_clip_v1(&clip1("v1", 1, points)).expect("accepted");
    assert_eq!(first_track_times(&converted), vec![-7813, 7813]);
    assert_eq!(converted.length_ns(), Some(1_000_000));
    let precisions: Vec<Precision> = converted.tracks().iter().map(|t| t.precision()).collect();
    assert_eq!(precisions, vec![Precision::Double]);
}

#[test]
fn output_keys_read_from_an_array_value_of_strings() {
    let written = Value::from(OutputKeys {
        revision: 7,
        keys: vec!["a".to_string(), "b".to_string()],
    });
    let Value::Structure(mut structure) = written else {
        panic!("a structure");
    };
    *structure.fields[1].value = Value::ArrayValue(vec![
        Value::String("a".to_string()),
        Value::String("b".to_string()),
    ]);
    let read = OutputKeys::try_from(Value::Structure(structure.clone())).expect("converts");
    assert_eq!(read.keys, vec!["a".to_string(), "b".to_string()]);
    *structure.fields[1].value = Value::ArrayValue(vec![]);
    let empty = OutputKeys::try_from(Value::Structure(structure)).expect("converts");
    assert_eq!((empty.revision, empty.keys.len()), (7, 0));
}

#[test]
fn bake_narrow_flags_follow_reloads_and_are_forgotten_on_unload() {
    let mut module = ContractModule::new();
    let narrow = || {
        clip1(
            "v1",
            1000,
            vec![
                point("a", 0.0, Value::F32(0.25), 0),
                point("b", 1.0, Value::F32(1.0), 0),
            ],
        )
    };
    let anim = Animation::load_animation(&mut module, narrow());
    let first = |module: &mut ContractModule| {
        let baked = Animation::bake(module, anim, Some(1.0), None, None).map(|b| b.tracks);
        baked.map(|tracks| elements(&tracks[0].values)[0].clone())
    };
    assert_eq!(first(&mut module), Some(Value::F32(0.25)));
    assert!(Animation::reload_clip(&mut module, anim, leaving(vec![])));
    assert_eq!(first(&mut module), Some(Value::F64(0.0)));
    assert!(Animation::reload_animation(&mut module, anim, narrow()));
    assert_eq!(first(&mut module), Some(Value::F32(0.25)));
    assert!(Animation::unload_animation(&mut module, anim));
    assert_eq!(first(&mut module), None);
}

/// The `Structure` of a record value, to edit its fields.
fn structure_of(value: Value) -> arora_types::value::Structure {
    match value {
        Value::Structure(structure) => structure,
        other => panic!("a structure, got {other:?}"),
    }
}

#[test]
fn a_clip_argument_reads_tracks_from_an_array_value_and_refuses_a_widened_primitive() {
    use arora_animation_module::animation::ids;
    use arora_types::AroraType;
    let mut device = crate::support::Device::new();
    let mut record = structure_of(Value::from(r1()));
    let Value::ArrayStructure { elements, .. } = (*record.fields[2].value).clone() else {
        panic!("tracks are written as an ArrayStructure");
    };
    let tracks = elements.into_iter().map(|element| {
        Value::Structure(arora_types::value::Structure {
            id: arora_animation_module::records::ClipTrack::arora_type_id(),
            fields: element.fields,
        })
    });
    *record.fields[2].value = Value::ArrayValue(tracks.collect());
    let args = vec![(ids::load_clip::CLIP, Value::Structure(record.clone()))];
    assert_eq!(device.u32(ids::load_clip::FUNCTION, args), 0);
    let with_dt = |dt: Value| {
        let mut handle = structure_of(Value::from(handle("handle", 1.0, 1.0).remove(0)));
        *handle.fields[1].value = dt;
        let mut track = structure_of(Value::from(leaving(vec![]).tracks.remove(0)));
        let Value::ArrayStructure { id, mut elements } = (*track.fields[3].value).clone() else {
            panic!("keypoints are written as an ArrayStructure");
        };
        *elements[0].fields[4].value = Value::ArrayValue(vec![Value::Structure(handle)]);
        *track.fields[3].value = Value::ArrayStructure { id, elements };
        let mut clip = record.clone();
        *clip.fields[2].value = Value::ArrayValue(vec![Value::Structure(track)]);
        vec![(ids::load_clip::CLIP, Value::Structure(clip))]
    };
    assert_eq!(
        device.u32(ids::load_clip::FUNCTION, with_dt(Value::F64(1.0))),
        1
    );
    let result = device.call(ids::load_clip::FUNCTION, with_dt(Value::F32(1.0)));
    assert!(
        matches!(result, Err(arora_types::call::CallError::Guest { .. })),
        "an F32 in the f64 field dt_ns is a call error, got {result:?}"
    );
    assert_eq!(device.load_clip(r1()), 2, "the refused call used no id");
}

#[test]
fn a_2_0_clip_may_start_before_0_and_a_negative_length_ends_it_at_0() {
    let mut module = ContractModule::new();
    let keys = vec![
        key("a", -10, Value::F64(1.0)),
        key("b", -3, Value::F64(2.0)),
    ];
    for length_ns in [Some(-5), None] {
        let mut early = clip("early", vec![track("t", "x", keys.clone())]);
        early.length_ns = length_ns;
        let anim = Animation::load_clip(&mut module, early);
        assert_ne!(anim, MAX);
        let baked = Animation::bake(&mut module, anim, None, None, None).expect("accepted");
        assert_eq!((baked.start_ns, baked.end_ns), (0, 0));
        assert_eq!(elements(&baked.tracks[0].values), &[Value::F64(2.0)]);
        let player = new_player(&mut module, "p");
        Animation::add_instance(&mut module, player, anim);
        let state = Animation::player_states(&mut module).remove(player as usize);
        assert_eq!(state.duration_ns, 0);
    }
}

#[test]
fn a_weight_0_wide_instance_does_not_contribute_so_the_output_stays_f32() {
    let mut module = ContractModule::new();
    let narrow = clip1("v1", 1000, vec![point("a", 0.0, Value::F32(0.1), 0)]);
    let narrow = Animation::load_animation(&mut module, narrow);
    let wide = Animation::load_clip(&mut module, r1());
    let words = Animation::load_clip(&mut module, crate::support::text());
    let player = new_player(&mut module, "p");
    let silent = Animation::add_instance_with_weight(&mut module, player, wide, 0.0);
    Animation::add_instance(&mut module, player, words);
    Animation::add_instance(&mut module, player, narrow);
    let values = Animation::step_values(&mut module, 0, Some(0)).values;
    // The string is replaced by a fresh, narrow number accumulation.
    assert_eq!(elements(&values), &[Value::F32(0.1)]);
    Animation::set_weight(&mut module, player, silent, 1.0);
    let values = Animation::step_values(&mut module, 0, None).values;
    assert_eq!(
        elements(&values),
        &[Value::F32(0.1)],
        "the string still resets"
    );
    let words_instance = 1;
    Animation::set_weight(&mut module, player, words_instance, 0.0);
    let values = Animation::step_values(&mut module, 0, None).values;
    let Value::F64(blend) = elements(&values)[0] else {
        panic!("a wide contribution makes the blend F64, got {values:?}");
    };
    assert_eq!(blend, (0.0 + f64::from(0.1f32)) / 2.0);
}
