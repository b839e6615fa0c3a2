//! A `Value` as the JSON text arora-web's `call` reads (`{"f64": 0.5}`, arora-types' own
//! serde form), each number written so that the reader reads back exactly that number.
//!
//! The reader is serde_json without `float_roundtrip` — the very crate linked into this
//! artifact — whose decimal conversion is not always correctly rounded: the shortest
//! round-trip literal of a double with 16 or 17 significant digits can read one unit in
//! the last place away. So each literal is checked by reading it with that reader, and
//! when the shortest one reads otherwise, a 17-digit literal a unit or a few of its last
//! digit either side is taken instead: the first that reads back exactly.

use std::io;

use arora_types::value::Value;
use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

/// The JSON text of `value`, every number read back by serde_json as exactly its bits.
pub fn value_json(value: &Value) -> String {
    let mut out = Vec::new();
    let mut serializer = Serializer::with_formatter(&mut out, ExactNumbers);
    // arora-types' form has only string keys and numbers made finite below: nothing fails.
    value
        .serialize(&mut serializer)
        .expect("a Value serializes to JSON");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// serde_json's compact form with [`f64_literal`] and [`f32_literal`] for the numbers.
struct ExactNumbers;

impl Formatter for ExactNumbers {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(f64_literal(value).as_bytes())
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        writer.write_all(f32_literal(value).as_bytes())
    }
}

/// A JSON literal serde_json reads as exactly `x`; `null` for a non-finite `x`, as
/// serde_json writes one.
pub fn f64_literal(x: f64) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    let shortest = format!("{x:?}");
    if reads_as(&shortest, x) {
        return shortest;
    }
    // `d.dddddddddddddddde±N`: 17 significant digits, correctly rounded.
    let full = format!("{:.16e}", x.abs());
    let (mantissa, exponent) = full.split_once('e').expect("an exponent");
    let digits: u64 = mantissa.replace('.', "").parse().expect("17 digits");
    let exponent: i32 = exponent.parse().expect("an integer exponent");
    let sign = if x.is_sign_negative() { "-" } else { "" };
    for delta in [0i64, 1, -1, 2, -2, 3, -3, 4, -4] {
        let candidate = digits.wrapping_add_signed(delta);
        let literal = format!("{sign}{candidate}e{}", exponent - 16);
        if reads_as(&literal, x) {
            return literal;
        }
    }
    shortest
}

/// A JSON literal serde_json reads (as an f64, then narrowed, as serde reads an f32) as
/// exactly `x`.
pub fn f32_literal(x: f32) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    let shortest = format!("{x:?}");
    let reads = serde_json::from_str::<f32>(&shortest);
    if reads.is_ok_and(|y| y.to_bits() == x.to_bits()) {
        return shortest;
    }
    // The f32 widened is an f64 exactly; read exactly, it narrows back to `x`.
    f64_literal(f64::from(x))
}

fn reads_as(literal: &str, x: f64) -> bool {
    serde_json::from_str::<f64>(literal).is_ok_and(|y| y.to_bits() == x.to_bits())
}
