//! A clip document's numbers, converted from their text by the engine itself
//! (docs/curves.md §1.6): the nearest double to what the author wrote, in every build.
//!
//! serde_json converts decimals with a fast method that is not always correctly rounded
//! (`0.9999999999999999` reads as `1.0`), unless some crate in the same build turns on its
//! `float_roundtrip` feature — and then every crate's reading changes. So the number
//! fields of a document are taken as their raw JSON text (`serde_json::value::RawValue`,
//! which changes nothing else) and converted with `str::parse::<f64>`, which is correctly
//! rounded (round half to even) for every input the JSON grammar allows.
//!
//! A value that is not a number is refused with the words serde's own readers use
//! (`invalid type: string "x", expected f64`, `number out of range`); serde_json places the
//! refusal where it stopped reading, at the value's last byte or the one after it (its own
//! conversion placed it one byte earlier, or on the opening bracket of an array or object).

use serde::de::{self, Deserialize, Deserializer, Unexpected};
use serde_json::value::RawValue;

/// A JSON value read from its text, before it is known to be a number.
pub(crate) enum Literal<'a> {
    /// A number, converted correctly rounded.
    Number(f64),
    /// `true` or `false`.
    Boolean(bool),
    /// A string, its escapes resolved.
    Text(String),
    /// `null`, an array or an object: what a field of numbers never holds.
    Other(Unexpected<'a>),
}

impl<'a> Literal<'a> {
    /// Reads the next value of `deserializer` as its raw text.
    pub(crate) fn read<'de: 'a, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <&'de RawValue>::deserialize(deserializer)?;
        Literal::from_text(raw.get())
    }

    /// The value whose JSON text is `text` (one well-formed JSON value, as serde_json
    /// checked it).
    fn from_text<E: de::Error>(text: &'a str) -> Result<Self, E> {
        match text.as_bytes().first() {
            Some(b'-' | b'0'..=b'9') => number(text).map(Literal::Number),
            Some(b't') => Ok(Literal::Boolean(true)),
            Some(b'f') => Ok(Literal::Boolean(false)),
            Some(b'"') => serde_json::from_str(text)
                .map(Literal::Text)
                .map_err(|e| E::custom(e.to_string())),
            Some(b'[') => Ok(Literal::Other(Unexpected::Seq)),
            Some(b'{') => Ok(Literal::Other(Unexpected::Map)),
            _ => Ok(Literal::Other(Unexpected::Unit)),
        }
    }

    /// What serde calls this value in an `invalid type` refusal.
    pub(crate) fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Literal::Number(v) => Unexpected::Float(*v),
            Literal::Boolean(b) => Unexpected::Bool(*b),
            Literal::Text(s) => Unexpected::Str(s),
            Literal::Other(unexpected) => *unexpected,
        }
    }
}

/// A JSON number's text as the nearest double. A magnitude past `f64::MAX` is refused as
/// serde_json refuses it ("number out of range"), never read as an infinity.
fn number<E: de::Error>(text: &str) -> Result<f64, E> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(E::custom("number out of range")),
        Err(e) => Err(E::custom(e)),
    }
}

/// A number field of the document (`dtNs`, `dv`): its text converted correctly rounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Decimal(pub(crate) f64);

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        match Literal::read(deserializer)? {
            Literal::Number(v) => Ok(Decimal(v)),
            other => Err(de::Error::invalid_type(other.unexpected(), &"f64")),
        }
    }
}

impl serde::Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each literal with the bits of the nearest double, as Python's `float()` (correctly
    /// rounded) gives them: `float(s).hex()`. serde_json's default conversion misses each
    /// by one unit in the last place (serde-rs/json issues 707, 1303, 1336).
    const CORRECTLY_ROUNDED: [(&str, u64); 4] = [
        ("0.9999999999999999", 0x3fef_ffff_ffff_ffff),
        ("1.5777777777770001", 0x3ff9_3e93_e93e_863b),
        ("122.416294033786585", 0x405e_9aa4_8fbb_2888),
        ("10587.436593658975", 0x40c4_adb7_e24d_0f78),
    ];

    #[test]
    fn each_literal_reads_as_its_nearest_double() {
        for (text, bits) in CORRECTLY_ROUNDED {
            let Decimal(v) = serde_json::from_str(text).unwrap();
            assert_eq!(v.to_bits(), bits, "{text}");
        }
    }

    /// How serde_json refuses `text`, a list of numbers, read as `Decimal`s and as `f64`s.
    fn refusals(text: &str) -> (String, String) {
        let ours = serde_json::from_str::<Vec<Decimal>>(text).unwrap_err();
        let serde = serde_json::from_str::<Vec<f64>>(text).unwrap_err();
        (ours.to_string(), serde.to_string())
    }

    /// A message without its ` at line L column C`.
    fn words(message: &str) -> &str {
        message
            .rsplit_once(" at line ")
            .map_or(message, |(words, _)| words)
    }

    #[test]
    fn what_is_not_a_number_is_refused_in_serde_jsons_words_placed_at_its_end() {
        let cases = [
            ("[1, 1e400]", 10),
            ("[\"a\\u0062\"]", 11),
            ("[true]", 6),
            ("[null]", 6),
            ("[1, []]", 7),
            ("[{}]", 4),
        ];
        for (text, column) in cases {
            let (ours, serde) = refusals(text);
            assert_eq!(words(&ours), words(&serde), "{text}");
            assert!(
                ours.ends_with(&format!(" at line 1 column {column}")),
                "{ours}"
            );
        }
    }
}
