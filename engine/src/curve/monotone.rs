//! Effective control points: making a segment's timing monotonic (docs/curves.md §3.6).
//!
//! Only a leave handle pointing backwards and an arrive handle pointing forwards are clamped
//! to their anchor's time. Handles that cross are shortened together, each along its own ray,
//! by a common factor found with exactly [`BISECTION_STEPS`] bisection steps, until the
//! normalized timing curve's slope is nowhere below −EPS. The result may therefore lie beyond
//! the opposite keypoint in time and may run very slightly backwards: replicated, not fixed.

use crate::curve::point::Point;
use crate::curve::ray::{EPS, near, to_time};

/// The number of bisection steps; part of the behaviour (60 changes ~1 % of samples).
const BISECTION_STEPS: usize = 30;

/// The raw (C1, C2) of segment S → E made monotonic in time.
pub(crate) fn shorten_to_monotone(s: Point, e: Point, c1: Point, c2: Point) -> (Point, Point) {
    let delta = e.t - s.t;
    if delta == 0.0 {
        return (to_time(s, c1, s.t), to_time(e, c2, e.t));
    }
    let c1 = if c1.t < s.t { to_time(s, c1, s.t) } else { c1 };
    let c2 = if c2.t > e.t { to_time(e, c2, e.t) } else { c2 };
    let n1 = (c1.t - s.t) / delta;
    let n2 = (c2.t - s.t) / delta;
    if monotone(n1, n2) {
        return (c1, c2);
    }
    let (b1, b2) = common_shortening(n1, n2);
    let t1 = to_time(s, c1, s.t + b1 * delta);
    let t2 = to_time(e, c2, s.t + b2 * delta);
    let c1 = if near(c1, t1) { c1 } else { t1 };
    let c2 = if near(c2, t2) { c2 } else { t2 };
    (c1, c2)
}

/// The normalized control times (x1, x2) shrunk towards (0, 1) by the largest factor the
/// bisection finds monotone; (0, 1) when none is.
fn common_shortening(n1: f64, n2: f64) -> (f64, f64) {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    let mut best = (0.0, 1.0);
    for _ in 0..BISECTION_STEPS {
        let f = (lo + hi) / 2.0;
        let c1 = n1 * f;
        let c2 = 1.0 + (n2 - 1.0) * f;
        if monotone(c1, c2) {
            best = (c1, c2);
            lo = f;
        } else {
            hi = f;
        }
    }
    best
}

/// Whether X(s) = 3·x1·s·(1−s)² + 3·x2·s²·(1−s) + s³ has X′ ≥ −EPS on [0, 1].
pub(crate) fn monotone(x1: f64, x2: f64) -> bool {
    let a = 1.0 + 3.0 * (x1 - x2);
    let b = 3.0 * (x2 - 2.0 * x1);
    let c = 3.0 * x1;
    let (qa, qb, qc) = (3.0 * a, 2.0 * b, c);
    let slope = |s: f64| qa * s * s + qb * s + qc;
    let mut m = slope(0.0).min(slope(1.0));
    if qa.abs() > EPS {
        let s_star = -qb / (2.0 * qa);
        if (0.0..=1.0).contains(&s_star) {
            m = m.min(slope(s_star));
        }
    }
    m >= -EPS
}
