//! Why the engine refuses a call: one variant per reason, naming the thing refused.

use crate::bake::BakeError;
use crate::playback::ids::{AnimationId, IdKind, InstanceId, PlayerId};

/// Why an [`Engine`](crate::Engine) call was refused. Nothing changes on a refusal and no
/// id is used.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum PlaybackError {
    /// No animation with this id is loaded.
    #[error("no {0} is loaded")]
    UnknownAnimation(AnimationId),
    /// No player with this id exists.
    #[error("no {0}")]
    UnknownPlayer(PlayerId),
    /// The player exists but holds no instance with this id.
    #[error("{player} has no {instance}")]
    UnknownInstance {
        /// The player asked.
        player: PlayerId,
        /// The instance looked for on it.
        instance: InstanceId,
    },
    /// A speed that is NaN or infinite.
    #[error("speed {0} is not finite")]
    SpeedNotFinite(f64),
    /// A finite speed whose magnitude exceeds 2^20 (docs/playback.md §1.4).
    #[error("speed {0} exceeds 2^20 in magnitude")]
    SpeedTooLarge(f64),
    /// A weight that is not a finite number of at least 0.
    #[error("weight {0} is not a finite number of at least 0")]
    InvalidWeight(f64),
    /// An instance rate that is not a finite number above 0.
    #[error("rate {0} is not a finite number above 0")]
    InvalidRate(f64),
    /// Every id of this kind below `u32::MAX` has been handed out.
    #[error("every {0} id has been used")]
    IdsExhausted(IdKind),
    /// The bake was refused.
    #[error(transparent)]
    Bake(#[from] BakeError),
}
