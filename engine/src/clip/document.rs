//! The JSON document form of a 2.0 clip (docs/curves.md §1.6): read, validated, and written
//! compactly.
//!
//! Reading goes through serde's derived visitors, which give the reference's behaviour for
//! free: unknown keys ignored, a repeated known key refused ("duplicate field"), and an array
//! accepted in place of a clip, track, keypoint or transitions object (fields in table order).
//! Decimal literals are converted by the engine itself, correctly rounded, whatever features
//! serde_json has in the build (`decimal.rs`).

use serde::de::{self, Deserializer, MapAccess, Visitor, value::MapAccessDeserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::clip::decimal::{Decimal, Literal};
use crate::clip::error::ClipError;
use crate::clip::model::{Clip, KeyValue, Keypoint, Pairing, Track, Transition};
use crate::clip::valid_clip::ValidClip;

impl Clip {
    /// Reads a clip document without validating it; any parse or shape failure is
    /// [`ClipError::Document`].
    pub fn read_json(text: &str) -> Result<Clip, ClipError> {
        let doc: ClipDoc =
            serde_json::from_str(text).map_err(|e| ClipError::Document(e.to_string()))?;
        Ok(Clip::from(doc))
    }

    /// Reads and validates a clip document: [`Clip::read_json`], then the rules of
    /// docs/curves.md §1.5.
    pub fn from_json(text: &str) -> Result<ValidClip, ClipError> {
        Clip::read_json(text)?.validate()
    }

    /// The compact document form: fields in table order, absent ones omitted, numbers in
    /// shortest round-trip form (`10.0`, `1e-7`, `1e+16`), a non-finite number as `null`.
    pub fn to_json(&self) -> String {
        let doc = ClipDoc::from(self);
        serde_json::to_string(&doc).expect("a clip document has only string keys")
    }
}

#[derive(Deserialize, Serialize)]
struct ClipDoc {
    #[serde(default)]
    name: String,
    #[serde(rename = "lengthNs", default, skip_serializing_if = "Option::is_none")]
    length_ns: Option<i64>,
    tracks: Vec<TrackDoc>,
}

#[derive(Deserialize, Serialize)]
struct TrackDoc {
    id: String,
    #[serde(default)]
    name: String,
    #[serde(rename = "animatableId")]
    target: String,
    points: Vec<KeypointDoc>,
}

#[derive(Deserialize, Serialize)]
struct KeypointDoc {
    id: String,
    #[serde(rename = "timeNs")]
    time_ns: i64,
    value: KeyValue,
    #[serde(default, skip_serializing_if = "TransitionsDoc::is_empty")]
    transitions: TransitionsDoc,
}

#[derive(Default, Deserialize, Serialize)]
struct TransitionsDoc {
    #[serde(rename = "in", default, skip_serializing_if = "Option::is_none")]
    arrive: Option<Transition>,
    #[serde(rename = "out", default, skip_serializing_if = "Option::is_none")]
    leave: Option<Transition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pairing: Option<PairingDoc>,
}

impl TransitionsDoc {
    fn is_empty(&self) -> bool {
        self.arrive.is_none() && self.leave.is_none() && self.pairing.is_none()
    }
}

/// The two pairings a document can name; the model's `Pairing::None` is their absence.
#[derive(Clone, Copy, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum PairingDoc {
    Paired,
    Free,
}

/// A handle object: `dtNs` and `dv` required, other keys ignored.
#[derive(Deserialize, Serialize)]
struct HandleDoc {
    #[serde(rename = "dtNs")]
    dt_ns: Decimal,
    dv: Decimal,
}

impl From<ClipDoc> for Clip {
    fn from(doc: ClipDoc) -> Clip {
        let track = |t: TrackDoc| Track {
            id: t.id,
            name: t.name,
            target: t.target,
            keypoints: t.points.into_iter().map(Keypoint::from).collect(),
        };
        Clip {
            name: doc.name,
            length_ns: doc.length_ns,
            tracks: doc.tracks.into_iter().map(track).collect(),
        }
    }
}

impl From<KeypointDoc> for Keypoint {
    fn from(doc: KeypointDoc) -> Keypoint {
        let pairing = match doc.transitions.pairing {
            None => Pairing::None,
            Some(PairingDoc::Paired) => Pairing::Paired,
            Some(PairingDoc::Free) => Pairing::Free,
        };
        Keypoint {
            id: doc.id,
            time_ns: doc.time_ns,
            value: doc.value,
            arrive: doc.transitions.arrive,
            leave: doc.transitions.leave,
            pairing,
        }
    }
}

impl From<&Clip> for ClipDoc {
    fn from(clip: &Clip) -> ClipDoc {
        let track = |t: &Track| TrackDoc {
            id: t.id.clone(),
            name: t.name.clone(),
            target: t.target.clone(),
            points: t.keypoints.iter().map(KeypointDoc::from).collect(),
        };
        ClipDoc {
            name: clip.name.clone(),
            length_ns: clip.length_ns,
            tracks: clip.tracks.iter().map(track).collect(),
        }
    }
}

impl From<&Keypoint> for KeypointDoc {
    fn from(k: &Keypoint) -> KeypointDoc {
        let pairing = match k.pairing {
            Pairing::None => None,
            Pairing::Paired => Some(PairingDoc::Paired),
            Pairing::Free => Some(PairingDoc::Free),
        };
        KeypointDoc {
            id: k.id.clone(),
            time_ns: k.time_ns,
            value: k.value.clone(),
            transitions: TransitionsDoc {
                arrive: k.arrive,
                leave: k.leave,
                pairing,
            },
        }
    }
}

impl Serialize for Transition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Transition::Handle { dt_ns, dv } = *self {
            let (dt_ns, dv) = (Decimal(dt_ns), Decimal(dv));
            return HandleDoc { dt_ns, dv }.serialize(serializer);
        }
        serializer.serialize_str(self.name().expect("every non-handle transition has a name"))
    }
}

impl<'de> Deserialize<'de> for Transition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Transition, D::Error> {
        deserializer.deserialize_any(TransitionVisitor)
    }
}

/// A transition is a name (string) or a handle (object); arrays, numbers and booleans are
/// refused.
struct TransitionVisitor;

impl<'de> Visitor<'de> for TransitionVisitor {
    type Value = Transition;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a transition name or a {\"dtNs\", \"dv\"} handle")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Transition, E> {
        Transition::named(name).ok_or_else(|| E::invalid_value(de::Unexpected::Str(name), &self))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Transition, A::Error> {
        let h = HandleDoc::deserialize(MapAccessDeserializer::new(map))?;
        Ok(Transition::Handle {
            dt_ns: h.dt_ns.0,
            dv: h.dv.0,
        })
    }
}

impl Serialize for KeyValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            KeyValue::Number(v) => serializer.serialize_f64(*v),
            KeyValue::Boolean(b) => serializer.serialize_bool(*b),
            KeyValue::Text(s) => serializer.serialize_str(s),
        }
    }
}

impl<'de> Deserialize<'de> for KeyValue {
    /// A keypoint value: a JSON number (converted correctly rounded, `decimal.rs`), a
    /// boolean or a string; `null`, arrays and objects are refused.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<KeyValue, D::Error> {
        match Literal::read(deserializer)? {
            Literal::Number(v) => Ok(KeyValue::Number(v)),
            Literal::Boolean(b) => Ok(KeyValue::Boolean(b)),
            Literal::Text(s) => Ok(KeyValue::Text(s)),
            other => Err(de::Error::invalid_type(
                other.unexpected(),
                &"a number, a boolean or a string",
            )),
        }
    }
}
