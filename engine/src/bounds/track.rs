//! Walking a compiled track over a window (docs/curves.md §8.5): the segments' bounds merged,
//! holds, jumps and velocity steps at the keypoints, and the changes of a stepping track.

use crate::bounds::segment::{Param, SegmentBounds, segment_bounds};
use crate::bounds::{
    At, BoundsWindow, Change, Jump, NumberBounds, StepBounds, TrackBounds, VelocityStep,
};
use crate::clip::model::{KeyValue, ValueKind};
use crate::curve::solve::solve;
use crate::curve::track::{CompiledTrack, Cursor, Sample, Segment};

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// Incoming and outgoing velocities at a keypoint count as one (no step) when they differ by
/// at most this much relative to the larger: the rounding of two tangents that agree.
const STEP_TOLERANCE: f64 = 1e-9;

/// A window resolved on one track: clip-local ns, from ≤ to.
#[derive(Clone, Copy, Debug)]
struct Range {
    from: f64,
    to: f64,
}

impl Range {
    fn of(window: BoundsWindow, first_ns: i64, last_ns: i64) -> Range {
        let ns = |s: Option<f64>, default: i64| match s {
            Some(s) if s.is_finite() => s * SEC,
            _ => default as f64,
        };
        let from = ns(window.from_s, first_ns);
        let to = ns(window.to_s, last_ns).max(from);
        Range { from, to }
    }

    /// Whether the window plays part of segment `s` (or, for an instant, `s` owns it).
    fn overlaps(&self, s: &Segment) -> bool {
        if self.from == self.to {
            s.origin < self.from && self.from <= s.end
        } else {
            s.origin < self.to && self.from < s.end
        }
    }

    /// The parameter and time where the window enters `s`, and where it leaves it.
    fn params(&self, s: &Segment) -> (Param, Param) {
        let param = |t: f64| {
            if t <= s.origin {
                Param {
                    u: 0.0,
                    t_ns: s.origin,
                }
            } else if t >= s.end {
                Param {
                    u: 1.0,
                    t_ns: s.end,
                }
            } else {
                Param {
                    u: solve(&s.x, t - s.origin),
                    t_ns: t,
                }
            }
        };
        (param(self.from), param(self.to))
    }
}

impl CompiledTrack {
    /// The track's bounds over `window` (docs/curves.md §8): for a number track the value
    /// range, the largest |velocity| and |acceleration| with their times, jumps, velocity
    /// steps and unbounded velocities; for a boolean or string track its changes.
    pub fn bounds(&self, window: BoundsWindow) -> TrackBounds {
        let (Some(&first), Some(&last)) = (self.times.first(), self.times.last()) else {
            return TrackBounds::Empty;
        };
        let range = Range::of(window, first, last);
        match self.kind() {
            Some(ValueKind::Number) => TrackBounds::Number(self.number_bounds(range)),
            Some(_) => TrackBounds::Steps(self.step_bounds(range)),
            None => TrackBounds::Empty,
        }
    }

    fn number_bounds(&self, range: Range) -> NumberBounds {
        let edge = |t_ns: f64| {
            let value = match self.sample_literal(t_ns, &mut Cursor::default()) {
                Some(Sample::Number { value, .. }) => value,
                _ => 0.0,
            };
            At {
                value,
                time_s: t_ns / SEC,
            }
        };
        let zero = At {
            value: 0.0,
            time_s: range.from / SEC,
        };
        let (start, end) = (edge(range.from), edge(range.to));
        let mut bounds = NumberBounds {
            min: start,
            max: start,
            max_abs_velocity: zero,
            max_abs_acceleration: zero,
            jumps: Vec::new(),
            velocity_steps: Vec::new(),
            unbounded_velocity_at_s: Vec::new(),
        };
        widen(&mut bounds.min, end, |a, b| a < b);
        widen(&mut bounds.max, end, |a, b| a > b);
        let mut previous: Option<(&Segment, SegmentBounds)> = None;
        let first = self.segments.iter().position(|s| range.overlaps(s));
        if let Some(i) = first.filter(|&i| i > 0 && range.from == self.segments[i].origin) {
            let (before, s) = (&self.segments[i - 1], &self.segments[i]);
            self.jump_at_window_start(before, s, &mut bounds);
        }
        for s in self.segments.iter().filter(|s| range.overlaps(s)) {
            let (from, to) = range.params(s);
            let part = segment_bounds(s, from, to);
            self.keypoint_events(&range, previous, s, &part, &mut bounds);
            merge(&mut bounds, &part);
            previous = Some((s, part));
        }
        if let Some((s, part)) = previous
            && range.to > s.end
        {
            step(&mut bounds, s.end, part.v_end, 0.0);
        }
        bounds
    }

    /// What happens where the window's previous segment part meets `s`: a jump between two
    /// keypoints sharing the time, a velocity step at one keypoint, or the step from a hold.
    fn keypoint_events(
        &self,
        range: &Range,
        previous: Option<(&Segment, SegmentBounds)>,
        s: &Segment,
        part: &SegmentBounds,
        bounds: &mut NumberBounds,
    ) {
        let Some((before, before_part)) = previous else {
            if range.from < s.origin {
                step(bounds, s.origin, 0.0, part.v_start);
            }
            return;
        };
        let arrived = before.start + 1;
        if arrived != s.start {
            self.jump(arrived, s, bounds);
        } else {
            step(bounds, s.origin, before_part.v_end, part.v_start);
        }
    }

    /// A window starting exactly at an interior shared time T plays K[a]'s value at T and
    /// the curve from K[b] after it (docs/curves.md §4.6): the jump counts (from ≤ T < to),
    /// though the segment `before` arriving at T is outside the window.
    fn jump_at_window_start(&self, before: &Segment, s: &Segment, bounds: &mut NumberBounds) {
        if before.start + 1 != s.start {
            self.jump(before.start + 1, s, bounds);
        }
    }

    /// Records the jump from keypoint `arrived` to the start of `s`, if their values differ.
    fn jump(&self, arrived: usize, s: &Segment, bounds: &mut NumberBounds) {
        let (from, to) = (self.number_at(arrived), self.number_at(s.start));
        if from != to {
            bounds.jumps.push(Jump {
                time_s: s.origin / SEC,
                from,
                to,
            });
        }
    }

    fn number_at(&self, k: usize) -> f64 {
        match self.values[k] {
            KeyValue::Number(v) => v,
            _ => 0.0,
        }
    }

    fn step_bounds(&self, range: Range) -> StepBounds {
        let value_at = |t: f64| match self.sample_literal(t, &mut Cursor::default()) {
            Some(Sample::Boolean(b)) => KeyValue::Boolean(b),
            Some(Sample::Text(s)) => KeyValue::Text(s.to_owned()),
            _ => KeyValue::Boolean(false),
        };
        let mut changes = vec![Change {
            time_s: range.from / SEC,
            value: value_at(range.from),
        }];
        for (i, s) in self.segments.iter().enumerate() {
            if s.end < range.from || s.end >= range.to {
                continue;
            }
            let next = self.segments.get(i + 1).map_or(s.start + 1, |n| n.start);
            let value = &self.values[next];
            if changes.last().is_some_and(|c| &c.value != value) {
                changes.push(Change {
                    time_s: s.end / SEC,
                    value: value.clone(),
                });
            }
        }
        StepBounds { changes }
    }
}

/// Replaces `at` by `candidate` when `better(candidate, at)`.
fn widen(at: &mut At, candidate: At, better: impl Fn(f64, f64) -> bool) {
    if better(candidate.value, at.value) {
        *at = candidate;
    }
}

/// Folds one segment part into the track's bounds.
fn merge(bounds: &mut NumberBounds, part: &SegmentBounds) {
    widen(&mut bounds.min, part.min, |a, b| a < b);
    widen(&mut bounds.max, part.max, |a, b| a > b);
    widen(&mut bounds.max_abs_velocity, part.speed, |a, b| a > b);
    widen(&mut bounds.max_abs_acceleration, part.accel, |a, b| a > b);
    if let Some((first, last)) = part.unbounded {
        let list = &mut bounds.unbounded_velocity_at_s;
        for t in [first, last] {
            if list.last() != Some(&t) {
                list.push(t);
            }
        }
    }
}

/// Records a velocity step at `t_ns` when finite velocities `from` and `to` differ by more
/// than [`STEP_TOLERANCE`].
fn step(bounds: &mut NumberBounds, t_ns: f64, from: f64, to: f64) {
    let finite = from.is_finite() && to.is_finite();
    if finite && (from - to).abs() > STEP_TOLERANCE * from.abs().max(to.abs()) {
        bounds.velocity_steps.push(VelocityStep {
            time_s: t_ns / SEC,
            from,
            to,
        });
    }
}
