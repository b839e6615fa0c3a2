//! Playback §9's worked scenarios at module level: every answer a real engine
//! gives through `arora_call`, checked against the observed numbers.

mod support;

use arora_types::value::Value;
use support::{Device, MS, clip, elements, hold, key, number, r1, r5, text, track};

/// Values quoted with "≈" in playback §9 carry floating error around 1e-13.
fn close(value: &Value, expected: f64) {
    let got = number(value);
    assert!((got - expected).abs() < 1e-9, "{got} is not ≈ {expected}");
}

fn first_value(device: &mut Device, dt_ns: u64, time_ns: Option<u64>) -> Value {
    elements(&device.step_values(dt_ns, time_ns).values)[0].clone()
}

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
fn scenario_34_number_blending_by_weight() {
    let mut device = Device::new();
    let h100 = device.load_clip(hold("h100", 100.0));
    let h0 = device.load_clip(hold("h0", 0.0));
    let p = device.create_player("p");
    assert_eq!(device.add_weighted(p, h100, 1.0), 0);
    assert_eq!(device.add_weighted(p, h0, 3.0), 1);
    assert_eq!(device.keys().revision, 3);
    let samples = device.step_samples(0, None);
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::F64(25.0)]));
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::F64(0.0)]));
    assert_eq!(device.weight(p, 0, 0.0), 0);
    assert_eq!(device.weight(p, 1, 0.0), 1);
    let samples = device.step_samples(0, None);
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::Unit]));
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::Unit]));
    assert_eq!(device.step(0, None), vec![]);
    assert_eq!(device.keys().revision, 3);
    device.weight(p, 0, 0.5);
    assert_eq!(first_value(&mut device, 0, None), Value::F64(100.0));
    device.weight(p, 0, 2.0);
    device.weight(p, 1, 2.0);
    assert_eq!(first_value(&mut device, 0, None), Value::F64(50.0));
}

/// CLAIM: `a: x` (1), `b: x` (99), `c: y` (no keypoints), `d: y` ("no"),
/// `e: z` (true), all at 0.
fn claim() -> arora_animation_module::records::Clip {
    clip(
        "claim",
        vec![
            track("a", "x", vec![key("k", 0, Value::F64(1.0))]),
            track("b", "x", vec![key("k", 0, Value::F64(99.0))]),
            track("c", "y", vec![]),
            track("d", "y", vec![key("k", 0, Value::String("no".into()))]),
            track("e", "z", vec![key("k", 0, Value::Boolean(true))]),
        ],
    )
}

#[test]
fn scenario_35_and_36_mixed_kinds_and_the_first_track_claims_its_target() {
    let mut device = Device::new();
    let h100 = device.load_clip(hold("h100", 100.0));
    let txt = device.load_clip(text());
    let h0 = device.load_clip(hold("h0", 0.0));
    let claim = device.load_clip(claim());
    let p = device.create_player("p");
    device.add_instance(p, h100);
    device.add_instance(p, txt);
    let samples = device.step_samples(0, None);
    assert_eq!(samples.revision, 3);
    assert_eq!(
        samples.values,
        Value::ArrayValue(vec![Value::String("a".into())])
    );
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::Unit]));
    let third = device.add_instance(p, h0);
    assert_eq!(device.keys().revision, 4);
    assert_eq!(first_value(&mut device, 0, None), Value::F64(0.0));
    let step = device.step(0, None);
    assert_eq!(
        step,
        vec![("h100".to_string(), "x".to_string(), Value::F64(0.0))]
    );
    device.weight(p, third, 0.0);
    assert_eq!(first_value(&mut device, 0, None), Value::String("a".into()));

    let q = device.create_player("q");
    assert_eq!(device.keys().revision, 5);
    device.add_instance(q, txt);
    device.add_weighted(q, h100, 5.0);
    let keys = device.keys();
    assert_eq!(
        (keys.revision, keys.keys),
        (7, vec!["x".to_string(), "x".to_string()])
    );
    let samples = device.step_samples(0, None);
    let expected = vec![Value::String("a".into()), Value::F64(100.0)];
    assert_eq!(samples.values, Value::ArrayValue(expected));
    assert_eq!(
        samples.velocities,
        Value::ArrayValue(vec![Value::Unit, Value::F64(0.0)])
    );

    let r = device.create_player("r");
    device.add_instance(r, claim);
    let keys = device.keys();
    assert_eq!(keys.revision, 9);
    assert_eq!(keys.keys, ["x", "x", "x", "z"]);
    let step = device.step(0, None);
    let expected = [
        ("h100", "x", Value::String("a".into())),
        ("ts", "x", Value::F64(100.0)),
        ("a", "x", Value::F64(1.0)),
        ("e", "z", Value::Boolean(true)),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(track, key, value)| (track.to_string(), key.to_string(), value))
        .collect();
    assert_eq!(step, expected);
}

#[test]
fn scenario_38_offset_rate_and_time_scale() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    device.pause(p);
    assert_eq!(device.offset(p, 0, 250 * MS as i64), 0);
    assert_eq!(device.rate(p, 0, 2.0), 0);
    let state = device.state(p);
    assert_eq!(state.duration_ns, 750 * MS);
    let instance = &state.instances[0];
    assert_eq!(
        (instance.start_offset_ns, instance.time_scale, instance.rate),
        (250_000_000, 0.5, 2.0)
    );
    let samples = device.step_samples(0, None);
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::F64(0.0)]));
    device.seek(p, 500 * MS);
    let samples = device.step_samples(0, None);
    close(&elements(&samples.values)[0], 500.0);
    close(&elements(&samples.velocities)[0], 2000.0);
    device.seek(p, 750 * MS);
    let samples = device.step_samples(0, None);
    assert_eq!(samples.values, Value::ArrayValue(vec![Value::F64(1000.0)]));
    assert_eq!(samples.velocities, Value::ArrayValue(vec![Value::F64(0.0)]));
    assert_eq!(device.time_scale(p, 0, 4.0), 0);
    let state = device.state(p);
    assert_eq!(
        (state.instances[0].rate, state.duration_ns),
        (0.25, 4_250 * MS)
    );
    device.seek(p, 2_250 * MS);
    let samples = device.step_samples(0, None);
    close(&elements(&samples.values)[0], 500.0);
    close(&elements(&samples.velocities)[0], 250.0);
    device.time_scale(p, 0, 3.0);
    let state = device.state(p);
    let instance = &state.instances[0];
    assert_eq!(
        (instance.rate, instance.time_scale),
        (0.3333333333333333, 3.0)
    );
    assert_eq!(state.duration_ns, 3_250 * MS);
    device.offset(p, 0, -500 * MS as i64);
    device.rate(p, 0, 1.0);
    assert_eq!(device.state(p).duration_ns, 500 * MS);
    device.seek(p, 0);
    let samples = device.step_samples(0, None);
    close(&elements(&samples.values)[0], 500.0);
    close(&elements(&samples.velocities)[0], 1000.0);
    device.time_scale(p, 0, 0.3);
    assert_eq!(device.state(p).instances[0].rate, 3.3333332008785725);
    assert_eq!(device.state(p).instances[0].time_scale, 0.3);
}

#[test]
fn scenario_39_reload_and_unload_while_playing() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    device.at(0);
    device.at(800 * MS);
    assert_eq!((device.time(p), device.keys().revision), (800 * MS, 2));
    let half = clip(
        "half",
        vec![track(
            "half",
            "x",
            vec![
                key("a", 0, Value::F64(0.0)),
                key("b", 500 * MS as i64, Value::F64(500.0)),
            ],
        )],
    );
    assert!(device.reload_clip(0, half));
    assert_eq!(device.keys().revision, 3);
    assert_eq!(
        (device.state(p).duration_ns, device.time(p)),
        (500 * MS, 800 * MS)
    );
    let step = device.step(0, Some(900 * MS));
    assert_eq!(device.time(p), 100 * MS);
    assert_eq!((step[0].0.as_str(), step[0].1.as_str()), ("half", "x"));
    close(&step[0].2, 100.0);
    device.at(1_000 * MS);
    assert_eq!(device.time(p), 200 * MS);
    assert!(device.unload(0));
    let keys = device.keys();
    assert_eq!((keys.revision, keys.keys.len()), (4, 0));
    let state = device.state(p);
    assert_eq!((state.instances.len(), state.duration_ns), (0, 0));
    let values = device.step_values(0, Some(1_100 * MS));
    assert_eq!(values.values, Value::ArrayValue(vec![]));
    assert_eq!(device.time(p), 0);
    assert_eq!(device.load_clip(r1()), 1);
    assert_eq!(device.create_player("again"), 1);
}

#[test]
fn scenario_40_revisions_and_ids() {
    let mut device = Device::new();
    assert_eq!(device.keys().revision, 0);
    let r = device.load_clip(r1());
    let h = device.load_clip(hold("h100", 100.0));
    assert_eq!(device.keys().revision, 0);
    let a = device.create_player("a");
    assert_eq!(device.keys().revision, 1);
    assert_eq!(device.add_instance(a, r), 0);
    assert_eq!(device.keys().revision, 2);
    assert_eq!(device.add_instance(a, h), 1);
    assert_eq!(device.keys().revision, 3);
    device.weight(a, 0, 0.5);
    device.offset(a, 0, 5);
    device.rate(a, 0, 2.0);
    device.play(a);
    device.pause(a);
    device.seek(a, 5);
    device.speed(a, 2.0);
    device.mode(a, "once");
    device.window(a, 0, None);
    device.length(a, Some(5));
    device.reversed(a, true);
    device.play_at(a, 5);
    device.by(5);
    assert_eq!(device.keys().revision, 3);
    let b = device.create_player("b");
    assert_eq!((b, device.keys().revision), (1, 4));
    assert_eq!(device.add_instance(b, h), 2);
    assert_eq!(device.keys().revision, 5);
    assert_eq!(device.remove_instance(a, 1), 1);
    assert_eq!(device.keys().revision, 6);
    assert_eq!(device.remove_instance(a, 1), 0);
    assert_eq!(device.remove_instance(b, 0), 0);
    assert_eq!(device.keys().revision, 6);
    assert!(device.unload(h));
    let keys = device.keys();
    assert_eq!((keys.revision, keys.keys), (7, vec!["x".to_string()]));
    assert!(!device.unload(h));
    assert!(device.reload_clip(r, hold("h100", 100.0)));
    assert_eq!(device.keys().revision, 8);
    assert!(!device.reload_clip(7, hold("h100", 100.0)));
    assert!(device.remove_player(b));
    assert!(!device.remove_player(b));
    assert_eq!(device.keys().revision, 9);
    assert_eq!(device.load_clip(r1()), 2);
    assert_eq!(device.create_player("c"), 2);
    assert_eq!(device.add_instance(2, 0), 3);
    assert_eq!(device.add_instance(2, 1), u32::MAX);
    assert_eq!(device.add_instance(0, 2), 4);
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
