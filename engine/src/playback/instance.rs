//! Instances: one loaded animation on one player, with a weight and a timing
//! (docs/playback.md §4).

use std::sync::Arc;

use crate::curve::track::Cursor;
use crate::playback::ids::{AnimationId, InstanceId};
use crate::playback::library::Animation;
use crate::time::{ClipTime, TimelinePosition};

/// Where an instance's clip sits on its player's timeline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Where on the player's timeline the clip's 0 falls.
    pub offset: TimelinePosition,
    /// Clip-local nanoseconds per nanosecond of timeline; finite and `> 0`.
    pub rate: f64,
}

impl Default for Timing {
    fn default() -> Self {
        Self {
            offset: TimelinePosition::ZERO,
            rate: 1.0,
        }
    }
}

impl Timing {
    /// Whether the rate is accepted: finite and `> 0` (docs/playback.md §1.4).
    #[inline]
    pub fn is_valid(&self) -> bool {
        rate_is_valid(self.rate)
    }

    /// Clip-local time at playhead `position`, in nanoseconds: `double(P − offset) × rate`,
    /// the difference taken exactly and rounded once to a double (docs/playback.md §4.2). A
    /// double, not a [`ClipTime`]: curves are sampled at such times, between nanoseconds.
    #[inline]
    pub fn local_time(&self, position: TimelinePosition) -> f64 {
        // i128 only when the difference leaves i64: its conversion is a library call, and
        // both round the same exact difference once.
        let into = match position.ns().checked_sub(self.offset.ns()) {
            Some(into) => into as f64,
            None => (position.ns() as i128 - self.offset.ns() as i128) as f64,
        };
        into * self.rate
    }

    /// Where a clip ending at `clip_end` ends on the timeline:
    /// `ceil(double(end) / rate) + double(offset)` in doubles, saturated into
    /// `i64` (docs/playback.md §4.4).
    #[inline]
    pub fn end_on_timeline(&self, clip_end: ClipTime) -> TimelinePosition {
        let end = (clip_end.ns() as f64 / self.rate).ceil() + self.offset.ns() as f64;
        TimelinePosition::from_ns(end as i64)
    }
}

/// Whether an instance rate is accepted: finite and `> 0`.
#[inline]
pub fn rate_is_valid(rate: f64) -> bool {
    rate.is_finite() && rate > 0.0
}

/// Whether a weight is accepted: finite and `>= 0` (0 and −0 silence).
#[inline]
pub fn weight_is_valid(weight: f64) -> bool {
    weight.is_finite() && weight >= 0.0
}

/// One played track of an instance: its index in the clip, its output position within the
/// player's section, and its cursor. Kept together, and in `u32`s (a clip or a section of 2³²
/// tracks would not fit in memory), so that a step reads one 16-byte entry per track from
/// one vector: with thousands of players a step's time follows the lines it touches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Route {
    pub track: u32,
    pub slot: u32,
    pub cursor: Cursor,
}

/// An instance as a player holds it, with its per-track sampling state.
#[derive(Clone, Debug)]
pub(crate) struct Instance {
    pub id: InstanceId,
    pub animation: AnimationId,
    /// The loaded clip `animation` names, replaced when it is reloaded.
    pub clip: Arc<Animation>,
    pub weight: f64,
    pub timing: Timing,
    /// One per played track, in track order: where it writes and the segment it last
    /// sampled; set when the player's section is rebuilt.
    pub routes: Vec<Route>,
}

impl Instance {
    pub fn new(
        id: InstanceId,
        animation: AnimationId,
        clip: Arc<Animation>,
        weight: f64,
        timing: Timing,
    ) -> Self {
        Self {
            id,
            animation,
            clip,
            weight,
            timing,
            routes: Vec::new(),
        }
    }
}
