//! Edits as values (docs/curves.md §9): what an author does to a clip, named by plain indices
//! so that a page can send one across the wasm boundary and the engine can refuse it with a
//! reason.
//!
//! Keypoints are named by their track's index in the clip and their own index in the track's
//! document order: ids need not be unique (docs/curves.md §1.3), indices always are. A moved
//! keypoint keeps its index; an added one goes last in its track; a deleted one shifts the
//! keypoints after it down by one.
//!
//! An edit also has a JSON form, for a page that speaks JSON (docs/curves.md §9.1): each enum
//! externally tagged in camelCase, values and transitions in their document form
//! (docs/curves.md §1.6), numbers converted correctly rounded, unknown keys refused — for
//! example
//! `{"move":{"at":{"track":0,"keypoint":1},"to":{"time":{"timeNs":5}}}}`.

use serde::{Deserialize, Deserializer};

use crate::clip::decimal::Decimal;
use crate::clip::model::{KeyValue, Transition};
use crate::edit::refused::EditRefused;

/// One keypoint of a clip: track index in the clip, keypoint index in that track's document
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeypointAt {
    /// Index of the track in the clip.
    pub track: usize,
    /// Index of the keypoint in the track's document order.
    pub keypoint: usize,
}

/// One side of a keypoint: the curve arriving at it or leaving it (docs/curves.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// `transitions.in`: how the curve arrives.
    Arrive,
    /// `transitions.out`: how the curve leaves.
    Leave,
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Arrive => "arrive (in)",
            Side::Leave => "leave (out)",
        })
    }
}

/// Where a moved keypoint goes. A drag with shift held locks one of the two: the lock is the
/// variant, not a flag.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Move {
    /// A free drag on a number track: new time and new number.
    TimeAndValue {
        /// The new time, whole nanoseconds.
        time_ns: i64,
        /// The new number.
        #[serde(deserialize_with = "decimal")]
        value: f64,
    },
    /// Time only: a drag locked to time, a typed time, or moving a change on a boolean or
    /// string track.
    Time {
        /// The new time, whole nanoseconds.
        time_ns: i64,
    },
    /// Value only: a drag locked to value, a typed value, or a boolean or string change's new
    /// value. A value of another kind than the track's is refused by validation.
    Value(KeyValue),
}

/// The value a new keypoint takes.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Inserted {
    /// The value the track plays at that time, keeping the curve (docs/curves.md §9.2).
    OnCurve,
    /// This value, with no transitions: the curve around it changes.
    Value(KeyValue),
}

/// One edit of a clip: applied by [`EditedClip::apply`](crate::EditedClip::apply), refused
/// with a reason when the rules (docs/curves.md §1.5 and §9) reject the result.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum Edit {
    /// Moves a keypoint in time, value or both; its handles move with it.
    Move {
        /// The keypoint.
        at: KeypointAt,
        /// Where it goes.
        to: Move,
    },
    /// Moves the handle of a side that has one (a number track's `{dtNs, dv}` side) to a new
    /// offset from its keypoint.
    MoveHandle {
        /// The keypoint.
        at: KeypointAt,
        /// Which side.
        side: Side,
        /// Nanoseconds from the keypoint (any sign, fractions allowed).
        #[serde(deserialize_with = "decimal")]
        dt_ns: f64,
        /// Value units from the keypoint.
        #[serde(deserialize_with = "decimal")]
        dv: f64,
    },
    /// Sets one side's transition on a number track: a handle, one of the nine easings, one
    /// of the two inferred kinds, or `None` (absent, which plays as `cubic`).
    SetTransition {
        /// The keypoint.
        at: KeypointAt,
        /// Which side.
        side: Side,
        /// The new transition.
        transition: Option<Transition>,
    },
    /// Adds a keypoint at a time, last in its track's document order, with a fresh id
    /// (docs/curves.md §9.1).
    Insert {
        /// Index of the track in the clip.
        track: usize,
        /// Its time, whole nanoseconds.
        time_ns: i64,
        /// Its value.
        value: Inserted,
    },
    /// Deletes a keypoint.
    Delete {
        /// The keypoint.
        at: KeypointAt,
    },
}

impl Edit {
    /// The edit a JSON text gives (the form in the module docs), or
    /// [`EditRefused::NotAnEdit`] with the reader's reason.
    pub fn from_json(text: &str) -> Result<Edit, EditRefused> {
        serde_json::from_str(text).map_err(|e| EditRefused::NotAnEdit(e.to_string()))
    }
}

/// A number field read as the clip document reads one: correctly rounded.
fn decimal<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    Decimal::deserialize(deserializer).map(|Decimal(v)| v)
}
