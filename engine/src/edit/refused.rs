//! Why an edit is refused: every reason names the track, keypoint and rule, so the page can
//! show it as it is.

use crate::clip::error::ClipError;
use crate::clip::model::ValueKind;
use crate::edit::edits::Side;

/// Why the engine refuses an edit; the document is then left exactly as it was.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EditRefused {
    /// The edit names a track the clip does not have.
    #[error("the clip has no track {track}: it has {count}")]
    NoTrack {
        /// The index asked for.
        track: usize,
        /// How many tracks the clip has.
        count: usize,
    },
    /// The edit names a keypoint the track does not have.
    #[error("track \"{track}\" has no keypoint {keypoint}: it has {count}")]
    NoKeypoint {
        /// The track's id.
        track: String,
        /// The index asked for.
        keypoint: usize,
        /// How many keypoints the track has.
        count: usize,
    },
    /// A handle is moved on a side that holds an easing, an inferred kind or nothing.
    #[error(
        "the {side} side of keypoint \"{keypoint}\" of track \"{track}\" is {kind}, not a \
         handle: make it a handle first"
    )]
    NotAHandle {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The side.
        side: Side,
        /// What the side holds: its document name, or `absent (cubic)`.
        kind: &'static str,
    },
    /// A transition is edited on a boolean or string track, which steps and never reads one.
    #[error("track \"{track}\" is a {kind} track: it steps and plays no transitions")]
    Steps {
        /// The track's id.
        track: String,
        /// Its kind.
        kind: ValueKind,
    },
    /// A keypoint is added on the curve at a time a keypoint already has.
    #[error(
        "track \"{track}\" already has keypoint \"{keypoint}\" at {time_ns} ns: move or edit \
         that one"
    )]
    Occupied {
        /// The track's id.
        track: String,
        /// The id of the keypoint at that time.
        keypoint: String,
        /// The time.
        time_ns: i64,
    },
    /// A keypoint is added on the curve of a track that has none, so no curve.
    #[error("track \"{track}\" has no keypoint, so no curve to add on: give the keypoint a value")]
    NoCurve {
        /// The track's id.
        track: String,
    },
    /// A time that is not finite or lies outside the i64 nanoseconds.
    #[error("{ms} ms is not a keypoint time: a time is whole nanoseconds within ±2^63")]
    NotATime {
        /// The time asked for, in milliseconds.
        ms: f64,
    },
    /// A frame rate that is not a finite positive number.
    #[error("{fps} frames per second is not a frame rate: it must be finite and above 0")]
    NotARate {
        /// The rate asked for.
        fps: f64,
    },
    /// A text that is not an edit's JSON form.
    #[error("not an edit: {0}")]
    NotAnEdit(String),
    /// The edited clip breaks a validation rule (docs/curves.md §1.5).
    #[error(transparent)]
    Invalid(#[from] ClipError),
}
