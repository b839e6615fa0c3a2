//! The one `hypot` every curve is resolved with: correctly rounded, identical on every platform.
//!
//! docs/curves.md §0 names "the platform's `hypot`", and platforms disagree. glibc 2.36 rounds
//! about one call in five hundred to the farther neighbour, and the wasm guest's libm is a
//! different implementation again, so the same clip resolved in the guest and on a native host
//! differed in the last bit of an inferred tangent — and the guest and the host must answer alike.
//! This `hypot` returns √(x² + y²) rounded to nearest, ties to even, worked out in integers, so
//! every build agrees bit for bit and stays within half an ulp of the exact value (within
//! one ulp of any platform's).

/// √(x² + y²), correctly rounded. An infinite operand gives +∞ (even beside a NaN), else a
/// NaN operand gives NaN; signs are ignored.
pub fn hypot(x: f64, y: f64) -> f64 {
    if x.is_infinite() || y.is_infinite() {
        return f64::INFINITY;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    let (a, b) = if x.abs() >= y.abs() {
        (x.abs(), y.abs())
    } else {
        (y.abs(), x.abs())
    };
    if b == 0.0 {
        return a;
    }
    let (ma, ea) = significand(a);
    let (mb, eb) = significand(b);
    // a ≥ b with both significands in [2^52, 2^53) puts a's exponent at or above b's.
    let d = ea - eb;
    if d >= 27 {
        // b²/2a < 2^(2·eb − ea + 53) ≤ half an ulp of a: the exact value lies strictly
        // between a and the midpoint above it.
        return a;
    }
    // x² + y² = 2^(2·(ea − 3)) · M, M = ma²·2^6 + mb²·2^(6 − 2d): M ∈ [2^110, 2^113) and
    // its square root has 56 or 57 bits, enough to round from. Bits shifted out of mb²
    // only make the root inexact (sticky).
    let b2 = u128::from(mb) * u128::from(mb);
    let (b2, dropped) = if d <= 3 {
        (b2 << (6 - 2 * d), false)
    } else {
        let shift = 2 * d - 6;
        (b2 >> shift, b2 & ((1u128 << shift) - 1) != 0)
    };
    let m = ((u128::from(ma) * u128::from(ma)) << 6) + b2;
    let root = isqrt(m);
    round_to_f64(root, dropped || root * root != m, ea - 3)
}

/// `v = m · 2^e` for a positive finite `v`, with `m ∈ [2^52, 2^53)` (subnormals normalised).
fn significand(v: f64) -> (u64, i32) {
    let bits = v.to_bits();
    let field = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if field == 0 {
        let shift = fraction.leading_zeros() as i32 - 11;
        (fraction << shift, -1074 - shift)
    } else {
        (fraction | 1 << 52, field - 1075)
    }
}

/// ⌊√m⌋ for `m < 2^114`: the f64 estimate is within a few units; the loops make it exact.
fn isqrt(m: u128) -> u128 {
    let mut s = (m as f64).sqrt() as u128;
    while s * s > m {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= m {
        s += 1;
    }
    s
}

/// `(root + f) · 2^exp` rounded to the nearest f64, ties to even, where `0 ≤ f < 1` and
/// `f > 0` exactly when `inexact`. `root` has at least 56 bits, so rounding always drops some.
fn round_to_f64(root: u128, inexact: bool, exp: i32) -> f64 {
    let len = 128 - root.leading_zeros() as i32;
    let top = exp + len - 1;
    // A subnormal result keeps fewer bits: its last one is worth 2^-1074.
    let keep = if top >= -1022 { 53 } else { top + 1075 };
    let shift = len - keep;
    let mut q = (root >> shift) as u64;
    let rest = root & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rest > half || (rest == half && (inexact || q & 1 == 1)) {
        q += 1;
    }
    let mut e = exp + shift;
    if q == 1 << 53 {
        q >>= 1;
        e += 1;
    }
    if q < 1 << 52 {
        // Subnormal (e is −1074 here); a carry into 2^52 reads as the least normal.
        return f64::from_bits(q);
    }
    let field = e + 52 + 1023;
    if field >= 0x7ff {
        return f64::INFINITY;
    }
    f64::from_bits((field as u64) << 52 | (q - (1 << 52)))
}

#[cfg(test)]
#[path = "hypot_tests.rs"]
mod tests;
