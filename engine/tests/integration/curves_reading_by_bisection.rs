//! Sampling a number track (docs/curves.md §4.1–docs/curves.md §4.4) read another way than the engine
//! does it, so that the two can disagree: the engine solves time for the Bézier parameter by
//! safeguarded Newton (docs/curves.md §4.3) and evaluates the Bernstein sum (docs/curves.md §4.2); this reading evaluates
//! by de Casteljau's repeated interpolation and finds the parameter by bisection.
//!
//! On a slightly non-monotonic segment the time is reached at several parameters and docs/curves.md §4.3
//! picks one of them (docs/curves.md §3.6), so this reading does not name one value: it gives what a
//! correct sample may be — the hull of the value curve over every parameter whose time is
//! the asked time within the rounding of one evaluation. Its tolerances, stated once:
//! - time: [`ROUNDING`] × the largest |time control value|, plus the caller's own slack;
//! - value: [`ROUNDING`] × the largest |value control value| around that hull;
//! - velocity: where time advances across the whole band, within [`VELOCITY_SHARE`] of the
//!   hull of dY/dX × 1e9 at the band's ends and middle, plus its own rounding ([`ROUNDING`]
//!   × the largest |dY control value| over the band's least dX); where time stalls inside the band
//!   (a vertical tangent) any velocity but NaN; at a segment's end (u = 1 by docs/curves.md §4.3's first
//!   rule) the limit rules of docs/curves.md §4.4 within [`VELOCITY_SHARE`], signs and infinities exact.

use crate::curves_reading::Seg;

/// 32 ε: a bound on the rounding of one cubic evaluated at a parameter in [0, 1], relative
/// to its largest control value (either method rounds about six times, each ≤ ε of it).
pub const ROUNDING: f64 = 32.0 * f64::EPSILON;

/// Relative slack on a velocity compared with the hull of its band.
pub const VELOCITY_SHARE: f64 = 1e-9;

/// The point at `u` of the cubic with control values `q`, by de Casteljau's construction.
pub fn casteljau(q: &[f64; 4], u: f64) -> f64 {
    let lerp = |a: f64, b: f64| a + (b - a) * u;
    let (a, b, c) = (lerp(q[0], q[1]), lerp(q[1], q[2]), lerp(q[2], q[3]));
    lerp(lerp(a, b), lerp(b, c))
}

/// The derivative's control values (the hodograph): B′ is the quadratic of these.
fn hodograph(q: &[f64; 4]) -> [f64; 3] {
    [
        3.0 * (q[1] - q[0]),
        3.0 * (q[2] - q[1]),
        3.0 * (q[3] - q[2]),
    ]
}

/// B′(q; u), by de Casteljau on the hodograph.
fn derivative(q: &[f64; 4], u: f64) -> f64 {
    let d = hodograph(q);
    let lerp = |a: f64, b: f64| a + (b - a) * u;
    lerp(lerp(d[0], d[1]), lerp(d[1], d[2]))
}

/// The parameters strictly between `lo` and `hi` where the cubic `q` turns: the roots of
/// its derivative A·s² + B·s + C by the quadratic formula.
fn turns(q: &[f64; 4], lo: f64, hi: f64) -> Vec<f64> {
    let d = hodograph(q);
    let (a, b, c) = (d[0] - 2.0 * d[1] + d[2], 2.0 * (d[1] - d[0]), d[0]);
    let roots = if a == 0.0 {
        vec![-c / b]
    } else {
        let root = (b * b - 4.0 * a * c).sqrt();
        vec![(-b - root) / (2.0 * a), (-b + root) / (2.0 * a)]
    };
    roots.into_iter().filter(|s| lo < *s && *s < hi).collect()
}

/// The least B′(q; u) over [lo, hi]: at an end or at the vertex of the quadratic B′.
fn slowest(q: &[f64; 4], lo: f64, hi: f64) -> f64 {
    let d = hodograph(q);
    let (a, b) = (d[0] - 2.0 * d[1] + d[2], 2.0 * (d[1] - d[0]));
    let vertex = -b / (2.0 * a);
    let mut at = vec![lo, hi];
    if lo < vertex && vertex < hi {
        at.push(vertex);
    }
    at.iter()
        .map(|&u| derivative(q, u))
        .fold(f64::INFINITY, f64::min)
}

/// (min, max) of the cubic `q` over the parameters [lo, hi].
fn hull(q: &[f64; 4], lo: f64, hi: f64) -> (f64, f64) {
    let mut at = turns(q, lo, hi);
    at.extend([lo, hi]);
    at.iter()
        .map(|&u| casteljau(q, u))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
}

/// Bisection of [0, 1] for where `reached` turns true (it must not turn back): the last
/// parameter found false and the first found true, adjacent doubles at the end.
fn bisect(reached: impl Fn(f64) -> bool) -> (f64, f64) {
    if reached(0.0) {
        return (0.0, 0.0);
    }
    if !reached(1.0) {
        return (1.0, 1.0);
    }
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return (lo, hi);
        }
        if reached(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
}

/// The parameters whose time lies in [a_lo, a_hi]: from the first u by which the time has
/// risen to a_lo to the last from which it stays at or below a_hi. Both bounds are
/// monotone in u (the running maximum before u, the running minimum after it), so each is
/// one bisection even where the time curve dips.
fn band(x: &[f64; 4], a_lo: f64, a_hi: f64) -> (f64, f64) {
    let first = bisect(|u| hull(x, 0.0, u).1 >= a_lo).0;
    let last = bisect(|u| hull(x, u, 1.0).0 > a_hi).1;
    (first, last.max(first))
}

/// The largest magnitude among `q`.
fn largest(q: &[f64]) -> f64 {
    q.iter().fold(0.0, |m: f64, v| m.max(v.abs()))
}

/// What a correct value may be over the times [t_lo, t_hi] (docs/curves.md §4.1 holds outside the played
/// segments, the band's hull inside each segment the times touch), widened by the value
/// rounding. `keys` are the track's (time, value) in time order.
pub fn value_range(keys: &[(i64, f64)], segs: &[Seg], t_lo: f64, t_hi: f64) -> (f64, f64) {
    let mut range = (f64::INFINITY, f64::NEG_INFINITY);
    let mut take = |lo: f64, hi: f64| range = (range.0.min(lo), range.1.max(hi));
    let (Some(first), Some(last)) = (segs.first(), segs.last()) else {
        let hold = if t_hi < keys[0].0 as f64 {
            keys[0].1
        } else {
            keys[keys.len() - 1].1
        };
        return (hold, hold);
    };
    if t_lo <= first.ts {
        take(keys[first.i].1, keys[first.i].1);
    }
    if t_hi >= last.te {
        take(keys[last.i + 1].1, keys[last.i + 1].1);
    }
    for seg in segs.iter().filter(|s| s.ts < t_hi && t_lo <= s.te) {
        let slack = ROUNDING * largest(&seg.x);
        let (u0, u1) = band(&seg.x, t_lo - seg.ts - slack, t_hi - seg.ts + slack);
        let (lo, hi) = hull(&seg.y, u0, u1);
        let rounding = ROUNDING * largest(&seg.y);
        take(lo - rounding, hi + rounding);
    }
    range
}

/// What a correct velocity may be at `t`, strictly inside segment `seg` (before its end):
/// `None` where time stalls somewhere in the band (any velocity but NaN is then correct).
pub fn velocity_range(seg: &Seg, t: f64) -> Option<(f64, f64)> {
    let a = t - seg.ts;
    let slack = ROUNDING * largest(&seg.x);
    let (u0, u1) = band(&seg.x, a - slack, a + slack);
    let pace = slowest(&seg.x, u0, u1);
    if pace <= 0.0 {
        return None;
    }
    let at = |u: f64| derivative(&seg.y, u) / derivative(&seg.x, u) * 1e9;
    let ends = [at(u0), at(0.5 * (u0 + u1)), at(u1)];
    let (lo, hi) = ends
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    let rounding = ROUNDING * largest(&hodograph(&seg.y)) / pace * 1e9;
    let slack = VELOCITY_SHARE * largest(&ends) + rounding;
    Some((lo - slack, hi + slack))
}

/// The velocity at a segment's end (u = 1) by docs/curves.md §4.4's limit rules, on the derivatives taken
/// from the hodograph: B′(1), B″(1) = 2·(d2 − d1), B‴ = 2·(d2 − 2·d1 + d0).
pub fn velocity_at_end(seg: &Seg) -> f64 {
    let derivatives = |q: &[f64; 4]| {
        let d = hodograph(q);
        [d[2], 2.0 * (d[2] - d[1]), 2.0 * (d[2] - 2.0 * d[1] + d[0])]
    };
    let (xs, ys) = (derivatives(&seg.x), derivatives(&seg.y));
    let first = |s: &[f64; 3]| s.iter().position(|&v| v != 0.0);
    let slope = match (first(&xs), first(&ys)) {
        (Some(0), _) => ys[0] / xs[0],
        (Some(kx), Some(ky)) if ky == kx => ys[ky] / xs[kx],
        (Some(kx), Some(ky)) if ky > kx => 0.0,
        (Some(kx), Some(ky)) => {
            let sigma = if (kx - ky) % 2 == 1 { -1.0 } else { 1.0 };
            f64::INFINITY.copysign(ys[ky] / xs[kx] * sigma)
        }
        _ => 0.0,
    };
    slope * 1e9
}
