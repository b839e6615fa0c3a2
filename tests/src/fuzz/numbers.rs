//! Numbers and strings at their edges: what a caller who passes whatever it
//! has sends. Each generator mixes ordinary values (so that calls reach past
//! their validation) with the extremes.

use std::sync::LazyLock;

use super::Source;
use crate::random_clips::KINDS;

/// `f64`s no arithmetic forgets: NaN (quiet, negative, with a payload),
/// ±∞, ±0, the smallest subnormal and normal, the largest finite, ±1.
const F64_EDGES: [f64; 14] = [
    f64::NAN,
    -f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.0,
    -0.0,
    f64::MIN_POSITIVE,
    -f64::MIN_POSITIVE,
    5e-324,
    -5e-324,
    f64::MAX,
    f64::MIN,
    1.0,
    -1.0,
];

/// The `f32` edges, as `F64_EDGES`.
const F32_EDGES: [f32; 14] = [
    f32::NAN,
    -f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    0.0,
    -0.0,
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    1e-45,
    -1e-45,
    f32::MAX,
    f32::MIN,
    1.0,
    -1.0,
];

/// Any `f64`: an edge, an ordinary number, or any bit pattern (a NaN with
/// any payload among them).
pub fn f64(source: &mut Source) -> f64 {
    match source.below(4) {
        0 => *source.pick(&F64_EDGES),
        1 => f64::from_bits(source.u64()),
        2 => f64::from_bits(0x7ff0_0000_0000_0000 | (source.u64() & 0x000f_ffff_ffff_ffff)),
        _ => (source.below(2_000_001) as f64 - 1e6) / 1e3,
    }
}

/// Any `f32`, as [`f64()`].
pub fn f32(source: &mut Source) -> f32 {
    match source.below(4) {
        0 => *source.pick(&F32_EDGES),
        1 => f32::from_bits(source.u32()),
        2 => f32::from_bits(0x7f80_0000 | (source.u32() & 0x007f_ffff)),
        _ => (source.below(20_001) as f32 - 1e4) / 1e2,
    }
}

/// Any `u32`: a small number (an id a caller may hold), a limit, any.
pub fn u32(source: &mut Source) -> u32 {
    match source.below(4) {
        0 => source.below(8) as u32,
        1 => *source.pick(&[u32::MAX, u32::MAX - 1, 1 << 31, (1 << 31) - 1]),
        _ => source.u32(),
    }
}

/// Any `u64`: a small time, a limit (around `i64::MAX`, where the engine
/// holds unsigned times), any.
pub fn u64(source: &mut Source) -> u64 {
    match source.below(4) {
        0 => source.below(3_000_000_000) as u64,
        1 => *source.pick(&[
            u64::MAX,
            u64::MAX - 1,
            i64::MAX as u64,
            i64::MAX as u64 + 1,
            1 << 53,
            (1 << 53) + 1,
        ]),
        _ => source.u64(),
    }
}

/// Any `i64`: a small signed time, a limit, any.
pub fn i64(source: &mut Source) -> i64 {
    match source.below(4) {
        0 => source.below(6_000_000_000) as i64 - 3_000_000_000,
        1 => *source.pick(&[i64::MAX, i64::MIN, i64::MIN + 1, -1, 1 << 53, -(1 << 53)]),
        _ => source.u64() as i64,
    }
}

/// The strings the contract reads as names: loop modes, transition kinds
/// ([`KINDS`]) and pairings, and near misses of them, in that order.
static WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let modes = ["once", "loop", "bounce", "ping_pong", "pingpong", "Loop"];
    let rest = ["Cubic", "paired", "free", "", " ", "\0", "é", "🦀"];
    [&modes[..], &KINDS[..], &rest[..]].concat()
});

/// Any string: a word the contract reads, empty, unusual characters, long
/// (up to 64 KiB; the hostile-size tests send larger ones).
pub fn string(source: &mut Source) -> String {
    match source.below(8) {
        0..=3 => source.pick(&WORDS).to_string(),
        4 => String::new(),
        5 => (0..source.below(16))
            .map(|_| char::from_u32(source.below(0x11_0000) as u32).unwrap_or('\u{fffd}'))
            .collect(),
        6 => "x".repeat(source.below(1 << 16)),
        _ => format!("k{}", source.below(4)),
    }
}

/// A length for an array: mostly short, sometimes empty, now and then long.
pub fn length(source: &mut Source) -> usize {
    match source.below(16) {
        0..=3 => 0,
        4..=13 => 1 + source.below(4),
        14 => 5 + source.below(60),
        _ => 1000 + source.below(4000),
    }
}
