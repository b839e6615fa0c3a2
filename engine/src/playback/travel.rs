//! The exact travel procedure of docs/playback.md §3.6: moving a playhead `D`
//! nanoseconds along its timeline through windows and bounds.
//!
//! All arithmetic is on `i128`: travel reaches 2^84 and a ping-pong period
//! (twice a window span) can exceed `i64`. The final position fits an `i64`.

use crate::playback::loop_mode::LoopMode;
use crate::time::TimelinePosition;

/// A player's window as set: a start and an optional end (none = the length).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// The lower bound as set.
    pub start: TimelinePosition,
    /// The upper bound as set; none = the length.
    pub end: Option<TimelinePosition>,
}

impl Window {
    /// The sorted window bounds `(ws, we)` for a length (docs/playback.md §3.4).
    #[inline]
    pub fn bounds(&self, length: TimelinePosition) -> (TimelinePosition, TimelinePosition) {
        let end = self.end.unwrap_or(length.max(TimelinePosition::ZERO));
        (self.start.min(end), self.start.max(end))
    }
}

/// The playhead and the flags the travel rules read and write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Playhead {
    pub position: i64,
    pub reversed: bool,
    pub turned: bool,
    pub entered: bool,
    pub ended: bool,
}

/// Everything about the player that the travel rules read but never change.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Course {
    pub mode: LoopMode,
    pub window: Window,
    pub length: TimelinePosition,
    /// The speed's sign class is negative (`speed < 0`; −0.0 is not).
    pub backwards: bool,
}

/// The bounds in force for one travel step: `[lo, hi]` and the window `[ws, we]`.
#[derive(Clone, Copy)]
struct Bounds {
    lo: i128,
    hi: i128,
    ws: i128,
    we: i128,
}

impl Playhead {
    /// Start the rules afresh: clears reversed, turned, entered and ended.
    #[inline]
    pub fn afresh(&mut self) {
        self.reversed = false;
        self.turned = false;
        self.entered = false;
        self.ended = false;
    }

    /// +1 when heading forward (non-negative speed XOR reversed), else −1.
    #[inline]
    pub fn heading(&self, backwards: bool) -> i128 {
        if backwards != self.reversed { -1 } else { 1 }
    }

    /// Moves `distance >= 0` nanoseconds of timeline (docs/playback.md §3.6).
    pub fn advance(&mut self, distance: i128, course: &Course) {
        let mut p = self.position as i128;
        let mut d = distance;
        while d > 0 && !self.ended {
            let b = self.bounds(p, course);
            let h = self.heading(course.backwards);
            if p < b.lo || p > b.hi {
                if (p < b.lo && h == 1) || (p > b.hi && h == -1) {
                    let gap = if p < b.lo { b.lo - p } else { p - b.hi };
                    let step = d.min(gap);
                    p = toward(p, h, step);
                    d -= step;
                } else {
                    p = if h == 1 { b.hi } else { b.lo };
                    d = self.at_bound(&mut p, d, &b, h, course.mode);
                }
                continue;
            }
            if !self.entered {
                let gap = if h == 1 && p < b.ws {
                    Some(b.ws - p)
                } else if h == -1 && p > b.we {
                    Some(p - b.we)
                } else {
                    None
                };
                if let Some(gap) = gap.filter(|&gap| d >= gap) {
                    p = toward(p, h, gap);
                    d -= gap;
                    self.entered = true;
                    continue;
                }
            }
            let room = if h == 1 { b.hi - p } else { p - b.lo };
            if d <= room {
                p = toward(p, h, d);
                d = 0;
                let ahead = if h == 1 { b.hi } else { b.lo };
                if p == ahead && course.mode.stops(self.turned) {
                    self.ended = true;
                }
            } else {
                p = toward(p, h, room);
                d = self.at_bound(&mut p, d - room, &b, h, course.mode);
            }
        }
        self.position = p as i64;
    }

    /// Marks the window entered if `p` is inside it, then gives the bounds in
    /// force: the window once entered, the whole timeline before.
    fn bounds(&mut self, p: i128, course: &Course) -> Bounds {
        let length = course.length.ns().max(0) as i128;
        let (ws, we) = course.window.bounds(course.length);
        let (ws, we) = (ws.ns() as i128, we.ns() as i128);
        if !self.entered && ws <= p && p <= we {
            self.entered = true;
        }
        if self.entered {
            Bounds {
                lo: ws,
                hi: we,
                ws,
                we,
            }
        } else {
            Bounds {
                lo: ws.min(0),
                hi: we.max(length),
                ws,
                we,
            }
        }
    }

    /// The bound rule (docs/playback.md §3.5) at a bound reached with `remaining > 0` travel
    /// still to go; returns the travel left after it.
    fn at_bound(
        &mut self,
        p: &mut i128,
        remaining: i128,
        b: &Bounds,
        h: i128,
        mode: LoopMode,
    ) -> i128 {
        if mode.stops(self.turned) {
            self.ended = true;
            return 0;
        }
        let span = b.hi - b.lo;
        if span == 0 {
            return 0;
        }
        let entered = self.entered;
        // Skips whole periods only once inside the window; lands on the same place.
        let reduce = |period: i128| {
            if entered {
                (remaining - 1) % period + 1
            } else {
                remaining
            }
        };
        match mode {
            LoopMode::Loop => {
                *p = if h == 1 { b.lo } else { b.hi };
                reduce(span)
            }
            LoopMode::Bounce => {
                self.turn();
                remaining
            }
            LoopMode::PingPong => {
                self.turn();
                reduce(2 * span)
            }
            LoopMode::Once => 0,
        }
    }

    #[inline]
    fn turn(&mut self) {
        self.reversed = !self.reversed;
        self.turned = true;
    }
}

/// `p + h × d` for a heading `h` of ±1, without multiplying: in wasm a 128-bit multiply
/// is a library call, and a step moves every playing player.
#[inline]
fn toward(p: i128, h: i128, d: i128) -> i128 {
    if h == 1 { p + d } else { p - d }
}

#[cfg(test)]
#[path = "travel_tests.rs"]
mod tests;
