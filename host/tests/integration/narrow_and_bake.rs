//! The F32-vs-F64 output rule (docs/contract.md §4.3.6) and the bake records (docs/contract.md §4.12) as the
//! contract carries them, through a real engine. The engine's side of docs/playback.md §9
//! scenarios 45 and 47 is tested once, in the engine's tests (`s45_…`, `s47_…`).

use crate::support::{Device, MS, elements, load_animation, number, point, r1};
use arora_animation_module::animation::ids;
use arora_animation_module::clip_record;
use arora_animation_module::records::{AnimTrack, AnimationClip, BakedAnimation, Keypoint};
use arora_animation_test_support::clips as fixture;
use arora_types::value::Value;

fn track_v1(id: &str, points: Vec<Keypoint>) -> AnimTrack {
    AnimTrack {
        id: id.to_string(),
        name: id.to_string(),
        animatable_id: id.to_string(),
        points,
    }
}

fn clip_v1(tracks: Vec<AnimTrack>) -> AnimationClip {
    AnimationClip {
        name: "v1".to_string(),
        duration: 1000,
        tracks,
    }
}

fn bake(device: &mut Device, function: arora_types::Uuid, anim: u32, rate: f32) -> BakedAnimation {
    let args = vec![
        (ids::bake::ANIM, Value::U32(anim)),
        (ids::bake::FRAME_RATE, Value::F32(rate)),
    ];
    let args = if function == ids::bake::FUNCTION {
        args
    } else {
        vec![
            (ids::bake_with_derivatives::ANIM, Value::U32(anim)),
            (ids::bake_with_derivatives::FRAME_RATE, Value::F32(rate)),
        ]
    };
    let Value::Option(Some(baked)) = device.ret(function, args) else {
        panic!("the bake is accepted");
    };
    BakedAnimation::try_from(*baked).expect("a BakedAnimation")
}

/// A device with the 1.x clips of the rule loaded — `x` of F32 keypoints, `y` of an F64
/// and an F32 one, `flag` of booleans (animation 0); a clip mixing kinds refused; `x`
/// holding F32 5 (animation 1) — and paused player `p` holding an instance of animation 0.
fn narrow_device() -> (Device, u32) {
    let mut device = Device::new();
    let narrow = clip_v1(vec![
        track_v1(
            "x",
            vec![
                point("a", 0.0, Value::F32(0.0)),
                point("b", 1.0, Value::F32(1.0)),
            ],
        ),
        track_v1(
            "y",
            vec![
                point("a", 0.0, Value::F64(0.0)),
                point("b", 1.0, Value::F32(1.0)),
            ],
        ),
        track_v1(
            "flag",
            vec![
                point("a", 0.0, Value::Boolean(false)),
                point("b", 0.5, Value::Boolean(true)),
            ],
        ),
    ]);
    assert_eq!(load_animation(&mut device, narrow), 0);
    let mixed = clip_v1(vec![track_v1(
        "x",
        vec![
            point("a", 0.0, Value::F32(0.0)),
            point("b", 1.0, Value::Boolean(true)),
        ],
    )]);
    assert_eq!(load_animation(&mut device, mixed), u32::MAX);
    let five = clip_v1(vec![track_v1("x", vec![point("a", 0.0, Value::F32(5.0))])]);
    assert_eq!(load_animation(&mut device, five), 1);

    let p = device.create_player("p");
    device.add_instance(p, 0);
    device.pause(p);
    (device, p)
}

#[test]
fn f32_keypoints_output_f32_values_and_f64_velocities() {
    let (mut device, p) = narrow_device();
    let values = device.step_values(0, None).values;
    let expected = vec![Value::F32(0.0), Value::F64(0.0), Value::Boolean(false)];
    assert_eq!(values, Value::ArrayValue(expected));
    device.seek(p, 500 * MS);
    let samples = device.step_samples(0, None);
    let expected = vec![
        Value::F32(0.5),
        Value::F64(0.5000000192687429),
        Value::Boolean(true),
    ];
    assert_eq!(samples.values, Value::ArrayValue(expected));
    let velocities = elements(&samples.velocities);
    assert!((number(&velocities[0]) - 1.724_137_93).abs() < 1e-8);
    assert!((number(&velocities[1]) - 1.724_137_93).abs() < 1e-8);
    assert_eq!(velocities[2], Value::Unit);
    assert!(matches!(velocities[0], Value::F64(_)));
}

#[test]
fn a_blend_of_f32_contributions_outputs_f32() {
    let (mut device, p) = narrow_device();
    device.seek(p, 500 * MS);
    device.add_instance(p, 1);
    assert_eq!(
        elements(&device.step_values(0, None).values)[0],
        Value::F32(2.75)
    );
}

#[test]
fn a_bake_of_f32_keypoints_holds_f32_values() {
    let (mut device, _) = narrow_device();
    let baked = bake(&mut device, ids::bake::FUNCTION, 0, 4.0);
    let x = elements(&baked.tracks[0].values);
    let y = elements(&baked.tracks[1].values);
    let flag = elements(&baked.tracks[2].values);
    assert_eq!((x.len(), y.len(), flag.len()), (5, 5, 5));
    assert!(x.iter().all(|v| matches!(v, Value::F32(_))));
    assert!(y.iter().all(|v| matches!(v, Value::F64(_))));
    assert!(flag.iter().all(|v| matches!(v, Value::Boolean(_))));
}

#[test]
fn a_blend_with_any_wide_contribution_outputs_f64() {
    let mut device = Device::new();
    let narrow = clip_v1(vec![track_v1("x", vec![point("a", 0.0, Value::F32(1.0))])]);
    let integers = clip_v1(vec![track_v1("x", vec![point("a", 0.0, Value::U8(3))])]);
    let narrow = load_animation(&mut device, narrow);
    let integers = load_animation(&mut device, integers);
    let p = device.create_player("p");
    device.add_instance(p, narrow);
    assert_eq!(
        elements(&device.step_values(0, None).values)[0],
        Value::F32(1.0)
    );
    device.add_instance(p, integers);
    assert_eq!(
        elements(&device.step_values(0, None).values)[0],
        Value::F64(2.0)
    );
}

/// CLAIM of docs/playback.md §9 (test-support's fixture), loaded: its animation id.
fn claim_loaded(device: &mut Device) -> u32 {
    device.load_clip(clip_record(&fixture::claim()))
}

#[test]
fn a_bake_record_holds_every_track_in_clip_order() {
    let mut device = Device::new();
    let claim = claim_loaded(&mut device);
    let baked = bake(&mut device, ids::bake::FUNCTION, claim, 1.0);
    let window = (baked.frame_rate, baked.start_ns, baked.end_ns);
    assert_eq!(window, (1.0, 0, 0));
    let tracks: Vec<(&str, &Value, &Value)> = baked
        .tracks
        .iter()
        .map(|t| (t.animatable_id.as_str(), &t.values, &t.derivatives))
        .collect();
    let empty = Value::ArrayValue(vec![]);
    let one = |value: Value| Value::ArrayValue(vec![value]);
    assert_eq!(tracks[0], ("x", &one(Value::F64(1.0)), &empty));
    assert_eq!(tracks[1], ("x", &one(Value::F64(99.0)), &empty));
    assert_eq!(tracks[2], ("y", &empty, &empty));
    assert_eq!(tracks[3], ("y", &one(Value::String("no".into())), &empty));
    assert_eq!(tracks[4], ("z", &one(Value::Boolean(true)), &empty));
}

#[test]
fn derivatives_of_a_text_track_are_none_and_of_an_empty_track_nothing() {
    let mut device = Device::new();
    let claim = claim_loaded(&mut device);
    let with = bake(
        &mut device,
        ids::bake_with_derivatives::FUNCTION,
        claim,
        1.0,
    );
    let none = Value::ArrayValue(vec![Value::Option(None)]);
    assert_eq!(with.tracks[3].derivatives, none);
    assert_eq!(with.tracks[2].derivatives, Value::ArrayValue(vec![]));
}

#[test]
fn a_bake_with_derivatives_holds_values_and_velocities_as_some() {
    let mut device = Device::new();
    let r1 = device.load_clip(r1());
    let baked = bake(&mut device, ids::bake_with_derivatives::FUNCTION, r1, 2.0);
    assert_eq!((baked.start_ns, baked.end_ns), (0, 1_000 * MS));
    let values = elements(&baked.tracks[0].values);
    assert_eq!(values.len(), 3);
    assert_eq!(values[0], Value::F64(0.0));
    assert!((number(&values[1]) - 500.0).abs() < 1e-9);
    assert_eq!(values[2], Value::F64(1000.0));
    let derivatives = elements(&baked.tracks[0].derivatives);
    let some = |v: &Value| match v {
        Value::Option(Some(inner)) => number(inner),
        other => panic!("expected Option(Some(F64)), got {other:?}"),
    };
    assert_eq!(some(&derivatives[0]), 0.0);
    assert!((some(&derivatives[1]) - 1000.0).abs() < 1e-6);
    assert_eq!(some(&derivatives[2]), 0.0);
}

#[test]
fn bake_windows_follow_playback_section_8() {
    let mut device = Device::new();
    let r1 = device.load_clip(r1());
    let count = |device: &mut Device, rate: Option<f32>, start: Option<u64>, end: Option<u64>| {
        let mut args = vec![(ids::bake::ANIM, Value::U32(r1))];
        args.extend(rate.map(|rate| (ids::bake::FRAME_RATE, Value::F32(rate))));
        args.extend(start.map(|start| (ids::bake::START_NS, Value::U64(start))));
        args.extend(end.map(|end| (ids::bake::END_NS, Value::U64(end))));
        let Value::Option(Some(baked)) = device.ret(ids::bake::FUNCTION, args) else {
            panic!("accepted");
        };
        let baked = BakedAnimation::try_from(*baked).expect("a bake");
        let samples = elements(&baked.tracks[0].values).len();
        (samples, baked.start_ns, baked.end_ns, baked.frame_rate)
    };
    assert_eq!(
        count(&mut device, None, None, None),
        (61, 0, 1_000 * MS, 60.0)
    );
    assert_eq!(count(&mut device, Some(3.0), None, None).0, 4);
    assert_eq!(count(&mut device, Some(30.0), Some(0), Some(100 * MS)).0, 4);
    assert_eq!(
        count(&mut device, Some(4.0), Some(250 * MS), Some(600 * MS)).0,
        3
    );
    assert_eq!(
        count(&mut device, Some(4.0), Some(600 * MS), Some(250 * MS)),
        (1, 600 * MS, 600 * MS, 4.0)
    );
    assert_eq!(count(&mut device, Some(1e-6), None, None).0, 2);
    assert_eq!(
        count(&mut device, Some(1e6), Some(0), Some(1_048_575_000)).0,
        1_048_576
    );
}
