//! Reading an answer as the contract's type.

use arora_types::AroraType;
use arora_types::value::{Structure, Value};

use super::ClientError;

/// An id answer: `None` for the contract's refusal, `u32::MAX`.
pub(super) fn id<T>(
    function: &'static str,
    answer: Value,
    from_raw: fn(u32) -> T,
) -> Result<Option<T>, ClientError> {
    match answer {
        Value::U32(u32::MAX) => Ok(None),
        Value::U32(raw) => Ok(Some(from_raw(raw))),
        other => Err(mismatch(function, "a u32", &other)),
    }
}

/// A `bool` answer.
pub(super) fn boolean(function: &'static str, answer: Value) -> Result<bool, ClientError> {
    match answer {
        Value::Boolean(answer) => Ok(answer),
        other => Err(mismatch(function, "a bool", &other)),
    }
}

/// A `u32` answer read as a `bool`: `remove_instance`'s `1` or `0`.
pub(super) fn one_or_zero(function: &'static str, answer: Value) -> Result<bool, ClientError> {
    match answer {
        Value::U32(1) => Ok(true),
        Value::U32(0) => Ok(false),
        other => Err(mismatch(function, "1 or 0", &other)),
    }
}

/// A record answer.
pub(super) fn record<R>(function: &'static str, answer: Value) -> Result<R, ClientError>
where
    R: TryFrom<Value, Error = arora_types::value::ConversionError>,
{
    R::try_from(answer).map_err(|error| ClientError::Answer {
        function,
        why: error.message,
    })
}

/// An optional record answer: `Option(None)`, `Option(Some(r))` or a bare `r`.
pub(super) fn optional_record<R>(
    function: &'static str,
    answer: Value,
) -> Result<Option<R>, ClientError>
where
    R: TryFrom<Value, Error = arora_types::value::ConversionError>,
{
    match answer {
        Value::Option(None) => Ok(None),
        Value::Option(Some(answer)) => record(function, *answer).map(Some),
        answer => record(function, answer).map(Some),
    }
}

/// An array-of-records answer: the structure array the contract returns.
pub(super) fn records<R>(function: &'static str, answer: Value) -> Result<Vec<R>, ClientError>
where
    R: AroraType + TryFrom<Value, Error = arora_types::value::ConversionError>,
{
    match answer {
        Value::ArrayStructure { id, elements } if id == R::arora_type_id() => elements
            .into_iter()
            .map(|element| {
                let element = Value::Structure(Structure {
                    id,
                    fields: element.fields,
                });
                record(function, element)
            })
            .collect(),
        other => Err(mismatch(function, "an array of records", &other)),
    }
}

fn mismatch(function: &'static str, expected: &str, answer: &Value) -> ClientError {
    ClientError::Answer {
        function,
        why: format!("expected {expected}, got {answer:?}"),
    }
}
