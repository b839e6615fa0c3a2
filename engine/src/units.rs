//! Time units: the engine counts signed integer nanoseconds; documents and curve
//! resolution speak milliseconds (docs/curves.md §1.8).

/// Nanoseconds per millisecond: the one conversion factor between the two units.
pub(crate) const NS_PER_MS: f64 = 1e6;

/// −2^63 as f64 (exact): the i64 range is [−2^63, 2^63).
const I64_LOW: f64 = i64::MIN as f64;

/// Milliseconds → nanoseconds (docs/curves.md §1.8): round(ms × 1e6) half away from zero; `None`
/// when the result is not finite or lies outside [−2^63, 2^63).
pub fn ms_to_ns(ms: f64) -> Option<i64> {
    let ns = (ms * NS_PER_MS).round();
    let in_range = (I64_LOW..-I64_LOW).contains(&ns);
    in_range.then_some(ns as i64)
}

/// Nanoseconds → milliseconds (docs/curves.md §1.8): ns / 1e6.
pub fn ns_to_ms(ns: i64) -> f64 {
    ns as f64 / NS_PER_MS
}
