//! A compiled track (docs/curves.md §3.1, §3.8, §4.1, §4.4–§4.5): keypoints in time order, one
//! cubic Bézier per number segment, and evaluation at one time.
//!
//! Compilation does all resolution once; sampling then only locates the segment (O(1) with a
//! [`Cursor`] when times come in order), solves time for the Bézier parameter and evaluates.
//! Sampling allocates nothing.

use std::collections::HashMap;

use crate::clip::model::{KeyValue, Track, ValueKind};
use crate::clip::valid_clip::{Precision, ValidClip};
use crate::curve::fast_solve::{FastCurve, solve_one};
use crate::curve::point::Point;
use crate::curve::resolve::{SegmentSides, effective_controls};
use crate::curve::solve::{bezier, bezier_d1, slope_with, solve};
use crate::units::NS_PER_MS;

/// Nanoseconds per second: velocities are value units per second of clip-local time.
const SEC: f64 = 1e9;

/// One sample of a track. Number samples carry their velocity in value units per second of
/// clip-local time (0 in a hold, possibly ±∞ or NaN); boolean and string samples step and
/// have none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sample<'a> {
    /// A number sample.
    Number {
        /// The value.
        value: f64,
        /// Value units per second of clip-local time.
        velocity: f64,
    },
    /// A boolean sample.
    Boolean(bool),
    /// A string sample.
    Text(&'a str),
}

/// The segment last used by [`CompiledTrack::sample`]: sampling in time order checks it and
/// its successor before falling back to a binary search. Any cursor gives the same samples;
/// a fresh one (`Cursor::default()`) is always valid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    segment: usize,
}

/// A segment K[i] → K[i+1] whose times differ. `x` holds its time control values in ns from
/// its start (x[0] = 0, x[3] = span); `y` its value control values (number tracks only).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    /// Index of the start keypoint in time order; the end keypoint is `start + 1`.
    pub start: usize,
    pub start_ns: i64,
    pub end_ns: i64,
    /// f64(start_ns) and f64(end_ns): what locating compares against.
    pub origin: f64,
    pub end: f64,
    pub x: [f64; 4],
    pub y: [f64; 4],
    /// The fast solve's table when the segment is certified (docs/curves.md §0), else
    /// [`FastCurve::NONE`] with its span: computed once, when the track is compiled.
    pub fast: FastCurve,
    /// Names what a solve in this segment depends on besides the time: segments of one
    /// compiled clip (or of one track compiled alone) share it exactly when their time
    /// control values are bit for bit the same and both or neither are certified.
    pub timing: u32,
}

impl Segment {
    /// u = solve(X, `a`) (docs/curves.md §4.3): the fast solve on a certified segment when it is
    /// accepted, the literal solver otherwise.
    #[inline]
    pub(crate) fn solve(&self, a: f64) -> f64 {
        solve_one(&self.fast, &self.x, a)
    }

    /// The number sample at Bézier parameter `u` (docs/curves.md §4.4).
    #[inline]
    pub(crate) fn sample_at(&self, u: f64) -> Sample<'static> {
        self.sample_with(u, bezier_d1(&self.x, u))
    }

    /// [`Segment::sample_at`] with `dx` = B′(X; u) already computed.
    #[inline]
    pub(crate) fn sample_with(&self, u: f64, dx: f64) -> Sample<'static> {
        Sample::Number {
            value: bezier(&self.y, u),
            velocity: slope_with(&self.x, &self.y, u, dx) * SEC,
        }
    }
}

/// A located time: its sample, or a number segment and how far into it (ns) to solve.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Located<'a> {
    Sampled(Sample<'a>),
    Solve(&'a Segment, f64),
}

/// Where a time falls on a track with keypoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Location {
    /// The value of this keypoint (index in time order) holds.
    Hold(usize),
    /// Inside this segment.
    In(usize),
}

/// A track ready to sample: keypoints stably sorted by time and the played segments.
#[derive(Clone, Debug)]
pub struct CompiledTrack {
    id: String,
    target: String,
    kind: Option<ValueKind>,
    /// Keypoint times in time order.
    pub(crate) times: Vec<i64>,
    /// Keypoint values in time order.
    pub(crate) values: Vec<KeyValue>,
    pub(crate) segments: Vec<Segment>,
    precision: Precision,
    /// The first rows of docs/curves.md §4.1 without reaching into `segments`: f64 of the first
    /// segment's start and of the last segment's end, and the keypoints (time order) that hold
    /// before and after them (unused when there is no segment).
    bounds: Bounds,
}

/// See [`CompiledTrack::bounds`].
#[derive(Clone, Copy, Debug)]
struct Bounds {
    first: f64,
    last: f64,
    hold_first: usize,
    hold_last: usize,
}

impl CompiledTrack {
    /// Sorts the keypoints (ties keep document order) and resolves every number segment.
    /// Assumes a valid track (docs/curves.md §1.5); an unvalidated one compiles without panicking.
    pub fn compile(track: &Track) -> CompiledTrack {
        let kind = track.keypoints.first().map(|k| ValueKind::of(&k.value));
        let mut sorted: Vec<_> = track.keypoints.iter().collect();
        sorted.sort_by_key(|k| k.time_ns);
        let mut segments = Vec::new();
        for i in 0..sorted.len().saturating_sub(1) {
            let (s, e) = (sorted[i], sorted[i + 1]);
            if s.time_ns == e.time_ns {
                continue;
            }
            let origin = s.time_ns as f64;
            let mut segment = Segment {
                start: i,
                start_ns: s.time_ns,
                end_ns: e.time_ns,
                origin,
                end: e.time_ns as f64,
                x: [0.0, 0.0, 0.0, e.time_ns as f64 - origin],
                y: [0.0; 4],
                fast: FastCurve::NONE,
                timing: 0,
            };
            if kind == Some(ValueKind::Number) {
                let plane = |i: usize| plane_point(sorted[i].time_ns, &sorted[i].value);
                let sides = SegmentSides {
                    start: plane(i),
                    end: plane(i + 1),
                    before: i.checked_sub(1).map(plane),
                    after: (i + 2 < sorted.len()).then(|| plane(i + 2)),
                    leave: s.leave,
                    arrive: e.arrive,
                };
                let (c1, c2) = effective_controls(&sides);
                let st = sides.start.t;
                segment.x[1] = (c1.t - st) * NS_PER_MS;
                segment.x[2] = (c2.t - st) * NS_PER_MS;
                segment.y = [sides.start.v, c1.v, c2.v, sides.end.v];
            }
            segment.fast = FastCurve::new(&segment.x, &segment.y);
            segments.push(segment);
        }
        intern_timings(segments.iter_mut());
        let bounds = match (segments.first(), segments.last()) {
            (Some(first), Some(last)) => Bounds {
                first: first.origin,
                last: last.end,
                hold_first: first.start,
                hold_last: last.start + 1,
            },
            _ => Bounds {
                first: 0.0,
                last: 0.0,
                hold_first: 0,
                hold_last: 0,
            },
        };
        CompiledTrack {
            bounds,
            id: track.id.clone(),
            target: track.target.clone(),
            kind,
            times: sorted.iter().map(|k| k.time_ns).collect(),
            values: sorted.iter().map(|k| k.value.clone()).collect(),
            segments,
            precision: Precision::Double,
        }
    }

    /// The track's kind; `None` when it has no keypoint.
    #[inline]
    pub fn kind(&self) -> Option<ValueKind> {
        self.kind
    }

    /// How the track's numbers are reported (single precision for some 1.x tracks).
    #[inline]
    pub fn precision(&self) -> Precision {
        self.precision
    }

    /// Whether its numbers are reported in single precision.
    #[inline]
    pub(crate) fn narrow(&self) -> bool {
        self.precision == Precision::Single
    }

    /// The track's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The output key a player writes.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The sample at clip-local time `t_ns` (any f64: fractional, ±∞, NaN); `None` for a track
    /// with no keypoint. `cursor` only speeds up the search.
    pub fn sample(&self, t_ns: f64, cursor: &mut Cursor) -> Option<Sample<'_>> {
        match self.begin(t_ns, cursor)? {
            Located::Sampled(sample) => Some(sample),
            Located::Solve(segment, a) => Some(segment.sample_at(segment.solve(a))),
        }
    }

    /// [`CompiledTrack::sample`] with every segment solved by the literal docs/curves.md §4.3
    /// solver, as if none were certified. For tests that compare with an independent reading of the
    /// spec, and for drawing a curve where every sample must be the literal solve.
    pub fn sample_literal(&self, t_ns: f64, cursor: &mut Cursor) -> Option<Sample<'_>> {
        match self.begin(t_ns, cursor)? {
            Located::Sampled(sample) => Some(sample),
            Located::Solve(segment, a) => Some(segment.sample_at(solve(&segment.x, a))),
        }
    }

    /// Whether `t_ns` falls inside a number segment certified for the fast solve
    /// (docs/curves.md §0): only there may [`CompiledTrack::sample`] differ from
    /// [`CompiledTrack::sample_literal`], within 1e-12 of max(|value|, 1) and 1e-10 units per
    /// second. For tests (the `testing` feature).
    #[cfg(any(test, feature = "testing"))]
    pub fn certified_at(&self, t_ns: f64) -> bool {
        matches!(
            self.begin(t_ns, &mut Cursor::default()),
            Some(Located::Solve(segment, _)) if segment.fast.is_certified()
        )
    }

    /// How many of the track's segments are certified for the fast solve, of how many.
    /// For tests and benches (the `testing` feature).
    #[cfg(any(test, feature = "testing"))]
    pub fn certified_segments(&self) -> (usize, usize) {
        let certified = self.segments.iter().filter(|s| s.fast.is_certified());
        (certified.count(), self.segments.len())
    }

    /// Locates `t_ns` and answers at once unless the time falls inside a number segment,
    /// where the Bézier parameter is still to be solved for (`t_ns − start` ns into it).
    #[inline(always)]
    pub(crate) fn begin(&self, t_ns: f64, cursor: &mut Cursor) -> Option<Located<'_>> {
        Some(match self.locate(t_ns, cursor)? {
            Location::Hold(k) => Located::Sampled(self.hold(k)),
            Location::In(s) if self.kind == Some(ValueKind::Number) => {
                let segment = &self.segments[s];
                Located::Solve(segment, t_ns - segment.origin)
            }
            Location::In(s) => Located::Sampled(self.hold(self.segments[s].start)),
        })
    }

    /// docs/curves.md §4.1: the first matching row of the locating table.
    #[inline(always)]
    fn locate(&self, t: f64, cursor: &mut Cursor) -> Option<Location> {
        let n = self.times.len();
        if n == 0 {
            return None;
        }
        if self.segments.is_empty() {
            let hold = if t < self.times[0] as f64 { 0 } else { n - 1 };
            return Some(Location::Hold(hold));
        }
        let bounds = &self.bounds;
        if t <= bounds.first {
            return Some(Location::Hold(bounds.hold_first));
        }
        if t >= bounds.last {
            return Some(Location::Hold(bounds.hold_last));
        }
        if t.is_nan() {
            return Some(Location::In(0));
        }
        let found = self.find_segment(t, cursor.segment);
        cursor.segment = found;
        Some(Location::In(found))
    }

    /// The unique segment with start < t ≤ end, for t strictly inside the played span:
    /// the cursor's segment, its successor, or a binary search.
    #[inline]
    fn find_segment(&self, t: f64, hint: usize) -> usize {
        let contains = |i: usize| {
            self.segments
                .get(i)
                .is_some_and(|s| s.origin < t && t <= s.end)
        };
        if contains(hint) {
            hint
        } else if contains(hint + 1) {
            hint + 1
        } else {
            self.segments.partition_point(|s| s.end < t)
        }
    }

    /// The held value of keypoint `k` (time order); a number holds with velocity +0.
    fn hold(&self, k: usize) -> Sample<'_> {
        match self.kind {
            Some(ValueKind::Number) => Sample::Number {
                value: number(&self.values[k]),
                velocity: 0.0,
            },
            Some(ValueKind::Boolean) => {
                Sample::Boolean(matches!(self.values[k], KeyValue::Boolean(true)))
            }
            _ => Sample::Text(match &self.values[k] {
                KeyValue::Text(s) => s,
                _ => "",
            }),
        }
    }
}

/// Numbers the segments' timings (see [`Segment::timing`]): equal numbers for bit-identical
/// time control values with the same certification, in order of first appearance.
pub(crate) fn intern_timings<'a>(segments: impl Iterator<Item = &'a mut Segment>) {
    let mut seen: HashMap<([u64; 4], bool), u32> = HashMap::new();
    for segment in segments {
        let key = (segment.x.map(f64::to_bits), segment.fast.is_certified());
        let next = seen.len() as u32;
        segment.timing = *seen.entry(key).or_insert(next);
    }
}

/// A keypoint in the resolution plane: (f64(time) / 1e6 ms, value).
fn plane_point(time_ns: i64, value: &KeyValue) -> Point {
    Point::new(time_ns as f64 / NS_PER_MS, number(value))
}

/// A number keypoint's value; an unvalidated non-number reads as 0.
#[inline]
fn number(value: &KeyValue) -> f64 {
    match value {
        KeyValue::Number(v) => *v,
        _ => 0.0,
    }
}

/// Every track of a clip compiled, in clip order, with the clip's end (docs/curves.md §1.1).
#[derive(Clone, Debug)]
pub struct CompiledClip {
    /// The clip's name.
    pub name: String,
    /// The clip's length, if set.
    pub length_ns: Option<i64>,
    /// The compiled tracks, in clip order.
    pub tracks: Vec<CompiledTrack>,
    end_ns: i64,
}

impl CompiledClip {
    /// Compiles each track, keeping its precision.
    pub fn compile(clip: &ValidClip) -> CompiledClip {
        let tracks = clip.tracks().iter().map(|valid| CompiledTrack {
            precision: valid.precision(),
            ..CompiledTrack::compile(valid.track())
        });
        let mut tracks: Vec<CompiledTrack> = tracks.collect();
        intern_timings(tracks.iter_mut().flat_map(|t| t.segments.iter_mut()));
        CompiledClip {
            name: clip.name().to_owned(),
            length_ns: clip.length_ns(),
            end_ns: clip.end_ns(),
            tracks,
        }
    }

    /// The end of the clip: its length if any, else its latest keypoint time, at least 0.
    pub fn end_ns(&self) -> i64 {
        self.end_ns
    }
}
