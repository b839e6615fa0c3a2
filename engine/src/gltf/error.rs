//! Why a glTF file gives no clip: one variant per thing a caller can act on, each message
//! one line naming the thing (the channel, accessor or buffer by its index).

/// Why [`crate::gltf::clip_from_gltf`] refused a file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GltfError {
    /// The bytes are not a glTF 2.0 file the `gltf` crate reads (neither a `.glb` nor
    /// `.gltf` JSON, or JSON the specification refuses).
    #[error("not a glTF 2.0 file: {0}")]
    NotGltf(String),
    /// A buffer's bytes cannot be had: an external file the caller cannot give, a `data:`
    /// URI that is not base64, a `.glb` without its binary chunk, fewer bytes than declared.
    #[error("buffer {index}: {what}")]
    Buffer {
        /// The buffer's index in the file.
        index: usize,
        /// What is wrong.
        what: String,
    },
    /// An accessor a channel reads is unusable: out of its buffer view's range, of a type
    /// the channel's path cannot hold, sparse, without a buffer view, or empty.
    #[error("accessor {index}: {what}")]
    Accessor {
        /// The accessor's index in the file.
        index: usize,
        /// What is wrong.
        what: String,
    },
    /// A channel's keys are unusable: key times not increasing or not finite, values not
    /// finite, an output count that does not match the input's.
    #[error("channel {channel} ({target}): {what}")]
    Channel {
        /// The channel's index in its animation.
        channel: usize,
        /// The node and path it animates, as `node/path`.
        target: String,
        /// What is wrong.
        what: String,
    },
    /// The file has no animation at all.
    #[error("the file has no animation")]
    NoAnimation,
    /// The chosen animation has no channel.
    #[error("animation {0} has no channel")]
    NoChannel(String),
    /// `--animation` names no animation of the file.
    #[error("no animation {asked}: the file has {available}")]
    UnknownAnimation {
        /// The name or index asked for.
        asked: String,
        /// The animations the file has, listed.
        available: String,
    },
    /// The fitting tolerance is not a positive finite number.
    #[error("tolerance {0} is not a positive finite number")]
    Tolerance(f64),
    /// The converted clip fails the clip's validation (docs/curves.md §1.5): a number grew
    /// past f64 on the way.
    #[error("the converted clip is refused: {0}")]
    Clip(String),
    /// A channel cannot be fitted within the tolerance (segments down to one nanosecond).
    #[error("{target}: cannot be fitted within {tolerance} (worst error {worst})")]
    Fit {
        /// The track's target.
        target: String,
        /// The worst error reached.
        worst: f64,
        /// The tolerance asked for.
        tolerance: f64,
    },
}

impl GltfError {
    /// Whether the error comes from what the caller asked (an unknown animation, a bad
    /// tolerance) rather than from the file: a command line answers it as a usage error.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            GltfError::UnknownAnimation { .. } | GltfError::Tolerance(_)
        )
    }
}
