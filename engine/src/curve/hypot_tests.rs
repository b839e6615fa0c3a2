//! `hypot` against an exact oracle: the result's neighbouring midpoints, squared in 256-bit
//! integers, must bracket x² + y², and a tie must land on the even neighbour.

use std::cmp::Ordering;

use proptest::prelude::*;

use super::{hypot, significand};

/// A 256-bit unsigned integer as (high, low) halves.
type Wide = (u128, u128);

/// `x · 2^shift`, which must fit in 256 bits.
fn wide(x: u128, shift: u32) -> Wide {
    match shift {
        0 => (0, x),
        1..128 => (x >> (128 - shift), x << shift),
        _ => (x << (shift - 128), 0),
    }
}

fn add(a: Wide, b: Wide) -> Wide {
    let (low, carry) = a.1.overflowing_add(b.1);
    (a.0 + b.0 + u128::from(carry), low)
}

/// A positive dyadic number `m · 2^e`.
type Dyadic = (u128, i32);

/// `x² + y²` compared with `m²`, exactly.
fn compare_squares(x: Dyadic, y: Dyadic, m: Dyadic) -> Ordering {
    let low = (2 * x.1).min(2 * y.1).min(2 * m.1);
    let square = |(v, e): Dyadic| wide(v * v, (2 * e - low) as u32);
    add(square(x), square(y)).cmp(&square(m))
}

fn dyadic(v: f64) -> Dyadic {
    let (m, e) = significand(v);
    (u128::from(m), e)
}

/// The midpoint of two adjacent positive finite f64 `lo < hi`.
fn midpoint(lo: f64, hi: f64) -> Dyadic {
    let ((ml, el), (mh, eh)) = (dyadic(lo), dyadic(hi));
    let e = el.min(eh);
    ((ml << (el - e)) + (mh << (eh - e)), e - 1)
}

/// Half an ulp above f64::MAX: the least value that rounds to +∞.
const OVERFLOW: Dyadic = ((1 << 54) - 1, 970);

/// Whether `r` is √(x² + y²) rounded to nearest, ties to even (x, y positive and finite).
fn correctly_rounded(x: f64, y: f64, r: f64) -> bool {
    let (x, y) = (dyadic(x), dyadic(y));
    if r == f64::INFINITY {
        return compare_squares(x, y, OVERFLOW) != Ordering::Less;
    }
    let even = r.to_bits() & 1 == 0;
    let below = midpoint(r.next_down(), r);
    let above = if r == f64::MAX {
        OVERFLOW
    } else {
        midpoint(r, r.next_up())
    };
    let ok_below = match compare_squares(x, y, below) {
        Ordering::Greater => true,
        Ordering::Equal => even,
        Ordering::Less => false,
    };
    let ok_above = match compare_squares(x, y, above) {
        Ordering::Less => true,
        Ordering::Equal => even,
        Ordering::Greater => false,
    };
    ok_below && ok_above
}

/// A positive f64 from a significand's 52 fraction bits and an unbiased exponent.
fn float(fraction: u64, exponent: i32) -> f64 {
    f64::from_bits((fraction & ((1 << 52) - 1)) | ((exponent + 1023) as u64) << 52)
}

#[test]
fn exact_right_triangles_are_exact() {
    assert_eq!(hypot(3.0, 4.0), 5.0);
    assert_eq!(hypot(-5.0, 12.0), 13.0);
    assert_eq!(hypot(0.0, -7.5), 7.5);
    assert_eq!(
        hypot(3.0 * 2f64.powi(-1040), 4.0 * 2f64.powi(-1040)),
        5.0 * 2f64.powi(-1040)
    );
    assert_eq!(
        hypot(3.0 * 2f64.powi(1000), 4.0 * 2f64.powi(1000)),
        5.0 * 2f64.powi(1000)
    );
}

#[test]
fn infinities_win_over_nans_and_too_large_overflows() {
    assert_eq!(hypot(f64::NEG_INFINITY, f64::NAN), f64::INFINITY);
    assert_eq!(hypot(f64::NAN, f64::INFINITY), f64::INFINITY);
    assert!(hypot(f64::NAN, 1.0).is_nan());
    assert!(hypot(0.0, f64::NAN).is_nan());
    assert_eq!(hypot(f64::MAX, f64::MAX), f64::INFINITY);
    assert_eq!(hypot(f64::MAX, 1e300), f64::MAX);
    assert_eq!(hypot(0.0, 0.0), 0.0);
}

#[test]
fn a_far_smaller_operand_leaves_the_larger() {
    assert_eq!(hypot(1.0, 2f64.powi(-27)), 1.0);
    assert_eq!(hypot(f64::MAX, f64::MIN_POSITIVE), f64::MAX);
    assert_eq!(hypot(1e-300, 5e-324), 1e-300);
    // Just above 2^-27 the smaller operand starts to count.
    assert!(correctly_rounded(
        1.0,
        1.5 * 2f64.powi(-26),
        hypot(1.0, 1.5 * 2f64.powi(-26))
    ));
}

#[test]
fn ties_round_to_the_even_neighbour() {
    // Legs of an integer right triangle whose hypotenuse c = k² + l² is odd and needs 54
    // bits: c lies exactly halfway between two f64.
    let (k, l) = (77_000_000u64, 68_000_001u64);
    let (x, y, c) = (k * k - l * l, 2 * k * l, k * k + l * l);
    assert!((1u64 << 53..1 << 54).contains(&c) && c % 2 == 1);
    let r = hypot(x as f64, y as f64);
    assert!(correctly_rounded(x as f64, y as f64, r));
    assert!(r == (c - 1) as f64 || r == (c + 1) as f64);
}

#[test]
fn where_glibc_rounds_away_the_nearest_neighbour_is_returned() {
    // glibc 2.36 answers 0x39a56f6229081f6c here, which the oracle rejects.
    let (x, y) = (
        f64::from_bits(0x399ea6ec60bd23a4),
        f64::from_bits(0x399df8c37e256388),
    );
    assert!(!correctly_rounded(x, y, f64::from_bits(0x39a56f6229081f6c)));
    assert_eq!(hypot(x, y).to_bits(), 0x39a56f6229081f6b);
    assert!(correctly_rounded(x, y, hypot(x, y)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn operands_of_any_size_round_correctly(
        fx in any::<u64>(), ex in -1022i32..1024, fy in any::<u64>(), ey in -1022i32..1024,
    ) {
        let (x, y) = (float(fx, ex), float(fy, ey));
        let r = hypot(x, y);
        if (ex - ey).abs() <= 40 {
            prop_assert!(correctly_rounded(x, y, r), "hypot({x:e}, {y:e}) = {r:e}");
        } else {
            prop_assert_eq!(r, x.max(y));
        }
    }

    #[test]
    fn operands_of_close_size_round_correctly(
        fx in any::<u64>(), ex in -1074i32..1024, fy in any::<u64>(), gap in 0i32..40,
    ) {
        let x = float(fx, ex.max(-1022));
        let y = float(fy, (ex - gap).max(-1022));
        let r = hypot(x, y);
        prop_assert!(correctly_rounded(x, y, r), "hypot({x:e}, {y:e}) = {r:e}");
        // Within one ulp of this platform's hypot.
        let platform = x.hypot(y);
        prop_assert!(r == platform || r.next_up() == platform || r.next_down() == platform);
    }

    #[test]
    fn subnormal_operands_round_correctly(x in 1u64..1 << 53, y in 1u64..1 << 53) {
        let (x, y) = (f64::from_bits(x), f64::from_bits(y));
        prop_assert!(correctly_rounded(x, y, hypot(x, y)));
    }

    #[test]
    fn integer_right_triangles_round_correctly(k in 80_000_000u64..94_000_000, l in 1u64..60_000_000) {
        // Hypotenuses up to 2^54: many are odd and fall halfway between two f64.
        let (x, y) = ((k * k - l * l) as f64, (2 * k * l) as f64);
        prop_assert!(correctly_rounded(x, y, hypot(x, y)));
    }
}
