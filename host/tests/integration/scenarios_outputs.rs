//! docs/playback.md §9's output scenarios at module level: blending, mixed kinds,
//! claimed targets, timing, reload/unload, revisions and ids.

use crate::support::{Device, MS, clip, close, elements, first_value, hold, key, r1, text, track};
use arora_types::value::Value;

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

/// CLAIM of docs/playback.md §9.
fn claim() -> arora_animation_module::records::Clip {
    arora_animation_module::clip_record(&arora_animation_test_support::clips::claim())
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
