//! Keypoint values in and out (docs/contract.md §4.2): which `Value` kinds a keypoint
//! may carry, and what each reads as.

use animation_engine::{KeyValue, ValueV1};
use arora_types::value::Value;

/// A keypoint value as a 1.x clip keeps it: numbers remember whether they
/// were exactly `F32`, which decides a track's output width (docs/contract.md §4.3.6).
/// Integers read as f64 (`u64`/`i64` by `as`, possibly rounding). `None` for
/// every other kind: unit, options, structures, arrays, maps, uuids.
pub fn value_v1(value: &Value) -> Option<ValueV1> {
    Some(match value {
        Value::F32(x) => ValueV1::F32(*x),
        Value::Boolean(b) => ValueV1::Boolean(*b),
        Value::String(s) => ValueV1::Text(s.clone()),
        number => ValueV1::F64(integer_or_f64(number)?),
    })
}

/// A keypoint value as a 2.0 clip keeps it: every number an f64.
pub fn key_value(value: &Value) -> Option<KeyValue> {
    Some(match value {
        Value::F32(x) => KeyValue::Number(f64::from(*x)),
        Value::Boolean(b) => KeyValue::Boolean(*b),
        Value::String(s) => KeyValue::Text(s.clone()),
        number => KeyValue::Number(integer_or_f64(number)?),
    })
}

/// The `Value` a 2.0 keypoint value converts back to: numbers as `F64`.
pub fn value_of(value: &KeyValue) -> Value {
    match value {
        KeyValue::Number(x) => Value::F64(*x),
        KeyValue::Boolean(b) => Value::Boolean(*b),
        KeyValue::Text(s) => Value::String(s.clone()),
    }
}

fn integer_or_f64(value: &Value) -> Option<f64> {
    Some(match *value {
        Value::F64(x) => x,
        Value::U8(x) => f64::from(x),
        Value::U16(x) => f64::from(x),
        Value::U32(x) => f64::from(x),
        Value::U64(x) => x as f64,
        Value::I8(x) => f64::from(x),
        Value::I16(x) => f64::from(x),
        Value::I32(x) => f64::from(x),
        Value::I64(x) => x as f64,
        _ => return None,
    })
}

/// How a refused value is named in a refusal: its kind, not its contents.
pub fn kind_name(value: &Value) -> String {
    let text = format!("{value:?}");
    let end = text.find(['(', ' ', '{']).unwrap_or(text.len());
    text[..end].to_string()
}
