//! Comparing an answer that crossed the bridge's JSON with what a host registration
//! answered in process.
//!
//! A device's bridge (`arora-bridge-ws`) reads and writes JSON numbers with serde_json's
//! default float conversion, which is fast but not always correctly rounded: an `f64` may
//! move by an ulp on the way in (an argument) and on the way out (an answer). A real device
//! does the same; the workspace does not turn on `float_roundtrip`, which would also change
//! how the engine reads clip documents (docs/curves.md §1.6). So a number that crossed JSON
//! is compared within [`RELATIVE`] of the larger magnitude (at least 1); integers, strings,
//! booleans, ids and the shape of the answer exactly.

use arora_types::value::Value;
use serde_json::Value as Json;

/// The relative tolerance for an `f64` that crossed JSON: an ulp is about 2.2e-16.
pub const RELATIVE: f64 = 1e-12;

/// Whether `a` and `b` are the same answer but for numbers within [`RELATIVE`].
pub fn alike(a: &Value, b: &Value) -> bool {
    let json = |value: &Value| serde_json::to_value(value).expect("a Value in JSON");
    json_alike(&json(a), &json(b))
}

/// Panics naming `what` and both answers unless they are [`alike`].
pub fn assert_alike(what: &str, a: &Value, b: &Value) {
    assert!(
        alike(a, b),
        "{what}: {a:?}\n  is not, within {RELATIVE:e}, {b:?}"
    );
}

fn json_alike(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => match (x.as_i128(), y.as_i128()) {
            (Some(x), Some(y)) => x == y,
            _ => match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => {
                    x == y || (x - y).abs() <= RELATIVE * x.abs().max(y.abs()).max(1.0)
                }
                _ => false,
            },
        },
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_alike(x, y))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| json_alike(x, y)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ulp_is_alike_and_a_millionth_is_not() {
        let x = 1.4991921792217577_f64;
        let ulp = f64::from_bits(x.to_bits() - 1);
        assert!(alike(&Value::F64(x), &Value::F64(ulp)));
        assert!(!alike(&Value::F64(x), &Value::F64(x * (1.0 + 1e-6))));
        assert!(!alike(&Value::U64(1), &Value::U64(2)));
        assert!(!alike(&Value::F64(1.0), &Value::String("1".into())));
        let array = |v: Vec<Value>| Value::ArrayValue(v);
        assert!(alike(
            &array(vec![Value::F64(x)]),
            &array(vec![Value::F64(ulp)])
        ));
        assert!(!alike(&array(vec![Value::F64(x)]), &array(vec![])));
    }
}
