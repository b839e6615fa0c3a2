//! Reading an answer as the client's type: [`FromAnswer<R>`] reads the `Value` of the
//! contract's return type `R`.
//!
//! The contract's refusal sentinel, `u32::MAX`, reads as `None`; `remove_instance`'s `1`
//! or `0` as a `bool`; a record as the crate's record.

use animation_engine::{AnimationId, InstanceId, PlayerId};
use arora_types::AroraType;
use arora_types::value::{ConversionError, Structure, Value};

use super::ClientError;
use crate::records::{
    BakedAnimation, OutputKeys, PlayerState, StepSamples, StepValues, TrackOutput,
};

/// A client answer read from the value of the contract's return type `R`.
pub(super) trait FromAnswer<R>: Sized {
    /// The answer of `function`, or why `answer` is not what the contract returns.
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError>;
}

/// An engine id, from the number it crosses as.
pub(super) trait RawId {
    /// The id numbered `raw`.
    fn from_raw(raw: u32) -> Self;
}

macro_rules! raw_ids {
    ($($id:ty),*) => {$(
        impl RawId for $id {
            fn from_raw(raw: u32) -> Self {
                <$id>::from_raw(raw)
            }
        }
    )*};
}
raw_ids!(AnimationId, PlayerId, InstanceId);

/// An id answer: `None` for the contract's refusal, `u32::MAX`.
impl<T: RawId> FromAnswer<u32> for Option<T> {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        match answer {
            Value::U32(u32::MAX) => Ok(None),
            Value::U32(raw) => Ok(Some(T::from_raw(raw))),
            other => Err(mismatch(function, "a u32", &other)),
        }
    }
}

/// A `bool` answer.
impl FromAnswer<bool> for bool {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        match answer {
            Value::Boolean(answer) => Ok(answer),
            other => Err(mismatch(function, "a bool", &other)),
        }
    }
}

/// A `u32` answer read as a `bool`: `remove_instance`'s `1` or `0`.
impl FromAnswer<u32> for bool {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        match answer {
            Value::U32(1) => Ok(true),
            Value::U32(0) => Ok(false),
            other => Err(mismatch(function, "1 or 0", &other)),
        }
    }
}

/// A record the contract returns.
pub(super) trait Record: AroraType + TryFrom<Value, Error = ConversionError> {}

impl Record for TrackOutput {}
impl Record for PlayerState {}
impl Record for BakedAnimation {}
impl Record for StepValues {}
impl Record for StepSamples {}
impl Record for OutputKeys {}

/// A record answer.
impl<R: Record> FromAnswer<R> for R {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        R::try_from(answer).map_err(|error| ClientError::Answer {
            function,
            why: error.message,
        })
    }
}

/// An optional record answer: `Option(None)`, `Option(Some(r))` or a bare `r`.
impl<R: Record> FromAnswer<Option<R>> for Option<R> {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        match answer {
            Value::Option(None) => Ok(None),
            Value::Option(Some(answer)) => R::from_answer(function, *answer).map(Some),
            answer => R::from_answer(function, answer).map(Some),
        }
    }
}

/// An array-of-records answer: the structure array the contract returns.
impl<R: Record> FromAnswer<Vec<R>> for Vec<R> {
    fn from_answer(function: &'static str, answer: Value) -> Result<Self, ClientError> {
        match answer {
            Value::ArrayStructure { id, elements } if id == R::arora_type_id() => elements
                .into_iter()
                .map(|element| {
                    let fields = element.fields;
                    R::from_answer(function, Value::Structure(Structure { id, fields }))
                })
                .collect(),
            other => Err(mismatch(function, "an array of records", &other)),
        }
    }
}

fn mismatch(function: &'static str, expected: &str, answer: &Value) -> ClientError {
    ClientError::Answer {
        function,
        why: format!("expected {expected}, got {answer:?}"),
    }
}
