//! A 2.0 clip document (docs/curves.md §1.6) read with the place of each refusal: JSON
//! syntax as serde_json finds it, then the document's shape and the rules of
//! docs/curves.md §1.5 as [`Clip::from_json`] finds them, worded to fix the file by.

use serde_json::Value as Json;

use crate::clip::error::ClipError;
use crate::clip::file::error::ClipFileError;
use crate::clip::model::Clip;
use crate::clip::valid_clip::ValidClip;

/// Reads and validates the text of a 2.0 clip document; `name` names the file in refusals.
pub fn read_clip_document(name: &str, text: &str) -> Result<ValidClip, ClipFileError> {
    let json = read_json(name, text)?;
    read_parsed_document(name, text, &json)
}

/// The JSON tree of `text`, or its syntax error with its place.
pub(crate) fn read_json(name: &str, text: &str) -> Result<Json, ClipFileError> {
    // serde_json's own errors carry the line and column; the document reader's refusal
    // keeps only the message, so syntax is checked here first.
    serde_json::from_str(text).map_err(|e| ClipFileError::Syntax {
        path: name.to_string(),
        line: e.line(),
        column: e.column(),
        what: message_without_position(&e.to_string()),
    })
}

/// [`read_clip_document`] of a text already parsed as `json`.
pub(crate) fn read_parsed_document(
    name: &str,
    text: &str,
    json: &Json,
) -> Result<ValidClip, ClipFileError> {
    Clip::from_json(text).map_err(|error| refusal(name, json, error))
}

/// The engine's refusal as a [`ClipFileError`].
fn refusal(name: &str, json: &Json, error: ClipError) -> ClipFileError {
    let path = name.to_string();
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
pub(crate) fn message_without_position(message: &str) -> String {
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
        let error = read_clip_document("c.json", "{\n  \"tracks\": [,]\n}").unwrap_err();
        assert_eq!(error.to_string(), "c.json:2:14: expected value");
    }

    #[test]
    fn a_shape_error_names_line_and_column() {
        let text = "{\"tracks\": [{\"id\": \"a\"}]}";
        let error = read_clip_document("c.json", text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "c.json:1:23: not a clip: missing field `animatableId`"
        );
    }

    #[test]
    fn mixed_kinds_name_the_track_and_the_first_keypoint_of_the_other_kind() {
        let text = r#"{"tracks":[{"id":"arm","animatableId":"a","points":[
            {"id":"k1","timeNs":0,"value":1},{"id":"k2","timeNs":5,"value":true}]}]}"#;
        let error = read_clip_document("c.json", text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "c.json: track \"arm\" keypoint \"k2\": value is a boolean but the track's \
             first keypoint is a number (a track's keypoints are of one kind)"
        );
    }
}
