//! Reading a limits file (TOML) into [`Limits`].
//!
//! ```toml
//! ["arm/*"]            # every target starting "arm/"
//! max_velocity = 250   # units per second
//! max_acceleration = 4000
//!
//! ["arm/angle"]        # this one joint: its own range, and a stricter speed
//! min = -10
//! max = 100
//! max_velocity = 200
//! max_velocity_step = 50
//!
//! ["light/on"]         # named with nothing set: no limits, on purpose
//! ```
//!
//! The document is read with `toml`'s span-keeping parser so that every refusal names
//! its line: not TOML; a top-level key that is not a table; a key that is not one of the
//! five limits; a value that is not a finite number; a negative `max_*` magnitude; `min`
//! above `max` in one table. Integers are read as f64 (exact up to 2⁵³).

use toml::de::{DeTable, DeValue};

use super::LimitsError;
use super::glob::Pattern;
use super::table::{LimitName, LimitTable, Limits, TargetLimits};

type Spanned<T> = toml::Spanned<T>;

impl Limits {
    /// Reads the text of a limits file; the error names the line.
    pub fn from_toml(text: &str) -> Result<Limits, LimitsError> {
        let at = |offset: usize| line_of(text, offset);
        let document = DeTable::parse(text).map_err(|error| LimitsError {
            line: at(error.span().map_or(0, |span| span.start)),
            what: format!("not TOML: {}", one_line(error.message())),
        })?;
        let mut tables = Vec::new();
        for (key, value) in document.get_ref() {
            let line = at(key.span().start);
            let DeValue::Table(entries) = value.get_ref() else {
                return Err(LimitsError {
                    line,
                    what: format!(
                        "{:?} is not a table: a limits file is a table per target or glob, \
                         e.g. [\"arm/*\"]",
                        key.get_ref()
                    ),
                });
            };
            let limits = table_limits(key.get_ref(), entries, &at)?;
            let pattern = Pattern::new(key.get_ref());
            tables.push(LimitTable {
                pattern,
                line,
                limits,
            });
        }
        tables.sort_by_key(|table| table.line);
        Ok(Limits { tables })
    }
}

/// The limits one table sets.
fn table_limits(
    header: &str,
    entries: &DeTable<'_>,
    at: &impl Fn(usize) -> usize,
) -> Result<TargetLimits, LimitsError> {
    let mut limits = TargetLimits::default();
    for (key, value) in entries {
        let line = at(key.span().start);
        let refuse = |what: String| LimitsError { line, what };
        let Some(name) = LimitName::from_key(key.get_ref()) else {
            return Err(refuse(unknown_key(header, key.get_ref(), value)));
        };
        let number = number(value).ok_or_else(|| {
            refuse(format!(
                "{} must be a finite number, not {}",
                name.key(),
                shown(value.get_ref())
            ))
        })?;
        if name.is_magnitude() && number < 0.0 {
            return Err(refuse(format!(
                "{} is {number}: a limit on a magnitude cannot be negative",
                name.key()
            )));
        }
        limits.set(name, number);
    }
    if let (Some(min), Some(max)) = (limits.min, limits.max)
        && min > max
    {
        let line = entries
            .iter()
            .find(|(key, _)| key.get_ref() == "max")
            .map_or(1, |(key, _)| at(key.span().start));
        return Err(LimitsError {
            line,
            what: format!("max {max} is below min {min} in [{header:?}]"),
        });
    }
    Ok(limits)
}

fn unknown_key(header: &str, key: &str, value: &Spanned<DeValue<'_>>) -> String {
    let known = LimitName::ALL.map(LimitName::key).join(", ");
    if matches!(value.get_ref(), DeValue::Table(_)) {
        // `[arm.angle]` is the table "angle" inside the table "arm".
        return format!(
            "[{header}.{key}] is a table inside [{header}]: quote a target holding a dot, \
             e.g. [\"{header}.{key}\"]"
        );
    }
    format!("unknown key {key:?} in [{header:?}] (a table sets any of {known})")
}

/// A TOML integer or float as a finite f64.
fn number(value: &Spanned<DeValue<'_>>) -> Option<f64> {
    let x = match value.get_ref() {
        DeValue::Integer(integer) => i64::from_str_radix(integer.as_str(), integer.radix())
            .ok()
            .map(|i| i as f64),
        DeValue::Float(float) => float.as_str().replace('_', "").parse::<f64>().ok(),
        _ => None,
    }?;
    x.is_finite().then_some(x)
}

fn shown(value: &DeValue<'_>) -> String {
    match value {
        DeValue::Float(float) => float.as_str().to_string(),
        other => format!("a {}", other.type_str()),
    }
}

/// The line (from 1) holding byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let before = &text.as_bytes()[..offset.min(text.len())];
    1 + before.iter().filter(|&&b| b == b'\n').count()
}

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}
