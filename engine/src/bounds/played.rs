//! The bounds of a clip as an instance plays it (docs/curves.md §8.6): clip time t plays at
//! timeline time offset + t / rate, so velocities scale by the rate and accelerations by its
//! square.

use crate::bounds::{At, BoundsWindow, ClipTrackBounds, NumberBounds, TrackBounds};
use crate::clip::valid_clip::ValidClip;
use crate::curve::track::CompiledClip;
use crate::playback::error::PlaybackError;
use crate::playback::instance::{Timing, rate_is_valid};

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// How an instance plays a clip: its rate (clip seconds per timeline second, finite and
/// above 0), where the clip's 0 falls on the timeline, and the timeline window asked about.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// Clip-local time per timeline time.
    pub rate: f64,
    /// Where on the timeline the clip's 0 falls, in seconds.
    pub offset_s: f64,
    /// The window, in timeline seconds; `None` ends = the track's key range.
    pub window: BoundsWindow,
}

impl Played {
    /// How an instance with this timing plays its clip, over a timeline window.
    pub fn of(timing: Timing, window: BoundsWindow) -> Played {
        Played {
            rate: timing.rate,
            offset_s: timing.offset.ns() as f64 / SEC,
            window,
        }
    }

    /// The bounds of every track of a compiled clip as played, in clip order; refused when
    /// the rate is not a finite number above 0.
    pub fn bounds(&self, clip: &CompiledClip) -> Result<Vec<ClipTrackBounds>, PlaybackError> {
        if !rate_is_valid(self.rate) {
            return Err(PlaybackError::InvalidRate(self.rate));
        }
        let tracks = clip.bounds(self.clip_window());
        let apply = |t: ClipTrackBounds| ClipTrackBounds {
            bounds: self.apply(t.bounds),
            ..t
        };
        Ok(tracks.into_iter().map(apply).collect())
    }

    /// The clip-time window this timeline window covers: (T − offset) · rate.
    pub fn clip_window(&self) -> BoundsWindow {
        let map = |s: Option<f64>| s.map(|s| (s - self.offset_s) * self.rate);
        BoundsWindow {
            from_s: map(self.window.from_s),
            to_s: map(self.window.to_s),
        }
    }

    /// Clip time `t` (s) on the timeline: offset + t / rate.
    pub fn timeline_s(&self, clip_s: f64) -> f64 {
        self.offset_s + clip_s / self.rate
    }

    /// Clip-time bounds as played: times on the timeline, velocities × rate,
    /// accelerations × rate².
    pub fn apply(&self, bounds: TrackBounds) -> TrackBounds {
        match bounds {
            TrackBounds::Number(n) => TrackBounds::Number(self.number(n)),
            TrackBounds::Steps(mut steps) => {
                for change in &mut steps.changes {
                    change.time_s = self.timeline_s(change.time_s);
                }
                TrackBounds::Steps(steps)
            }
            TrackBounds::Empty => TrackBounds::Empty,
        }
    }

    fn number(&self, n: NumberBounds) -> NumberBounds {
        let r = self.rate;
        let at = |a: At, scale: f64| At {
            value: a.value * scale,
            time_s: self.timeline_s(a.time_s),
        };
        let mut n = NumberBounds {
            min: at(n.min, 1.0),
            max: at(n.max, 1.0),
            max_abs_velocity: at(n.max_abs_velocity, r),
            max_abs_acceleration: at(n.max_abs_acceleration, r * r),
            ..n
        };
        for jump in &mut n.jumps {
            jump.time_s = self.timeline_s(jump.time_s);
        }
        for step in &mut n.velocity_steps {
            step.time_s = self.timeline_s(step.time_s);
            (step.from, step.to) = (step.from * r, step.to * r);
        }
        for t in &mut n.unbounded_velocity_at_s {
            *t = self.timeline_s(*t);
        }
        n
    }
}

/// The bounds of every track of `clip` as played (see [`Played`]), in clip order; refused
/// when the rate is not a finite number above 0.
pub fn played_bounds(
    clip: &ValidClip,
    played: &Played,
) -> Result<Vec<ClipTrackBounds>, PlaybackError> {
    played.bounds(&CompiledClip::compile(clip))
}
