//! Random arguments of the contract's functions, as a caller sends them: clips of both
//! formats, ids that may or may not exist, times and numbers at their edges, optional
//! arguments in every form the contract reads, and now and then one of the wrong type.

use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_animation_test_support::TRANSITION_KINDS;
use arora_animation_test_support::random::Source;
use arora_types::value::Value;

/// The keys clips write: few, so that players and clips overlap.
pub const TARGETS: [&str; 4] = ["a", "b", "c", "arm/ängle"];

/// A keypoint value of `kind` (0 a number of any width, 1 a boolean, 2 text).
pub fn keypoint_value(random: &mut Source, kind: u8) -> Value {
    match kind {
        0 => match random.below(8) {
            0 => Value::F32((random.unit() * 20.0 - 10.0) as f32),
            1 => Value::I64(random.below(50) as i64 - 25),
            _ => Value::F64(random.unit() * 200.0 - 100.0),
        },
        1 => Value::Boolean(random.one_in(2)),
        _ => Value::String(random.pick(&["idle", "walk", "", "ünïcode"]).to_string()),
    }
}

/// A 2.0 clip: number tracks mostly, boolean and text tracks too.
pub fn clip(random: &mut Source) -> Value {
    let tracks = (0..1 + random.below(4))
        .map(|index| {
            let kind = *random.pick(&[0, 0, 0, 1, 2]);
            let keypoints = (0..random.below(6))
                .map(|k| {
                    let side = |random: &mut Source| {
                        if random.one_in(2) {
                            vec![]
                        } else {
                            vec![ClipTransition {
                                kind: random.pick(&TRANSITION_KINDS).to_string(),
                                dt_ns: random.unit() * 2e8,
                                dv: random.unit() * 10.0 - 5.0,
                            }]
                        }
                    };
                    ClipKeypoint {
                        id: format!("k{k}"),
                        time_ns: random.below(2_000_000_000) as i64 - 100_000_000,
                        value: keypoint_value(random, kind),
                        arrive: side(random),
                        leave: side(random),
                        pairing: String::new(),
                    }
                })
                .collect();
            ClipTrack {
                id: format!("t{index}"),
                name: format!("track {index}"),
                target: random.pick(&TARGETS).to_string(),
                keypoints,
            }
        })
        .collect();
    let length_ns = random.one_in(3).then(|| random.below(3_000_000_000) as i64);
    Value::from(Clip {
        name: "random".to_string(),
        length_ns,
        tracks,
    })
}

/// A 1.x clip: its numbers travel as `F32`.
pub fn animation_clip(random: &mut Source) -> Value {
    let tracks = (0..1 + random.below(3))
        .map(|index| AnimTrack {
            id: format!("t{index}"),
            name: format!("track {index}"),
            animatable_id: random.pick(&TARGETS).to_string(),
            points: (0..random.below(5))
                .map(|k| Keypoint {
                    id: format!("p{k}"),
                    stamp: random.unit() as f32,
                    value: Value::F32((random.unit() * 4.0 - 2.0) as f32),
                    transitions_in: vec![],
                    transitions_out: vec![TransitionHandle {
                        x: random.unit() as f32,
                        y: random.unit() as f32,
                    }],
                })
                .collect(),
        })
        .collect();
    Value::from(AnimationClip {
        name: "random".to_string(),
        duration: 1 + random.below(2000) as u32,
        tracks,
    })
}

/// An id argument: mostly one that may exist, sometimes none that can.
pub fn some_id(random: &mut Source) -> Value {
    match random.below(12) {
        0 => Value::U32(u32::MAX),
        1 => Value::U32(1000),
        _ => Value::U32(random.below(6) as u32),
    }
}

/// A time argument in ns: mostly below 3 s or 10 s, sometimes 0, `i64::MAX` + 1 or `u64::MAX`.
pub fn time(random: &mut Source) -> u64 {
    match random.below(10) {
        0 => 0,
        1 => u64::MAX,
        2 => i64::MAX as u64 + 1,
        3 => random.below(10_000_000_000) as u64,
        _ => random.below(3_000_000_000) as u64,
    }
}

/// A number argument: mostly in (−4, 4), sometimes NaN, +∞, ±0 or 1e30.
pub fn float(random: &mut Source) -> f64 {
    match random.below(14) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => -0.0,
        3 => 0.0,
        4 => 1e30,
        5 => -(random.unit() * 4.0),
        _ => random.unit() * 4.0,
    }
}

/// An optional argument in one of the forms the contract reads: left out,
/// `Option(None)`, `Option(Some(x))` or a bare `x`.
pub fn optional(random: &mut Source, value: impl FnOnce(&mut Source) -> Value) -> Option<Value> {
    let value = value(random);
    match random.below(4) {
        0 => None,
        1 => Some(Value::Option(None)),
        2 => Some(Value::Option(Some(Box::new(value)))),
        _ => Some(value),
    }
}

/// What a call's argument of the parameter's type becomes now and then:
/// another type, an option around it, left out.
pub fn spoil(random: &mut Source, value: impl FnOnce(&mut Source) -> Value) -> Option<Value> {
    let value = value(random);
    if !random.one_in(25) {
        return Some(value);
    }
    Some(match random.below(7) {
        0 => return None,
        1 => Value::F64(1.5),
        2 => Value::U32(3),
        3 => Value::I64(-1),
        4 => Value::String("7".into()),
        5 => Value::Option(Some(Box::new(Value::U8(1)))),
        _ => Value::Option(Some(Box::new(value))),
    })
}
