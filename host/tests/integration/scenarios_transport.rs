//! docs/playback.md §9's transport scenarios at module level: the clock, loop modes,
//! windows, lengths, play_at and queued commands, through `arora_call`.

use crate::support::{Device, MS, close, elements, first_value, r1, r5};
use arora_types::value::Value;

#[test]
fn scenario_1_defaults_and_the_first_step() {
    let mut device = Device::new();
    assert_eq!(device.load_clip(r1()), 0);
    assert_eq!(device.keys().revision, 0);
    assert_eq!(device.create_player("p0"), 0);
    let keys = device.keys();
    assert_eq!((keys.revision, keys.keys.len()), (1, 0));
    assert_eq!(device.add_instance(0, 0), 0);
    let keys = device.keys();
    assert_eq!((keys.revision, keys.keys), (2, vec!["x".to_string()]));
    let state = device.state(0);
    assert_eq!(state.state, "paused");
    assert_eq!(
        (state.time_ns, state.duration_ns, state.speed),
        (0, 1_000 * MS, 1.0)
    );
    assert_eq!(state.loop_mode, "loop");
    assert_eq!((state.window_start_ns, state.window_end_ns), (0, None));
    assert!(!state.reversed && !state.ended && !state.waiting);

    let samples = device.step_samples(0, None);
    assert_eq!(samples.revision, 2);
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::F64(0.0)]));
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::F64(0.0)]));
    assert_eq!(device.state(0).state, "playing");

    let samples = device.step_samples(250 * MS, None);
    close(&elements(&samples.values)[0], 250.0);
    close(&elements(&samples.velocities)[0], 1000.0);
    close(&first_value(&mut device, 250 * MS, None), 500.0);
    close(&first_value(&mut device, 0, Some(700 * MS)), 700.0);
    let samples = device.step_samples(0, Some(1_000 * MS));
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::F64(1000.0)]));
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::F64(0.0)]));
    assert_eq!(device.time(0), 1_000 * MS);
    close(&first_value(&mut device, 1, None), 1e-6);
    assert_eq!(device.time(0), 1);
}

#[test]
fn scenario_2_and_3_the_first_step_starts_at_now_minus_dt() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    assert_eq!(device.seek(p, 1_000 * MS), p);
    assert_eq!(
        (device.time(p), device.state(p).state.as_str()),
        (0, "paused")
    );
    device.by(16 * MS);
    assert_eq!(device.time(p), 1_016 * MS);

    let mut device = Device::new();
    let p = device.player_with(r5());
    device.step_values(1_000 * MS, Some(500 * MS));
    assert_eq!(device.time(p), 1_000 * MS);
    device.by(0);
    assert_eq!(device.time(p), 1_000 * MS);
    device.by(100);
    assert_eq!(device.time(p), 1_000_000_100);
}

#[test]
fn scenario_4_time_going_backwards_resets_the_module_clock() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    device.at(3_000 * MS);
    assert_eq!(device.time(p), 0);
    device.by(100 * MS);
    assert_eq!(device.time(p), 100 * MS);
    device.at(2_000 * MS);
    assert_eq!(device.time(p), 100 * MS);
    assert_eq!(device.play(p), p);
    device.at(3_200 * MS);
    assert_eq!(device.time(p), 1_300 * MS);
}

#[test]
fn scenario_5_and_6_saturated_clock_and_fastest_speed() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    device.by(u64::MAX);
    assert_eq!(device.time(p), 1_854_775_807);
    device.by(5);
    assert_eq!(device.time(p), 1_854_775_807);
    device.at(u64::MAX);
    assert_eq!(device.time(p), 1_854_775_807);

    let mut device = Device::new();
    let p = device.player_with(r5());
    assert_eq!(device.speed(p, 1_048_576.0), p);
    device.at(0);
    device.at(i64::MAX as u64);
    assert_eq!(device.time(p), 3_396_600_832);
}

#[test]
fn scenario_7_once_forward_and_playing_an_ended_player() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    assert_eq!(device.mode(p, "once"), p);
    device.at(0);
    device.at(990 * MS);
    assert_eq!(device.time(p), 990 * MS);
    device.at(1_000 * MS);
    let state = device.state(p);
    assert_eq!((state.time_ns, state.ended), (1_000 * MS, true));
    device.at(1_500 * MS);
    assert_eq!((device.time(p), device.state(p).ended), (1_000 * MS, true));
    device.play(p);
    assert!(!device.state(p).ended);
    device.at(1_500 * MS);
    assert!(!device.state(p).ended);
    device.at(1_500_000_001);
    assert!(device.state(p).ended);
    device.mode(p, "loop");
    assert!(device.state(p).ended);
    device.at(2_000 * MS);
    assert_eq!((device.time(p), device.state(p).ended), (1_000 * MS, true));
    device.play(p);
    device.at(2_000_000_001);
    assert_eq!(device.time(p), 1);
}

#[test]
fn scenario_16_window_entered_from_outside() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    device.window(p, 1_000 * MS, Some(2_000 * MS));
    device.seek(p, 4_000 * MS);
    let expected = [
        (0, 4_000 * MS),
        (1_000 * MS, 5_000 * MS),
        (1_500 * MS, 500 * MS),
        (2_000 * MS, 1_000 * MS),
        (2_000_000_001, 1_000_000_001),
        (2_500 * MS, 1_500 * MS),
        (3_500 * MS, 1_500 * MS),
        (3_600 * MS, 1_600 * MS),
    ];
    for (at, position) in expected {
        device.at(at);
        assert_eq!(device.time(p), position, "at {at}");
    }
    let state = device.state(p);
    assert_eq!(
        (state.window_start_ns, state.window_end_ns),
        (1_000 * MS, Some(2_000 * MS))
    );
}

#[test]
fn scenario_21_and_22_reversed_window_and_stop() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    device.window(p, 0, Some(3_000 * MS));
    device.at(0);
    device.at(2_500 * MS);
    assert_eq!(device.time(p), 2_500 * MS);
    close(&first_value(&mut device, 0, None), 1000.0);
    device.at(3_000 * MS);
    assert_eq!(device.time(p), 3_000 * MS);
    device.at(3_000_000_001);
    assert_eq!(device.time(p), 1);
    device.window(p, 800 * MS, Some(200 * MS));
    let state = device.state(p);
    assert_eq!(
        (state.window_start_ns, state.window_end_ns),
        (800 * MS, Some(200 * MS))
    );
    device.at(3_500 * MS);
    assert_eq!(device.time(p), 500 * MS);
    device.at(3_700 * MS);
    assert_eq!(device.time(p), 700 * MS);
    assert_eq!(device.stop(p), p);
    assert_eq!(
        (device.time(p), device.state(p).state.as_str()),
        (200 * MS, "stopped")
    );
    device.window(p, 2_000 * MS, None);
    device.stop(p);
    assert_eq!(device.time(p), 1_000 * MS);
    device.play(p);
    device.at(4_500 * MS);
    assert_eq!(device.time(p), 1_800 * MS);
    device.at(5_000 * MS);
    assert_eq!(device.time(p), 1_300 * MS);
}

#[test]
fn scenario_25_set_length() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    assert_eq!(device.length(p, Some(3_000 * MS)), p);
    assert_eq!(device.state(p).duration_ns, 3_000 * MS);
    device.at(0);
    device.at(2_500 * MS);
    assert_eq!(device.time(p), 2_500 * MS);
    device.at(3_200 * MS);
    assert_eq!(device.time(p), 200 * MS);
    device.length(p, None);
    assert_eq!(device.state(p).duration_ns, 1_000 * MS);
    device.at(3_300 * MS);
    assert_eq!(device.time(p), 300 * MS);
    device.length(p, Some(400 * MS));
    device.mode(p, "once");
    device.seek(p, 0);
    device.at(3_700 * MS);
    assert_eq!((device.time(p), device.state(p).ended), (400 * MS, true));
    device.window(p, 100 * MS, None);
    device.length(p, Some(2_000 * MS));
    device.seek(p, 1_500 * MS);
    device.at(4_000 * MS);
    assert_eq!(device.time(p), 1_800 * MS);
    device.length(p, Some(u64::MAX));
    assert_eq!(device.state(p).duration_ns, 9_223_372_036_854_775_807);
}

#[test]
fn scenario_31_play_at() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    device.at(0);
    device.pause(p);
    device.seek(p, 300 * MS);
    assert_eq!(device.play_at(p, 1_000_000_003), p);
    let state = device.state(p);
    assert_eq!(
        (state.time_ns, state.state.as_str(), state.waiting),
        (300 * MS, "playing", true)
    );
    device.at(990 * MS);
    assert_eq!((device.time(p), device.state(p).waiting), (300 * MS, true));
    device.at(1_010 * MS);
    assert_eq!(device.time(p), 309_999_997);
    device.pause(p);
    device.play_at(p, 500 * MS);
    assert!(device.state(p).waiting);
    device.at(1_010 * MS);
    assert_eq!(device.time(p), 819_999_997);
    device.at(1_020 * MS);
    assert_eq!(device.time(p), 829_999_997);
    device.play_at(p, 2_000 * MS);
    device.seek(p, 0);
    device.speed(p, 2.0);
    assert_eq!((device.time(p), device.state(p).waiting), (0, true));
    device.at(1_500 * MS);
    assert_eq!((device.time(p), device.state(p).waiting), (0, true));
    device.at(2_500 * MS);
    assert_eq!(device.time(p), 1_000 * MS);
    device.play_at(p, 3_000 * MS);
    device.pause(p);
    device.at(3_500 * MS);
    let state = device.state(p);
    assert_eq!(
        (state.time_ns, state.state.as_str(), state.waiting),
        (1_000 * MS, "paused", false)
    );
    device.play_at(p, 4_000 * MS);
    device.play(p);
    device.at(3_600 * MS);
    assert_eq!(device.time(p), 1_200 * MS);
}

#[test]
fn scenario_43_queued_commands_are_invisible_until_the_first_step() {
    let mut device = Device::new();
    let anim = device.load_clip(r5());
    let p = device.create_player("");
    let b = device.create_player("b");
    device.add_instance(p, anim);
    device.add_instance(b, anim);
    device.seek(p, 2_000 * MS);
    device.pause(p);
    device.seek(p, 3_000 * MS);
    device.mode(p, "once");
    device.seek(b, 1_000 * MS);
    assert!(device.remove_player(b));
    assert_eq!(device.seek(b, 5), u32::MAX);
    let state = device.state(p);
    assert_eq!(
        (state.name.as_str(), state.state.as_str(), state.time_ns),
        ("", "paused", 0)
    );
    assert_eq!(state.loop_mode, "once");
    device.by(100 * MS);
    let state = device.state(p);
    assert_eq!(
        (state.time_ns, state.state.as_str()),
        (3_000 * MS, "paused")
    );
}

#[test]
fn scenario_44_a_queued_stop_uses_the_window_in_force() {
    let mut device = Device::new();
    let p = device.player_with(r5());
    device.window(p, 2_000 * MS, Some(3_000 * MS));
    device.stop(p);
    device.play(p);
    device.step_values(300 * MS, Some(1_000 * MS));
    assert_eq!(device.time(p), 2_300 * MS);
}

#[test]
fn scenario_48_mode_switches_keep_the_turn() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    device.mode(p, "ping_pong");
    device.at(0);
    device.at(1_200 * MS);
    let state = device.state(p);
    assert_eq!((state.time_ns, state.reversed), (800 * MS, true));
    device.mode(p, "bounce");
    device.at(2_200 * MS);
    let state = device.state(p);
    assert_eq!(
        (state.time_ns, state.reversed, state.ended),
        (0, true, true)
    );
    device.mode(p, "loop");
    device.play(p);
    device.at(2_300 * MS);
    assert_eq!(device.time(p), 100 * MS);
    device.mode(p, "bounce");
    device.at(3_200 * MS);
    assert_eq!(device.time(p), 1_000 * MS);
    device.at(3_400 * MS);
    let state = device.state(p);
    assert_eq!((state.time_ns, state.reversed), (800 * MS, true));
}
