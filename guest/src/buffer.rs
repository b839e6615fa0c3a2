//! The two Arora Buffers `dispatch` handles: the call it is given and the
//! result it answers (docs/contract.md §5.5).
//!
//! In: a structure under the function id whose fields are the arguments
//! under their parameter ids. Out: a structure under the function id whose
//! first field, under the function id as well, is the return value, followed
//! by the mutated arguments (none for this module). The engine's result
//! reader asserts that shape, so it is written here and nowhere else.

use std::fmt;

use arora_buffers::serde_uuid::{deserialize, serialize};
use arora_types::Uuid;
use arora_types::call::{Call, CallResult};
use arora_types::value::{Structure, StructureField, Value};

use crate::wire::writer::Writer;

/// Why an argument buffer is not a call of the function it was sent to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgumentError {
    /// The bytes are not an Arora Buffer; says where they go wrong.
    Malformed(String),
    /// The buffer holds a value that is not a structure.
    NotAStructure,
    /// The structure is under another id than the function called.
    WrongFunction {
        /// The function the buffer was sent to.
        method: Uuid,
        /// The id the structure is under.
        found: Uuid,
    },
    /// Decoding the buffer would take more than the guest allows a call
    /// ([`crate::limits::MAX_DECODED_BYTES`], or less when memory is short);
    /// says how much.
    TooLarge {
        /// The bytes decoding would allocate.
        decoded: usize,
        /// The most the call may take.
        limit: usize,
    },
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed(why) => write!(f, "the argument buffer is malformed: {why}"),
            Self::NotAStructure => write!(f, "the argument buffer does not hold a structure"),
            Self::WrongFunction { method, found } => write!(
                f,
                "the argument structure is under {found}, not under the function called, {method}"
            ),
            Self::TooLarge { decoded, limit } => write!(
                f,
                "the argument buffer would take {decoded} bytes to decode, more than the {limit} a call may take"
            ),
        }
    }
}

impl std::error::Error for ArgumentError {}

/// Whether `arg` may be read as a call at all.
///
/// The bytes are checked with `arora_buffers::well_formed` before anything
/// reads them, because the decoder panics on bytes that are not a buffer and
/// a guest's panic is a trap; and counted, because a decode past the guest's
/// memory traps too: a call whose argument would take more than `limit`
/// bytes is refused (see `crate::limits`).
pub fn check_call(arg: &[u8], limit: usize) -> Result<(), ArgumentError> {
    arora_buffers::well_formed(arg).map_err(ArgumentError::Malformed)?;
    let decoded = crate::limits::decoded_bytes(arg).unwrap_or(usize::MAX);
    if decoded > limit {
        return Err(ArgumentError::TooLarge { decoded, limit });
    }
    Ok(())
}

/// The call `arg` carries for function `method`, once [`check_call`] has
/// accepted it (with `limit`). The call names no module: the engine already
/// routed it here.
pub fn decode_call(method: Uuid, arg: &[u8], limit: usize) -> Result<Call, ArgumentError> {
    check_call(arg, limit)?;
    decode_checked(method, arg)
}

/// The call `arg`, which [`check_call`] accepted, carries for function
/// `method`.
pub fn decode_checked(method: Uuid, arg: &[u8]) -> Result<Call, ArgumentError> {
    let Value::Structure(Structure { id, fields }) = deserialize(arg) else {
        return Err(ArgumentError::NotAStructure);
    };
    if id != method {
        return Err(ArgumentError::WrongFunction { method, found: id });
    }
    Ok(Call {
        module_id: None,
        id,
        args: fields,
    })
}

/// The result buffer of function `method`, begun in `out`: the return value
/// written next is its one field, and [`Writer::finish`] ends it. The bytes
/// [`encode_result`] gives the same value, for a function that mutates no
/// argument (none of this module's does).
pub fn begin_result(out: &mut Vec<u8>, method: Uuid) -> Writer<'_> {
    let mut writer = Writer::begin(out);
    writer.structure(method, 1);
    writer.field(method);
    writer
}

/// The result buffer of function `method` answering `result`: its return
/// value first, under the function id, then the mutated arguments.
pub fn encode_result(method: Uuid, result: CallResult) -> Vec<u8> {
    let mut fields = Vec::with_capacity(1 + result.mutated.len());
    fields.push(StructureField {
        id: method,
        value: Box::new(result.ret),
    });
    fields.extend(result.mutated);
    serialize(&Value::Structure(Structure { id: method, fields })).into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_DECODED_BYTES;

    /// docs/contract.md §5.5: `set_speed`.
    const SET_SPEED: Uuid = Uuid::from_u64_pair(0x76697a696a000000, 0x0f00000000000009);

    fn check_and_decode(arg: &[u8]) -> Result<Call, ArgumentError> {
        decode_call(SET_SPEED, arg, MAX_DECODED_BYTES)
    }

    /// The 67 bytes docs/contract.md §5.5 shows reaching `dispatch` for
    /// `set_speed(player = 0, speed = -2.0)`.
    fn set_speed_arg() -> Vec<u8> {
        let mut bytes = vec![0x43, 0, 0, 0, 0x0d];
        bytes.extend(SET_SPEED.as_bytes());
        bytes.extend([2, 0, 0, 0]);
        bytes.extend(Uuid::from_u64_pair(0x76697a696a000000, 0x0f09000000000001).as_bytes());
        bytes.extend([0x04, 0, 0, 0, 0]);
        bytes.extend(Uuid::from_u64_pair(0x76697a696a000000, 0x0f09000000000002).as_bytes());
        bytes.extend([0x0a, 0, 0, 0, 0xc0]);
        bytes
    }

    #[test]
    fn the_contract_s_set_speed_bytes_decode_to_its_two_arguments() {
        let call = check_and_decode(&set_speed_arg()).expect("a well-formed call");
        assert_eq!(call.id, SET_SPEED);
        assert_eq!(call.module_id, None);
        let args: Vec<(u64, Value)> = call
            .args
            .into_iter()
            .map(|field| (field.id.as_u64_pair().1, *field.value))
            .collect();
        assert_eq!(
            args,
            vec![
                (0x0f09000000000001, Value::U32(0)),
                (0x0f09000000000002, Value::F32(-2.0)),
            ]
        );
    }

    #[test]
    fn a_result_is_the_return_value_under_the_function_id_as_the_contract_shows() {
        let bytes = encode_result(
            SET_SPEED,
            CallResult {
                ret: Value::U32(0),
                mutated: vec![],
            },
        );
        let mut expected = vec![0x2e, 0, 0, 0, 0x0d];
        expected.extend(SET_SPEED.as_bytes());
        expected.extend([1, 0, 0, 0]);
        expected.extend(SET_SPEED.as_bytes());
        expected.extend([0x04, 0, 0, 0, 0]);
        assert_eq!(bytes, expected);
        let mut out = Vec::new();
        let mut writer = begin_result(&mut out, SET_SPEED);
        writer.u32(0);
        writer.finish();
        assert_eq!(out, expected);
    }

    #[test]
    fn bytes_cut_short_are_malformed_not_a_panic() {
        let arg = set_speed_arg();
        for len in 0..arg.len() {
            assert!(
                matches!(
                    check_and_decode(&arg[..len]),
                    Err(ArgumentError::Malformed(_))
                ),
                "{len} bytes"
            );
        }
    }

    #[test]
    fn a_value_that_is_not_a_structure_is_refused() {
        let arg = serialize(&Value::U32(7));
        assert_eq!(check_and_decode(&arg), Err(ArgumentError::NotAStructure));
    }

    #[test]
    fn a_structure_under_another_function_is_refused_naming_both_ids() {
        let other = Uuid::from_u64_pair(1, 2);
        let arg = serialize(&Value::Structure(Structure {
            id: other,
            fields: vec![],
        }));
        let error = check_and_decode(&arg).unwrap_err();
        assert_eq!(
            error,
            ArgumentError::WrongFunction {
                method: SET_SPEED,
                found: other
            }
        );
        let message = error.to_string();
        assert!(message.contains(&other.to_string()) && message.contains(&SET_SPEED.to_string()));
    }
}
