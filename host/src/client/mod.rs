//! The typed client: this module's 31 functions called by the contract's ids through
//! anything that answers a [`Call`] — an arora-engine engine, an `arora` device, a bridge
//! connection.
//!
//! It is the one way code outside the module calls it: each method builds the call under
//! the function's and parameters' ids (`animation::ids`), sends it through the
//! [`Caller`], and reads the answer back as the contract's type. Ids are the engine's
//! typed ids, times the engine's time types, records the crate's records; the contract's
//! refusal sentinel (`u32::MAX`) reads as `None`.
//!
//! ```
//! use arora_animation_module::client::{AnimationClient, DeviceSpan, DeviceTime};
//! use arora_animation_module::{animation, exports, AnimationModule};
//! use arora_engine::engine::EngineBuilder;
//! use arora_engine::module::HostModule;
//!
//! let mut engine = EngineBuilder::new().build();
//! let module = HostModule::from_exports(animation::ids::MODULE, exports(AnimationModule::new()));
//! engine.register_module(module.id(), Box::new(module));
//!
//! let mut client = AnimationClient::over(&mut engine);
//! let player = client.create_player(Some("head")).unwrap().expect("ids remain");
//! assert_eq!(player.raw(), 0);
//! let step = client.step_values(DeviceSpan::from_ns(10_000_000), None).unwrap();
//! assert_eq!(step.revision, 1); // the player's section added a revision
//! assert_eq!(client.player_states().unwrap()[0].time_ns, 0); // a player without instances
//! # let _ = DeviceTime::ZERO;
//! ```

mod answer;
mod argument;
mod caller;
mod methods;

pub use animation_engine::{
    AnimationId, ClipTime, DeviceSpan, DeviceTime, InstanceId, LoopMode, PlayerId, TimelinePosition,
};
pub use caller::{BridgeCaller, CallFn, Caller};

use arora_types::Uuid;
use arora_types::call::{Call, CallError, CallResult};
use arora_types::value::{StructureField, Value};

use crate::animation::ids;

/// Why a client call has no answer of the contract's type.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The call itself failed: the function is unknown there, an argument was refused
    /// (a call error, docs/contract.md §4.9), the guest trapped, the connection dropped.
    #[error("`{function}` failed: {error}")]
    Call {
        /// The contract function called.
        function: &'static str,
        /// How the call failed.
        error: CallError,
    },
    /// The call answered something that is not what the contract returns.
    #[error("`{function}` answered a value that is not what the contract returns: {why}")]
    Answer {
        /// The contract function called.
        function: &'static str,
        /// What did not match.
        why: String,
    },
}

/// A client of `@arora/animation` over a [`Caller`].
#[derive(Debug)]
pub struct AnimationClient<C> {
    caller: C,
    module: Uuid,
}

impl<C: Caller> AnimationClient<C> {
    /// A client of the module registered under the contract's module id.
    pub fn new(caller: C) -> Self {
        Self::with_module(caller, ids::MODULE)
    }

    /// A client of an implementation registered under another module id (a contract is
    /// served by any module that implements it).
    pub fn with_module(caller: C, module: Uuid) -> Self {
        Self { caller, module }
    }

    /// The caller the client sends through.
    pub fn caller(&mut self) -> &mut C {
        &mut self.caller
    }

    /// The caller back.
    pub fn into_caller(self) -> C {
        self.caller
    }

    /// Call `function` with `args` under their parameter ids, as they are: the escape for
    /// calls the typed methods cannot make (a wrong type, an argument left out). Its
    /// return value, untouched.
    pub fn call_raw(
        &mut self,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<Value, CallError> {
        self.call_raw_result(function, args)
            .map(|result| result.ret)
    }

    /// [`call_raw`](Self::call_raw), answering the whole [`CallResult`]: the return value
    /// and any argument the call mutated (none of the contract's functions does; a test
    /// comparing two implementations checks that).
    pub fn call_raw_result(
        &mut self,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<CallResult, CallError> {
        self.caller.call(raw_call(self.module, function, args))
    }

    /// Call the contract function `name` (its id `function`); its return value.
    fn send(
        &mut self,
        name: &'static str,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<Value, ClientError> {
        self.call_raw(function, args)
            .map_err(|error| ClientError::Call {
                function: name,
                error,
            })
    }
}

/// The [`Call`] of `function` on the module registered under `module`, with `args` under
/// their parameter ids, as [`AnimationClient::call_raw`] sends it.
///
/// For code that must hold a call rather than send it through a [`Caller`]: frame it as a
/// bridge message, encode it as a guest's argument buffer, alter it into a hostile one, or
/// send the same call again and again in a benchmark.
pub fn raw_call(module: Uuid, function: Uuid, args: Vec<(Uuid, Value)>) -> Call {
    let args = args
        .into_iter()
        .map(|(id, value)| StructureField {
            id,
            value: Box::new(value),
        })
        .collect();
    Call {
        module_id: Some(module),
        id: function,
        args,
    }
}
