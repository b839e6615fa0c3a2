//! Exact bounds of a track (docs/curves.md §8): its value range, largest |velocity| and
//! |acceleration| with the clip time where each occurs, its jumps, velocity steps and vertical
//! tangents — from the compiled control points' polynomials, not from samples.
//!
//! A number segment is the 2D cubic Bézier (x(u), y(u)) of docs/curves.md §3.8. Its
//! extremes lie at the ends of the part in the window or at real roots of polynomials in u:
//! y′ for the value, N = y″x′ − y′x″ (degree ≤ 2) for the velocity y′/x′, and
//! M = N′x′ − 3Nx″ (degree ≤ 3) for the acceleration N/x′³. The roots are bracketed by
//! bisection (`roots.rs`), every candidate is evaluated with the sampler's own formulas, and
//! the largest kept. Nothing here solves time for u except at a window edge inside a segment
//! (with the literal solver), so a segment the fast solve certifies and one it does not give
//! the same bounds.

mod derivatives;
mod played;
mod poly;
mod roots;
mod segment;
mod track;

pub use derivatives::Derivatives;
pub use played::{Played, played_bounds};

use serde::Serialize;

use crate::clip::model::KeyValue;
use crate::clip::valid_clip::{ValidClip, ValidTrack};
use crate::curve::track::{CompiledClip, CompiledTrack};

/// A value and the clip time where the curve reaches it: what a limit check reports.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct At {
    /// The value (units, units/s or units/s²); +∞ where unbounded.
    pub value: f64,
    /// Where it occurs, in seconds of clip time.
    pub time_s: f64,
}

/// Keypoints sharing an interior time with different values: the value jumps, in no time
/// (docs/curves.md §4.6). A joint cannot follow it at any finite speed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Jump {
    /// The shared time, in seconds of clip time.
    pub time_s: f64,
    /// The value up to and at that time.
    pub from: f64,
    /// The value the curve leaves from just after it.
    pub to: f64,
}

/// A keypoint where the incoming and outgoing velocities differ (a corner): the velocity
/// changes in no time, which no acceleration limit allows, so it is listed apart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct VelocityStep {
    /// The keypoint's time, in seconds of clip time.
    pub time_s: f64,
    /// The velocity arriving (units/s).
    pub from: f64,
    /// The velocity leaving (units/s).
    pub to: f64,
}

/// The bounds of a number track over a window.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NumberBounds {
    /// The smallest value.
    pub min: At,
    /// The largest value.
    pub max: At,
    /// The largest |velocity| (units/s), +∞ when time stalls while the value moves.
    pub max_abs_velocity: At,
    /// The largest |acceleration| (units/s²) over the segments between corners and jumps;
    /// +∞ where time stalls on a curved segment (a collapsed or vertical handle).
    pub max_abs_acceleration: At,
    /// The jumps, in time order.
    pub jumps: Vec<Jump>,
    /// The velocity steps, in time order.
    pub velocity_steps: Vec<VelocityStep>,
    /// Where the velocity is unbounded (s): a vertical tangent, or a handle of zero duration
    /// with height.
    pub unbounded_velocity_at_s: Vec<f64>,
}

/// A boolean or string value from a time on.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Seconds of clip time: the window's start for the first change, else the keypoint time
    /// just after which the value plays (docs/curves.md §4.5).
    pub time_s: f64,
    /// The value.
    pub value: KeyValue,
}

/// The values of a boolean or string track over a window: they step, so they have no
/// velocity.
#[derive(Clone, Debug, PartialEq)]
pub struct StepBounds {
    /// The value at the window's start, then each change, in time order.
    pub changes: Vec<Change>,
}

/// The bounds of one track.
#[derive(Clone, Debug, PartialEq)]
pub enum TrackBounds {
    /// A number track.
    Number(NumberBounds),
    /// A boolean or string track.
    Steps(StepBounds),
    /// A track with no keypoint: it writes nothing.
    Empty,
}

/// A window of clip time, in seconds. `None` (or a non-finite bound) means the track's first
/// or last keypoint time; `to` before `from` is taken as the instant `from`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoundsWindow {
    /// Where the window starts.
    pub from_s: Option<f64>,
    /// Where it ends.
    pub to_s: Option<f64>,
}

impl BoundsWindow {
    /// The whole key range of each track.
    pub const KEYS: BoundsWindow = BoundsWindow {
        from_s: None,
        to_s: None,
    };
}

/// The bounds of one track of a clip, with what names it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipTrackBounds {
    /// The track's id.
    pub id: String,
    /// The output key it writes.
    pub target: String,
    /// Its bounds.
    pub bounds: TrackBounds,
}

impl ValidTrack {
    /// The track's bounds over `window` (compiles it; see [`CompiledTrack::bounds`]).
    pub fn bounds(&self, window: BoundsWindow) -> TrackBounds {
        CompiledTrack::compile(self.track()).bounds(window)
    }
}

impl CompiledClip {
    /// The bounds of every track over `window`, in clip order.
    pub fn bounds(&self, window: BoundsWindow) -> Vec<ClipTrackBounds> {
        let each = |track: &CompiledTrack| ClipTrackBounds {
            id: track.id().to_owned(),
            target: track.target().to_owned(),
            bounds: track.bounds(window),
        };
        self.tracks.iter().map(each).collect()
    }
}

/// The bounds of every track of `clip` over `window`, in clip order.
pub fn clip_bounds(clip: &ValidClip, window: BoundsWindow) -> Vec<ClipTrackBounds> {
    CompiledClip::compile(clip).bounds(window)
}
