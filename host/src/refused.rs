//! Why the typed API refuses a call: the reason behind every failure value of
//! contract §4.9, naming the thing refused.

use animation_engine::{BakeError, ClipError, ConvertError};

/// Why a clip record does not become an engine clip (contract §4.2–§4.5).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ClipRefused {
    /// A keypoint value that is not a number, boolean or string (§4.2).
    #[error(
        "keypoint \"{keypoint}\" of track \"{track}\": a keypoint must be a number, boolean or string, not {value}"
    )]
    KeypointValue {
        track: String,
        keypoint: String,
        value: String,
    },
    /// A 2.0 keypoint side with more than one transition (§4.4).
    #[error(
        "keypoint \"{keypoint}\" of track \"{track}\": a keypoint side has zero or one transition"
    )]
    TransitionCount { track: String, keypoint: String },
    /// A 2.0 transition kind that is none of the accepted strings (§4.4).
    #[error("keypoint \"{keypoint}\" of track \"{track}\": unknown transition kind \"{kind}\"")]
    TransitionKind {
        track: String,
        keypoint: String,
        kind: String,
    },
    /// A 2.0 pairing that is none of `""`, `paired`, `free` (§4.4).
    #[error("keypoint \"{keypoint}\" of track \"{track}\": unknown pairing \"{pairing}\"")]
    Pairing {
        track: String,
        keypoint: String,
        pairing: String,
    },
    /// A 1.x stamp or handle that is not finite (§4.3).
    #[error(transparent)]
    Convert(#[from] ConvertError),
    /// The converted clip breaks a validation rule (§4.5).
    #[error(transparent)]
    Invalid(#[from] ClipError),
}

/// Why a typed call was refused; the contract function answers its failure
/// value instead.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    #[error(transparent)]
    Clip(#[from] ClipRefused),
    #[error("no animation {0} is loaded")]
    UnknownAnimation(u32),
    #[error("no player {0}")]
    UnknownPlayer(u32),
    #[error("player {player} has no instance {instance}")]
    UnknownInstance { player: u32, instance: u32 },
    #[error("speed {0} is not finite with a magnitude of at most 2^20")]
    Speed(f64),
    #[error("weight {0} is not a finite number of at least 0")]
    Weight(f64),
    #[error("rate {0} is not a finite number above 0")]
    Rate(f64),
    #[error("time scale {0} is not a finite number above 0")]
    TimeScale(f32),
    #[error("loop mode \"{0}\" is none of once, loop, bounce, ping_pong")]
    LoopMode(String),
    #[error(transparent)]
    Bake(#[from] BakeError),
}
