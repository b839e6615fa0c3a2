//! Random clips of both formats, as `Value`s a caller sends: mostly valid,
//! now and then one the contract refuses (a mixed track, a non-finite
//! number, an unknown transition kind, two transitions on a side), so that
//! most loads succeed and sessions reach playback.

use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_types::value::Value;
use proptest::prelude::*;

/// The keys clips write: few, so that players and clips overlap.
const TARGETS: [&str; 3] = ["a", "b", "c"];

/// The transition kinds of docs/contract.md §4.4, written once in test-support.
pub use arora_animation_test_support::TRANSITION_KINDS as KINDS;

/// A keypoint value of one kind: numbers of every width, booleans, text; a
/// rare NaN.
fn value_of_kind(kind: u8) -> BoxedStrategy<Value> {
    match kind {
        0 => prop_oneof![
            24 => (-100.0f64..100.0).prop_map(Value::F64),
            12 => (-100.0f32..100.0).prop_map(Value::F32),
            6 => (-50i64..50).prop_map(Value::I64),
            6 => (0u32..50).prop_map(Value::U32),
            1 => Just(Value::F64(f64::NAN)),
        ]
        .boxed(),
        1 => any::<bool>().prop_map(Value::Boolean).boxed(),
        _ => prop::sample::select(vec!["idle", "walk", "run"])
            .prop_map(|s| Value::String(s.into()))
            .boxed(),
    }
}

/// The values of one track's keypoints: of one kind, or (rarely) mixed.
fn track_values(len: usize) -> impl Strategy<Value = Vec<Value>> {
    prop_oneof![
        30 => (0u8..3).prop_flat_map(move |kind| prop::collection::vec(value_of_kind(kind), len)),
        1 => prop::collection::vec((0u8..3).prop_flat_map(value_of_kind), len),
    ]
}

fn transition() -> impl Strategy<Value = ClipTransition> {
    let kind = prop_oneof![40 => prop::sample::select(KINDS.to_vec()), 1 => Just("bogus")];
    (kind, -2e8f64..2e8, -50.0f64..50.0).prop_map(|(kind, dt_ns, dv)| ClipTransition {
        kind: kind.to_string(),
        dt_ns,
        dv,
    })
}

/// Zero or one transition on a side, rarely two.
fn side() -> impl Strategy<Value = Vec<ClipTransition>> {
    prop_oneof![
        20 => Just(Vec::new()),
        20 => prop::collection::vec(transition(), 1),
        1 => prop::collection::vec(transition(), 2),
    ]
}

fn clip_track(index: usize) -> impl Strategy<Value = ClipTrack> {
    (0usize..5, prop::sample::select(TARGETS.to_vec()))
        .prop_flat_map(|(len, target)| {
            let times = prop::collection::vec(-2e8 as i64..1_500_000_000, len);
            let sides = prop::collection::vec((side(), side()), len);
            (Just(target), track_values(len), times, sides)
        })
        .prop_map(move |(target, values, times, sides)| ClipTrack {
            id: format!("t{index}"),
            name: format!("track {index}"),
            target: target.to_string(),
            keypoints: values
                .into_iter()
                .zip(times)
                .zip(sides)
                .enumerate()
                .map(|(k, ((value, time_ns), (arrive, leave)))| ClipKeypoint {
                    id: format!("k{k}"),
                    time_ns,
                    value,
                    arrive,
                    leave,
                    pairing: ["", "paired", "free"][k % 3].to_string(),
                })
                .collect(),
        })
}

/// A 2.0 `Clip`, as a `Value`.
pub fn clip() -> impl Strategy<Value = Value> {
    let length = prop::option::of(-1_000_000i64..2_000_000_000);
    let tracks = (0usize..4).prop_flat_map(|n| (0..n).map(clip_track).collect::<Vec<_>>());
    (length, tracks).prop_map(|(length_ns, tracks)| {
        Value::from(Clip {
            name: "random".to_string(),
            length_ns,
            tracks,
        })
    })
}

fn handle() -> impl Strategy<Value = TransitionHandle> {
    (0.0f32..1.0, -1.0f32..2.0).prop_map(|(x, y)| TransitionHandle { x, y })
}

fn handles() -> impl Strategy<Value = Vec<TransitionHandle>> {
    prop::collection::vec(handle(), 0..3)
}

fn anim_track(index: usize) -> impl Strategy<Value = AnimTrack> {
    (0usize..5, prop::sample::select(TARGETS.to_vec()))
        .prop_flat_map(|(len, target)| {
            let stamps = prop::collection::vec(0.0f32..1.0, len);
            let sides = prop::collection::vec((handles(), handles()), len);
            (Just(target), track_values(len), stamps, sides)
        })
        .prop_map(move |(target, values, stamps, sides)| AnimTrack {
            id: format!("t{index}"),
            name: format!("track {index}"),
            animatable_id: target.to_string(),
            points: values
                .into_iter()
                .zip(stamps)
                .zip(sides)
                .enumerate()
                .map(
                    |(k, ((value, stamp), (transitions_in, transitions_out)))| Keypoint {
                        id: format!("k{k}"),
                        stamp,
                        value,
                        transitions_in,
                        transitions_out,
                    },
                )
                .collect(),
        })
}

/// A 1.x `AnimationClip`, as a `Value`.
pub fn animation_clip() -> impl Strategy<Value = Value> {
    let tracks = (0usize..4).prop_flat_map(|n| (0..n).map(anim_track).collect::<Vec<_>>());
    (0u32..2000, tracks).prop_map(|(duration, tracks)| {
        Value::from(AnimationClip {
            name: "random".to_string(),
            duration,
            tracks,
        })
    })
}
