//! One scripted session over all 31 functions, each answer exact.

use crate::support::{Device, MS, elements, hold, load_animation, r1};
use arora_animation_module::animation::ids;
use arora_animation_module::records::{AnimTrack, AnimationClip, BakedAnimation, Keypoint};
use arora_types::value::Value;

fn clip_v1(value: Value) -> AnimationClip {
    AnimationClip {
        name: "v1".into(),
        duration: 1000,
        tracks: vec![AnimTrack {
            id: "v".into(),
            name: "v".into(),
            animatable_id: "y".into(),
            points: vec![Keypoint {
                id: "k".into(),
                stamp: 0.0,
                value,
                transitions_in: vec![],
                transitions_out: vec![],
            }],
        }],
    }
}

fn baked(device: &mut Device, function: arora_types::Uuid, anim: u32) -> BakedAnimation {
    let args = vec![
        (ids::bake::ANIM, Value::U32(anim)),
        (
            ids::bake::FRAME_RATE,
            Value::Option(Some(Box::new(Value::F32(2.0)))),
        ),
        (ids::bake::START_NS, Value::Option(None)),
    ];
    let args = if function == ids::bake::FUNCTION {
        args
    } else {
        vec![
            (ids::bake_with_derivatives::ANIM, Value::U32(anim)),
            (ids::bake_with_derivatives::FRAME_RATE, Value::F32(2.0)),
        ]
    };
    let Value::Option(Some(baked)) = device.ret(function, args) else {
        panic!("the bake is accepted");
    };
    BakedAnimation::try_from(*baked).expect("a BakedAnimation")
}

/// The session's start: a 1.x clip `v: y` holding F32 2 (animation 0) and R1 (animation 1),
/// player `p` with an instance of each (R1's first). Answers the player.
fn loaded(d: &mut Device) -> u32 {
    assert_eq!(load_animation(d, clip_v1(Value::F32(2.0))), 0);
    assert_eq!(d.load_clip(r1()), 1);
    let p = d.create_player("p");
    assert_eq!(d.add_instance(p, 1), 0);
    assert_eq!(d.add_weighted(p, 0, 1.0), 1);
    assert_eq!(d.keys().keys, ["x", "y"]);
    p
}

/// Mode, window, length, seek, speed, steps, pause, play_at, play, reversed and stop.
fn transport(d: &mut Device, p: u32) {
    assert_eq!(d.mode(p, "once"), p);
    assert_eq!(d.window(p, 0, Some(1_000 * MS)), p);
    assert_eq!(d.length(p, Some(2_000 * MS)), p);
    assert_eq!(d.seek(p, 100 * MS), p);
    assert_eq!(d.speed(p, 2.0), p);
    let step = d.step(0, Some(0));
    assert_eq!(step.len(), 2);
    assert_eq!(step[1], ("v".to_string(), "y".to_string(), Value::F32(2.0)));
    assert_eq!(d.time(p), 100 * MS);
    d.by(100 * MS);
    assert_eq!(d.time(p), 300 * MS);
    assert_eq!(d.pause(p), p);
    assert_eq!(d.play_at(p, 200 * MS), p);
    assert!(d.state(p).waiting);
    assert_eq!(d.play(p), p);
    assert_eq!(d.reversed(p, true), p);
    d.at(150 * MS);
    let state = d.state(p);
    let at = (state.time_ns, state.reversed, state.speed);
    assert_eq!(at, (200 * MS, true, 2.0));
    assert_eq!(d.stop(p), p);
    assert_eq!((d.time(p), d.state(p).state.as_str()), (0, "stopped"));
}

/// Offset, rate, time scale and weight of the instances, then a step of samples.
fn instances(d: &mut Device, p: u32) {
    assert_eq!(d.offset(p, 0, 5), 0);
    assert_eq!(d.rate(p, 0, 4.0), 0);
    assert_eq!(d.time_scale(p, 0, 2.0), 0);
    assert_eq!(d.weight(p, 1, 0.0), 1);
    let instance = &d.state(p).instances[0];
    let timing = (instance.start_offset_ns, instance.rate, instance.time_scale);
    assert_eq!(timing, (5, 0.5, 2.0));
    let samples = d.step_samples(0, None);
    assert_eq!(samples.revision, 3);
    assert_eq!(elements(&samples.values)[1], Value::Unit);
}

/// Both reloads, a step of values, and both bakes.
fn reloads_and_bakes(d: &mut Device, p: u32) {
    let reloaded = d.bool(
        ids::reload_animation::FUNCTION,
        vec![
            (ids::reload_animation::ANIM, Value::U32(0)),
            (ids::reload_animation::CLIP, clip_v1(Value::F64(4.0)).into()),
        ],
    );
    assert!(reloaded);
    assert_eq!(d.weight(p, 1, 1.0), 1);
    let values = d.step_values(0, None);
    let second = (values.revision, elements(&values.values)[1].clone());
    assert_eq!(second, (4, Value::F64(4.0)));
    assert!(d.reload_clip(0, hold("h", 6.0)));
    assert_eq!(d.keys().keys, ["x"]);
    let plain = baked(d, ids::bake::FUNCTION, 1);
    assert_eq!(elements(&plain.tracks[0].values).len(), 3);
    assert_eq!(plain.tracks[0].derivatives, Value::ArrayValue(vec![]));
    let with = baked(d, ids::bake_with_derivatives::FUNCTION, 1);
    assert_eq!(elements(&with.tracks[0].derivatives).len(), 3);
}

/// Remove the instance, unload, remove the player: nothing left, revision 8.
fn torn_down(d: &mut Device, p: u32) {
    assert_eq!(d.remove_instance(p, 1), 1);
    assert!(d.unload(0));
    assert!(d.remove_player(p));
    assert_eq!(d.states(), vec![]);
    let keys = d.keys();
    assert_eq!((keys.revision, keys.keys.len()), (8, 0));
}

#[test]
fn a_scripted_session_answers_all_31_functions() {
    let mut d = Device::new();
    let p = loaded(&mut d);
    transport(&mut d, p);
    instances(&mut d, p);
    reloads_and_bakes(&mut d, p);
    torn_down(&mut d, p);
    assert_eq!(d.called.len(), 31, "every function was called");
}
