//! The functions the guest serves, and how one call runs through them.

use std::fmt;
use std::sync::Arc;

use arora_animation_module::{AnswerBudget, AnswerTooLarge};
use arora_types::Uuid;
use arora_types::call::CallError;
use arora_types::module::declared::AroraFunction;

use crate::buffer::{ArgumentError, decode_call, encode_result};
use crate::limits::{MAX_DECODED_BYTES, argument_limit};

/// Why `dispatch` answers `err`: the message the engine hands the caller as
/// `CallError::Guest`.
#[derive(Debug)]
pub enum DispatchError {
    /// No function of the module has this id.
    UnknownFunction(Uuid),
    /// The argument buffer is not a call of the function.
    Argument(ArgumentError),
    /// The function refused its arguments (one missing, or of the wrong
    /// kind, or a record that does not convert) and was not entered.
    Refused(CallError),
    /// The function ran, but its answer would not fit in the memory free,
    /// so it was not built.
    Answer(AnswerTooLarge),
}

impl fmt::Display for DispatchError {
    /// A refusal reads exactly as a host registration reports it
    /// (`HostModule` passes a `Guest` message on as is and any other error
    /// as its `Display`), so the guest and the host answer a caller alike.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownFunction(id) => write!(f, "the module serves no function {id}"),
            Self::Argument(error) => error.fmt(f),
            Self::Refused(CallError::Guest { message }) => f.write_str(message),
            Self::Refused(other) => other.fmt(f),
            Self::Answer(refused) => refused.fmt(f),
        }
    }
}

impl std::error::Error for DispatchError {}

/// A module's functions, callable by id: one state, as one registration of
/// the contract holds it (every function shares it).
pub struct Served {
    functions: Vec<AroraFunction>,
    /// The state's answer budget, when memory is capped: what limits an
    /// argument's size too, and holds the answers refused.
    budget: Option<Arc<AnswerBudget>>,
}

impl Served {
    /// Serve `functions`, listed in the order given, with no memory limit
    /// but [`crate::limits::MAX_DECODED_BYTES`].
    pub fn new(functions: Vec<AroraFunction>) -> Self {
        Self {
            functions,
            budget: None,
        }
    }

    /// Serve `functions` over a state built with `budget`: an argument is
    /// refused when decoding it would not fit in the memory `budget` finds
    /// free ([`crate::limits::argument_limit`]), and a call whose answer the
    /// state refused answers [`DispatchError::Answer`].
    pub fn with_budget(functions: Vec<AroraFunction>, budget: Arc<AnswerBudget>) -> Self {
        Self {
            functions,
            budget: Some(budget),
        }
    }

    /// The ids of the functions served, in declaration order: what the
    /// world's `functions` answers.
    pub fn ids(&self) -> Vec<Uuid> {
        self.functions.iter().map(|function| function.id).collect()
    }

    /// Run function `method` on the Arora Buffer `arg` and answer its result
    /// buffer (docs/contract.md §5.5). Never panics on any `method` or `arg`: the
    /// buffer is checked before it is decoded, and the functions refuse what
    /// they cannot read with an error; with a budget, neither an argument
    /// nor an answer is built past the memory free.
    pub fn dispatch(&mut self, method: Uuid, arg: &[u8]) -> Result<Vec<u8>, DispatchError> {
        // A scan of 31 ids costs less than hashing one with SipHash in wasm.
        let function = self
            .functions
            .iter_mut()
            .find(|function| function.id == method)
            .ok_or(DispatchError::UnknownFunction(method))?;
        let limit = self
            .budget
            .as_ref()
            .map_or(MAX_DECODED_BYTES, |budget| argument_limit(budget.free()));
        let call = decode_call(method, arg, limit).map_err(DispatchError::Argument)?;
        let result = (function.invoke)(call).map_err(DispatchError::Refused)?;
        if let Some(refused) = self
            .budget
            .as_ref()
            .and_then(|budget| budget.take_refusal())
        {
            return Err(DispatchError::Answer(refused));
        }
        Ok(encode_result(method, result))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arora_buffers::serde_uuid::{deserialize, serialize};
    use arora_types::call::CallResult;
    use arora_types::record::module::frozen::Function;
    use arora_types::record::ty::PrimitiveKind;
    use arora_types::value::{Structure, StructureField, Value};

    const ADD: Uuid = Uuid::from_u64_pair(1, 1);
    const COUNT: Uuid = Uuid::from_u64_pair(1, 2);
    const BY: Uuid = Uuid::from_u64_pair(2, 1);

    /// A two-function module over one counter, standing in for the
    /// contract: `add(by: u32) -> u32` and `count() -> u32`.
    fn counter() -> Served {
        let total = std::rc::Rc::new(std::cell::Cell::new(0u32));
        let added = total.clone();
        let add = move |call: arora_types::call::Call| {
            let by = call
                .args
                .iter()
                .find(|field| field.id == BY)
                .ok_or_else(|| CallError::Guest {
                    message: "missing parameter `by` of `add`".into(),
                })?;
            let Value::U32(by) = *by.value else {
                return Err(CallError::Generic {
                    message: "`by` is not a u32".into(),
                });
            };
            added.set(added.get() + by);
            Ok(CallResult {
                ret: Value::U32(added.get()),
                mutated: vec![],
            })
        };
        let count = move |_| {
            Ok(CallResult {
                ret: Value::U32(total.get()),
                mutated: vec![],
            })
        };
        Served::new(vec![
            function(ADD, "add", add),
            function(COUNT, "count", count),
        ])
    }

    fn function(
        id: Uuid,
        name: &'static str,
        invoke: impl FnMut(arora_types::call::Call) -> Result<CallResult, CallError> + 'static,
    ) -> AroraFunction {
        AroraFunction {
            id,
            name,
            signature: Function {
                parameters: Default::default(),
                parameter_ordering: vec![],
                return_ty: PrimitiveKind::U32.into(),
            },
            invoke: Box::new(invoke),
        }
    }

    fn call(method: Uuid, args: Vec<(Uuid, Value)>) -> Vec<u8> {
        let fields = args
            .into_iter()
            .map(|(id, value)| StructureField {
                id,
                value: Box::new(value),
            })
            .collect();
        serialize(&Value::Structure(Structure { id: method, fields })).into_vec()
    }

    fn returned(method: Uuid, bytes: &[u8]) -> Value {
        let Value::Structure(result) = deserialize(bytes) else {
            panic!("a result is a structure");
        };
        assert_eq!(result.id, method);
        assert_eq!(result.fields[0].id, method);
        *result.fields[0].value.clone()
    }

    #[test]
    fn functions_are_listed_in_the_order_served() {
        assert_eq!(counter().ids(), vec![ADD, COUNT]);
    }

    #[test]
    fn every_function_shares_the_one_state() {
        let mut served = counter();
        served
            .dispatch(ADD, &call(ADD, vec![(BY, Value::U32(2))]))
            .unwrap();
        served
            .dispatch(ADD, &call(ADD, vec![(BY, Value::U32(3))]))
            .unwrap();
        let bytes = served.dispatch(COUNT, &call(COUNT, vec![])).unwrap();
        assert_eq!(returned(COUNT, &bytes), Value::U32(5));
    }

    #[test]
    fn an_unknown_function_is_refused_by_id() {
        let unknown = Uuid::from_u64_pair(9, 9);
        let error = counter()
            .dispatch(unknown, &call(unknown, vec![]))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("the module serves no function {unknown}")
        );
    }

    #[test]
    fn a_guest_refusal_reads_as_its_message_and_any_other_as_its_display() {
        let mut served = counter();
        let missing = served.dispatch(ADD, &call(ADD, vec![])).unwrap_err();
        assert_eq!(missing.to_string(), "missing parameter `by` of `add`");
        let ill_typed = served
            .dispatch(ADD, &call(ADD, vec![(BY, Value::F64(1.0))]))
            .unwrap_err();
        assert_eq!(
            ill_typed.to_string(),
            CallError::Generic {
                message: "`by` is not a u32".into()
            }
            .to_string()
        );
    }

    #[test]
    fn a_refused_call_leaves_the_state_for_the_next_one() {
        let mut served = counter();
        served
            .dispatch(ADD, &call(ADD, vec![(BY, Value::U32(4))]))
            .unwrap();
        assert!(
            served
                .dispatch(ADD, &[0xff, 0xff, 0xff, 0xff, 0x0d])
                .is_err()
        );
        assert!(served.dispatch(ADD, &call(COUNT, vec![])).is_err());
        let bytes = served.dispatch(COUNT, &call(COUNT, vec![])).unwrap();
        assert_eq!(returned(COUNT, &bytes), Value::U32(4));
    }
}
