//! The fast time → parameter solve for certified segments (docs/curves.md §0, see
//! [`crate::curve::certify`]): a table lookup, a quintic first guess and one Halley step,
//! accepted only when that step provably lands as close to the root as the literal
//! docs/curves.md §4.3 solver's answer; else one Newton step more under its own test; else,
//! and on every segment not certified, the literal solver answers.
//!
//! Per certified segment, [`FastCurve`] keeps a table of the time curve at [`INTERVALS`]
//! parameter nodes uₖ = k/8, normalised: τₖ = x(uₖ)/span. On each interval the inverse
//! u(τ) is guessed by the quintic Hermite interpolant through (τₖ, uₖ) and (τₖ₊₁, uₖ₊₁) with
//! the inverse's first and second derivatives there (du/dτ = span/x′, d²u/dτ² =
//! −span²·x″/x′³) — within about 1e-6 on ordinary curves, close enough for one Halley step
//! (cubic convergence) on x in power form x(u) = ((c₃u + c₂)u + c₁)u, so a solve waits on
//! one division instead of two. (A cubic Hermite guess on the same nodes, within about 1e-4,
//! needed a Newton step after the Halley step, that is a second division; a quintic on four
//! intervals, about 5e-5, failed the test below on a third of the bench clip's samples.)
//!
//! **Acceptance.** x is cubic, so the Halley step from u₀, at distance ε from the root,
//! leaves exactly ε³·(x″²/2 − x′·x‴/3 − x″·x‴·ε/6)/(2x′² − e·x″), with e, x′, x″ at u₀ and
//! x‴ = 6c₃. The residual e, rounding included, bounds |ε| by |e|/m (m the least x′ on the
//! segment). The answer is accepted when that leaves a time error (times the largest x′) of
//! at most ¼ε·Xmax, a quarter of an ulp of the largest time control value, well inside the
//! certificate's δ, and lies in [0, 1]. Otherwise one Newton step from it, with step Δ,
//! misses the root by at most ½|x″|Δ² + |c₃||Δ|³ in time (Taylor) as long as x′ varies
//! little over the step; it is accepted when 2Δ²(|x″| + 12|c₃||Δ|) ≤ ½ε·Xmax, 4·max|x″|·|Δ|
//! ≤ x′ (x′ changes by under a quarter over the step) and the answer lies in [0, 1]. A batch
//! takes the Newton step only when one of its lanes needs it.
//!
//! Caveats: `a` ≤ 0 and `a` ≥ span answer 0 and 1 as docs/curves.md §4.3 step 1 does; a NaN `a` is
//! always solved literally, so its NaN is the literal solver's. One routine ([`solve_lanes`])
//! serves a lone solve and each lane of a batch: IEEE operations without fused multiply-add give
//! the same bits scalar or vectorised, and a lane's answer depends on its own tests only, so a
//! sample alone and in a batch agree bit for bit. Built for wasm with `simd128` (the guest), a
//! batch of four runs the same operations as two `f64x2` vectors (`fast_solve/simd.rs`), with the same bits
//! (module-dir's `fast_solve_wasm` test compares that build's answers with the native ones).

use std::array::from_fn;

use crate::curve::certify::{certified, slope_bounds};
use crate::curve::solve::{LANES, solve, solve_some};

/// The four-lane solve as wasm `simd128` vector operations, for builds with the feature (the
/// guest's): the same bits per lane as [`solve_lanes`].
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd;

#[cfg(any(test, feature = "testing"))]
pub mod differential;

/// Intervals of the guess table, evenly spaced in the Bézier parameter (a table evenly
/// spaced in time leaves far more first guesses outside Halley's reach on easings). A power
/// of two: the interval is found by a branch-free binary search.
const INTERVALS: usize = 8;

/// ε of the acceptance tests: 2^-52.
const EPS: f64 = f64::EPSILON;

/// What a certified segment keeps for its fast solve; [`FastCurve::NONE`] for the others.
///
/// The table is kept in double precision although the guess needs far less: single-precision
/// nodes put a conversion on each step of the interval search (≈ 5 % of a step, measured)
/// and single-precision coefficients one before the guess (≈ 9 % of a bake), for about 220
/// bytes a segment saved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastCurve {
    span: f64,
    inv_span: f64,
    /// x(u) = ((c₃u + c₂)u + c₁)u: c₁, c₂, c₃.
    c: [f64; 3],
    /// A bound on the rounding error (ns) of the residual x(u) − a in power form.
    rounding: f64,
    /// 1/m, m a lower bound on x′ over the segment: a residual of r ns puts u within r/m of
    /// the root.
    inv_min_slope: f64,
    /// ε·Xmax/(4·max x′): how far (in u) the Halley answer may be from the root, per unit
    /// of its denominator (a quarter of an ulp of Xmax in time).
    halley_tolerance: f64,
    /// τₖ = x(k/8)/span, k = 0 … 7 (τ₀ = 0).
    nodes: [f64; INTERVALS],
    /// The quintic Hermite guess on each interval: u = Σ gᵢ·(τ − τₖ)ⁱ.
    guess: [[f64; 6]; INTERVALS],
    certified: bool,
    /// ½ε·Xmax: the largest time error (ns) the Newton step may leave.
    newton_tolerance: f64,
    /// 4·max|x″| over [0, 1] (x″ is linear, so at an end).
    curvature: f64,
}

impl FastCurve {
    /// No segment: every solve but docs/curves.md §4.3 step 1's is literal. Segments not certified
    /// keep their span, for step 1.
    pub(crate) const NONE: FastCurve = FastCurve {
        certified: false,
        span: 0.0,
        inv_span: 0.0,
        c: [0.0; 3],
        rounding: 0.0,
        inv_min_slope: 0.0,
        halley_tolerance: 0.0,
        newton_tolerance: 0.0,
        curvature: 0.0,
        nodes: [0.0; INTERVALS],
        guess: [[0.0; 6]; INTERVALS],
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
        let d2 = |u: f64| 6.0 * c[2] * u + 2.0 * c[1];
        let step = 1.0 / INTERVALS as f64;
        let mut nodes: [f64; INTERVALS + 1] = from_fn(|k| at(k as f64 * step) / span);
        (nodes[0], nodes[INTERVALS]) = (0.0, 1.0);
        // du/dτ = span/x′ and d²u/dτ² = −span²·x″/x′³ at the nodes (τ = x/span).
        let slopes: [f64; INTERVALS + 1] = from_fn(|k| span / d1(k as f64 * step));
        let bends: [f64; INTERVALS + 1] = from_fn(|k| {
            let u = k as f64 * step;
            -span * span * d2(u) / (d1(u) * d1(u) * d1(u))
        });
        let (min_slope, max_slope) = slope_bounds(x);
        let x_max = x[1].abs().max(x[2].abs()).max(span);
        let mut fast = FastCurve {
            certified: true,
            span,
            inv_span: 1.0 / span,
            c,
            rounding: 8.0 * EPS * (c.iter().map(|c| c.abs()).sum::<f64>() + span),
            inv_min_slope: 1.0 / min_slope,
            halley_tolerance: EPS * x_max / (4.0 * max_slope),
            newton_tolerance: 0.5 * EPS * x_max,
            curvature: 4.0 * (2.0 * c[1]).abs().max((6.0 * c[2] + 2.0 * c[1]).abs()),
            nodes: from_fn(|k| nodes[k]), // τ₈ = 1 is not needed
            ..FastCurve::NONE
        };
        for k in 0..INTERVALS {
            let width = nodes[k + 1] - nodes[k];
            let finite = [slopes[k], slopes[k + 1], bends[k], bends[k + 1], width]
                .iter()
                .all(|v| v.is_finite());
            if !finite || width <= 0.0 {
                return literal;
            }
            // The quintic Hermite interpolant in s = (τ − τₖ)/width on [0, 1] …
            let (p0, p1) = (k as f64 * step, (k + 1) as f64 * step);
            let (v0, v1) = (width * slopes[k], width * slopes[k + 1]);
            let (b0, b1) = (width * width * bends[k], width * width * bends[k + 1]);
            let d = p1 - p0;
            let g = [
                p0,
                v0,
                0.5 * b0,
                10.0 * d - 6.0 * v0 - 4.0 * v1 - 0.5 * (3.0 * b0 - b1),
                -15.0 * d + 8.0 * v0 + 7.0 * v1 + 0.5 * (3.0 * b0 - 2.0 * b1),
                6.0 * d - 3.0 * v0 - 3.0 * v1 - 0.5 * (b0 - b1),
            ];
            // … written in τ − τₖ, so a solve needs no width.
            let inv_width = 1.0 / width;
            fast.guess[k] = from_fn(|i| g[i] * inv_width.powi(i as i32));
        }
        fast
    }

    /// Whether the segment is certified (its solves may take the fast path).
    #[inline]
    pub(crate) fn is_certified(&self) -> bool {
        self.certified
    }

    /// Where `a` ns falls in the guess table: the first stage of a solve, which a step's batch
    /// runs as each sample is queued, so that the table's header and nodes are read (and the
    /// search's three dependent steps run) while the instance's other tracks are located,
    /// rather than when the batch is solved (measured ≈ 5 % of a step). Computing the guess
    /// there as well measured slower.
    #[inline(always)]
    pub(crate) fn place(&self, a: f64) -> Place {
        let t = a * self.inv_span;
        let k = interval(self, t);
        Place {
            k,
            s: t - self.nodes[k],
        }
    }
}

/// The interval `k` of a guess table holding a time, and how far (`s`, normalised) into it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Place {
    k: usize,
    s: f64,
}

/// The fast solves of `a[i]` ns into the segments of `f[i]`, and whether each may be used:
/// `false` for a segment not certified, a NaN `a`, or a solve both acceptance tests reject —
/// the literal solver must answer those. `place[i]` is `f[i].place(a[i])`. Each lane performs
/// the same IEEE operations whatever `N` and whatever the other lanes need, so a lone solve
/// (`N` = 1) and a lane of a batch give the same bits. (Whatever `place` holds, an accepted
/// answer is as close to the root as the tests require: the place only seeds the guess.)
#[inline(always)]
pub(crate) fn solve_lanes<const N: usize>(
    f: [&FastCurve; N],
    a: [f64; N],
    place: [Place; N],
) -> ([f64; N], [bool; N]) {
    let (mut u, mut used) = halley(f, a, place);
    let mut retry = [false; N];
    for i in 0..N {
        retry[i] = f[i].certified & !used[i] & (a[i] > 0.0) & (a[i] < f[i].span);
    }
    if retry.contains(&true) {
        // Newton, whose step Δ bounds how far the answer can be from the root.
        for i in 0..N {
            let ([c1, c2, c3], v) = (f[i].c, u[i]);
            let e = ((c3 * v + c2) * v + c1) * v - a[i];
            let d1 = (3.0 * c3 * v + 2.0 * c2) * v + c1;
            let d2 = 6.0 * c3 * v + 2.0 * c2;
            let delta = e / d1;
            let size = delta.abs();
            let next = v - delta;
            let close =
                2.0 * delta * delta * (d2.abs() + 12.0 * c3.abs() * size) <= f[i].newton_tolerance;
            let steady = f[i].curvature * size <= d1;
            if retry[i] {
                (u[i], used[i]) = (next, close & steady & (0.0..=1.0).contains(&next));
            }
        }
    }
    for i in 0..N {
        // docs/curves.md §4.3 step 1, whatever the certificate.
        if a[i] <= 0.0 {
            (u[i], used[i]) = (0.0, true);
        } else if a[i] >= f[i].span {
            (u[i], used[i]) = (1.0, true);
        }
    }
    (u, used)
}

/// [`solve_lanes`] of four lanes as this build runs them: wasm `simd128` vectors where the
/// feature is on (the guest's build), the scalar lanes elsewhere; the same bits either way.
#[inline(always)]
pub(crate) fn solve_four(
    f: [&FastCurve; LANES],
    a: [f64; LANES],
    place: [Place; LANES],
) -> ([f64; LANES], [bool; LANES]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let solved = simd::solve_four(f, a, place);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let solved = solve_lanes(f, a, place);
    solved
}

/// The first guess and Halley step of [`solve_lanes`], and whether its acceptance test
/// passed. Branch-free and written stage by stage across the lanes, so that the compiler
/// runs the lanes' arithmetic as vector operations.
#[inline(always)]
pub(crate) fn halley<const N: usize>(
    f: [&FastCurve; N],
    a: [f64; N],
    place: [Place; N],
) -> ([f64; N], [bool; N]) {
    // Plain loops over the lanes rather than closures: inlined into a larger caller, the
    // closures were sometimes left as calls.
    let (mut s, mut g) = ([0.0; N], [[0.0; 6]; N]);
    for i in 0..N {
        s[i] = place[i].s;
        g[i] = f[i].guess[place[i].k];
    }
    // Estrin's scheme: the guess is on the critical path, and this halves its depth.
    let mut u0 = [0.0; N];
    for i in 0..N {
        let [g0, g1, g2, g3, g4, g5] = g[i];
        let (s, s2) = (s[i], s[i] * s[i]);
        u0[i] = ((g0 + g1 * s) + s2 * ((g2 + g3 * s) + s2 * (g4 + g5 * s))).clamp(0.0, 1.0);
    }
    // Halley: u − 2·e·x′ / (2·x′² − e·x″).
    let (mut e, mut d1, mut d2, mut den, mut u) =
        ([0.0; N], [0.0; N], [0.0; N], [0.0; N], [0.0; N]);
    for i in 0..N {
        let ([c1, c2, c3], v) = (f[i].c, u0[i]);
        e[i] = ((c3 * v + c2) * v + c1) * v - a[i];
        d1[i] = (3.0 * c3 * v + 2.0 * c2) * v + c1;
        d2[i] = 6.0 * c3 * v + 2.0 * c2;
    }
    for i in 0..N {
        den[i] = 2.0 * d1[i] * d1[i] - e[i] * d2[i];
        u[i] = u0[i] - 2.0 * e[i] * d1[i] / den[i];
    }
    let mut passed = [false; N];
    for i in 0..N {
        // u₀ is within `far` of the root: its residual, rounding included, over min x′.
        let far = (e[i].abs() + f[i].rounding) * f[i].inv_min_slope;
        // The step leaves ε³·(x″²/2 − x′·x‴/3 − x″·x‴·ε/6)/(2x′² − e·x″), x‴ = 6c₃.
        let c3 = f[i].c[2].abs();
        let left = (0.5 * d2[i] * d2[i] + 2.0 * d1[i].abs() * c3 + d2[i].abs() * c3 * far)
            * (far * far * far);
        let close = (den[i] > 0.0) & (left <= f[i].halley_tolerance * den[i]);
        passed[i] = f[i].certified & close & (0.0..=1.0).contains(&u[i]);
    }
    (u, passed)
}

/// The interval of `f`'s table holding normalised time `t`: a branch-free binary search.
#[inline(always)]
fn interval(f: &FastCurve, t: f64) -> usize {
    let mut k = 0;
    let mut half = INTERVALS / 2;
    while half > 0 {
        k += if t >= f.nodes[k + half] { half } else { 0 };
        half /= 2;
    }
    k
}

/// The parameter at which the segment with time control values `x` and fast table `fast`
/// reaches `a` ns: the fast solve when it is accepted, else the literal one. A segment not
/// certified goes straight to the literal solver (whose step 1 gives the fast path's early
/// answers too, so the bits are the same): trying the fast path first cost a lone sample
/// there ≈ 15 ns.
#[inline]
pub(crate) fn solve_one(fast: &FastCurve, x: &[f64; 4], a: f64) -> f64 {
    if !fast.certified {
        return solve(x, a);
    }
    match solve_lanes([fast], [a], [fast.place(a)]) {
        ([u], [true]) => u,
        _ => solve(x, a),
    }
}

/// [`solve_one`] for the first `len` (at most [`LANES`]) pairs, the other answers 0: those
/// lanes try the fast solve side by side, then the lanes it does not answer are solved
/// literally together in lockstep. `place[i]` is `fast[i].place(a[i])`, found when the caller
/// queued the pair. Each answer equals [`solve_one`]'s bit for bit.
///
/// Always inlined into its callers (a step's batch, a track's batch of four): as a call,
/// its lanes' inputs went through memory and a closure of [`halley`] was sometimes left as
/// a call too; inlined, a step measured ≈ 5 % and a bake ≈ 10 % faster.
#[inline(always)]
pub(crate) fn solve_some_fast(
    len: usize,
    fast: [&FastCurve; LANES],
    x: [&[f64; 4]; LANES],
    a: [f64; LANES],
    place: [Place; LANES],
) -> [f64; LANES] {
    let (mut u, accepted) = match len {
        0 => return [0.0; LANES],
        1 => first::<1>(fast, a, place),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        2 => first::<2>(fast, a, place),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        3 => first::<3>(fast, a, place),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        _ => solve_four(fast, a, place),
        // Two to four lanes as two vectors; the lanes past `len` (the caller's leftover curves
        // and places: valid, meaningless) answer 0, not used.
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        _ => {
            let (u, used) = solve_four(fast, a, place);
            (
                from_fn(|i| if i < len { u[i] } else { 0.0 }),
                from_fn(|i| i < len && used[i]),
            )
        }
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
    place: [Place; LANES],
) -> ([f64; LANES], [bool; LANES]) {
    let (u, used) = solve_lanes::<K>(
        from_fn(|i| fast[i]),
        from_fn(|i| a[i]),
        from_fn(|i| place[i]),
    );
    (
        from_fn(|i| if i < K { u[i] } else { 0.0 }),
        from_fn(|i| i < K && used[i]),
    )
}
