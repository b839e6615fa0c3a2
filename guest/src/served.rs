//! The functions the guest serves, and how one call runs through them.

use std::fmt;
use std::sync::Arc;

use arora_animation_module::animation::{FUNCTIONS, invoke};
use arora_animation_module::{AnimationModule, AnswerBudget, AnswerTooLarge, ContractModule};
use arora_types::Uuid;
use arora_types::call::CallError;
use arora_types::module::declared::AroraFunction;

use crate::buffer::{ArgumentError, begin_result, check_call, decode_checked, encode_result};
use crate::limits::{MAX_DECODED_BYTES, argument_limit};
use crate::wire::{self, arguments::Arguments};

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

/// The largest buffer allocated up front for an answer: larger ones grow as
/// they are written.
const HINT_MOST: usize = 1 << 20;

/// A module's functions, callable by id: one state, as one registration of
/// the module holds it (every function shares it).
pub struct Served {
    functions: Functions,
    /// The state's answer budget, when memory is capped: what limits an
    /// argument's size too.
    budget: Option<Arc<AnswerBudget>>,
    /// The length of the last answer written straight to the wire, at most
    /// [`HINT_MOST`]: the next one's buffer is allocated that large at once,
    /// so that a step's answer is one allocation, not one per doubling. The
    /// buffer itself is handed out with the answer (the world's `dispatch`
    /// owns what it returns), so nothing large stays live between calls.
    hint: usize,
}

/// What the functions are.
enum Functions {
    /// Any module's functions, each owning its share of the state: every call
    /// is decoded into a `Call` and its result encoded from its `Value`.
    Listed(Vec<AroraFunction>),
    /// The contract's 31 functions over a state held here, so that the calls
    /// [`wire::answer`] serves are answered straight to the wire.
    Contract(Box<ContractModule>),
}

impl Served {
    /// Serve `functions`, listed in the order given, with no memory limit
    /// but [`crate::limits::MAX_DECODED_BYTES`].
    pub fn new(functions: Vec<AroraFunction>) -> Self {
        Self::of(Functions::Listed(functions), None)
    }

    /// Serve `functions` with `budget`: an argument is refused when decoding
    /// it would not fit in the memory `budget` finds free
    /// ([`crate::limits::argument_limit`]). (Functions listed answer what
    /// they return; an answer refused for want of memory is
    /// [`DispatchError::Answer`] only over the contract,
    /// [`contract`](Self::contract).)
    pub fn with_budget(functions: Vec<AroraFunction>, budget: Arc<AnswerBudget>) -> Self {
        Self::of(Functions::Listed(functions), Some(budget))
    }

    /// Serve the contract over `module`, as the guest does: the calls
    /// [`wire::answer`] serves answered straight to the wire, the others by
    /// the contract functions a host registration runs; with `budget`, as
    /// [`with_budget`](Self::with_budget) says.
    pub fn contract(module: AnimationModule, budget: Option<Arc<AnswerBudget>>) -> Self {
        let module = match &budget {
            Some(budget) => module.with_answer_budget(budget.clone()),
            None => module,
        };
        Self::of(Functions::Contract(Box::new(module.into())), budget)
    }

    fn of(functions: Functions, budget: Option<Arc<AnswerBudget>>) -> Self {
        Self {
            functions,
            budget,
            hint: 0,
        }
    }

    /// The ids of the functions served, in declaration order: what the
    /// world's `functions` answers.
    pub fn ids(&self) -> Vec<Uuid> {
        match &self.functions {
            Functions::Listed(functions) => functions.iter().map(|function| function.id).collect(),
            Functions::Contract(_) => FUNCTIONS.to_vec(),
        }
    }

    /// Run function `method` on the Arora Buffer `arg` and answer its result
    /// buffer (docs/contract.md §5.5). Never panics on any `method` or `arg`: the
    /// buffer is checked before it is read, and the functions refuse what
    /// they cannot read with an error; with a budget, neither an argument
    /// nor an answer is built past the memory free.
    ///
    /// Over the contract, a call of a function [`wire::answer`] serves is
    /// answered there, straight between the bytes and the engine: its
    /// arguments read from the bytes when they are plain, else from the call
    /// decoded, as the contract reads them; its answer refused in its
    /// `Result` when the budget has no room for it. Every other call, and one
    /// whose arguments do not read, is decoded into a `Call` and run by the
    /// contract function a host registration runs. Both give the same bytes
    /// (`guest/tests/integration/direct_answers.rs`).
    pub fn dispatch(&mut self, method: Uuid, arg: &[u8]) -> Result<Vec<u8>, DispatchError> {
        let known = match &self.functions {
            Functions::Listed(functions) => functions.iter().any(|function| function.id == method),
            Functions::Contract(_) => FUNCTIONS.contains(&method),
        };
        if !known {
            return Err(DispatchError::UnknownFunction(method));
        }
        let limit = self
            .budget
            .as_ref()
            .map_or(MAX_DECODED_BYTES, |budget| argument_limit(budget.free()));
        check_call(arg, limit).map_err(DispatchError::Argument)?;
        // One buffer for the answer, whichever way the arguments are read.
        let mut bytes = match self.functions {
            Functions::Contract(_) => Vec::with_capacity(self.hint),
            Functions::Listed(_) => Vec::new(),
        };
        let plain = |parameters: &[Uuid]| Arguments::read(arg, method, parameters);
        if let Some(answered) = self.answer(method, plain, &mut bytes) {
            return answered.map(|()| bytes);
        }
        let call = decode_checked(method, arg).map_err(DispatchError::Argument)?;
        let read = |parameters: &[Uuid]| Arguments::of_call(&call, parameters);
        if let Some(answered) = self.answer(method, read, &mut bytes) {
            return answered.map(|()| bytes);
        }
        let result = match &mut self.functions {
            Functions::Listed(functions) => functions
                .iter_mut()
                .find(|function| function.id == method)
                .map(|function| (function.invoke)(call)),
            Functions::Contract(contract) => invoke(contract, call),
        };
        let result = result
            .ok_or(DispatchError::UnknownFunction(method))?
            .map_err(DispatchError::Refused)?;
        Ok(encode_result(method, result))
    }

    /// Over the contract, a call [`wire::answer`] answers with the arguments `read`
    /// gives: its result buffer written in `bytes`, or the answer refused for want of
    /// memory; none for another call, or arguments that do not read, and then nothing has
    /// run.
    fn answer<'a>(
        &mut self,
        method: Uuid,
        read: impl Fn(&[Uuid]) -> Option<Arguments<'a>>,
        bytes: &mut Vec<u8>,
    ) -> Option<Result<(), DispatchError>> {
        let Functions::Contract(contract) = &mut self.functions else {
            return None;
        };
        let mut out = begin_result(bytes, method);
        match wire::answer(contract, method, read, &mut out)? {
            Ok(()) => {
                out.finish();
                self.hint = bytes.len().min(HINT_MOST);
                Some(Ok(()))
            }
            Err(refused) => Some(Err(DispatchError::Answer(refused))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arora_animation_module::client::raw_call;
    use arora_buffers::serde_uuid::{deserialize, serialize};
    use arora_types::call::CallResult;
    use arora_types::record::module::frozen::Function;
    use arora_types::record::ty::PrimitiveKind;
    use arora_types::value::{Structure, Value};

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

    /// The argument buffer of a call of `method` with `args` (the call
    /// [`raw_call`] builds, as a structure under the function's id).
    pub(super) fn call(method: Uuid, args: Vec<(Uuid, Value)>) -> Vec<u8> {
        let call = raw_call(Uuid::nil(), method, args);
        let fields = call.args;
        serialize(&Value::Structure(Structure { id: method, fields })).into_vec()
    }

    pub(super) fn returned(method: Uuid, bytes: &[u8]) -> Value {
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

    /// `served` refuses a function it does not serve, naming its id.
    pub(super) fn refuses_an_unknown_function(mut served: Served) {
        let unknown = Uuid::from_u64_pair(9, 9);
        let error = served
            .dispatch(unknown, &call(unknown, vec![]))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("the module serves no function {unknown}")
        );
    }

    #[test]
    fn an_unknown_function_is_refused_by_id() {
        refuses_an_unknown_function(counter());
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

#[cfg(test)]
mod contract_tests {
    use super::*;
    use arora_animation_module::animation::ids;
    use arora_animation_module::exports;
    use arora_types::value::Value;

    use super::tests::{call, refuses_an_unknown_function, returned};

    fn create_player(served: &mut Served) -> Value {
        let create = ids::create_player::FUNCTION;
        returned(
            create,
            &served.dispatch(create, &call(create, vec![])).unwrap(),
        )
    }

    #[test]
    fn functions_are_listed_in_the_order_a_host_registration_lists_them() {
        let host: Vec<Uuid> = exports(AnimationModule::new())
            .iter()
            .map(|function| function.id)
            .collect();
        assert_eq!(Served::contract(AnimationModule::new(), None).ids(), host);
    }

    #[test]
    fn every_function_shares_the_one_state() {
        let mut served = Served::contract(AnimationModule::new(), None);
        assert_eq!(create_player(&mut served), Value::U32(0));
        assert_eq!(create_player(&mut served), Value::U32(1));
    }

    #[test]
    fn an_unknown_function_is_refused_by_id() {
        refuses_an_unknown_function(Served::contract(AnimationModule::new(), None));
    }

    #[test]
    fn a_refused_argument_reads_as_the_contract_function_words_it() {
        let mut served = Served::contract(AnimationModule::new(), None);
        let step = ids::step::FUNCTION;
        let missing = served.dispatch(step, &call(step, vec![])).unwrap_err();
        assert_eq!(missing.to_string(), "missing parameter `dt_ns` of `step`");
        let ill_typed = served
            .dispatch(step, &call(step, vec![(ids::step::DT_NS, Value::F64(1.0))]))
            .unwrap_err();
        assert_eq!(
            ill_typed.to_string(),
            "parameter `dt_ns` of `step`: unexpected value 1f64"
        );
    }

    #[test]
    fn a_refused_call_leaves_the_state_for_the_next_one() {
        let mut served = Served::contract(AnimationModule::new(), None);
        create_player(&mut served);
        let play = ids::play::FUNCTION;
        assert!(
            served
                .dispatch(play, &[0xff, 0xff, 0xff, 0xff, 0x0d])
                .is_err()
        );
        let other = call(
            ids::pause::FUNCTION,
            vec![(ids::pause::PLAYER, Value::U32(0))],
        );
        assert!(served.dispatch(play, &other).is_err());
        assert_eq!(create_player(&mut served), Value::U32(1));
    }
}
