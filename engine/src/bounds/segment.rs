//! The bounds of one number segment over a part [u0, u1] of its parameter range
//! (docs/curves.md §8.2–§8.4): value, |velocity| and |acceleration| extremes from the roots
//! of polynomials in u, and where time stalls (x′ = 0).

use crate::bounds::At;
use crate::bounds::poly::{Poly, acceleration_numerator, velocity_numerator};
use crate::bounds::roots::candidates;
use crate::curve::solve::{bezier, bezier_d1, slope};
use crate::curve::track::Segment;

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// N is taken as identically zero (the segment is a straight line in (time, value), its
/// velocity constant, its acceleration 0) when every coefficient is within this many ε of
/// max|x′ coefficient| · max|y′ coefficient|: the rounding of building N from the control
/// points' differences.
const STRAIGHT_ULPS: f64 = 64.0;

/// A parameter of the segment and the clip time (ns) it plays at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Param {
    pub u: f64,
    pub t_ns: f64,
}

/// What one segment part contributes to a track's bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SegmentBounds {
    pub min: At,
    pub max: At,
    /// max |velocity|, units/s; +∞ where time stalls with the value moving.
    pub speed: At,
    /// max |acceleration|, units/s²; +∞ where time stalls on a curved segment.
    pub accel: At,
    /// The velocity at u0 and at u1 (units/s; the limit where time stalls there).
    pub v_start: f64,
    pub v_end: f64,
    /// Where the velocity is unbounded: the first and last such time (s), if any.
    pub unbounded: Option<(f64, f64)>,
}

/// The largest of some candidates, with the parameter it was found at.
#[derive(Clone, Copy, Debug)]
struct Best {
    value: f64,
    u: f64,
}

impl Best {
    fn new(value: f64, u: f64) -> Best {
        Best { value, u }
    }

    /// Keeps `value` if it is larger (a NaN never wins).
    #[inline]
    fn offer(&mut self, value: f64, u: f64) {
        if value > self.value {
            *self = Best { value, u };
        }
    }
}

/// The per-segment polynomials: x′, y′ and N = y″x′ − y′x″.
struct Derivatives {
    dx: Poly,
    dy: Poly,
    n: Poly,
    straight: bool,
}

impl Derivatives {
    fn of(s: &Segment) -> Derivatives {
        let dx = Poly::bezier_d1(&s.x);
        let dy = Poly::bezier_d1(&s.y);
        let (n, _) = velocity_numerator(&dx, &dy);
        let tolerance = STRAIGHT_ULPS * f64::EPSILON * dx.magnitude() * dy.magnitude();
        let straight = n.c.iter().all(|c| c.abs() <= tolerance);
        Derivatives {
            dx,
            dy,
            n,
            straight,
        }
    }

    /// a(u) = N(u) / x′(u)³ · 1e18, units/s² (±∞ or NaN where x′ = 0), x′ in the
    /// Bernstein form the sampler uses (docs/curves.md §4.2).
    #[inline]
    fn acceleration(&self, x: &[f64; 4], u: f64) -> f64 {
        let d = bezier_d1(x, u);
        self.n.eval(u) / (d * d * d) * (SEC * SEC)
    }
}

/// The bounds of segment `s` between `from` and `to` (from.u ≤ to.u).
pub(crate) fn segment_bounds(s: &Segment, from: Param, to: Param) -> SegmentBounds {
    let d = Derivatives::of(s);
    let (u0, u1) = (from.u, to.u);
    let time = |u: f64| {
        if u == u0 {
            from.t_ns
        } else if u == u1 {
            to.t_ns
        } else {
            s.origin + bezier(&s.x, u)
        }
    };
    let at = |best: Best| At {
        value: best.value,
        time_s: time(best.u) / SEC,
    };

    let (mut low, mut high) = (
        Best::new(-bezier(&s.y, u0), u0),
        Best::new(bezier(&s.y, u0), u0),
    );
    for &u in candidates(&d.dy, u0, u1).as_slice().iter().chain([&u1]) {
        let v = bezier(&s.y, u);
        low.offer(-v, u);
        high.offer(v, u);
    }
    let velocity = |u: f64| slope(&s.x, &s.y, u) * SEC;
    let (v_start, v_end) = (velocity(u0), velocity(u1));
    let stalls = stalls(&s.x, &d.dx, u0, u1);
    let mut speed = Best::new(v_start.abs(), u0);
    let mut accel = Best::new(0.0, u0);
    let mut unbounded = None;
    if d.straight {
        speed.offer(v_end.abs(), u1);
    } else if let Some((first, last)) = stalls.interior {
        speed = Best::new(f64::INFINITY, first);
        accel = Best::new(f64::INFINITY, first);
        unbounded = Some((time(first) / SEC, time(last) / SEC));
    } else {
        speed.offer(v_end.abs(), u1);
        for &u in candidates(&d.n, u0, u1).as_slice() {
            speed.offer(velocity(u).abs(), u);
        }
        accel = Best::new(d.acceleration(&s.x, u0).abs(), u0);
        accel.offer(d.acceleration(&s.x, u1).abs(), u1);
        let m = acceleration_numerator(&d.n, &d.dx);
        for &u in candidates(&m, u0, u1).as_slice() {
            accel.offer(d.acceleration(&s.x, u).abs(), u);
        }
        for u in stalls.ends.into_iter().flatten() {
            accel = Best::new(f64::INFINITY, u);
        }
        let infinite = [(v_start, u0), (v_end, u1)]
            .into_iter()
            .filter(|(v, _)| !v.is_finite());
        for (_, u) in infinite {
            speed = Best::new(f64::INFINITY, u);
            let t = time(u) / SEC;
            unbounded = Some(unbounded.map_or((t, t), |(first, _)| (first, t)));
        }
    }
    let min = at(low);
    SegmentBounds {
        min: At {
            value: -min.value,
            ..min
        },
        max: at(high),
        speed: at(speed),
        accel: at(accel),
        v_start,
        v_end,
        unbounded,
    }
}

/// Where x′ ≤ 0 on [u0, u1].
struct Stalls {
    /// The first and last parameter strictly inside (0, 1) where x′ ≤ 0: time stalls or runs
    /// back there, so the velocity is unbounded.
    interior: Option<(f64, f64)>,
    /// The ends (u = 0 or 1) where x′ is exactly 0: a collapsed handle, where the velocity
    /// has a limit (docs/curves.md §4.4) but the acceleration of a curved segment does not.
    ends: [Option<f64>; 2],
}

/// The stalls of time curve `x` (x′ = `dx`) on [u0, u1], x′ read in the sampler's Bernstein
/// form: exactly 0 at an end where a handle collapsed.
fn stalls(x: &[f64; 4], dx: &Poly, u0: f64, u1: f64) -> Stalls {
    let mut interior: Option<(f64, f64)> = None;
    let points = candidates(dx, u0, u1);
    for &u in points.as_slice().iter().chain([&u0, &u1]) {
        if 0.0 < u && u < 1.0 && bezier_d1(x, u) <= 0.0 {
            interior = Some(match interior {
                None => (u, u),
                Some((first, last)) => (first.min(u), last.max(u)),
            });
        }
    }
    let end = |u: f64| ((u == 0.0 || u == 1.0) && bezier_d1(x, u) == 0.0).then_some(u);
    Stalls {
        interior,
        ends: [end(u0), end(u1)],
    }
}
