//! Candidate parameters where a polynomial's sign may change on an interval
//! (docs/curves.md §8.3): every real root bracketed, plus the turning points that isolate them.
//!
//! The turning points (roots of p′, found the same way, recursively) cut [lo, hi] into pieces
//! on which p is monotone, so each piece holds at most one root; a piece whose ends differ in
//! sign is narrowed by the Illinois variant of regula falsi, with a bisection every
//! [`BISECT_EVERY`] steps so that the bracket at least halves that often, until it is at most
//! [`WIDTH`] wide or no point lies strictly inside it.
//! The answer lists both ends of each final bracket and every turning point, so whoever
//! evaluates a function at them sees both sides of each root, and a root where p only
//! touches zero (a double root, no sign change) is a turning point and listed too.
//!
//! Error bound: a bracket is at most [`WIDTH`] = 2^-64 wide (or two adjacent doubles), and
//! the computed p changes sign across it. Where rounding of p hides the sign (|p| below its
//! evaluation error, ≈ 8ε·Σ|cᵢ|), the bracket can land anywhere in that zone; a function whose
//! derivative has numerator p changes by at most that error times the zone's width there.

use crate::bounds::poly::Poly;

/// The widest final bracket: 2^-64 ≈ 5.4e-20 (pieces lie in [0, 1]).
const WIDTH: f64 = 1.0 / 18_446_744_073_709_551_616.0;

/// Every this many steps one is a bisection: the bracket at least halves that often, so the
/// narrowing ends within 4 × 64 steps even where regula falsi creeps.
const BISECT_EVERY: usize = 4;

/// The most steps one root takes (never reached: see [`BISECT_EVERY`]).
const MAX_STEPS: usize = 4 * 66;

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
pub(crate) fn candidates(p: &Poly, lo: f64, hi: f64) -> Points {
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
fn bracket(p: &Poly, mut a: f64, mut b: f64, out: &mut Points) {
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
    let (mut fa, mut fb) = (pa, pb);
    let mut kept = 0_i8;
    for step in 1..=MAX_STEPS {
        if b - a <= WIDTH {
            break;
        }
        let falsi = (a * fb - b * fa) / (fb - fa);
        let mid = 0.5 * (a + b);
        let x = if step % BISECT_EVERY != 0 && a < falsi && falsi < b {
            falsi
        } else {
            mid
        };
        if !(a < x && x < b) {
            break;
        }
        let fx = p.eval(x);
        if fx == 0.0 {
            out.push(x);
            return;
        }
        // Illinois: an end kept twice in a row has its value halved, so the next
        // regula falsi point moves towards it.
        if (fx < 0.0) == (fa < 0.0) {
            (a, fa) = (x, fx);
            fb = if kept == 1 { 0.5 * fb } else { fb };
            kept = 1;
        } else {
            (b, fb) = (x, fx);
            fa = if kept == -1 { 0.5 * fa } else { fa };
            kept = -1;
        }
    }
    out.push(a);
    out.push(b);
}
