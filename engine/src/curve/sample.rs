//! Sampling a compiled track many times (docs/curves.md §4.7): batches, the numbers-only batch, the
//! played segments and polylines for drawing.

use crate::clip::model::ValueKind;
use crate::curve::fast_solve::{FastCurve, Place, solve_some_fast};
use crate::curve::solve::{LANES, bezier, numbers_at, solve};
use crate::curve::track::{CompiledTrack, Cursor, Located, Sample};

/// Half a nanosecond of slack at either end of a polyline range: editors keep keypoint times
/// in fractional milliseconds.
const POLYLINE_SLACK_NS: f64 = 0.5;

/// One played segment of a number track: start and end (ns) and its four effective control
/// points (clip-local ns, value), P0 and P3 being the keypoints themselves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayedSegment {
    /// Where the segment starts, in clip-local nanoseconds.
    pub start_ns: i64,
    /// Where it ends.
    pub end_ns: i64,
    /// Its four control points as `(time ns, value)`.
    pub points: [(f64, f64); 4],
}

impl CompiledTrack {
    /// One sample per time, in the given order, each identical to sampling it alone; empty for
    /// a track with no keypoint.
    pub fn sample_many(&self, times: &[f64]) -> Vec<Sample<'_>> {
        let mut samples = Vec::with_capacity(times.len());
        self.sample_each(times, |_, sample| samples.push(sample));
        samples
    }

    /// Hands `each` the index and sample of every time, in order, each identical to sampling
    /// it alone; nothing for a track with no keypoint. Times are located four at a time and
    /// their solves run together in lockstep, which overlaps them.
    pub fn sample_each<'a>(&'a self, times: &[f64], mut each: impl FnMut(usize, Sample<'a>)) {
        let mut cursor = Cursor::default();
        let mut pending = [None; LANES];
        for (index, &t) in times.iter().enumerate() {
            let Some(located) = self.begin(t, &mut cursor) else {
                return;
            };
            let lane = index % LANES;
            pending[lane] = Some(located);
            if lane == LANES - 1 {
                emit(index + 1 - LANES, &pending, &mut each);
                pending = [None; LANES];
            }
        }
        emit(times.len() / LANES * LANES, &pending, &mut each);
    }

    /// Values and velocities of a number track at `times`, written into the first
    /// `times.len()` slots of each output. Writes nothing and returns false for a non-number
    /// track or an output shorter than `times`.
    pub fn sample_numbers(
        &self,
        times: &[f64],
        values: &mut [f64],
        velocities: &mut [f64],
    ) -> bool {
        let fits = values.len() >= times.len() && velocities.len() >= times.len();
        if self.kind() != Some(ValueKind::Number) || !fits {
            return false;
        }
        self.sample_each(times, |i, sample| {
            if let Sample::Number { value, velocity } = sample {
                values[i] = value;
                velocities[i] = velocity;
            }
        });
        true
    }

    /// The segments a number track plays, in time order; empty for boolean/string tracks.
    pub fn played_segments(&self) -> Vec<PlayedSegment> {
        if self.kind() != Some(ValueKind::Number) {
            return Vec::new();
        }
        let played = |s: &crate::curve::track::Segment| PlayedSegment {
            start_ns: s.start_ns,
            end_ns: s.end_ns,
            points: std::array::from_fn(|k| (s.origin + s.x[k], s.y[k])),
        };
        self.segments.iter().map(played).collect()
    }

    /// Appends `count` (time, value) points of a number track from `start` to `end` and returns
    /// true; returns false and appends nothing for any other track.
    ///
    /// Within one segment (half a ns of slack at either end) the points are spaced evenly in the
    /// Bézier parameter, so curvature gets more points; otherwise evenly in time. Polylines
    /// are drawn with the literal solver throughout (no fast solve, docs/curves.md §0), so they are
    /// the reference's bit for bit; single sampling may differ from them within 1e-12.
    pub fn polyline(&self, start: f64, end: f64, count: usize, out: &mut Vec<(f64, f64)>) -> bool {
        if self.kind() != Some(ValueKind::Number) {
            return false;
        }
        let last = count.saturating_sub(1).max(1) as f64;
        let within = self
            .segments
            .iter()
            .find(|s| s.end + POLYLINE_SLACK_NS >= end)
            .filter(|s| start < end && s.origin - POLYLINE_SLACK_NS <= start);
        if let Some(s) = within {
            let u0 = solve(&s.x, start - s.origin);
            let span_u = solve(&s.x, end - s.origin) - u0;
            for i in 0..count {
                let u = u0 + span_u * (i as f64 / last);
                let time = match i {
                    0 => start,
                    _ if i == count - 1 => end,
                    _ => s.origin + bezier(&s.x, u),
                };
                out.push((time, bezier(&s.y, u)));
            }
        } else {
            let mut cursor = Cursor::default();
            for i in 0..count {
                let time = if i == count - 1 && count > 1 {
                    end
                } else {
                    start + (end - start) * (i as f64 / last)
                };
                let value = match self.sample_literal(time, &mut cursor) {
                    Some(Sample::Number { value, .. }) => value,
                    _ => f64::NAN,
                };
                out.push((time, value));
            }
        }
        true
    }
}

/// Solves the located times that need it together, then hands `each` every sample in order,
/// numbering them from `first`.
fn emit<'a>(
    first: usize,
    pending: &[Option<Located<'a>>; LANES],
    each: &mut impl FnMut(usize, Sample<'a>),
) {
    let (mut x, mut y) = ([&[0.0; 4]; LANES], [&[0.0; 4]; LANES]);
    let mut fast = [&FastCurve::NONE; LANES];
    let mut into = [0.0; LANES];
    let mut place = [Place::default(); LANES];
    let mut solves = 0;
    for located in pending.iter().flatten() {
        if let Located::Solve(segment, a) = located {
            (x[solves], y[solves]) = (&segment.x, &segment.y);
            (fast[solves], into[solves]) = (&segment.fast, *a);
            place[solves] = segment.fast.place(*a);
            solves += 1;
        }
    }
    let u = solve_some_fast(solves, fast, x, into, place);
    let numbers = numbers_at(solves, x, y, u);
    let mut solved = 0;
    for (lane, located) in pending.iter().enumerate() {
        match located {
            Some(Located::Sampled(sample)) => each(first + lane, *sample),
            Some(Located::Solve(..)) => {
                let (value, velocity, _) = numbers[solved];
                each(first + lane, Sample::Number { value, velocity });
                solved += 1;
            }
            None => {}
        }
    }
}
