//! The ray operations of curve resolution (docs/curves.md §3.5): moving a control point along the
//! ray from its anchor until it meets a time or a value bound.
//!
//! All in the (millisecond, value) plane. NaN falls through every comparison the way the
//! spec writes them ("C.T < Tmin" false selects Tmax, and so on).

use crate::curve::point::Point;

/// Tolerance of the resolution rules, in milliseconds and value units alike.
pub(crate) const EPS: f64 = 1e-6;

/// The segment's time range in the plane: [min(S.T, E.T), max(S.T, E.T)].
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeSpan {
    pub t_min: f64,
    pub t_max: f64,
}

impl TimeSpan {
    pub(crate) fn of(start: Point, end: Point) -> TimeSpan {
        TimeSpan {
            t_min: start.t.min(end.t),
            t_max: start.t.max(end.t),
        }
    }
}

/// The point of the ray Q → C at time τ; a ray with no time extent (or a non-finite ratio)
/// gives (τ, Q.V).
pub(crate) fn scale_to_time(q: Point, c: Point, tau: f64) -> Point {
    let dt = c.t - q.t;
    if dt == 0.0 {
        return Point::new(tau, q.v);
    }
    let r = (tau - q.t) / dt;
    if !r.is_finite() {
        return Point::new(tau, q.v);
    }
    Point::new(q.t + dt * r, q.v + (c.v - q.v) * r)
}

/// [`scale_to_time`], except that a point already within EPS of τ stays where it is.
pub(crate) fn to_time(q: Point, c: Point, tau: f64) -> Point {
    if (tau - c.t).abs() < EPS {
        c
    } else {
        scale_to_time(q, c, tau)
    }
}

/// C pulled back along its ray into the segment's time range (no tolerance).
pub(crate) fn within_times(bounds: &TimeSpan, q: Point, c: Point) -> Point {
    if bounds.t_min <= c.t && c.t <= bounds.t_max {
        return c;
    }
    let tau = if c.t < bounds.t_min {
        bounds.t_min
    } else {
        bounds.t_max
    };
    scale_to_time(q, c, tau)
}

/// C pulled back along its ray into the value range of anchor Q and opposite keypoint O.
/// A bound within EPS of the anchor's value flattens the handle and keeps its time.
pub(crate) fn within_values(q: Point, o: Point, c: Point) -> Point {
    let (v_min, v_max) = (q.v.min(o.v), q.v.max(o.v));
    if v_min <= c.v && c.v <= v_max {
        return c;
    }
    let nu = if c.v < v_min { v_min } else { v_max };
    if (nu - q.v).abs() < EPS {
        return Point::new(c.t, nu);
    }
    let dv = c.v - q.v;
    if dv == 0.0 {
        return Point::new(q.t, nu);
    }
    let r = (nu - q.v) / dv;
    if !r.is_finite() {
        return Point::new(q.t, nu);
    }
    Point::new(q.t + (c.t - q.t) * r, q.v + dv * r)
}

/// Whether two points are within EPS of each other in both time and value.
#[inline]
pub(crate) fn near(x: Point, y: Point) -> bool {
    (x.t - y.t).abs() < EPS && (x.v - y.v).abs() < EPS
}
