//! A clip that passed validation (docs/curves.md §1.5), with each track's precision: the only
//! form [`Engine::load`](crate::Engine::load) and
//! [`CompiledClip::compile`](crate::CompiledClip::compile) accept.

use crate::clip::model::{Clip, Track, clip_end};

/// How a track's numbers are reported: 1.x tracks whose values were all single precision
/// report `F32` (docs/curves.md §2.4); every other track reports `F64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Precision {
    /// Double precision: every 2.0 track, and 1.x tracks with any `F64` value.
    #[default]
    Double,
    /// Single precision: a 1.x track with points, every value `F32`.
    Single,
}

/// A clip whose every track is of one kind with finite numbers; built only by
/// [`Clip::validate`] or [`ClipV1::to_valid_clip`](crate::ClipV1::to_valid_clip).
#[derive(Clone, Debug, PartialEq)]
pub struct ValidClip {
    name: String,
    length_ns: Option<i64>,
    tracks: Vec<ValidTrack>,
}

/// One track of a [`ValidClip`] and its precision.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidTrack {
    track: Track,
    precision: Precision,
}

impl ValidClip {
    /// Wraps a clip already checked by [`Clip::validate`]; every track double precision.
    pub(crate) fn checked(clip: Clip) -> ValidClip {
        ValidClip {
            name: clip.name,
            length_ns: clip.length_ns,
            tracks: clip
                .tracks
                .into_iter()
                .map(|track| ValidTrack {
                    track,
                    precision: Precision::Double,
                })
                .collect(),
        }
    }

    /// The same clip with the given precision per track, in order (missing ones stay double).
    pub(crate) fn with_precisions(
        mut self,
        precisions: impl IntoIterator<Item = Precision>,
    ) -> Self {
        for (track, precision) in self.tracks.iter_mut().zip(precisions) {
            track.precision = precision;
        }
        self
    }

    /// The clip's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The clip's length in nanoseconds, if set (may be negative).
    pub fn length_ns(&self) -> Option<i64> {
        self.length_ns
    }

    /// The end of the clip (see [`Clip::end_ns`]).
    pub fn end_ns(&self) -> i64 {
        clip_end(self.length_ns, self.tracks.iter().map(|t| &t.track))
    }

    /// The tracks, in clip order.
    pub fn tracks(&self) -> &[ValidTrack] {
        &self.tracks
    }

    /// The plain clip back (precisions dropped).
    pub fn into_clip(self) -> Clip {
        Clip {
            name: self.name,
            length_ns: self.length_ns,
            tracks: self.tracks.into_iter().map(|t| t.track).collect(),
        }
    }
}

impl ValidTrack {
    /// The track.
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// How its numbers are reported.
    pub fn precision(&self) -> Precision {
        self.precision
    }
}
