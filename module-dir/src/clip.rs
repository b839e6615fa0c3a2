//! The clip the main command plays: one second, one track of each kind.

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_types::value::Value;

/// One second in nanoseconds, the bundled clip's length.
pub const CLIP_LENGTH_NS: i64 = 1_000_000_000;

/// A one-second 2.0 clip writing three keys: `arm/angle`, a number easing
/// 0 → 90 → 0 (sine out, then the default cubic back); `light/on`, a boolean
/// on from 250 ms to 750 ms; `face/expression`, a text turning from `idle` to
/// `smile` at 500 ms.
pub fn bundled_clip() -> Clip {
    Clip {
        name: "wave".to_string(),
        length_ns: Some(CLIP_LENGTH_NS),
        tracks: vec![
            track(
                "arm",
                "arm/angle",
                vec![
                    keypoint(0, Value::F64(0.0), "sine"),
                    keypoint(CLIP_LENGTH_NS / 2, Value::F64(90.0), ""),
                    keypoint(CLIP_LENGTH_NS, Value::F64(0.0), ""),
                ],
            ),
            track(
                "light",
                "light/on",
                vec![
                    keypoint(0, Value::Boolean(false), ""),
                    keypoint(CLIP_LENGTH_NS / 4, Value::Boolean(true), ""),
                    keypoint(3 * CLIP_LENGTH_NS / 4, Value::Boolean(false), ""),
                ],
            ),
            track(
                "face",
                "face/expression",
                vec![
                    keypoint(0, Value::String("idle".into()), ""),
                    keypoint(CLIP_LENGTH_NS / 2, Value::String("smile".into()), ""),
                ],
            ),
        ],
    }
}

fn track(id: &str, target: &str, keypoints: Vec<ClipKeypoint>) -> ClipTrack {
    ClipTrack {
        id: id.to_string(),
        name: id.to_string(),
        target: target.to_string(),
        keypoints,
    }
}

/// A keypoint at `time_ns` leaving with the easing `leave` (none: `""`).
fn keypoint(time_ns: i64, value: Value, leave: &str) -> ClipKeypoint {
    let leave = (!leave.is_empty())
        .then(|| ClipTransition {
            kind: leave.to_string(),
            dt_ns: 0.0,
            dv: 0.0,
        })
        .into_iter()
        .collect();
    ClipKeypoint {
        id: format!("k{time_ns}"),
        time_ns,
        value,
        arrive: Vec::new(),
        leave,
        pairing: String::new(),
    }
}
