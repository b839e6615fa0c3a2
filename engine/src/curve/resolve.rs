//! Curve resolution (docs/curves.md §3.2–§3.7): where a number segment's two control points go.
//!
//! Resolution works in the (millisecond, value) plane: the inferred tangent normalises a
//! (time, value) direction and the clamps use absolute tolerances, so the unit is part of the
//! rules. The ray operations live in `clamp.rs`; the raw points of each transition kind here.

use crate::clip::model::{Easing, Transition};
use crate::curve::hypot::hypot;
use crate::curve::monotone::shorten_to_monotone;
use crate::curve::point::Point;
use crate::curve::ray::{EPS, TimeSpan, near, within_times, within_values};
use crate::units::NS_PER_MS;

/// Inferred-tangent length divisor.
const AUTO_SCALE: f64 = 2.5614;
/// Inferred-tangent asymmetry cap: one handle is at most this many times the other side's length.
const ASYM: f64 = 5.0;

/// What one segment's resolution reads: its keypoints, their outer neighbours and the sides.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SegmentSides {
    pub start: Point,
    pub end: Point,
    pub before: Option<Point>,
    pub after: Option<Point>,
    /// K[i].leave (absent = cubic).
    pub leave: Option<Transition>,
    /// K[i+1].arrive (absent = cubic).
    pub arrive: Option<Transition>,
}

/// Which side of the segment a control point belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Leave,
    Arrive,
}

/// The effective control points (C1, C2) the segment plays (docs/curves.md §3.6 then
/// docs/curves.md §3.7).
pub(crate) fn effective_controls(seg: &SegmentSides) -> (Point, Point) {
    let bounds = TimeSpan::of(seg.start, seg.end);
    let c1 = raw_control(seg, Side::Leave, &bounds);
    let c2 = raw_control(seg, Side::Arrive, &bounds);
    let (mut c1, mut c2) = shorten_to_monotone(seg.start, seg.end, c1, c2);
    if seg.leave == Some(Transition::InferredAutoClamped) {
        let x = within_times(&bounds, seg.start, within_values(seg.start, seg.end, c1));
        if !near(x, c1) {
            c1 = x;
        }
    }
    if seg.arrive == Some(Transition::InferredAutoClamped) {
        let x = within_times(&bounds, seg.end, within_values(seg.end, seg.start, c2));
        if !near(x, c2) {
            c2 = x;
        }
    }
    (c1, c2)
}

/// The raw control point of one side: what its transition says (docs/curves.md §3.3–§3.5).
fn raw_control(seg: &SegmentSides, side: Side, bounds: &TimeSpan) -> Point {
    let transition = match side {
        Side::Leave => seg.leave,
        Side::Arrive => seg.arrive,
    };
    let anchor = anchor(seg, side);
    match transition.unwrap_or(Transition::Ease(Easing::Cubic)) {
        Transition::Handle { dt_ns, dv } => anchor.offset(dt_ns / NS_PER_MS, dv),
        Transition::Ease(easing) => eased(seg, side, easing),
        Transition::Inferred => match inferred_delta(seg, side) {
            Some((delta, _)) => anchor.offset(delta.t, delta.v),
            None => eased(seg, side, Easing::Cubic),
        },
        Transition::InferredAutoClamped => match inferred_delta(seg, side) {
            Some((delta, frame)) => clamped(seg, side, bounds, delta, frame),
            None => eased(seg, side, Easing::Cubic),
        },
    }
}

#[inline]
fn anchor(seg: &SegmentSides, side: Side) -> Point {
    match side {
        Side::Leave => seg.start,
        Side::Arrive => seg.end,
    }
}

/// An easing's control point, reached through a delta from the anchor (that detour changes
/// the last bit and is kept).
fn eased(seg: &SegmentSides, side: Side, easing: Easing) -> Point {
    let (px, py) = easing_parameters(easing, side);
    let (s, e) = (seg.start, seg.end);
    let tm = px * (e.t - s.t) + s.t;
    let vm = s.v + (e.v - s.v) * py;
    let q = anchor(seg, side);
    let (dt, dv) = (tm - q.t, vm - q.v);
    q.offset(dt, dv)
}

/// The ease-in-out cubic-bezier parameters (px, py) of each easing, per side (docs/curves.md §3.3
/// table).
fn easing_parameters(easing: Easing, side: Side) -> (f64, f64) {
    let (leave, arrive) = match easing {
        Easing::Linear => ((0.33, 0.33), (0.66, 0.66)),
        Easing::Sine => ((0.37, 0.0), (0.63, 1.0)),
        Easing::Quad => ((0.45, 0.0), (0.55, 1.0)),
        Easing::Cubic => ((0.65, 0.0), (0.35, 1.0)),
        Easing::Quart => ((0.76, 0.0), (0.24, 1.0)),
        Easing::Quint => ((0.83, 0.0), (0.17, 1.0)),
        Easing::Expo => ((0.87, 0.0), (0.13, 1.0)),
        Easing::Circ => ((0.85, 0.0), (0.15, 1.0)),
        Easing::Back => ((0.68, -0.6), (0.32, 1.6)),
    };
    match side {
        Side::Leave => leave,
        Side::Arrive => arrive,
    }
}

/// (previous, anchor, next) for a side's inferred tangent; `None` when the outer neighbour
/// is absent.
fn tangent_frame(seg: &SegmentSides, side: Side) -> Option<Frame> {
    match side {
        Side::Leave => seg.before.map(|b| (b, seg.start, seg.end)),
        Side::Arrive => seg.after.map(|a| (seg.start, seg.end, a)),
    }
}

/// (previous, anchor, next) around an inferred tangent.
type Frame = (Point, Point, Point);

/// The inferred tangent's delta for this side (docs/curves.md §3.4) with the frame it came from;
/// `None` = no tangent (the side falls back to cubic).
fn inferred_delta(seg: &SegmentSides, side: Side) -> Option<(Point, Frame)> {
    let (p, q, n) = tangent_frame(seg, side)?;
    let (u_in, l_in) = unit(q.t - p.t, q.v - p.v);
    let (u_out, l_out) = unit(n.t - q.t, n.v - q.v);
    let d = Point::new(u_in.t + u_out.t, u_in.v + u_out.v);
    let sigma = hypot(d.t, d.v) * AUTO_SCALE;
    if !sigma.is_finite() || sigma <= 0.0 {
        return None;
    }
    let delta = match side {
        Side::Arrive => {
            let a = l_in.min(ASYM * l_out) / sigma;
            Point::new(-d.t * a, -d.v * a)
        }
        Side::Leave => {
            let l = l_out.min(ASYM * l_in) / sigma;
            Point::new(d.t * l, d.v * l)
        }
    };
    Some((delta, (p, q, n)))
}

/// Unit direction and length of (dt, dv); a zero or non-finite length gives (0, 0) of length 1.
fn unit(dt: f64, dv: f64) -> (Point, f64) {
    let l = hypot(dt, dv);
    if l == 0.0 || !l.is_finite() {
        (Point::new(0.0, 0.0), 1.0)
    } else {
        (Point::new(dt / l, dv / l), l)
    }
}

/// The clamped inferred tangent (docs/curves.md §3.5): flattened at an extremum, then held inside
/// the segment.
fn clamped(seg: &SegmentSides, side: Side, bounds: &TimeSpan, delta: Point, frame: Frame) -> Point {
    let (p, q, n) = frame;
    let (rise_in, rise_out) = (q.v - p.v, n.v - q.v);
    let flat = rise_in.abs() < EPS || rise_out.abs() < EPS || sign(rise_in) != sign(rise_out);
    let delta = if flat {
        Point::new(delta.t, 0.0)
    } else {
        delta
    };
    let opposite = match side {
        Side::Leave => seg.end,
        Side::Arrive => seg.start,
    };
    let c = q.offset(delta.t, delta.v);
    let c = within_times(bounds, q, c);
    let c = within_values(q, opposite, c);
    let c = within_times(bounds, q, c);
    q.offset(c.t - q.t, c.v - q.v)
}

/// −1, 0 or +1 (NaN gives 0).
#[inline]
fn sign(x: f64) -> i8 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}
