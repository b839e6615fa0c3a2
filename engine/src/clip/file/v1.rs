//! A 1.x stored animation (the editor's 1.x JSON) read into the engine's 1.x model, as
//! `check`, `convert` and the page read it.
//!
//! The 1.x document: `name`, `duration` (whole milliseconds, u32), `tracks`; a track:
//! `id`, `name`, `animatableId`, `points`; a point: `id`, `stamp` (a fraction of the
//! duration, read as f32), `value` (number, boolean or string; numbers as F64), and
//! `transitions` with `in` / `out` each an `{x, y}` handle or a list of them (the first is
//! used, docs/contract.md §4.3). Unknown fields are ignored. Numbers are converted from
//! their text, correctly rounded, as the 2.0 reader's are (`clip/decimal.rs`); a stamp or a
//! handle's coordinate is the nearest double, then single precision.

use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};

use crate::clip::decimal::{Decimal, Literal};

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
    stamp: Decimal,
    value: ValueDoc,
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
enum Handles {
    One(Handle),
    Many(Vec<Handle>),
}

#[derive(Clone, Copy, Deserialize)]
struct Handle {
    x: Decimal,
    y: Decimal,
}

impl<'de> Deserialize<'de> for Handles {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Handles, D::Error> {
        deserializer.deserialize_any(HandlesVisitor)
    }
}

/// An object is one handle, an array a list of them; each handle's numbers are read from
/// the document itself (not from a buffered copy, which would lose their text).
struct HandlesVisitor;

impl<'de> Visitor<'de> for HandlesVisitor {
    type Value = Handles;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an {x, y} handle or a list of them")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Handles, A::Error> {
        Handle::deserialize(MapAccessDeserializer::new(map)).map(Handles::One)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Handles, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(Handles::Many)
    }
}

/// A point's value as written: a number (its nearest double), a boolean, a string, or
/// something a 1.x value never is (refused as [`ClipFileError::V1Value`]).
struct ValueDoc(Option<ValueV1>);

impl<'de> Deserialize<'de> for ValueDoc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ValueDoc, D::Error> {
        Ok(ValueDoc(match Literal::read(deserializer)? {
            Literal::Number(v) => Some(ValueV1::F64(v)),
            Literal::Boolean(b) => Some(ValueV1::Boolean(b)),
            Literal::Text(s) => Some(ValueV1::Text(s)),
            Literal::Other(_) => None,
        }))
    }
}

impl Handles {
    fn first(&self) -> Option<(f32, f32)> {
        let handle = match self {
            Handles::One(h) => Some(*h),
            Handles::Many(list) => list.first().copied(),
        };
        handle.map(|h| (h.x.0 as f32, h.y.0 as f32))
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
        let value = point.value.0.ok_or_else(|| ClipFileError::V1Value {
            path: name.to_string(),
            track: track.id.clone(),
            point: point.id.clone(),
        })?;
        points.push(PointV1 {
            id: point.id,
            stamp: point.stamp.0 as f32,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(value: &str, transitions: &str) -> String {
        format!(
            r#"{{"duration":1000,"tracks":[{{"id":"t","animatableId":"a","points":[
                {{"id":"p","stamp":0.5,"value":{value},"transitions":{transitions}}}]}}]}}"#
        )
    }

    fn first_point(text: &str) -> Result<PointV1, ClipFileError> {
        let clip = read_v1_document("a.json", text)?;
        Ok(clip.tracks[0].points[0].clone())
    }

    #[test]
    fn a_value_reads_as_its_nearest_double() {
        // Python's float("0.9999999999999999").hex() is 0x1.fffffffffffffp-1; serde_json's
        // default conversion reads 1.0.
        let point = first_point(&doc("0.9999999999999999", "{}")).unwrap();
        assert_eq!(
            point.value,
            ValueV1::F64(f64::from_bits(0x3fef_ffff_ffff_ffff))
        );
        assert_eq!(point.stamp, 0.5);
    }

    #[test]
    fn a_side_is_one_handle_or_the_first_of_a_list() {
        let text = doc(
            "1",
            r#"{"in":{"x":0.25,"y":0.5},"out":[{"x":0.75,"y":1},{"x":0,"y":0}]}"#,
        );
        let point = first_point(&text).unwrap();
        assert_eq!(point.arrive, Some((0.25, 0.5)));
        assert_eq!(point.leave, Some((0.75, 1.0)));
    }

    #[test]
    fn a_handle_that_is_not_numbers_is_refused_naming_what_it_holds() {
        // Placed where serde_json stopped reading: the string's closing quote, after 16 spaces of
        // indent and 60 bytes.
        let error = first_point(&doc("1", r#"{"in":{"x":"a","y":0}}"#)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a.json:2:76: not a 1.x animation: invalid type: string \"a\", expected f64"
        );
        let error = first_point(&doc("1", r#"{"in":3}"#)).unwrap_err();
        assert!(
            error.to_string().ends_with(
                "invalid type: integer `3`, expected an {x, y} handle or a list of them"
            ),
            "{error}"
        );
    }

    #[test]
    fn a_value_that_is_no_1x_value_is_refused() {
        let error = first_point(&doc("null", "{}")).unwrap_err();
        assert!(matches!(error, ClipFileError::V1Value { .. }), "{error}");
    }
}
