//! Device time and the exact travel of a running player (docs/playback.md §2).
//!
//! A player's travel is always measured from its last anchor with one exact
//! multiplication, never summed step by step, so its position at a device time
//! does not depend on how the device stepped.

use crate::time::DeviceTime;

/// The largest accepted `|speed|`: 2^20 (docs/playback.md §1.4).
pub const MAX_SPEED: f64 = 1_048_576.0;

/// Whether a speed is accepted: finite and `|speed| <= 2^20`.
#[inline]
pub fn speed_is_valid(speed: f64) -> bool {
    speed.is_finite() && speed.abs() <= MAX_SPEED
}

/// How a player's transport relates to device time (docs/playback.md §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayerClock {
    /// Not playing, or playing but not yet anchored.
    Idle,
    /// Playing, holding until device time `T` (play_at).
    Waiting(DeviceTime),
    /// Playing since `anchor`; `done` nanoseconds of travel already applied.
    Running { anchor: DeviceTime, done: i128 },
}

/// Nanoseconds of timeline travelled in `elapsed` device nanoseconds at `speed`:
/// `floor(elapsed × |speed| + 1/2)`, exact; 0 when `elapsed <= 0` or the speed
/// is 0 or not finite.
///
/// `|speed|` is an exact binary fraction `m × 2^e` (53-bit `m`), so the product
/// with an elapsed time below 2^65 fits 128 bits and the halving is a shift.
/// With the mantissa's trailing zeros moved into the exponent, the common speeds
/// (1, 2, 0.5, 1.5: a mantissa of a few bits) times a device's elapsed time fit
/// 64 bits, where the same integer is computed without 128-bit arithmetic: in wasm
/// each 128-bit multiply and shift is a library call, three of them per player
/// and step.
#[inline]
pub(crate) fn travel(elapsed: i128, speed: f64) -> i128 {
    if elapsed <= 0 || speed == 0.0 || !speed.is_finite() {
        return 0;
    }
    let (mantissa, exponent) = decompose(speed.abs());
    let zeros = mantissa.trailing_zeros();
    let narrow = travel_in_64_bits(elapsed, mantissa >> zeros, exponent + zeros as i32);
    narrow.unwrap_or_else(|| travel_in_128_bits(elapsed, mantissa, exponent))
}

/// `floor(elapsed × m × 2^e + 1/2)` for `elapsed > 0`, when the product
/// `elapsed × m` and the result are below 2^63; else none.
#[inline]
fn travel_in_64_bits(elapsed: i128, m: u64, e: i32) -> Option<i128> {
    let product = u64::try_from(elapsed).ok()?.checked_mul(m)?;
    if product > i64::MAX as u64 {
        return None;
    }
    let travelled = match e {
        0 => product,
        1..=62 => product
            .checked_mul(1 << e)
            .filter(|&t| t <= i64::MAX as u64)?,
        // floor((p + 2^(s−1)) / 2^s) = ((p >> (s − 1)) + 1) >> 1, with no carry out.
        -63..=-1 => ((product >> (e.unsigned_abs() - 1)) + 1) >> 1,
        _ => return None,
    };
    Some(i128::from(travelled))
}

/// [`travel`] in 128 bits, for any `elapsed > 0` below 2^65 and `mantissa × 2^exponent`.
#[cold]
fn travel_in_128_bits(elapsed: i128, mantissa: u64, exponent: i32) -> i128 {
    let product = elapsed as u128 * mantissa as u128;
    if exponent >= 0 {
        return product.saturating_mul(1u128 << exponent.min(63)) as i128;
    }
    let shift = exponent.unsigned_abs();
    // product < 2^118 <= 2^(shift−1): adding the half stays below 2^shift.
    if shift >= 119 {
        return 0;
    }
    ((product + (1u128 << (shift - 1))) >> shift) as i128
}

/// A positive finite double as `mantissa × 2^exponent`.
fn decompose(value: f64) -> (u64, i32) {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_speed_rounds_half_up_from_the_anchor() {
        assert_eq!(travel(1, 0.5), 1);
        assert_eq!(travel(2, 0.5), 1);
        assert_eq!(travel(3, 0.5), 2);
        assert_eq!(travel(0, 0.5), 0);
        assert_eq!(travel(-5, 2.0), 0);
    }

    #[test]
    fn fastest_speed_over_the_whole_clock_is_exact() {
        let elapsed = i64::MAX as i128;
        assert_eq!(travel(elapsed, MAX_SPEED), elapsed << 20);
        assert_eq!(
            travel(elapsed - i64::MIN as i128, MAX_SPEED),
            (u64::MAX as i128) << 20
        );
    }

    #[test]
    fn tiny_and_subnormal_speeds_round_to_nothing() {
        assert_eq!(travel(i64::MAX as i128, f64::MIN_POSITIVE), 0);
        assert_eq!(travel(i64::MAX as i128, 5e-324), 0);
        assert_eq!(travel(1_000_000_000, 1e-7), 100);
    }

    /// The 64-bit path against the 128-bit one, on the speeds a device uses and on random
    /// ones, with elapsed times from 1 ns to past 2^64 (where only 128 bits hold them).
    #[test]
    fn travel_in_64_bits_is_the_same_integer_as_in_128_bits() {
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(20261202);
        let common = [
            1.0, 2.0, 0.5, 1.5, 0.25, 3.0, 0.1, 1e-3, 4096.0, MAX_SPEED, 5e-324,
        ];
        for round in 0..200_000 {
            let speed = match round % 3 {
                0 => common[rng.random_range(0..common.len())],
                1 => rng.random_range(0.0..8.0),
                _ => f64::from_bits(rng.random_range(1..0x4130_0000_0000_0001u64)),
            };
            let bits = rng.random_range(1..66);
            let elapsed = (rng.random::<u128>() >> (128 - bits)).max(1) as i128;
            let (mantissa, exponent) = decompose(speed);
            assert_eq!(
                travel(elapsed, speed),
                travel_in_128_bits(elapsed, mantissa, exponent),
                "{elapsed} ns at speed {speed:e}"
            );
        }
        assert_eq!(travel(16_666_667, 1.0), 16_666_667);
        assert_eq!(travel(3, 1.5), 5);
        assert_eq!(travel(5, 0.25), 1);
    }

    #[test]
    fn speed_validity_is_inclusive_of_two_to_the_twenty() {
        assert!(speed_is_valid(-1_048_576.0));
        assert!(!speed_is_valid(1_048_577.0));
        assert!(!speed_is_valid(f64::NAN));
        assert!(!speed_is_valid(f64::INFINITY));
        assert!(speed_is_valid(-0.0));
    }
}
