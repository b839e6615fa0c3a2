//! Times across the interface: unsigned there, signed in the engine (docs/contract.md §4.10).

/// A time crossing the interface unsigned, entering the engine signed: a
/// value above `i64::MAX` is held there.
#[inline]
pub(crate) fn ns(time: u64) -> i64 {
    i64::try_from(time).unwrap_or(i64::MAX)
}

/// A signed engine time reported unsigned, clamped to ≥ 0.
#[inline]
pub(crate) fn unsigned(time: i64) -> u64 {
    u64::try_from(time).unwrap_or(0)
}
