//! Candidate parameters where a polynomial's sign may change on an interval
//! (docs/curves.md §8.3): every real root bracketed by bisection, plus the turning points that
//! isolate them.
//!
//! The turning points (roots of p′, found the same way, recursively) cut [lo, hi] into pieces
//! on which p is monotone, so each piece holds at most one root; a piece whose ends differ in
//! sign is bisected [`BISECTIONS`] times, or until its midpoint is no longer strictly inside.
//! The answer lists both ends of each final bracket and every turning point, so whoever
//! evaluates a function at them sees both sides of each root, and a root where p only
//! touches zero (a double root, no sign change) is a turning point and listed too.
//!
//! Error bound: a bracket is at most 2^-[`BISECTIONS`] of its piece wide (piece ≤ hi − lo ≤ 1),
//! and the computed p changes sign across it. Where rounding of p hides the sign (|p| below its
//! evaluation error, ≈ 8ε·Σ|cᵢ|), the bracket can land anywhere in that zone; a function whose
//! derivative has numerator p changes by at most that error times the zone's width there.

/// Bisection steps per root: 2^-64 ≈ 5.4e-20 of the piece.
const BISECTIONS: usize = 64;

/// Up to [`Points::CAP`] parameters, in no particular order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Points {
    buf: [f64; Points::CAP],
    len: usize,
}

impl Points {
    /// Enough for a cubic: its turning points' own candidates (≤ 7), 3 roots × 2 bracket
    /// ends, and exact zeros at the knots.
    pub(crate) const CAP: usize = 32;

    /// No point.
    pub(crate) const fn new() -> Points {
        Points {
            buf: [0.0; Points::CAP],
            len: 0,
        }
    }

    /// Adds `u`; beyond the capacity it is dropped (never reached for degree ≤ 3).
    #[inline]
    pub(crate) fn push(&mut self, u: f64) {
        if self.len < Points::CAP {
            self.buf[self.len] = u;
            self.len += 1;
        }
    }

    /// The points held.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[f64] {
        &self.buf[..self.len]
    }
}

/// The candidates of `p` on [lo, hi]: both ends of a bracket around each root where p changes
/// sign, each exact zero, and each turning point; none for a constant p (no root to find).
pub(crate) fn candidates(p: &crate::bounds::poly::Poly, lo: f64, hi: f64) -> Points {
    let mut out = Points::new();
    if lo.partial_cmp(&hi).is_none_or(|o| o.is_gt()) {
        return out;
    }
    match p.degree() {
        None | Some(0) => {}
        Some(1) => {
            let u = -p.c[0] / p.c[1];
            if lo <= u && u <= hi {
                out.push(u);
            }
        }
        Some(_) => {
            let turning = candidates(&p.derivative(), lo, hi);
            let mut knots = [0.0; Points::CAP + 2];
            knots[0] = lo;
            let inner = turning.as_slice();
            knots[1..=inner.len()].copy_from_slice(inner);
            knots[inner.len() + 1] = hi;
            let knots = &mut knots[..inner.len() + 2];
            knots.sort_by(f64::total_cmp);
            for &t in inner {
                out.push(t);
            }
            for pair in knots.windows(2) {
                bracket(p, pair[0], pair[1], &mut out);
            }
        }
    }
    out
}

/// On a piece [a, b] where p is monotone: the bracket around its root, if its ends differ in
/// sign (an exact zero at an end is that end).
fn bracket(p: &crate::bounds::poly::Poly, mut a: f64, mut b: f64, out: &mut Points) {
    let (pa, pb) = (p.eval(a), p.eval(b));
    if pa == 0.0 {
        out.push(a);
    }
    if pb == 0.0 {
        out.push(b);
    }
    let opposite = (pa < 0.0 && pb > 0.0) || (pa > 0.0 && pb < 0.0);
    if !opposite {
        return;
    }
    let rising = pa < 0.0;
    for _ in 0..BISECTIONS {
        let m = 0.5 * (a + b);
        if !(a < m && m < b) {
            break;
        }
        let pm = p.eval(m);
        if pm == 0.0 {
            out.push(m);
            return;
        }
        if (pm < 0.0) == rising {
            a = m;
        } else {
            b = m;
        }
    }
    out.push(a);
    out.push(b);
}
