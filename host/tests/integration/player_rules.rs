//! The module layer's players, transport, steps and bakes: one test per rule of
//! docs/contract.md §4.7–§4.12 and docs/playback.md §1.2–§1.4, §2.2, §6.2 that no other test
//! pins with its exact number.

use crate::support::{MS, close, elements, new_player, r1, text};
use animation_engine::{DeviceTime, InstanceId, PlaybackError, PlayerId, TimelinePosition};
use arora_animation_module::{Animation, ContractModule, Refused};
use arora_types::value::Value;

const MAX: u32 = u32::MAX;

/// A device with `clip` loaded and one player holding one instance of it.
fn playing(clip: arora_animation_module::records::Clip) -> (ContractModule, u32, u32) {
    let mut module = ContractModule::new();
    let anim = Animation::load_clip(&mut module, clip);
    let player = new_player(&mut module, "p");
    let instance = Animation::add_instance(&mut module, player, anim);
    (module, player, instance)
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
    let (raw_player, raw_instance) = (player, instance);
    let player = PlayerId::from_raw(raw_player);
    let instance = InstanceId::from_raw(raw_instance);
    let missing = InstanceId::from_raw(raw_instance + 9);
    let other = PlayerId::from_raw(raw_player + 1);
    assert_eq!(
        module.module_mut().set_time_scale(player, missing, 0.0),
        Err(Refused::TimeScale(0.0))
    );
    assert_eq!(
        module.module_mut().set_rate(player, missing, 0.0),
        Err(Refused::Playback(PlaybackError::UnknownInstance {
            player,
            instance: missing
        }))
    );
    assert_eq!(
        module
            .module_mut()
            .set_start_offset(other, instance, TimelinePosition::from_ns(5)),
        Err(Refused::Playback(PlaybackError::UnknownPlayer(other)))
    );
    assert_eq!(
        module.module_mut().set_rate(other, missing, 0.0),
        Err(Refused::Playback(PlaybackError::UnknownPlayer(other)))
    );
    assert_eq!(
        module.module_mut().set_rate(player, instance, 0.0),
        Err(Refused::Playback(PlaybackError::InvalidRate(0.0)))
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
    Animation::set_time_scale(&mut module, player, instance, 0.3);
    let state = &Animation::player_states(&mut module)[0].instances[0];
    assert_eq!((state.rate, state.time_scale), (3.3333332008785725, 0.3));
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
    let second = new_player(&mut module, "q");
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
    assert_eq!(module.module().clock(), Some(DeviceTime::from_ns(i64::MAX)));
    let state = &Animation::player_states(&mut module)[0];
    assert_eq!(state.window_start_ns, i64::MAX as u64);
    assert_eq!(state.window_end_ns, Some(i64::MAX as u64));
    Animation::set_length(&mut module, player, Some(u64::MAX));
    let state = &Animation::player_states(&mut module)[0];
    assert_eq!(state.duration_ns, i64::MAX as u64);
}

#[test]
fn velocities_are_unit_for_text_and_f64_scaled_by_the_rate_for_numbers() {
    let mut module = ContractModule::new();
    let ramp = Animation::load_clip(&mut module, r1());
    let words = Animation::load_clip(&mut module, text());
    let player = new_player(&mut module, "p");
    let instance = Animation::add_instance(&mut module, player, ramp);
    let other = new_player(&mut module, "q");
    Animation::add_instance(&mut module, other, words);
    Animation::set_rate(&mut module, player, instance, 2.0);
    Animation::step_values(&mut module, 0, Some(100 * MS));
    let samples = Animation::step_with_velocities(&mut module, 0, Some(200 * MS));
    assert_eq!(samples.revision, 4);
    close(&elements(&samples.values)[0], 200.0);
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
    let mut module = ContractModule::new();
    let anim = Animation::load_clip(&mut module, r1());
    Animation::step_values(&mut module, 0, Some(1_000 * MS));
    let player = new_player(&mut module, "late");
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
    // play_at starts afresh, so reversed must come after it (docs/playback.md §3.2).
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
    let mut device = crate::support::Device::new();
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
fn a_bake_reports_the_f32_of_the_widened_rate_and_bake_has_no_derivatives() {
    let mut module = ContractModule::new();
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

#[test]
fn step_values_and_velocities_travel_as_array_value_even_when_all_f64() {
    use arora_animation_module::animation::ids::step_with_velocities as call;
    let mut device = crate::support::Device::new();
    device.player_with(r1());
    let args = vec![(call::DT_NS, Value::U64(0)), (call::TIME_NS, Value::U64(0))];
    device.ret(call::FUNCTION, args);
    let args = vec![(call::DT_NS, Value::U64(250 * MS))];
    let Value::Structure(samples) = device.ret(call::FUNCTION, args) else {
        panic!("StepSamples is a structure");
    };
    let Value::ArrayValue(values) = &*samples.fields[1].value else {
        panic!(
            "values are an ArrayValue, got {:?}",
            samples.fields[1].value
        );
    };
    let Value::ArrayValue(velocities) = &*samples.fields[2].value else {
        panic!(
            "velocities are an ArrayValue, got {:?}",
            samples.fields[2].value
        );
    };
    close(&values[0], 250.0);
    close(&velocities[0], 1000.0);
}
