//! The client's 31 methods, generated from the contract's one listing
//! (`crate::for_each_function!`): each builds the call under the declaration's ids from
//! its typed arguments ([`Argument`]), sends it, and reads the answer back as the client's
//! type ([`FromAnswer`]).

use super::answer::FromAnswer;
use super::argument::Argument;
use super::{
    AnimationClient, AnimationId, Caller, ClientError, ClipTime, DeviceSpan, DeviceTime,
    InstanceId, LoopMode, PlayerId, TimelinePosition,
};
use crate::animation::ids;
use crate::contract::declaration::Animation;
use crate::contract::functions::ContractModule;
use crate::records::{
    AnimationClip, BakedAnimation, Clip, OutputKeys, PlayerState, StepSamples, StepValues,
    TrackOutput,
};

macro_rules! client_methods {
    // One entry of the listing, as it stands there on one line.
    ($($(#[$doc:meta])* fn $name:ident = $generated:ident($($arg:ident $param:ident: $client:ty => $contract:ty),* $(,)?) -> $answer:ty => $ret:ty;)*) => {
        impl<C: Caller> AnimationClient<C> {
            $(
                $(#[$doc])*
                pub fn $name(&mut self, $($arg: $client),*) -> Result<$answer, ClientError> {
                    let args = vec![
                        $((ids::$name::$param, <$client as Argument<$contract>>::value($arg))),*
                    ];
                    let answer = self.send(stringify!($name), ids::$name::FUNCTION, args)?;
                    <$answer as FromAnswer<$ret>>::from_answer(stringify!($name), answer)
                }
            )*
        }

        /// Each listed function's contract types are the declaration's: the trait method
        /// coerces to a function of exactly those types.
        const _: () = {
            $(let _: fn(&mut ContractModule, $($contract),*) -> $ret = <ContractModule as Animation>::$name;)*
        };
    };
}

crate::for_each_function!(client_methods);
