//! A clip's bounds and judgement as one JSON object (issue #26's shape):
//! `{"file", "tracks": [{"id", "target", "kind", …bounds}], "violations": [{"track",
//! "target", "limit", "value", "time_s", "allowed"}], "unnamed": [{"track", "target"}]}`.
//! `arora-animation limits --format json` writes it a line per file, and the page reads the
//! bounds from it: one writer, one shape.
//!
//! serde_json writes each f64 in shortest round-trip form, and +∞ (a jump's or an unbounded
//! velocity's value) as `null`.

use serde::Serialize;

use super::violations::Judgement;
use crate::bounds::{ClipTrackBounds, NumberBounds, TrackBounds};
use crate::clip::model::KeyValue;

/// The JSON object of one clip file's `bounds` and `judgement`, in one line, `file` as shown.
/// Fails only if serde_json cannot write a value, which these types never give it.
pub fn report_json(
    file: &str,
    bounds: &[ClipTrackBounds],
    judgement: &Judgement,
) -> Result<String, serde_json::Error> {
    let report = FileReport {
        file,
        tracks: bounds.iter().map(TrackReport::of).collect(),
        violations: judgement
            .violations
            .iter()
            .map(|v| ViolationReport {
                track: &v.track,
                target: &v.target,
                limit: v.limit.key(),
                value: v.value(),
                time_s: v.time_s,
                allowed: v.allowed,
            })
            .collect(),
        unnamed: judgement
            .unnamed
            .iter()
            .map(|u| UnnamedReport {
                track: &u.track,
                target: &u.target,
            })
            .collect(),
    };
    serde_json::to_string(&report)
}

#[derive(Serialize)]
struct FileReport<'a> {
    file: &'a str,
    tracks: Vec<TrackReport<'a>>,
    violations: Vec<ViolationReport<'a>>,
    unnamed: Vec<UnnamedReport<'a>>,
}

#[derive(Serialize)]
struct TrackReport<'a> {
    id: &'a str,
    target: &'a str,
    kind: &'static str,
    #[serde(flatten)]
    detail: Detail<'a>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Detail<'a> {
    Number(&'a NumberBounds),
    Steps { changes: Vec<ChangeReport> },
    Empty {},
}

#[derive(Serialize)]
struct ChangeReport {
    time_s: f64,
    value: serde_json::Value,
}

impl<'a> TrackReport<'a> {
    fn of(track: &'a ClipTrackBounds) -> TrackReport<'a> {
        let (kind, detail) = match &track.bounds {
            TrackBounds::Number(n) => ("number", Detail::Number(n)),
            TrackBounds::Steps(steps) => {
                let changes = steps.changes.iter().map(|c| ChangeReport {
                    time_s: c.time_s,
                    value: match &c.value {
                        KeyValue::Number(x) => serde_json::json!(x),
                        KeyValue::Boolean(b) => serde_json::Value::Bool(*b),
                        KeyValue::Text(s) => serde_json::Value::String(s.clone()),
                    },
                });
                let kind = steps
                    .changes
                    .first()
                    .map_or("steps", |c| kind_name(&c.value));
                (
                    kind,
                    Detail::Steps {
                        changes: changes.collect(),
                    },
                )
            }
            TrackBounds::Empty => ("empty", Detail::Empty {}),
        };
        TrackReport {
            id: &track.id,
            target: &track.target,
            kind,
            detail,
        }
    }
}

/// The kind of a track whose first value is `value`: `number`, `boolean` or `string`.
pub fn kind_name(value: &KeyValue) -> &'static str {
    match value {
        KeyValue::Number(_) => "number",
        KeyValue::Boolean(_) => "boolean",
        KeyValue::Text(_) => "string",
    }
}

#[derive(Serialize)]
struct ViolationReport<'a> {
    track: &'a str,
    target: &'a str,
    limit: &'static str,
    value: f64,
    time_s: f64,
    allowed: f64,
}

#[derive(Serialize)]
struct UnnamedReport<'a> {
    track: &'a str,
    target: &'a str,
}
