//! What a client sends its calls through.

use arora_types::call::{Call, CallBridge, CallError, CallResult};

/// Anything that takes a [`Call`] and answers a [`CallResult`].
///
/// Implemented for a borrowed [`CallBridge`] (an arora-engine `Engine`, through
/// [`BridgeCaller`]), for a closure ([`CallFn`]: an `arora` device's `call`, a bridge
/// connection's round trip), and for `&mut` of any caller.
pub trait Caller {
    /// Send `call`; what it answered.
    fn call(&mut self, call: Call) -> Result<CallResult, CallError>;
}

impl<C: Caller + ?Sized> Caller for &mut C {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        (**self).call(call)
    }
}

/// A [`CallBridge`] as a caller: an engine, or anything else that dispatches calls.
#[derive(Debug)]
pub struct BridgeCaller<'a, B: ?Sized>(pub &'a mut B);

impl<B: CallBridge + ?Sized> Caller for BridgeCaller<'_, B> {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        self.0.arora_call(call)
    }
}

/// A closure as a caller: `CallFn(|call| device.call(call))`.
#[derive(Debug)]
pub struct CallFn<F>(pub F);

impl<F: FnMut(Call) -> Result<CallResult, CallError>> Caller for CallFn<F> {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        (self.0)(call)
    }
}

impl<'a, B: CallBridge + ?Sized> super::AnimationClient<BridgeCaller<'a, B>> {
    /// A client calling through `bridge` (an arora-engine `Engine`).
    pub fn over(bridge: &'a mut B) -> Self {
        Self::new(BridgeCaller(bridge))
    }
}
