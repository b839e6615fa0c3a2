//! From a pointer's time to a keypoint's: whole nanoseconds, or whole frames at a rate when
//! snapping is on (docs/curves.md §9.4).
//!
//! The pointer speaks fractional milliseconds, the unit editors keep (docs/curves.md §1.8);
//! a keypoint's time is whole nanoseconds.

use crate::edit::refused::EditRefused;
use crate::units::ms_to_ns;

/// Milliseconds per second: a frame at `fps` lasts 1000 / fps ms.
const MS_PER_SEC: f64 = 1e3;

/// Frames per second: finite and above 0 (29.97 and 23.976 allowed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameRate(f64);

impl FrameRate {
    /// The rate of `fps` frames per second, or [`EditRefused::NotARate`].
    pub fn new(fps: f64) -> Result<FrameRate, EditRefused> {
        if fps.is_finite() && fps > 0.0 {
            Ok(FrameRate(fps))
        } else {
            Err(EditRefused::NotARate { fps })
        }
    }

    /// Frames per second.
    pub fn fps(self) -> f64 {
        self.0
    }
}

/// Whether a drag snaps: the page's toggle as a type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Snap {
    /// Times go to the nearest whole nanosecond.
    Off,
    /// Times go to the nearest whole frame at this rate.
    Frames(FrameRate),
}

impl Snap {
    /// The keypoint time for a pointer at `ms` milliseconds.
    ///
    /// - Off: `round(ms × 1e6)` ns, half away from zero (docs/curves.md §1.8).
    /// - Frames at `fps`: frame `n = round(ms × fps / 1000)`, then `round(n × 1000 / fps × 1e6)`
    ///   ns — the nearest nanosecond to the frame's start, so frames of 30 fps fall at
    ///   0, 33,333,333, 66,666,667, … ns.
    ///
    /// A time that is not finite or lands outside the i64 nanoseconds is
    /// [`EditRefused::NotATime`].
    pub fn time_ns(self, ms: f64) -> Result<i64, EditRefused> {
        let snapped = match self {
            Snap::Off => ms,
            Snap::Frames(FrameRate(fps)) => (ms * fps / MS_PER_SEC).round() * MS_PER_SEC / fps,
        };
        ms_to_ns(snapped).ok_or(EditRefused::NotATime { ms })
    }
}
