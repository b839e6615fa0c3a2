//! Reading a 1.x stored animation (the editor's 1.x JSON) into the engine's 1.x model, as
//! `check` and `convert` both do.
//!
//! The 1.x document: `name`, `duration` (whole milliseconds, u32), `tracks`; a track:
//! `id`, `name`, `animatableId`, `points`; a point: `id`, `stamp` (a fraction of the
//! duration, read as f32), `value` (number, boolean or string; numbers as F64), and
//! `transitions` with `in` / `out` each an `{x, y}` handle or a list of them (the first is
//! used, docs/contract.md §4.3). Unknown fields are ignored.

use animation_engine::{ClipV1, PointV1, TrackV1, ValueV1};
use serde::Deserialize;
use serde_json::Value as Json;

use crate::clip_file::ClipFileError;
use crate::error::CliError;

#[derive(Deserialize)]
struct ClipDoc {
    #[serde(default)]
    name: String,
    duration: u32,
    tracks: Vec<TrackDoc>,
}

#[derive(Deserialize)]
struct TrackDoc {
    id: String,
    #[serde(default)]
    name: String,
    #[serde(rename = "animatableId")]
    animatable_id: String,
    points: Vec<PointDoc>,
}

#[derive(Deserialize)]
struct PointDoc {
    id: String,
    stamp: f64,
    value: Json,
    #[serde(default)]
    transitions: TransitionsDoc,
}

#[derive(Default, Deserialize)]
struct TransitionsDoc {
    #[serde(rename = "in", default)]
    arrive: Option<Handles>,
    #[serde(rename = "out", default)]
    leave: Option<Handles>,
}

/// A side's handle: one `{x, y}` or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum Handles {
    One(Handle),
    Many(Vec<Handle>),
}

#[derive(Clone, Copy, Deserialize)]
struct Handle {
    x: f64,
    y: f64,
}

impl Handles {
    fn first(&self) -> Option<(f32, f32)> {
        let handle = match self {
            Handles::One(h) => Some(*h),
            Handles::Many(list) => list.first().copied(),
        };
        handle.map(|h| (h.x as f32, h.y as f32))
    }
}

/// Reads the 1.x document `text` (`shown` names it in errors) into the engine's 1.x model.
pub fn parse_v1(shown: &str, text: &str) -> Result<ClipV1, CliError> {
    let doc: ClipDoc = serde_json::from_str(text).map_err(|e| {
        CliError::Clip(ClipFileError::Syntax {
            path: shown.to_string(),
            line: e.line(),
            column: e.column(),
            what: format!("not a 1.x animation: {}", without_position(&e.to_string())),
        })
    })?;
    let mut tracks = Vec::with_capacity(doc.tracks.len());
    for track in doc.tracks {
        let mut points = Vec::with_capacity(track.points.len());
        for point in track.points {
            let value = value_v1(&point.value).ok_or_else(|| CliError::Data {
                path: shown.to_string(),
                what: format!(
                    "track \"{}\" point \"{}\": a value is a number, boolean or string",
                    track.id, point.id
                ),
            })?;
            points.push(PointV1 {
                id: point.id,
                stamp: point.stamp as f32,
                value,
                arrive: point.transitions.arrive.as_ref().and_then(Handles::first),
                leave: point.transitions.leave.as_ref().and_then(Handles::first),
            });
        }
        tracks.push(TrackV1 {
            id: track.id,
            name: track.name,
            animatable_id: track.animatable_id,
            points,
        });
    }
    Ok(ClipV1 {
        name: doc.name,
        duration_ms: doc.duration,
        tracks,
    })
}

fn value_v1(value: &Json) -> Option<ValueV1> {
    match value {
        Json::Number(n) => n.as_f64().map(ValueV1::F64),
        Json::Bool(b) => Some(ValueV1::Boolean(*b)),
        Json::String(s) => Some(ValueV1::Text(s.clone())),
        _ => None,
    }
}

fn without_position(message: &str) -> String {
    message
        .rsplit_once(" at line ")
        .map_or(message, |(what, _)| what)
        .to_string()
}
