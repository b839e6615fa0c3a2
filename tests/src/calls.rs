//! One call of the module in the wire forms a session compares, and what it answers.
//!
//! A [`Command`] is a function id with its arguments under their parameter
//! ids, as the typed client's `call_raw` sends them; one constructor per
//! function, named for it, generated from the contract's one listing
//! (`arora_animation_module::for_each_function!`): its ids are the
//! declaration's, its argument types the contract's, each taken in its
//! [`RawForm`]. An optional argument is an [`Opt`], so a session can send each
//! of the forms the contract accepts for it (left out, `Option(None)`, bare),
//! which the typed methods do not; a record argument is a bare [`Value`], so a
//! session can send one the module refuses. The client builds and sends the
//! call.

use arora_animation_module::animation::ids;
use arora_animation_module::client::{self, AnimationClient, BridgeCaller, Caller};
use arora_animation_module::records::{AnimationClip, Clip};
use arora_types::Uuid;
use arora_types::call::{Call, CallBridge, CallError, CallResult};
use arora_types::value::Value;

/// A call of one function of the module.
#[derive(Clone, Debug)]
pub struct Command {
    /// The function's name, for messages.
    pub name: &'static str,
    /// The function's id.
    pub function: Uuid,
    /// The arguments, each under its parameter id, in the order sent.
    pub args: Vec<(Uuid, Value)>,
}

/// How an optional argument is sent (docs/contract.md §1.3): left out,
/// `Option(None)`, `Option(Some(x))`, or a bare `x`.
#[derive(Clone, Debug)]
pub enum Opt<T> {
    /// Left out.
    Omitted,
    /// `Option(None)`.
    None,
    /// `Option(Some(x))`.
    Some(T),
    /// A bare `x`.
    Bare(T),
}

/// How a raw call takes an argument of the contract's type: its [`Form`](RawForm::Form),
/// and the argument that form sends.
pub trait RawForm {
    /// What a raw call builder takes for a parameter of this type.
    type Form<'a>;
    /// The argument `form` sends under `parameter`; none when it is left out.
    fn arg(form: Self::Form<'_>, parameter: Uuid) -> Option<(Uuid, Value)>;
}

/// An optional argument: any of the forms the contract accepts, as an [`Opt`].
impl<T: Into<Value>> RawForm for Option<T> {
    type Form<'a> = Opt<T>;
    fn arg(form: Opt<T>, parameter: Uuid) -> Option<(Uuid, Value)> {
        let value = match form {
            Opt::Omitted => return None,
            Opt::None => Value::Option(None),
            Opt::Some(x) => Value::Option(Some(Box::new(x.into()))),
            Opt::Bare(x) => x.into(),
        };
        Some((parameter, value))
    }
}

/// Numbers and flags: sent as they are.
macro_rules! plain {
    ($($plain:ty),*) => {$(
        impl RawForm for $plain {
            type Form<'a> = $plain;
            fn arg(form: $plain, parameter: Uuid) -> Option<(Uuid, Value)> {
                Some((parameter, form.into()))
            }
        }
    )*};
}
plain!(u32, u64, i64, f32, f64, bool);

/// A string: any text.
impl RawForm for String {
    type Form<'a> = &'a str;
    fn arg(form: &str, parameter: Uuid) -> Option<(Uuid, Value)> {
        Some((parameter, form.to_string().into()))
    }
}

/// A clip record: any value, to send one the module refuses.
macro_rules! any_value {
    ($($record:ty),*) => {$(
        impl RawForm for $record {
            type Form<'a> = Value;
            fn arg(form: Value, parameter: Uuid) -> Option<(Uuid, Value)> {
                Some((parameter, form))
            }
        }
    )*};
}
any_value!(AnimationClip, Clip);

/// What a call answered, comparable between two modules: the return value
/// (no function here mutates an argument), or the error as it reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The value the call returned.
    Returned(Value),
    /// The call failed (or mutated an argument): the error as it reads.
    Failed(String),
}

impl From<Result<CallResult, CallError>> for Answer {
    fn from(result: Result<CallResult, CallError>) -> Self {
        match result {
            Ok(CallResult { ret, mutated }) if mutated.is_empty() => Self::Returned(ret),
            Ok(result) => Self::Failed(format!("a call mutated its arguments: {result:?}")),
            Err(error) => Self::Failed(format!("{error:?}")),
        }
    }
}

impl Command {
    fn new(name: &'static str, function: Uuid, args: Vec<Option<(Uuid, Value)>>) -> Self {
        Self {
            name,
            function,
            args: args.into_iter().flatten().collect(),
        }
    }

    /// The call, addressed to `@arora/animation`, as the typed client's `call_raw` sends
    /// it: for a caller that must hold it (a bridge message, a guest's buffer).
    pub fn call(&self) -> Call {
        client::raw_call(ids::MODULE, self.function, self.args.clone())
    }

    /// Send the call through `caller` (an engine's [`BridgeCaller`], a bridge
    /// connection) with the typed client's `call_raw`.
    pub fn send_through(&self, caller: impl Caller) -> Answer {
        AnimationClient::new(caller)
            .call_raw_result(self.function, self.args.clone())
            .into()
    }

    /// Send the call through `bridge` (an engine or a device's).
    pub fn send(&self, bridge: &mut dyn CallBridge) -> Answer {
        self.send_through(BridgeCaller(bridge))
    }
}

macro_rules! raw_calls {
    // One entry of the listing, as it stands there on one line.
    ($($(#[$doc:meta])* fn $name:ident = $generated:ident($($arg:ident $param:ident: $client:ty => $contract:ty),* $(,)?) -> $answer:ty => $ret:ty;)*) => {$(
        #[doc = concat!("A call of `", stringify!($name), "`.")]
        pub fn $name($($arg: <$contract as RawForm>::Form<'_>),*) -> Command {
            let args = vec![$(<$contract as RawForm>::arg($arg, ids::$name::$param)),*];
            Command::new(stringify!($name), ids::$name::FUNCTION, args)
        }
    )*};
}

arora_animation_module::for_each_function!(raw_calls);
