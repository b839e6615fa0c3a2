//! Why the typed API refuses a call: the reason behind every failure value of
//! docs/contract.md §4.9, naming the thing refused.

use animation_engine::{ClipError, ConvertError, PlaybackError};

/// Why a clip record does not become an engine clip (docs/contract.md §4.2–§4.5).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ClipRefused {
    /// A keypoint value that is not a number, boolean or string (docs/contract.md §4.2).
    #[error(
        "keypoint \"{keypoint}\" of track \"{track}\": a keypoint must be a number, boolean or string, not {value}"
    )]
    KeypointValue {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The kind of value found.
        value: String,
    },
    /// A 2.0 keypoint side with more than one transition (docs/contract.md §4.4).
    #[error(
        "keypoint \"{keypoint}\" of track \"{track}\": a keypoint side has zero or one transition"
    )]
    TransitionCount {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
    },
    /// A 2.0 transition kind that is none of the accepted strings (docs/contract.md §4.4).
    #[error("keypoint \"{keypoint}\" of track \"{track}\": unknown transition kind \"{kind}\"")]
    TransitionKind {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The kind given.
        kind: String,
    },
    /// A 2.0 pairing that is none of `""`, `paired`, `free` (docs/contract.md §4.4).
    #[error("keypoint \"{keypoint}\" of track \"{track}\": unknown pairing \"{pairing}\"")]
    Pairing {
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The pairing given.
        pairing: String,
    },
    /// A 1.x stamp or handle that is not finite (docs/contract.md §4.3).
    #[error(transparent)]
    Convert(ConvertError),
    /// The converted clip breaks a validation rule (docs/contract.md §4.5).
    #[error(transparent)]
    Invalid(#[from] ClipError),
}

impl From<ConvertError> for ClipRefused {
    /// A converted clip that fails validation is refused as invalid, like a 2.0 clip.
    fn from(error: ConvertError) -> Self {
        match error {
            ConvertError::Invalid(invalid) => ClipRefused::Invalid(invalid),
            not_finite => ClipRefused::Convert(not_finite),
        }
    }
}

/// Why a typed call was refused; the contract function answers its failure
/// value instead.
#[must_use]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The clip record does not become a valid engine clip.
    #[error(transparent)]
    Clip(#[from] ClipRefused),
    /// The engine refused: an unknown id, a value out of range, ids used up, or a bake.
    #[error(transparent)]
    Playback(#[from] PlaybackError),
    /// A time scale that is not a finite number above 0 (its reciprocal is the rate).
    #[error("time scale {0} is not a finite number above 0")]
    TimeScale(f32),
}
