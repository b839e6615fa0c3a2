//! The bounds of one number segment over a part [u0, u1] of its parameter range
//! (docs/curves.md §8.2–§8.4): value, |velocity| and |acceleration| extremes from the roots
//! of polynomials in u, and where time stalls (x′ = 0).

use crate::bounds::At;
use crate::bounds::poly::{Poly, acceleration_numerator, velocity_numerator};
use crate::bounds::roots::candidates;

use crate::curve::solve::{bezier, bezier_d1, bezier_d2, slope};
use crate::curve::track::Segment;

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// N is taken as identically zero (the segment is a straight line in (time, value), its
/// velocity constant, its acceleration 0) when every coefficient is within this many ε of
/// max|x′ coefficient| · max|y′ coefficient|: the rounding of building N from the control
/// points' differences.
const STRAIGHT_ULPS: f64 = 64.0;

/// A segment is straight only where x′ ≥ this × max|x′ coefficient| on it: (64ε / 1e-9)^(1/3)
/// ≈ 0.024, rounded up. Near a stall a curve that is straight within rounding can still turn
/// in a sliver of time (a handle collapsed to within 1e-8 ns of its keypoint), with an
/// acceleration the rounding of N hides.
const STRAIGHT_MIN_SLOPE: f64 = 1.0 / 32.0;

/// How far the two halves' ranges overlap past ½: a root on the boundary itself (a
/// symmetric ease's velocity peak) has no sign change on either side within rounding, but a
/// clear one across the overlap.
const HALVES_OVERLAP: f64 = 1.0 / 16.0;

/// Inside a segment, x′ counts as stalled where it is at most this fraction (2^-16) of the
/// sum of its Bernstein terms' magnitudes, 3·(|d0|·w² + 2·|d1|·w·u + |d2|·u²): there its
/// terms cancel so far that their rounding (≈ 8ε of that sum) is over 1e-10 of x′, and
/// a = N/x′³ can no longer be bounded to 1e-9. The velocity there is at least 2^16 times
/// the segment's scale |y′|/|x′| — reported as unbounded, a conservative answer.
const NEAR_STALL: f64 = 1.0 / 65536.0;

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

    /// [`Best::offer`], by value.
    #[inline]
    fn max(mut self, value: f64, u: f64) -> Best {
        self.offer(value, u);
        self
    }
}

/// The polynomials whose roots are a segment's candidate extremes, in the power basis about
/// one end of the segment: x′, y′, N = y″x′ − y′x″ and M = N′x′ − 3Nx″.
struct Numerators {
    dx: Poly,
    dy: Poly,
    n: Poly,
    m: Poly,
}

impl Numerators {
    fn about(x: &[f64; 4], y: &[f64; 4]) -> Numerators {
        let dx = Poly::bezier_d1(x);
        let dy = Poly::bezier_d1(y);
        let (n, _) = velocity_numerator(&dx, &dy);
        let m = acceleration_numerator(&n, &dx);
        Numerators { dx, dy, n, m }
    }

    /// Whether the segment is straight: N vanishes within its rounding ([`STRAIGHT_ULPS`])
    /// and x′ stays above [`STRAIGHT_MIN_SLOPE`] of its scale, so that what the rounding
    /// could hide, 64ε·|x′|·|y′| / x′³, is below 1e-9 of the acceleration scale |y′|/|x′|².
    fn straight(&self, min_slope: f64) -> bool {
        let steep = min_slope >= STRAIGHT_MIN_SLOPE * self.dx.magnitude();
        if !steep {
            return false;
        }
        let tolerance = STRAIGHT_ULPS * f64::EPSILON * self.dx.magnitude() * self.dy.magnitude();
        self.n.c.iter().all(|c| c.abs() <= tolerance)
    }
}

/// A segment's numerators about u = 0, used on [0, ½ + [`HALVES_OVERLAP`]], and about u = 1
/// in w = 1 − u (the control points reversed), used on [½ − [`HALVES_OVERLAP`], 1]. A power basis is accurate near its own origin
/// only: at a nearly collapsed handle the extremes sit within 1e-9 of an end, where the
/// coefficients about the other end cancel to their rounding. Reversing the curve negates
/// x′, y′, N and M alike, so their roots stay where they were.
struct Halves {
    start: Numerators,
    end: Numerators,
}

impl Halves {
    fn of(s: &Segment) -> Halves {
        let reversed = |p: &[f64; 4]| [p[3], p[2], p[1], p[0]];
        Halves {
            start: Numerators::about(&s.x, &s.y),
            end: Numerators::about(&reversed(&s.x), &reversed(&s.y)),
        }
    }

    /// Hands `each` every candidate (roots::candidates) of the polynomial `pick` chooses,
    /// on [u0, u1].
    fn candidates(
        &self,
        pick: impl Fn(&Numerators) -> &Poly,
        u0: f64,
        u1: f64,
        mut each: impl FnMut(f64),
    ) {
        let (split_start, split_end) = (0.5 + HALVES_OVERLAP, 0.5 - HALVES_OVERLAP);
        if u0 <= split_start {
            let found = candidates(pick(&self.start), u0, u1.min(split_start));
            found.as_slice().iter().for_each(|&u| each(u));
        }
        if u1 >= split_end {
            let (w0, w1) = (1.0 - u1, 1.0 - u0.max(split_end));
            let found = candidates(pick(&self.end), w0, w1);
            found.as_slice().iter().for_each(|&w| each(1.0 - w));
        }
    }
}

/// a(u) = (y″·x′ − y′·x″) / x′³ · 1e18, units/s² (±∞ or NaN where x′ = 0), each
/// derivative in the sampler's Bernstein form (docs/curves.md §4.2), accurate near both
/// ends.
#[inline]
pub(crate) fn acceleration(x: &[f64; 4], y: &[f64; 4], u: f64) -> f64 {
    let dx = bezier_d1(x, u);
    let n = bezier_d2(y, u) * dx - bezier_d1(y, u) * bezier_d2(x, u);
    n / (dx * dx * dx) * (SEC * SEC)
}

/// The bounds of segment `s` between `from` and `to` (from.u ≤ to.u).
pub(crate) fn segment_bounds(s: &Segment, from: Param, to: Param) -> SegmentBounds {
    let halves = Halves::of(s);
    let (u0, u1) = (from.u, to.u);
    let time = |u: f64| match u {
        _ if u == u0 => from.t_ns,
        _ if u == u1 => to.t_ns,
        _ => s.origin + bezier(&s.x, u),
    };
    let at = |best: Best| At {
        value: best.value,
        time_s: time(best.u) / SEC,
    };
    let (low, high) = value_extremes(s, &halves, u0, u1);
    let velocity = |u: f64| slope(&s.x, &s.y, u) * SEC;
    let (v_start, v_end) = (velocity(u0), velocity(u1));
    let stalls = stalls(&s.x, &halves, u0, u1);
    let (speed, accel, unbounded) = if halves.start.straight(stalls.min_slope) {
        let speed = Best::new(v_start.abs(), u0).max(v_end.abs(), u1);
        (speed, Best::new(0.0, u0), None)
    } else if let Some((first, last)) = stalls.interior {
        let infinite = Best::new(f64::INFINITY, first);
        (
            infinite,
            infinite,
            Some((time(first) / SEC, time(last) / SEC)),
        )
    } else {
        let mut speed = Best::new(v_start.abs(), u0).max(v_end.abs(), u1);
        halves.candidates(|h| &h.n, u0, u1, |u| speed.offer(velocity(u).abs(), u));
        let accel = |u: f64| acceleration(&s.x, &s.y, u).abs();
        let mut most = Best::new(accel(u0), u0).max(accel(u1), u1);
        halves.candidates(|h| &h.m, u0, u1, |u| most.offer(accel(u), u));
        for u in stalls.ends.into_iter().flatten() {
            most = Best::new(f64::INFINITY, u);
        }
        let mut unbounded = None;
        for (_, u) in [(v_start, u0), (v_end, u1)]
            .into_iter()
            .filter(|(v, _)| !v.is_finite())
        {
            speed = Best::new(f64::INFINITY, u);
            let t = time(u) / SEC;
            unbounded = Some(unbounded.map_or((t, t), |(first, _)| (first, t)));
        }
        (speed, most, unbounded)
    };
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

/// The smallest value (negated, so that both are maxima) and the largest, over [u0, u1].
fn value_extremes(s: &Segment, halves: &Halves, u0: f64, u1: f64) -> (Best, Best) {
    let value = |u: f64| bezier(&s.y, u);
    let mut low = Best::new(-value(u0), u0).max(-value(u1), u1);
    let mut high = Best::new(value(u0), u0).max(value(u1), u1);
    halves.candidates(
        |h| &h.dy,
        u0,
        u1,
        |u| {
            low.offer(-value(u), u);
            high.offer(value(u), u);
        },
    );
    (low, high)
}

/// Where x′ ≤ 0 on [u0, u1], or nearly.
struct Stalls {
    /// The first and last parameter strictly inside (0, 1) where x′ ≤ [`NEAR_STALL`] × the
    /// sum of its terms' magnitudes: time stalls or runs back there, so the velocity is
    /// unbounded — or nearly stalls, where double precision cannot bound it to 1e-9.
    interior: Option<(f64, f64)>,
    /// The ends (u = 0 or 1) where x′ is exactly 0: a collapsed handle, where the velocity
    /// has a limit (docs/curves.md §4.4) but the acceleration of a curved segment does not.
    ends: [Option<f64>; 2],
    /// The least x′ on [u0, u1].
    min_slope: f64,
}

/// 3·(|p1 − p0|·w² + 2·|p2 − p1|·w·u + |p3 − p2|·u²): B′(p; u) with every term's
/// magnitude, what its rounding is measured against.
fn bezier_d1_terms(p: &[f64; 4], u: f64) -> f64 {
    let w = 1.0 - u;
    let (d0, d1, d2) = (
        (p[1] - p[0]).abs(),
        (p[2] - p[1]).abs(),
        (p[3] - p[2]).abs(),
    );
    3.0 * (d0 * w * w + 2.0 * d1 * w * u + d2 * u * u)
}

/// The stalls of time curve `x` on [u0, u1], x′ read in the sampler's Bernstein form
/// (exactly 0 at an end where a handle collapsed) at the ends and at its own candidates.
fn stalls(x: &[f64; 4], halves: &Halves, u0: f64, u1: f64) -> Stalls {
    let mut interior: Option<(f64, f64)> = None;
    let mut min_slope = f64::INFINITY;
    let mut check = |u: f64| {
        let slope = bezier_d1(x, u);
        min_slope = min_slope.min(slope);
        if 0.0 < u && u < 1.0 && slope <= NEAR_STALL * bezier_d1_terms(x, u) {
            interior = Some(interior.map_or((u, u), |(a, b)| (a.min(u), b.max(u))));
        }
    };
    check(u0);
    check(u1);
    halves.candidates(|h| &h.dx, u0, u1, check);
    let end = |u: f64| ((u == 0.0 || u == 1.0) && bezier_d1(x, u) == 0.0).then_some(u);
    Stalls {
        interior,
        ends: [end(u0), end(u1)],
        min_slope,
    }
}
