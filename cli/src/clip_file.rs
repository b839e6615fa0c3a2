//! Reading a clip file (docs/curves.md §1.6) with errors precise enough to fix the file by:
//! a JSON syntax error as `file:line:column: what`, a shape error likewise, and a
//! validation error (docs/curves.md §1.5) naming the track, the keypoint and the rule.
//!
//! This file and `sampling.rs` are the only places the command line calls the engine
//! directly, so a change of the engine's API is adapted here.

use std::path::{Path, PathBuf};

use animation_engine::{Clip, ClipError, ValidClip};
use serde_json::Value as Json;

/// A clip file that was read and validated.
#[derive(Clone, Debug)]
pub struct ClipFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The clip as authored, for listing and drawing its keypoints and handles.
    pub clip: Clip,
    /// The same clip validated, which the engine compiles and samples.
    pub valid: ValidClip,
}

impl ClipFile {
    /// A file at `path` holding `valid`.
    pub fn new(path: PathBuf, valid: ValidClip) -> ClipFile {
        ClipFile {
            path,
            clip: valid.clone().into_clip(),
            valid,
        }
    }
}

/// Why a clip file is refused.
#[derive(Debug, thiserror::Error)]
pub enum ClipFileError {
    /// The file cannot be read (missing, a directory, unreadable).
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file as named.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The text is not JSON.
    #[error("{path}:{line}:{column}: {what}")]
    Syntax {
        /// The file as named.
        path: String,
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// JSON, but not a clip document: a missing or mistyped field, an unknown transition.
    #[error("{path}:{line}:{column}: not a clip: {what}")]
    Shape {
        /// The file as named.
        path: String,
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// A clip document breaking a rule of docs/curves.md §1.5.
    #[error("{path}: track \"{track}\" keypoint \"{keypoint}\": {rule}")]
    Invalid {
        /// The file as named.
        path: String,
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The rule it breaks.
        rule: String,
    },
}

impl ClipFile {
    /// Reads and validates the clip document at `path`.
    pub fn read(path: &Path) -> Result<ClipFile, ClipFileError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ClipFileError::Read {
            path: shown.clone(),
            source,
        })?;
        let valid = parse_clip(&shown, &text)?;
        Ok(ClipFile::new(path.to_path_buf(), valid))
    }
}

/// Parses and validates the text of a clip document; `shown` names it in errors.
pub fn parse_clip(shown: &str, text: &str) -> Result<ValidClip, ClipFileError> {
    // serde_json's own errors carry the line and column; the engine's reader keeps only the
    // message, so syntax is checked here first.
    let json: Json = serde_json::from_str(text).map_err(|e| ClipFileError::Syntax {
        path: shown.to_string(),
        line: e.line(),
        column: e.column(),
        what: message_without_position(&e.to_string()),
    })?;
    Clip::from_json(text).map_err(|error| refusal(shown, &json, error))
}

/// The engine's refusal as a [`ClipFileError`].
fn refusal(shown: &str, json: &Json, error: ClipError) -> ClipFileError {
    let path = shown.to_string();
    match error {
        ClipError::Document(message) => {
            let message = message.strip_prefix("not a clip: ").unwrap_or(&message);
            let (line, column) = position(message).unwrap_or((1, 1));
            ClipFileError::Shape {
                path,
                line,
                column,
                what: message_without_position(message),
            }
        }
        ClipError::NotFinite { track, keypoint } => ClipFileError::Invalid {
            path,
            track,
            keypoint,
            rule: "value is not finite".to_string(),
        },
        ClipError::MixedKinds {
            track,
            first,
            other,
        } => ClipFileError::Invalid {
            keypoint: first_of_kind(json, &track, other.name()).unwrap_or_default(),
            path,
            track,
            rule: format!(
                "value is a {other} but the track's first keypoint is a {first} \
                 (a track's keypoints are of one kind)"
            ),
        },
    }
}

/// The id of the first keypoint of kind `kind` in the first track `track` holding one: the
/// keypoint the engine's mixed-kinds error is about (it names only the track).
fn first_of_kind(json: &Json, track: &str, kind: &str) -> Option<String> {
    let tracks = json.get("tracks")?.as_array()?;
    tracks
        .iter()
        .filter(|t| t.get("id").and_then(Json::as_str) == Some(track))
        .filter_map(|t| t.get("points")?.as_array())
        .flatten()
        .find(|point| point.get("value").map(kind_name) == Some(kind))
        .and_then(|point| point.get("id")?.as_str().map(str::to_string))
}

fn kind_name(value: &Json) -> &'static str {
    match value {
        Json::Number(_) => "number",
        Json::Bool(_) => "boolean",
        Json::String(_) => "string",
        _ => "other",
    }
}

/// `(line, column)` of a serde_json message ending in ` at line L column C`.
fn position(message: &str) -> Option<(usize, usize)> {
    let (_, at) = message.rsplit_once(" at line ")?;
    let (line, column) = at.split_once(" column ")?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// A serde_json message without its trailing ` at line L column C`.
fn message_without_position(message: &str) -> String {
    match message.rsplit_once(" at line ") {
        Some((what, _)) if position(message).is_some() => what.to_string(),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_names_line_and_column() {
        let error = parse_clip("c.json", "{\n  \"tracks\": [,]\n}").unwrap_err();
        assert_eq!(error.to_string(), "c.json:2:14: expected value");
    }

    #[test]
    fn a_shape_error_names_line_and_column() {
        let error = parse_clip("c.json", "{\"tracks\": [{\"id\": \"a\"}]}").unwrap_err();
        let ClipFileError::Shape { line, what, .. } = &error else {
            panic!("{error}")
        };
        assert_eq!(*line, 1);
        assert!(what.contains("missing field `animatableId`"), "{what}");
    }

    #[test]
    fn mixed_kinds_name_the_track_and_the_first_keypoint_of_the_other_kind() {
        let text = r#"{"tracks":[{"id":"arm","animatableId":"a","points":[
            {"id":"k1","timeNs":0,"value":1},{"id":"k2","timeNs":5,"value":true}]}]}"#;
        let error = parse_clip("c.json", text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "c.json: track \"arm\" keypoint \"k2\": value is a boolean but the track's \
             first keypoint is a number (a track's keypoints are of one kind)"
        );
    }
}
