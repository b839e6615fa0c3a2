//! The example clips (examples/clips/) as the records a caller sends: a 2.0
//! document read by the engine into the `Clip` record, as the command line
//! reads it; a 1.x animation into the `AnimationClip` record `load_animation`
//! takes.

use std::path::PathBuf;

use animation_engine::Clip as EngineClip;
use arora_animation_module::clip_record;
use arora_animation_module::records::{AnimTrack, AnimationClip, Clip, Keypoint, TransitionHandle};
use arora_types::value::Value;
use serde_json::Value as Json;

fn example(name: &str) -> String {
    let path: PathBuf = arora_animation_browser::workspace_dir()
        .join("examples/clips")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 2.0 clip document `examples/clips/<name>` as a `Clip` record.
pub fn clip(name: &str) -> Clip {
    let valid = EngineClip::from_json(&example(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    clip_record(&valid.into_clip())
}

/// `blink.json` with a number among its first track's booleans: a clip the
/// contract refuses (a track's keypoints are of one kind).
pub fn mixed_clip() -> Clip {
    let mut clip = clip("blink.json");
    clip.tracks[0].keypoints[1].value = Value::F64(0.5);
    clip
}

/// The 1.x animation `examples/clips/<name>` as an `AnimationClip` record:
/// `duration` in milliseconds, each point's `stamp` as the record's f32,
/// numbers as F64, and `transitions.in` / `.out` each one handle or a list.
pub fn animation_clip(name: &str) -> AnimationClip {
    let doc: Json = serde_json::from_str(&example(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let text = |json: &Json, field: &str| json[field].as_str().unwrap_or_default().to_string();
    let handles = |json: &Json| -> Vec<TransitionHandle> {
        let handle = |h: &Json| TransitionHandle {
            x: h["x"].as_f64().expect("a handle's x") as f32,
            y: h["y"].as_f64().expect("a handle's y") as f32,
        };
        match json {
            Json::Array(list) => list.iter().map(handle).collect(),
            Json::Null => Vec::new(),
            one => vec![handle(one)],
        }
    };
    let point = |p: &Json| Keypoint {
        id: text(p, "id"),
        stamp: p["stamp"].as_f64().expect("a stamp") as f32,
        value: match &p["value"] {
            Json::Number(n) => Value::F64(n.as_f64().expect("a number")),
            Json::Bool(b) => Value::Boolean(*b),
            Json::String(s) => Value::String(s.clone()),
            other => panic!("{name}: a point's value {other}"),
        },
        transitions_in: handles(&p["transitions"]["in"]),
        transitions_out: handles(&p["transitions"]["out"]),
    };
    let track = |t: &Json| AnimTrack {
        id: text(t, "id"),
        name: text(t, "name"),
        animatable_id: text(t, "animatableId"),
        points: t["points"]
            .as_array()
            .expect("points")
            .iter()
            .map(point)
            .collect(),
    };
    AnimationClip {
        name: text(&doc, "name"),
        duration: doc["duration"].as_u64().expect("a duration") as u32,
        tracks: doc["tracks"]
            .as_array()
            .expect("tracks")
            .iter()
            .map(track)
            .collect(),
    }
}
