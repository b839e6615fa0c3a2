//! A 1.x stored animation (the editor's 1.x JSON) read into the engine's 1.x model, as
//! `check`, `convert` and the page read it.
//!
//! The 1.x document: `name`, `duration` (whole milliseconds, u32), `tracks`; a track:
//! `id`, `name`, `animatableId`, `points`; a point: `id`, `stamp` (a fraction of the
//! duration, read as f32), `value` (number, boolean or string; numbers as F64), and
//! `transitions` with `in` / `out` each an `{x, y}` handle or a list of them (the first is
//! used, docs/contract.md §4.3). Unknown fields are ignored.

use serde::Deserialize;
use serde_json::Value as Json;

use crate::clip::file::error::ClipFileError;
use crate::clip::file::v2::message_without_position;
use crate::clip::v1::{ClipV1, PointV1, TrackV1, ValueV1};

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

/// Reads the 1.x document `text` (`name` names the file in refusals) into the engine's
/// 1.x model, not yet converted ([`ClipV1::to_valid_clip`] converts it).
pub fn read_v1_document(name: &str, text: &str) -> Result<ClipV1, ClipFileError> {
    let doc: ClipDoc = serde_json::from_str(text).map_err(|e| ClipFileError::NotV1 {
        path: name.to_string(),
        line: e.line(),
        column: e.column(),
        what: message_without_position(&e.to_string()),
    })?;
    let tracks = doc.tracks.into_iter().map(|track| track_v1(name, track));
    Ok(ClipV1 {
        name: doc.name,
        duration_ms: doc.duration,
        tracks: tracks.collect::<Result<_, _>>()?,
    })
}

fn track_v1(name: &str, track: TrackDoc) -> Result<TrackV1, ClipFileError> {
    let mut points = Vec::with_capacity(track.points.len());
    for point in track.points {
        let value = value_v1(&point.value).ok_or_else(|| ClipFileError::V1Value {
            path: name.to_string(),
            track: track.id.clone(),
            point: point.id.clone(),
        })?;
        points.push(PointV1 {
            id: point.id,
            stamp: point.stamp as f32,
            value,
            arrive: point.transitions.arrive.as_ref().and_then(Handles::first),
            leave: point.transitions.leave.as_ref().and_then(Handles::first),
        });
    }
    Ok(TrackV1 {
        id: track.id,
        name: track.name,
        animatable_id: track.animatable_id,
        points,
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
