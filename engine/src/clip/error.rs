//! Typed errors of the clip formats: each names the track, keypoint and rule it breaks.

use crate::clip::model::ValueKind;

/// Why a clip (format 2.0) is refused: validation (docs/curves.md §1.5) or reading its document
/// (docs/curves.md §1.6).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClipError {
    /// A keypoint whose kind differs from the track's (that of its first keypoint).
    #[error(
        "track \"{track}\" mixes {first} and {other} keypoints: a track's keypoints are of one kind"
    )]
    MixedKinds {
        /// The track's id.
        track: String,
        /// The track's kind (its first keypoint's).
        first: ValueKind,
        /// The kind of the keypoint that differs.
        other: ValueKind,
    },
    /// A number value, or a handle component, that is NaN or infinite.
    #[error("keypoint \"{keypoint}\" of track \"{track}\" carries a number that is not finite")]
    NotFinite {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
    },
    /// The text is not a clip document: any parse or shape failure.
    #[error("not a clip: {0}")]
    Document(String),
}

/// Why a 1.x clip cannot be converted to 2.0 (docs/curves.md §2.2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// The first point (in given order) whose stamp or a handle component is not finite.
    #[error("keypoint \"{point}\" of track \"{track}\" has a stamp or a handle that is not finite")]
    NotFinite {
        /// The track's id.
        track: String,
        /// The point's id.
        point: String,
    },
    /// The converted clip breaks a validation rule (docs/curves.md §1.5).
    #[error(transparent)]
    Invalid(#[from] ClipError),
}
