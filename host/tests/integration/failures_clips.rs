//! The failure values of clip calls (docs/contract.md §4.6, §4.9): refused loads and
//! reloads, unknown unloads and removals, through a real engine.

use crate::support::{Device, clip, clip1, key, load_animation, named, point, r1, track};
use arora_animation_module::animation::ids;
use arora_animation_module::records::TransitionHandle;
use arora_types::value::Value;

const MAX: u32 = u32::MAX;

#[test]
fn a_refused_1x_clip_answers_u32_max_and_uses_no_id() {
    let mut device = Device::new();
    let mixed = clip1(
        "v1",
        1000,
        vec![
            point("a", 0.0, Value::F32(1.0)),
            point("b", 1.0, Value::Boolean(true)),
        ],
    );
    let nan_stamp = clip1("v1", 1000, vec![point("a", f32::NAN, Value::F32(1.0))]);
    let mut bad_handle = point("a", 0.0, Value::F32(1.0));
    bad_handle.transitions_out = vec![TransitionHandle {
        x: f32::INFINITY,
        y: 0.0,
    }];
    let infinite_value = clip1("v1", 1000, vec![point("a", 0.0, Value::F64(f64::INFINITY))]);
    let refused = [
        mixed,
        nan_stamp,
        clip1("v1", 1000, vec![bad_handle]),
        infinite_value,
        clip1("v1", 1000, vec![point("a", 0.0, Value::Unit)]),
        clip1("v1", 1000, vec![point("a", 0.0, Value::Option(None))]),
        clip1(
            "v1",
            1000,
            vec![point("a", 0.0, Value::ArrayF64(vec![1.0]))],
        ),
    ];
    for clip in refused {
        assert_eq!(load_animation(&mut device, clip), MAX);
    }
    let integers = clip1(
        "v1",
        1000,
        vec![
            point("a", 0.0, Value::U64(7)),
            point("b", 1.0, Value::I8(-1)),
        ],
    );
    assert_eq!(load_animation(&mut device, integers), 0);
}

#[test]
fn a_refused_2_0_clip_answers_u32_max_and_uses_no_id() {
    let mut device = Device::new();
    let with = |edit: fn(&mut arora_animation_module::records::ClipKeypoint)| {
        let mut keypoint = key("k", 0, Value::F64(1.0));
        edit(&mut keypoint);
        clip("c", vec![track("t", "x", vec![keypoint])])
    };
    let refused = [
        with(|k| k.arrive = [named("linear"), named("linear")].concat()),
        with(|k| k.leave = named("Linear")),
        with(|k| k.leave = named("ease")),
        with(|k| k.pairing = "none".to_string()),
        with(|k| k.value = Value::Unit),
        with(|k| k.value = Value::F64(f64::NAN)),
        with(|k| {
            k.leave = vec![arora_animation_module::records::ClipTransition {
                kind: "handle".to_string(),
                dt_ns: f64::NAN,
                dv: 0.0,
            }]
        }),
        clip(
            "mixed",
            vec![track(
                "t",
                "x",
                vec![
                    key("a", 0, Value::F64(1.0)),
                    key("b", 1, Value::String("s".into())),
                ],
            )],
        ),
    ];
    for clip in refused {
        assert_eq!(device.load_clip(clip), MAX);
    }
    assert_eq!(
        device.load_clip(with(|k| k.pairing = "free".to_string())),
        0
    );
}

#[test]
fn reload_unload_and_remove_player_answer_false() {
    let mut device = Device::new();
    let player = device.player_with(r1());
    let revision = device.keys().revision;
    let reload = |device: &mut Device, anim: u32, clip: arora_animation_module::records::Clip| {
        device.bool(
            ids::reload_clip::FUNCTION,
            vec![
                (ids::reload_clip::ANIM, Value::U32(anim)),
                (ids::reload_clip::CLIP, clip.into()),
            ],
        )
    };
    assert!(!reload(&mut device, 7, r1()));
    let refused = clip("c", vec![track("t", "x", vec![key("k", 0, Value::Unit)])]);
    assert!(!reload(&mut device, 0, refused));
    let reload_v1 = device.bool(
        ids::reload_animation::FUNCTION,
        vec![
            (ids::reload_animation::ANIM, Value::U32(0)),
            (
                ids::reload_animation::CLIP,
                clip1("v1", 1000, vec![point("a", f32::NAN, Value::F32(0.0))]).into(),
            ),
        ],
    );
    assert!(!reload_v1);
    let unload = vec![(ids::unload_animation::ANIM, Value::U32(9))];
    assert!(!device.bool(ids::unload_animation::FUNCTION, unload));
    let remove = vec![(ids::remove_player::PLAYER, Value::U32(player + 1))];
    assert!(!device.bool(ids::remove_player::FUNCTION, remove));
    assert_eq!(device.keys().revision, revision);
}

#[test]
fn remove_instance_answers_0_for_an_unknown_pair() {
    let mut device = Device::new();
    let p = device.player_with(r1());
    let q = device.create_player("q");
    let remove = |device: &mut Device, player: u32, instance: u32| {
        device.u32(
            ids::remove_instance::FUNCTION,
            vec![
                (ids::remove_instance::PLAYER, Value::U32(player)),
                (ids::remove_instance::INSTANCE, Value::U32(instance)),
            ],
        )
    };
    assert_eq!(
        remove(&mut device, q, 0),
        0,
        "an instance of another player"
    );
    assert_eq!(remove(&mut device, 5, 0), 0);
    assert_eq!(remove(&mut device, p, 1), 0);
    assert_eq!(remove(&mut device, p, 0), 1);
    assert_eq!(remove(&mut device, p, 0), 0);
}
