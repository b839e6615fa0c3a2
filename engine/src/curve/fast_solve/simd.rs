//! [`super::solve_lanes`] of four lanes as wasm `simd128` operations: two `f64x2` vectors,
//! lanes 0–1 and 2–3. Compiled only for wasm32 with `simd128` enabled (the guest's build,
//! module-dir's `build_guest`); everywhere else the four lanes run the scalar routine.
//!
//! Each lane performs exactly the scalar routine's IEEE operations in the same order, so the
//! answers are the same bits: wasm's `f64x2` add, sub, mul and div round as the scalar
//! operations do, none is fused (simd128 has no fused multiply-add), `abs` clears the sign
//! bit as `f64::abs` does, and `clamp(0, 1)` is `pmax` then `pmin` — wasm's pseudo-minimum
//! and maximum are `b < a ? b : a` and `a < b ? b : a`, which keep a NaN or a −0 just as
//! `f64::clamp`'s two comparisons do (`f64x2.min`/`max` would not: they propagate NaN and
//! order −0 below +0). Comparisons give all-ones lanes, combined with `and` as the scalar
//! code combines its `bool`s with `&`. A NaN can come out with other payload bits than the
//! scalar build's (wasm leaves NaN bits unspecified), but a NaN answer is never used: it
//! fails the range test, and the literal solver answers that lane.
//!
//! The lanes' curve data are gathered into vectors with `f64x2(lane0, lane1)` (no pointer
//! loads, so no `unsafe`).

use core::arch::wasm32::{
    f64x2, f64x2_abs, f64x2_add, f64x2_div, f64x2_extract_lane, f64x2_ge, f64x2_gt, f64x2_le,
    f64x2_lt, f64x2_mul, f64x2_pmax, f64x2_pmin, f64x2_splat, f64x2_sub, i64x2, i64x2_extract_lane,
    v128, v128_and, v128_andnot, v128_any_true, v128_bitselect, v128_or,
};

use super::{FastCurve, Place};

/// Two lanes of `f64`, or of masks (all ones for `true`).
type Pair = v128;

/// The lanes `j` and `j + 1` of `value`.
#[inline(always)]
fn pair(j: usize, value: impl Fn(usize) -> f64) -> Pair {
    f64x2(value(j), value(j + 1))
}

/// The mask of lanes `j` and `j + 1` of `flag`.
#[inline(always)]
fn mask(j: usize, flag: impl Fn(usize) -> bool) -> Pair {
    let lane = |i: usize| -i64::from(flag(i));
    i64x2(lane(j), lane(j + 1))
}

/// `a + b`, `a − b`, `a · b`, `a / b` lane by lane.
#[inline(always)]
fn add(a: Pair, b: Pair) -> Pair {
    f64x2_add(a, b)
}
#[inline(always)]
fn sub(a: Pair, b: Pair) -> Pair {
    f64x2_sub(a, b)
}
#[inline(always)]
fn mul(a: Pair, b: Pair) -> Pair {
    f64x2_mul(a, b)
}
#[inline(always)]
fn div(a: Pair, b: Pair) -> Pair {
    f64x2_div(a, b)
}

/// The scalar `(0.0..=1.0).contains(&v)`: `0 ≤ v` and `v ≤ 1`, false for NaN.
#[inline(always)]
fn in_unit(v: Pair) -> Pair {
    v128_and(f64x2_le(f64x2_splat(0.0), v), f64x2_le(v, f64x2_splat(1.0)))
}

/// [`super::solve_lanes`] for four lanes, lane for lane the same bits.
#[inline(always)]
pub(super) fn solve_four(
    f: [&FastCurve; 4],
    a: [f64; 4],
    place: [Place; 4],
) -> ([f64; 4], [bool; 4]) {
    let (mut u, mut used) = ([0.0; 4], [false; 4]);
    for j in [0, 2] {
        let (uj, usedj) = solve_two(j, &f, &a, &place);
        (u[j], u[j + 1]) = (f64x2_extract_lane::<0>(uj), f64x2_extract_lane::<1>(uj));
        used[j] = i64x2_extract_lane::<0>(usedj) != 0;
        used[j + 1] = i64x2_extract_lane::<1>(usedj) != 0;
    }
    (u, used)
}

/// Lanes `j` and `j + 1` of [`solve_four`]: the answers, and the mask of those used.
#[inline(always)]
fn solve_two(j: usize, f: &[&FastCurve; 4], a: &[f64; 4], place: &[Place; 4]) -> (Pair, Pair) {
    let splat = f64x2_splat;
    let at = pair(j, |i| a[i]);
    let c1 = pair(j, |i| f[i].c[0]);
    let c2 = pair(j, |i| f[i].c[1]);
    let c3 = pair(j, |i| f[i].c[2]);
    let certified = mask(j, |i| f[i].certified);

    // The guess, Estrin's scheme as in `halley`.
    let s = pair(j, |i| place[i].s);
    let g = |n: usize| pair(j, |i| f[i].guess[place[i].k][n]);
    let s2 = mul(s, s);
    let low = add(g(0), mul(g(1), s));
    let middle = add(g(2), mul(g(3), s));
    let high = add(g(4), mul(g(5), s));
    let guess = add(low, mul(s2, add(middle, mul(s2, high))));
    let u0 = f64x2_pmin(f64x2_pmax(guess, splat(0.0)), splat(1.0));

    // Halley: u − 2·e·x′ / (2·x′² − e·x″).
    let (e, d1, d2) = residual_and_slopes(c1, c2, c3, u0, at);
    let den = sub(mul(mul(splat(2.0), d1), d1), mul(e, d2));
    let mut u = sub(u0, div(mul(mul(splat(2.0), e), d1), den));
    let far = mul(
        add(f64x2_abs(e), pair(j, |i| f[i].rounding)),
        pair(j, |i| f[i].inv_min_slope),
    );
    let c3_size = f64x2_abs(c3);
    let left = mul(
        add(
            add(
                mul(mul(splat(0.5), d2), d2),
                mul(mul(splat(2.0), f64x2_abs(d1)), c3_size),
            ),
            mul(mul(f64x2_abs(d2), c3_size), far),
        ),
        mul(mul(far, far), far),
    );
    let close = v128_and(
        f64x2_gt(den, splat(0.0)),
        f64x2_le(left, mul(pair(j, |i| f[i].halley_tolerance), den)),
    );
    let mut used = v128_and(v128_and(certified, close), in_unit(u));

    // One Newton step more for the lanes Halley's test rejected, when any needs it.
    let span = pair(j, |i| f[i].span);
    let inside = v128_and(f64x2_gt(at, splat(0.0)), f64x2_lt(at, span));
    let retry = v128_and(v128_andnot(certified, used), inside);
    if v128_any_true(retry) {
        let (e, d1, d2) = residual_and_slopes(c1, c2, c3, u, at);
        let delta = div(e, d1);
        let size = f64x2_abs(delta);
        let next = sub(u, delta);
        let close = f64x2_le(
            mul(
                mul(mul(splat(2.0), delta), delta),
                add(f64x2_abs(d2), mul(mul(splat(12.0), c3_size), size)),
            ),
            pair(j, |i| f[i].newton_tolerance),
        );
        let steady = f64x2_le(mul(pair(j, |i| f[i].curvature), size), d1);
        let accepted = v128_and(v128_and(close, steady), in_unit(next));
        u = v128_bitselect(next, u, retry);
        used = v128_bitselect(accepted, used, retry);
    }

    // docs/curves.md §4.3 step 1, whatever the certificate.
    let before = f64x2_le(at, splat(0.0));
    let after = v128_andnot(f64x2_ge(at, span), before);
    u = v128_bitselect(splat(0.0), u, before);
    u = v128_bitselect(splat(1.0), u, after);
    used = v128_or(used, v128_or(before, after));
    (u, used)
}

/// e = x(v) − a in power form, x′(v) and x″(v), as `halley` and the Newton step write them.
#[inline(always)]
fn residual_and_slopes(c1: Pair, c2: Pair, c3: Pair, v: Pair, a: Pair) -> (Pair, Pair, Pair) {
    let splat = f64x2_splat;
    let e = sub(mul(add(mul(add(mul(c3, v), c2), v), c1), v), a);
    let d1 = add(
        mul(add(mul(mul(splat(3.0), c3), v), mul(splat(2.0), c2)), v),
        c1,
    );
    let d2 = add(mul(mul(splat(6.0), c3), v), mul(splat(2.0), c2));
    (e, d1, d2)
}
