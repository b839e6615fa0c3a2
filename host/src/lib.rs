#![doc = include_str!("../README.md")]

pub mod animation;
mod budget;
mod contract;
mod convert;
mod header;
mod module;
pub mod records;
mod typed;

pub use animation::exports;
pub use budget::{ALLOCATION_OVERHEAD, AnswerBudget, AnswerTooLarge};
pub use contract::declaration::Animation;
pub use convert::animation_clip::engine_clip_v1;
pub use convert::clip::{clip_record, engine_clip};
pub use module::AnimationModule;
pub use typed::refused::{ClipRefused, Refused};

/// The workspace README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct WorkspaceReadme;
