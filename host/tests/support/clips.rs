//! The clips of docs/playback.md §9 as `Clip` records, and reading values back.

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_types::value::Value;

use super::MS;

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

/// `tx: x`, 0 → `to` over `over_ns`, linear.
pub fn ramp(id: &str, over_ns: i64, to: f64) -> Clip {
    let keys = vec![
        key("a", 0, Value::F64(0.0)),
        key("b", over_ns, Value::F64(to)),
    ];
    clip(id, vec![track(id, "x", keys)])
}

/// R1: `tx: x`, 0 → 1000 over 1 s: the value is ≈ the clip-local time in ms.
pub fn r1() -> Clip {
    ramp("tx", 1_000 * MS as i64, 1000.0)
}

/// R5: the same over 5 s.
pub fn r5() -> Clip {
    ramp("tx", 5_000 * MS as i64, 5000.0)
}

/// A one-keypoint number clip: `id: x` holding `value`.
pub fn hold(id: &str, value: f64) -> Clip {
    clip(
        id,
        vec![track(id, "x", vec![key("k", 0, Value::F64(value))])],
    )
}

/// TEXT: `ts: x`, "a" at 0, "b" at 500 ms.
pub fn text() -> Clip {
    let keys = vec![
        key("a", 0, Value::String("a".to_string())),
        key("b", 500 * MS as i64, Value::String("b".to_string())),
    ];
    clip("text", vec![track("ts", "x", keys)])
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

/// The first position's value after a step.
pub fn first_value(device: &mut super::Device, dt_ns: u64, time_ns: Option<u64>) -> Value {
    elements(&device.step_values(dt_ns, time_ns).values)[0].clone()
}
