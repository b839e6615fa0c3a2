//! The clips of docs/playback.md §9 as `Clip` records (written once, in the test-support
//! crate, and converted here), builders of other record clips, and reading values back.

use animation_engine::ValidClip;
use arora_animation_module::animation::ids;
use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_animation_module::{ContractModule, clip_record};
use arora_animation_test_support::clips as scenario;
use arora_types::value::Value;

/// A player named `name`, created on `module` through its typed API (no sentinel to read):
/// its id as the contract gives it.
pub fn new_player(module: &mut ContractModule, name: &str) -> u32 {
    module
        .module_mut()
        .create_player(name)
        .expect("creates")
        .raw()
}

/// A transition of `kind` with no offsets.
pub fn named(kind: &str) -> Vec<ClipTransition> {
    vec![ClipTransition {
        kind: kind.to_string(),
        dt_ns: 0.0,
        dv: 0.0,
    }]
}

/// A keypoint at `time_ns` with `value`, easing `linear` on both sides.
pub fn key(id: &str, time_ns: i64, value: Value) -> ClipKeypoint {
    ClipKeypoint {
        id: id.to_string(),
        time_ns,
        value,
        arrive: named("linear"),
        leave: named("linear"),
        pairing: String::new(),
    }
}

pub fn track(id: &str, target: &str, keypoints: Vec<ClipKeypoint>) -> ClipTrack {
    ClipTrack {
        id: id.to_string(),
        name: id.to_string(),
        target: target.to_string(),
        keypoints,
    }
}

pub fn clip(name: &str, tracks: Vec<ClipTrack>) -> Clip {
    Clip {
        name: name.to_string(),
        length_ns: None,
        tracks,
    }
}

/// R1 of docs/playback.md §9.
pub fn r1() -> Clip {
    clip_record(&scenario::r1())
}

/// A one-keypoint number clip: `id: x` holding `value`.
pub fn hold(id: &str, value: f64) -> Clip {
    clip_record(&scenario::clip(vec![scenario::hold(id, "x", value)]))
}

/// TEXT of docs/playback.md §9.
pub fn text() -> Clip {
    clip_record(&scenario::text())
}

/// A 1.x keypoint with no handles (the default easing on both sides).
pub fn point(id: &str, stamp: f32, value: Value) -> Keypoint {
    point1(id, stamp, value, vec![])
}

/// A 1.x keypoint with the same `handles` on both sides.
pub fn point1(id: &str, stamp: f32, value: Value, handles: Vec<TransitionHandle>) -> Keypoint {
    Keypoint {
        id: id.to_string(),
        stamp,
        value,
        transitions_in: handles.clone(),
        transitions_out: handles,
    }
}

/// A 1.x clip `name` of `duration` ms with one track `t` writing `x`.
pub fn clip1(name: &str, duration: u32, points: Vec<Keypoint>) -> AnimationClip {
    AnimationClip {
        name: name.to_string(),
        duration,
        tracks: vec![AnimTrack {
            id: "t".to_string(),
            name: "t".to_string(),
            animatable_id: "x".to_string(),
            points,
        }],
    }
}

/// `load_animation` of `clip` on `device`: its id, or `u32::MAX` refused.
pub fn load_animation(device: &mut super::Device, clip: AnimationClip) -> u32 {
    device.u32(
        ids::load_animation::FUNCTION,
        vec![(ids::load_animation::CLIP, clip.into())],
    )
}

/// The times of the first track's keypoints of a converted clip, in order.
pub fn first_track_times(clip: &ValidClip) -> Vec<i64> {
    let keypoints = &clip.tracks()[0].track().keypoints;
    keypoints.iter().map(|keypoint| keypoint.time_ns).collect()
}

/// The number a value holds, `F32` or `F64`.
pub fn number(value: &Value) -> f64 {
    match value {
        Value::F64(x) => *x,
        Value::F32(x) => f64::from(*x),
        other => panic!("expected a number, got {other:?}"),
    }
}

/// The elements of an `ArrayValue`.
pub fn elements(value: &Value) -> &[Value] {
    match value {
        Value::ArrayValue(elements) => elements,
        other => panic!("expected an ArrayValue, got {other:?}"),
    }
}

/// Values quoted with "≈" in docs/playback.md §9 carry floating error around 1e-13.
pub fn close(value: &Value, expected: f64) {
    let got = number(value);
    assert!((got - expected).abs() < 1e-9, "{got} is not ≈ {expected}");
}
