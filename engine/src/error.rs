//! Typed errors of the curve layer: each names the track, keypoint and rule it breaks.

use crate::curve::ValueKind;

/// Why a clip (format 2.0) is refused: validation (§1.5) or reading its document (§1.6).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClipError {
    /// A keypoint whose kind differs from the track's (that of its first keypoint).
    #[error(
        "track \"{track}\" mixes {first} and {other} keypoints: a track's keypoints are of one kind"
    )]
    MixedKinds {
        track: String,
        first: ValueKind,
        other: ValueKind,
    },
    /// A number value, or a handle component, that is NaN or infinite.
    #[error("keypoint \"{keypoint}\" of track \"{track}\" carries a number that is not finite")]
    NotFinite { track: String, keypoint: String },
    /// The text is not a clip document: any parse or shape failure.
    #[error("not a clip: {0}")]
    Document(String),
}

/// Why a 1.x clip cannot be converted to 2.0 (§2.2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// The first point (in given order) whose stamp or a handle component is not finite.
    #[error("keypoint \"{point}\" of track \"{track}\" has a stamp or a handle that is not finite")]
    NotFinite { track: String, point: String },
}

/// Why a bake (§5) is refused.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum BakeError {
    /// The rate is NaN, infinite, zero or negative.
    #[error("frame rate {0} is not a finite number above 0")]
    InvalidRate(f64),
    /// The window needs 2^20 frames or more, or the samples over all keyed tracks exceed 2^20.
    #[error("the bake would take too many samples (more than 1048576)")]
    TooManySamples,
    /// The text samples would hold more than [`crate::bake::TEXT_CAP`] bytes in all.
    #[error("the bake's text samples would exceed {} bytes", crate::bake::TEXT_CAP)]
    TooMuchText,
}
