//! Valid clips of both formats with exactly one defect the contract
//! refuses, one defect for each refusal rule: docs/curves.md §1.5 (a track mixing
//! kinds, a number or handle that is not finite, on tracks of every kind)
//! and docs/contract.md §4.2–§4.5 (a composite keypoint value, a non-finite 1.x
//! stamp or handle, two transitions on a 2.0 side, an unknown transition
//! kind or pairing). A load of one answers `u32::MAX`, a reload `false`.

use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_types::keyvalue::KeyValue;
use arora_types::value::{Enumeration, Structure, Value};
use arora_types::{AroraType, Uuid};

use super::Source;

/// Kinds a 2.0 side refuses: near misses of the accepted ones.
const BAD_KINDS: [&str; 7] = ["Cubic", "ease", "", "handles", "bezier", "linear ", "step"];

/// Pairings a 2.0 keypoint refuses.
const BAD_PAIRINGS: [&str; 5] = ["Paired", "none", "both", " ", "free\0"];

/// Numbers a refusal rule names: not finite.
const NOT_FINITE: [f64; 3] = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];

/// Finite numbers at the edges: valid, however odd.
const FINITE_EDGES: [f64; 8] = [0.0, -0.0, 5e-324, f64::MAX, f64::MIN, 1e-300, 1.5, -2.0];

/// A keypoint value of `kind` (0 number, 1 boolean, 2 string), in any
/// accepted variant.
fn value_of_kind(source: &mut Source, kind: usize) -> Value {
    match kind {
        0 => match source.below(6) {
            0 => Value::F32(source.below(200) as f32 / 8.0 - 12.0),
            1 => Value::I64(source.u64() as i64),
            2 => Value::U32(source.u32()),
            3 => Value::F64(*source.pick(&FINITE_EDGES)),
            _ => Value::F64(source.below(2001) as f64 / 10.0 - 100.0),
        },
        1 => Value::Boolean(source.one_in(2)),
        _ => Value::String(source.pick(&["idle", "walk", "", "é"]).to_string()),
    }
}

/// A keypoint value no track takes (docs/contract.md §4.2: composites are refused).
fn composite(source: &mut Source) -> Value {
    match source.below(9) {
        0 => Value::Unit,
        1 => Value::Option(None),
        2 => Value::Option(Some(Box::new(Value::F64(1.0)))),
        3 => Value::Structure(Structure {
            id: Clip::arora_type_id(),
            fields: vec![],
        }),
        4 => Value::ArrayF64(vec![1.0, 2.0]),
        5 => Value::ArrayValue(vec![]),
        6 => Value::Uuid(Uuid::from_u64_pair(source.u64(), source.u64())),
        7 => Value::KeyValue(KeyValue::default()),
        _ => Value::Enumeration(Enumeration {
            id: Uuid::nil(),
            variant_id: Uuid::nil(),
            value: Box::new(Value::Unit),
        }),
    }
}

/// A valid 2.0 transition: a named kind, or a handle with finite offsets.
fn transition(source: &mut Source) -> ClipTransition {
    let kind = source.pick(&crate::random_clips::KINDS).to_string();
    let (dt_ns, dv) = if kind == "handle" {
        (*source.pick(&FINITE_EDGES), *source.pick(&FINITE_EDGES))
    } else {
        (0.0, 0.0)
    };
    ClipTransition { kind, dt_ns, dv }
}

fn side(source: &mut Source) -> Vec<ClipTransition> {
    if source.one_in(2) {
        vec![]
    } else {
        vec![transition(source)]
    }
}

/// Track `t`'s value kind and keypoint count in a valid clip: the first
/// track has two keypoints or more.
fn track_shape(source: &mut Source, t: usize) -> (usize, usize) {
    let kind = source.below(3);
    let len = if t == 0 {
        2 + source.below(4)
    } else {
        source.below(5)
    };
    (kind, len)
}

/// A valid 2.0 clip: one to four tracks of one kind each, at least one of
/// them with two keypoints or more.
fn valid_clip(source: &mut Source) -> Clip {
    let tracks = (0..1 + source.below(4))
        .map(|t| {
            let (kind, len) = track_shape(source, t);
            ClipTrack {
                id: format!("t{t}"),
                name: String::new(),
                target: format!("k{}", source.below(4)),
                keypoints: (0..len)
                    .map(|k| ClipKeypoint {
                        id: format!("p{k}"),
                        time_ns: source.u64() as i64 >> source.below(64),
                        value: value_of_kind(source, kind),
                        arrive: side(source),
                        leave: side(source),
                        pairing: source.pick(&["", "paired", "free"]).to_string(),
                    })
                    .collect(),
            }
        })
        .collect();
    let length_ns = (!source.one_in(3)).then(|| source.u64() as i64 >> source.below(64));
    Clip {
        name: "defect".into(),
        length_ns,
        tracks,
    }
}

/// The kind index of a keypoint value (0 number, 1 boolean, 2 string).
fn kind_of(value: &Value) -> usize {
    match value {
        Value::Boolean(_) => 1,
        Value::String(_) => 2,
        _ => 0,
    }
}

/// A 2.0 clip with exactly one defect, and the rule it breaks.
pub fn clip(source: &mut Source) -> (&'static str, Value) {
    let mut clip = valid_clip(source);
    let track = &mut clip.tracks[0];
    let k = source.below(track.keypoints.len());
    let rule = match source.below(7) {
        0 => {
            // docs/curves.md §1.5, rule 1: a keypoint of another kind than the first.
            let (at, value) =
                another_kind(source, &track.keypoints[0].value, track.keypoints.len());
            track.keypoints[at].value = value;
            "mixed kinds"
        }
        1 => {
            // docs/curves.md §1.5, rule 2: a number that is not finite.
            for keypoint in &mut track.keypoints {
                keypoint.value = Value::F64(1.0);
            }
            let x = *source.pick(&NOT_FINITE);
            track.keypoints[k].value = if source.one_in(2) {
                Value::F64(x)
            } else {
                Value::F32(x as f32)
            };
            "a number that is not finite"
        }
        2 => {
            track.keypoints[k].value = composite(source);
            "a composite keypoint value"
        }
        3 => {
            let two = vec![transition(source), transition(source)];
            if source.one_in(2) {
                track.keypoints[k].arrive = two;
            } else {
                track.keypoints[k].leave = two;
            }
            "two transitions on a side"
        }
        4 => {
            let bad = ClipTransition {
                kind: source.pick(&BAD_KINDS).to_string(),
                dt_ns: 0.0,
                dv: 0.0,
            };
            track.keypoints[k].leave = vec![bad];
            "an unknown transition kind"
        }
        5 => {
            track.keypoints[k].pairing = source.pick(&BAD_PAIRINGS).to_string();
            "an unknown pairing"
        }
        _ => {
            // docs/curves.md §1.5, rule 2: a handle that is not finite, on a track of any kind.
            let x = *source.pick(&NOT_FINITE);
            let (dt_ns, dv) = if source.one_in(2) { (x, 0.0) } else { (1.0, x) };
            let handle = ClipTransition {
                kind: "handle".into(),
                dt_ns,
                dv,
            };
            track.keypoints[k].arrive = vec![handle];
            "a handle that is not finite"
        }
    };
    (rule, Value::from(clip))
}

/// A valid 1.x clip, as [`valid_clip`].
fn valid_animation_clip(source: &mut Source) -> AnimationClip {
    let handles = |source: &mut Source| -> Vec<TransitionHandle> {
        (0..source.below(3))
            .map(|_| TransitionHandle {
                x: source.below(11) as f32 / 10.0,
                y: source.below(31) as f32 / 10.0 - 1.0,
            })
            .collect()
    };
    let tracks = (0..1 + source.below(4))
        .map(|t| {
            let (kind, len) = track_shape(source, t);
            AnimTrack {
                id: format!("t{t}"),
                name: String::new(),
                animatable_id: format!("k{}", source.below(4)),
                points: (0..len)
                    .map(|k| Keypoint {
                        id: format!("p{k}"),
                        stamp: source.below(1001) as f32 / 1000.0,
                        value: value_of_kind(source, kind),
                        transitions_in: handles(source),
                        transitions_out: handles(source),
                    })
                    .collect(),
            }
        })
        .collect();
    AnimationClip {
        name: "defect".into(),
        duration: numbers_duration(source),
        tracks,
    }
}

fn numbers_duration(source: &mut Source) -> u32 {
    *source.pick(&[0, 1, 1000, 60_000, u32::MAX])
}

/// For a track of `len` keypoints (two or more) whose first holds `first`: a later
/// keypoint's index and a value of another kind for it.
fn another_kind(source: &mut Source, first: &Value, len: usize) -> (usize, Value) {
    let at = 1 + source.below(len - 1);
    let other = (kind_of(first) + 1 + source.below(2)) % 3;
    (at, value_of_kind(source, other))
}

/// A 1.x clip with exactly one defect, and the rule it breaks.
pub fn animation_clip(source: &mut Source) -> (&'static str, Value) {
    let mut clip = valid_animation_clip(source);
    let track = &mut clip.tracks[0];
    let k = source.below(track.points.len());
    let not_finite = *source.pick(&NOT_FINITE) as f32;
    let rule = match source.below(5) {
        0 => {
            let (at, value) = another_kind(source, &track.points[0].value, track.points.len());
            track.points[at].value = value;
            "mixed kinds"
        }
        1 => {
            for point in &mut track.points {
                point.value = Value::F32(1.0);
            }
            track.points[k].value = if source.one_in(2) {
                Value::F64(f64::from(not_finite))
            } else {
                Value::F32(not_finite)
            };
            "a number that is not finite"
        }
        2 => {
            track.points[k].value = composite(source);
            "a composite keypoint value"
        }
        3 => {
            track.points[k].stamp = not_finite;
            "a stamp that is not finite"
        }
        _ => {
            let handle = if source.one_in(2) {
                TransitionHandle {
                    x: not_finite,
                    y: 0.5,
                }
            } else {
                TransitionHandle {
                    x: 0.5,
                    y: not_finite,
                }
            };
            let side = if source.one_in(2) {
                &mut track.points[k].transitions_in
            } else {
                &mut track.points[k].transitions_out
            };
            side.insert(0, handle);
            "a handle that is not finite"
        }
    };
    (rule, Value::from(clip))
}
