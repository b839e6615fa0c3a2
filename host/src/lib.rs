#![doc = include_str!("../README.md")]

pub mod animation;
pub mod answer;
mod budget;
pub mod client;
mod contract;
mod convert;
mod header;
pub mod records;
mod state;
mod typed;

pub use animation::exports;
pub use budget::{ALLOCATION_OVERHEAD, AnswerBudget, AnswerTooLarge};
pub use contract::declaration::Animation;
pub use contract::functions::ContractModule;
pub use convert::animation_clip::{animation_clip_record, engine_clip_v1};
pub use convert::clip::{clip_record, engine_clip};
pub use state::AnimationModule;
pub use typed::refused::{ClipRefused, Refused};

/// The records at the crate root too, where the published `arora-animation-module` 2.0
/// has them, so that a host written against it builds unchanged.
pub use records::*;

/// The contract's declaration under the name the published `arora-animation-module` 2.0
/// gives it (its trait is `AnimationContract`): `animation_contract::descriptions()`,
/// `animation_contract::ids`, `exports`, `record`, `type_records`, `NAME`.
pub mod animation_contract {
    pub use crate::animation::exports;
    pub use crate::contract::declaration::animation::*;
}

/// The workspace README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct WorkspaceReadme;
