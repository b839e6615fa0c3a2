//! Review of the module layer: one test per contract rule (§2.3, §4.1–§4.12,
//! playback §1.2–§1.4, §6.2) that no other test pinned with its exact number.

mod support;

use arora_animation_module::records::{
    AnimTrack, AnimationClip, ClipTransition, Keypoint, OutputKeys, TransitionHandle,
};
use arora_animation_module::{Animation, AnimationModule, Refused, engine_clip_v1};
use arora_types::value::Value;
use support::{MS, clip, close as super_close, elements, key, named, r1, text, track};

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

fn point(id: &str, stamp: f32, value: Value, handles: usize) -> Keypoint {
    let handles = vec![TransitionHandle { x: 0.5, y: 0.5 }; handles];
    Keypoint {
        id: id.to_string(),
        stamp,
        value,
        transitions_in: handles.clone(),
        transitions_out: handles,
    }
}

fn clip_v1(duration: u32, points: Vec<Keypoint>) -> AnimationClip {
    AnimationClip {
        name: "v1".to_string(),
        duration,
        tracks: vec![AnimTrack {
            id: "t".to_string(),
            name: "t".to_string(),
            animatable_id: "x".to_string(),
            points,
        }],
    }
}

/// A device with `clip` loaded and one player holding one instance of it.
fn playing(clip: arora_animation_module::records::Clip) -> (AnimationModule, u32, u32) {
    let mut module = AnimationModule::new();
    let anim = Animation::load_clip(&mut module, clip);
    let player = AnimationModule::create_player(&mut module, "p");
    let instance = Animation::add_instance(&mut module, player, anim);
    (module, player, instance)
}

#[test]
fn named_transitions_ignore_non_finite_offsets_but_a_handle_refuses_them() {
    let mut module = AnimationModule::new();
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
    let mut module = AnimationModule::new();
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
    let mut module = AnimationModule::new();
    let mut two = named("linear");
    two.extend(named("linear"));
    assert_eq!(Animation::load_clip(&mut module, leaving(two)), MAX);
    let points = vec![
        point("a", 0.0, Value::F64(0.0), 2),
        point("b", 1.0, Value::F64(1.0), 2),
    ];
    assert_eq!(
        Animation::load_animation(&mut module, clip_v1(1000, points)),
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
    let (converted, narrow) = engine_clip_v1(&clip_v1(1, points)).expect("accepted");
    let times: Vec<i64> = converted.tracks[0]
        .keypoints
        .iter()
        .map(|keypoint| keypoint.time_ns)
        .collect();
    assert_eq!(times, vec![-7813, 7813]);
    assert_eq!(converted.length_ns, Some(1_000_000));
    assert_eq!(narrow, vec![false]);
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
fn queued_commands_answer_the_player_id_while_loop_and_length_apply_at_once() {
    let (mut module, player, _) = playing(r1());
    assert_eq!(Animation::seek(&mut module, player, 500 * MS), player);
    assert_eq!(Animation::set_speed(&mut module, player, -0.0), player);
    assert_eq!(
        Animation::set_loop(&mut module, player, "once".to_string()),
        player
    );
    assert_eq!(
        Animation::set_length(&mut module, player, Some(2_000 * MS)),
        player
    );
    let before = &Animation::player_states(&mut module)[0];
    assert_eq!(before.state, "paused");
    assert_eq!(
        (before.time_ns, before.speed.to_bits()),
        (0, 1.0f32.to_bits())
    );
    assert_eq!(before.loop_mode, "once");
    assert_eq!(before.duration_ns, 2_000 * MS);
    Animation::step_values(&mut module, 0, Some(10 * MS));
    let after = &Animation::player_states(&mut module)[0];
    assert_eq!(after.state, "playing");
    assert_eq!(after.time_ns, 500 * MS);
    assert_eq!(after.speed.to_bits(), (-0.0f32).to_bits());
    assert_eq!(Animation::set_length(&mut module, player, None), player);
    assert_eq!(
        Animation::player_states(&mut module)[0].duration_ns,
        1_000 * MS
    );
}

#[test]
fn a_time_scale_is_checked_first_a_rate_after_the_lookup() {
    let (mut module, player, instance) = playing(r1());
    assert_eq!(
        module.try_set_time_scale(player, instance + 9, 0.0),
        Err(Refused::TimeScale(0.0))
    );
    assert_eq!(
        module.try_set_rate(player, instance + 9, 0.0),
        Err(Refused::UnknownInstance {
            player,
            instance: instance + 9
        })
    );
    assert_eq!(
        module.try_set_start_offset(player + 1, instance, 5),
        Err(Refused::UnknownInstance {
            player: player + 1,
            instance
        })
    );
    assert_eq!(
        module.try_set_rate(player, instance, 0.0),
        Err(Refused::Rate(0.0))
    );
}

#[test]
fn time_scale_sets_the_rate_to_its_f64_reciprocal_and_reports_f32() {
    let (mut module, player, instance) = playing(r1());
    assert_eq!(
        Animation::set_time_scale(&mut module, player, instance, 3.0),
        instance
    );
    let state = &Animation::player_states(&mut module)[0].instances[0];
    assert_eq!(state.rate.to_bits(), (1.0f64 / 3.0).to_bits());
    assert_eq!(state.time_scale, 3.0);
    assert_eq!(
        Animation::set_rate(&mut module, player, instance, 3.0),
        instance
    );
    let state = &Animation::player_states(&mut module)[0].instances[0];
    assert_eq!(
        state.time_scale.to_bits(),
        ((1.0f64 / 3.0) as f32).to_bits()
    );
    assert_eq!(
        Animation::set_start_offset(&mut module, player, instance, -7),
        instance
    );
    let state = &Animation::player_states(&mut module)[0].instances[0];
    assert_eq!((state.start_offset_ns, state.rate), (-7, 3.0));
}

#[test]
fn weight_minus_zero_is_accepted_and_silences_the_instance() {
    let (mut module, player, instance) = playing(r1());
    assert_eq!(
        Animation::set_weight(&mut module, player, instance, -0.0),
        instance
    );
    assert_eq!(
        Animation::set_weight(&mut module, player, instance, -1e-45),
        MAX
    );
    let values = Animation::step_values(&mut module, 0, Some(100 * MS));
    assert_eq!(elements(&values.values), &[Value::Unit]);
    assert!(Animation::step(&mut module, 0, None).is_empty());
    let keys = Animation::output_keys(&mut module);
    assert_eq!(keys.keys, vec!["x".to_string()]);
}

#[test]
fn an_instance_of_another_player_is_unknown() {
    let (mut module, first, instance) = playing(r1());
    let second = AnimationModule::create_player(&mut module, "q");
    assert_eq!(
        Animation::set_weight(&mut module, second, instance, 1.0),
        MAX
    );
    assert_eq!(Animation::set_rate(&mut module, second, instance, 1.0), MAX);
    assert_eq!(Animation::remove_instance(&mut module, second, instance), 0);
    assert_eq!(Animation::remove_instance(&mut module, first, instance), 1);
}

#[test]
fn times_above_i64_max_are_held_there_and_reported_unsigned() {
    let (mut module, player, _) = playing(r1());
    assert_eq!(
        Animation::set_window(&mut module, player, u64::MAX, Some(u64::MAX)),
        player
    );
    Animation::step_values(&mut module, u64::MAX, None);
    assert_eq!(module.clock(), Some(i64::MAX));
    let state = &Animation::player_states(&mut module)[0];
    assert_eq!(state.window_start_ns, i64::MAX as u64);
    assert_eq!(state.window_end_ns, Some(i64::MAX as u64));
}

#[test]
fn velocities_are_unit_for_text_and_f64_scaled_by_the_rate_for_numbers() {
    let mut module = AnimationModule::new();
    let ramp = Animation::load_clip(&mut module, r1());
    let words = Animation::load_clip(&mut module, text());
    let player = AnimationModule::create_player(&mut module, "p");
    let instance = Animation::add_instance(&mut module, player, ramp);
    let other = AnimationModule::create_player(&mut module, "q");
    Animation::add_instance(&mut module, other, words);
    Animation::set_rate(&mut module, player, instance, 2.0);
    Animation::step_values(&mut module, 0, Some(100 * MS));
    let samples = Animation::step_with_velocities(&mut module, 0, Some(200 * MS));
    assert_eq!(samples.revision, 4);
    super_close(&elements(&samples.values)[0], 200.0);
    let values = elements(&samples.values);
    assert_eq!(values[1], Value::String("a".to_string()));
    assert!(matches!(values[0], Value::F64(_)));
    let velocities = elements(&samples.velocities);
    assert_eq!(velocities[1], Value::Unit);
    let Value::F64(velocity) = velocities[0] else {
        panic!("an F64 velocity, got {:?}", velocities[0]);
    };
    assert!((velocity - 2000.0).abs() < 1e-9, "{velocity}");
}

#[test]
fn a_player_created_after_the_first_step_plays_at_once_from_the_last_device_time() {
    let mut module = AnimationModule::new();
    let anim = Animation::load_clip(&mut module, r1());
    Animation::step_values(&mut module, 0, Some(1_000 * MS));
    let player = AnimationModule::create_player(&mut module, "late");
    Animation::add_instance(&mut module, player, anim);
    let state = &Animation::player_states(&mut module)[0];
    assert_eq!((state.state.as_str(), state.time_ns), ("playing", 0));
    assert_eq!(state.loop_mode, "loop");
    Animation::step_values(&mut module, 0, Some(1_100 * MS));
    assert_eq!(Animation::player_states(&mut module)[0].time_ns, 100 * MS);
}

#[test]
fn window_reversed_and_play_at_are_queued_until_the_first_step() {
    let (mut module, player, _) = playing(r1());
    assert_eq!(
        Animation::set_window(&mut module, player, 600 * MS, Some(200 * MS)),
        player
    );
    // play_at starts afresh, so reversed must come after it (playback §3.2).
    assert_eq!(Animation::play_at(&mut module, player, 5_000 * MS), player);
    assert_eq!(Animation::set_reversed(&mut module, player, true), player);
    let before = &Animation::player_states(&mut module)[0];
    assert_eq!((before.window_start_ns, before.window_end_ns), (0, None));
    assert!(!before.reversed && !before.waiting);
    Animation::step_values(&mut module, 0, Some(1_000 * MS));
    let after = &Animation::player_states(&mut module)[0];
    assert_eq!(
        (after.window_start_ns, after.window_end_ns),
        (600 * MS, Some(200 * MS))
    );
    assert!(after.reversed && after.waiting);
    assert_eq!(after.state, "playing");
}

#[test]
fn an_empty_step_and_empty_states_are_array_structures_under_their_record_ids() {
    use arora_animation_module::records::{PlayerState, TrackOutput};
    use arora_types::AroraType;
    let mut device = support::Device::new();
    let args = vec![(
        arora_animation_module::animation::ids::step::DT_NS,
        Value::U64(5),
    )];
    let step = device.ret(arora_animation_module::animation::ids::step::FUNCTION, args);
    let states = device.ret(
        arora_animation_module::animation::ids::player_states::FUNCTION,
        vec![],
    );
    let Value::ArrayStructure { id, elements } = step else {
        panic!("step answers an ArrayStructure, got {step:?}");
    };
    assert_eq!((id, elements.len()), (TrackOutput::arora_type_id(), 0));
    let Value::ArrayStructure { id, elements } = states else {
        panic!("player_states answers an ArrayStructure, got {states:?}");
    };
    assert_eq!((id, elements.len()), (PlayerState::arora_type_id(), 0));
}

#[test]
fn bake_narrow_flags_follow_reloads_and_are_forgotten_on_unload() {
    let mut module = AnimationModule::new();
    let narrow = || {
        clip_v1(
            1000,
            vec![
                point("a", 0.0, Value::F32(0.25), 0),
                point("b", 1.0, Value::F32(1.0), 0),
            ],
        )
    };
    let anim = Animation::load_animation(&mut module, narrow());
    let first = |module: &mut AnimationModule| {
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

#[test]
fn a_bake_reports_the_f32_of_the_widened_rate_and_bake_has_no_derivatives() {
    let mut module = AnimationModule::new();
    let anim = Animation::load_clip(&mut module, r1());
    let baked =
        Animation::bake(&mut module, anim, Some(29.97), Some(0), Some(100 * MS)).expect("accepted");
    assert_eq!(baked.frame_rate.to_bits(), 29.97f32.to_bits());
    // period 1e9 / f64(29.97f32) ≈ 33 366 700.4 ns: samples at 0, 1, 2, 3 periods.
    assert_eq!(elements(&baked.tracks[0].values).len(), 4);
    assert_eq!(baked.tracks[0].derivatives, Value::ArrayValue(vec![]));
    assert_eq!((baked.start_ns, baked.end_ns), (0, 100 * MS));
    assert!(Animation::bake(&mut module, anim, Some(-0.0), None, None).is_none());
    // The smallest normal rate: a period of ≈ 8.5e46 ns, so 0 and one past the end.
    let slow = Animation::bake(&mut module, anim, Some(f32::MIN_POSITIVE), None, None)
        .expect("a tiny rate is accepted");
    assert_eq!(elements(&slow.tracks[0].values).len(), 2);
    assert_eq!(slow.end_ns, 1_000 * MS);
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
    let mut device = support::Device::new();
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
