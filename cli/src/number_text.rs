//! Numbers and times as the command line writes them.

use arora_types::value::Value;

/// An f64 in shortest round-trip form (`1e-7`, `1.5e300`, plain in [1e-5, 1e16)): the
/// engine's, so that the command line and the page write a number alike.
pub use animation_engine::shortest;

/// A time in nanoseconds as seconds: `0 s`, `1.5 s`, `-0.005 s`.
pub fn seconds(ns: f64) -> String {
    format!("{} s", shortest(ns / 1e9))
}

/// −2^63 as f64 (exact): the i64 range is [−2^63, 2^63).
const I64_LOW: f64 = i64::MIN as f64;

/// Seconds from the command line as whole nanoseconds (rounded half away from zero);
/// `None` when not finite or outside i64.
pub fn seconds_to_ns(s: f64) -> Option<i64> {
    let ns = (s * 1e9).round();
    let in_range = (I64_LOW..-I64_LOW).contains(&ns);
    in_range.then_some(ns as i64)
}

/// A value exactly: `F32` in its own shortest form, `F64` in its; `None` for `Unit`.
pub fn value_text(value: &Value) -> Option<String> {
    match value {
        Value::F64(x) => Some(shortest(*x)),
        Value::F32(x) => Some(if x.is_finite() && *x != 0.0 && x.abs() < 1e-5 {
            format!("{x:e}")
        } else {
            format!("{x}")
        }),
        Value::Boolean(b) => Some(b.to_string()),
        Value::String(s) => Some(s.clone()),
        Value::Unit => None,
        other => Some(format!("{other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_reads_back_to_the_same_bits() {
        for x in [
            0.0,
            -0.0,
            1.0,
            0.1,
            16666666.666666666,
            1e-7,
            1.5e300,
            -2.5e-300,
            1e16,
        ] {
            assert_eq!(shortest(x).parse::<f64>().unwrap().to_bits(), x.to_bits());
        }
        assert_eq!(shortest(1e9), "1000000000");
        assert_eq!(shortest(1e-7), "1e-7");
    }

    #[test]
    fn seconds_become_whole_nanoseconds() {
        assert_eq!(seconds_to_ns(1.5), Some(1_500_000_000));
        assert_eq!(seconds_to_ns(-0.25), Some(-250_000_000));
        assert_eq!(seconds_to_ns(f64::NAN), None);
        assert_eq!(seconds_to_ns(1e11), None);
        assert_eq!(seconds(1.5e9), "1.5 s");
    }
}
