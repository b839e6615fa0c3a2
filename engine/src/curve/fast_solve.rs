//! The fast time → parameter solve for certified segments (docs/curves.md §0, see
//! [`crate::curve::certify`]): a table lookup, a cubic first guess, one Halley step and one
//! Newton step, accepted only when the last step proves the answer as close to the root as
//! the literal docs/curves.md §4.3 solver's; otherwise, and on every segment not certified, the
//! literal solver answers.
//!
//! Per certified segment, [`FastCurve`] keeps a table of the time curve at
//! [`INTERVALS`] + 1 parameter nodes uₖ = k/8, normalised: τₖ = x(uₖ)/span. On each interval
//! the inverse u(τ) is guessed by the cubic Hermite interpolant through (τₖ, uₖ) and
//! (τₖ₊₁, uₖ₊₁) with the slopes du/dτ = span/x′(uₖ) — within about 1e-4 on ordinary curves.
//! One Halley step (cubic convergence) then one Newton step take it to the root, both on x
//! in power form x(u) = ((c₃u + c₂)u + c₁)u.
//!
//! **Acceptance.** With Δ the last Newton step from u₁, the answer u₂ = u₁ − Δ misses the
//! root by at most ½|x″|Δ² + |c₃||Δ|³ in time (Taylor), as long as x′ varies little over
//! the step. It is accepted when 2Δ²(|x″(u₁)| + 12|c₃||Δ|) ≤ ½ε·Xmax (time error below
//! half an ulp of the largest time control value, well inside the certificate's δ),
//! 4·max|x″|·|Δ| ≤ x′(u₁) (x′ changes by under a quarter over the step) and 0 ≤ u₂ ≤ 1.
//! 0.1–1 % of samples fail this and are solved literally.
//!
//! Caveats: `a` ≤ 0 and `a` ≥ span answer 0 and 1 as docs/curves.md §4.3 step 1 does; a NaN `a` is
//! always solved literally, so its NaN is the literal solver's. One routine ([`solve_lanes`])
//! serves a lone solve and each lane of a batch: IEEE operations without fused multiply-add give
//! the same bits scalar or vectorised, so a sample alone and in a batch agree bit for bit.

use std::array::from_fn;

use crate::curve::certify::certified;
use crate::curve::solve::{LANES, solve, solve_some};

/// Intervals of the guess table, evenly spaced in the Bézier parameter (a table evenly
/// spaced in time leaves far more first guesses outside Halley's reach on easings). A power
/// of two: the interval is found by a three-step branch-free search.
const INTERVALS: usize = 8;

/// ε of the acceptance test: 2^-52.
const EPS: f64 = f64::EPSILON;

/// What a certified segment keeps for its fast solve; [`FastCurve::NONE`] for the others.
///
/// The guess table is single precision: it only places the first guess, which the Halley
/// and Newton steps (in double precision, on x's own coefficients) then correct, and it
/// keeps a segment's table in about four cache lines.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastCurve {
    span: f64,
    inv_span: f64,
    /// x(u) = ((c₃u + c₂)u + c₁)u: c₁, c₂, c₃.
    c: [f64; 3],
    /// ½ε·Xmax: the largest time error (ns) the last step may leave.
    tolerance: f64,
    /// 4·max|x″| over [0, 1] (x″ is linear, so at an end).
    curvature: f64,
    certified: bool,
    /// τₖ = x(k/8)/span, k = 0 … 8 (τ₀ = 0, τ₈ = 1).
    nodes: [f32; INTERVALS + 1],
    /// 1/(τₖ₊₁ − τₖ) for each interval.
    inv_width: [f32; INTERVALS],
    /// The Hermite guess on each interval: u = ((g₃s + g₂)s + g₁)s + g₀, s = (τ − τₖ)/width.
    guess: [[f32; 4]; INTERVALS],
}

impl FastCurve {
    /// No segment: every solve but docs/curves.md §4.3 step 1's is literal. Segments not certified
    /// keep their span, for step 1.
    pub(crate) const NONE: FastCurve = FastCurve {
        certified: false,
        span: 0.0,
        inv_span: 0.0,
        c: [0.0; 3],
        tolerance: 0.0,
        curvature: 0.0,
        nodes: [0.0; INTERVALS + 1],
        inv_width: [0.0; INTERVALS],
        guess: [[0.0; 4]; INTERVALS],
    };

    /// The table of a segment with time control values `x` and value control values `y`,
    /// or [`FastCurve::NONE`] when the segment is not certified.
    pub(crate) fn new(x: &[f64; 4], y: &[f64; 4]) -> FastCurve {
        let span = x[3];
        let literal = FastCurve {
            span,
            ..FastCurve::NONE
        };
        if !certified(x, y) {
            return literal;
        }
        let c = [
            3.0 * x[1],
            3.0 * x[2] - 6.0 * x[1],
            span - 3.0 * x[2] + 3.0 * x[1],
        ];
        let at = |u: f64| ((c[2] * u + c[1]) * u + c[0]) * u;
        let d1 = |u: f64| (3.0 * c[2] * u + 2.0 * c[1]) * u + c[0];
        let step = 1.0 / INTERVALS as f64;
        let mut nodes: [f64; INTERVALS + 1] = from_fn(|k| at(k as f64 * step) / span);
        (nodes[0], nodes[INTERVALS]) = (0.0, 1.0);
        let slopes: [f64; INTERVALS + 1] = from_fn(|k| span / d1(k as f64 * step));
        let mut fast = FastCurve {
            certified: true,
            span,
            inv_span: 1.0 / span,
            nodes: nodes.map(|n| n as f32),
            tolerance: 0.5 * EPS * x[1].abs().max(x[2].abs()).max(span),
            curvature: 4.0 * (2.0 * c[1]).abs().max((6.0 * c[2] + 2.0 * c[1]).abs()),
            c,
            ..FastCurve::NONE
        };
        for k in 0..INTERVALS {
            let width = nodes[k + 1] - nodes[k];
            if width.is_nan()
                || width <= 0.0
                || !slopes[k].is_finite()
                || !slopes[k + 1].is_finite()
            {
                return literal;
            }
            let (u0, u1) = (k as f64 * step, (k + 1) as f64 * step);
            let (m0, m1) = (width * slopes[k], width * slopes[k + 1]);
            fast.inv_width[k] = (1.0 / width) as f32;
            fast.guess[k] = [
                u0,
                m0,
                3.0 * (u1 - u0) - 2.0 * m0 - m1,
                2.0 * (u0 - u1) + m0 + m1,
            ]
            .map(|g| g as f32);
        }
        fast
    }

    /// Whether the segment is certified (its solves may take the fast path).
    #[inline]
    pub(crate) fn is_certified(&self) -> bool {
        self.certified
    }
}

/// The fast solves of `a[i]` ns into the segments of `f[i]`, and whether each may be used:
/// `false` for a segment not certified, a NaN `a`, or a solve the acceptance test rejects —
/// the literal solver must answer those. Branch-free and written stage by stage across the
/// lanes, so that the compiler runs the lanes' arithmetic as vector operations; each lane
/// performs the same IEEE operations whatever `N`, so a lone solve (`N` = 1) and a lane of
/// a batch give the same bits.
#[inline(always)]
pub(crate) fn solve_lanes<const N: usize>(
    f: [&FastCurve; N],
    a: [f64; N],
) -> ([f64; N], [bool; N]) {
    let t: [f64; N] = from_fn(|i| a[i] * f[i].inv_span);
    let k: [usize; N] = from_fn(|i| interval(f[i], t[i]));
    let s: [f64; N] = from_fn(|i| {
        ((t[i] - f64::from(f[i].nodes[k[i]])) * f64::from(f[i].inv_width[k[i]])).clamp(0.0, 1.0)
    });
    let g: [[f64; 4]; N] = from_fn(|i| f[i].guess[k[i]].map(f64::from));
    let u0: [f64; N] = from_fn(|i| {
        (((g[i][3] * s[i] + g[i][2]) * s[i] + g[i][1]) * s[i] + g[i][0]).clamp(0.0, 1.0)
    });
    let c: [[f64; 3]; N] = from_fn(|i| f[i].c);
    let x = |i: usize, u: f64| ((c[i][2] * u + c[i][1]) * u + c[i][0]) * u;
    let dx = |i: usize, u: f64| (3.0 * c[i][2] * u + 2.0 * c[i][1]) * u + c[i][0];
    let ddx = |i: usize, u: f64| 6.0 * c[i][2] * u + 2.0 * c[i][1];
    // Halley: u − 2·e·x′ / (2·x′² − e·x″).
    let e: [f64; N] = from_fn(|i| x(i, u0[i]) - a[i]);
    let d1: [f64; N] = from_fn(|i| dx(i, u0[i]));
    let d2: [f64; N] = from_fn(|i| ddx(i, u0[i]));
    let u1: [f64; N] =
        from_fn(|i| u0[i] - 2.0 * e[i] * d1[i] / (2.0 * d1[i] * d1[i] - e[i] * d2[i]));
    // Newton, whose step Δ bounds how far the answer can be from the root.
    let e: [f64; N] = from_fn(|i| x(i, u1[i]) - a[i]);
    let d1: [f64; N] = from_fn(|i| dx(i, u1[i]));
    let delta: [f64; N] = from_fn(|i| e[i] / d1[i]);
    let u2: [f64; N] = from_fn(|i| u1[i] - delta[i]);
    let u: [f64; N] = from_fn(|i| {
        // docs/curves.md §4.3 step 1, whatever the certificate.
        if a[i] <= 0.0 {
            0.0
        } else if a[i] >= f[i].span {
            1.0
        } else {
            u2[i]
        }
    });
    let used = from_fn(|i| {
        let size = delta[i].abs();
        let close = 2.0 * delta[i] * delta[i] * (ddx(i, u1[i]).abs() + 12.0 * c[i][2].abs() * size)
            <= f[i].tolerance;
        let steady = f[i].curvature * size <= d1[i];
        let inside = (0.0..=1.0).contains(&u2[i]);
        let accepted = f[i].certified & close & steady & inside;
        (a[i] <= 0.0) | (a[i] >= f[i].span) | accepted
    });
    (u, used)
}

/// The interval of `f`'s table holding normalised time `t`: a three-step branch-free search.
#[inline(always)]
fn interval(f: &FastCurve, t: f64) -> usize {
    let node = |k: usize| f64::from(f.nodes[k]);
    let mut k = if t >= node(4) { 4 } else { 0 };
    k += if t >= node(k + 2) { 2 } else { 0 };
    k += if t >= node(k + 1) { 1 } else { 0 };
    k.min(INTERVALS - 1)
}

/// The parameter at which the segment with time control values `x` and fast table `fast`
/// reaches `a` ns: the fast solve when it is accepted, else the literal one.
#[inline]
pub(crate) fn solve_one(fast: &FastCurve, x: &[f64; 4], a: f64) -> f64 {
    match solve_lanes([fast], [a]) {
        ([u], [true]) => u,
        _ => solve(x, a),
    }
}

/// [`solve_one`] for the first `len` (at most [`LANES`]) pairs, the other answers 0: those
/// lanes try the fast solve side by side, then the lanes it does not answer are solved
/// literally together in lockstep. Each answer equals [`solve_one`]'s bit for bit.
pub(crate) fn solve_some_fast(
    len: usize,
    fast: [&FastCurve; LANES],
    x: [&[f64; 4]; LANES],
    a: [f64; LANES],
) -> [f64; LANES] {
    let (mut u, accepted) = match len {
        0 => return [0.0; LANES],
        1 => first::<1>(fast, a),
        2 => first::<2>(fast, a),
        3 => first::<3>(fast, a),
        _ => solve_lanes(fast, a),
    };
    let (mut rest_x, mut rest_a, mut rest_lane) = (x, [0.0; LANES], [0; LANES]);
    let mut rest = 0;
    for lane in 0..len {
        if !accepted[lane] {
            (rest_x[rest], rest_a[rest], rest_lane[rest]) = (x[lane], a[lane], lane);
            rest += 1;
        }
    }
    if rest > 0 {
        let literal = solve_some(rest, rest_x, rest_a);
        for i in 0..rest {
            u[rest_lane[i]] = literal[i];
        }
    }
    u
}

/// [`solve_lanes`] of the first `K` lanes only (a partly filled batch computes no idle
/// lane), the others answering 0, not used.
#[inline(always)]
fn first<const K: usize>(
    fast: [&FastCurve; LANES],
    a: [f64; LANES],
) -> ([f64; LANES], [bool; LANES]) {
    let (u, used) = solve_lanes::<K>(from_fn(|i| fast[i]), from_fn(|i| a[i]));
    (
        from_fn(|i| if i < K { u[i] } else { 0.0 }),
        from_fn(|i| i < K && used[i]),
    )
}
