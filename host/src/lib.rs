//! The Arora module `@arora/animation` 3.0.0 over `animation-engine`.
//!
//! A host registers one fresh state per device:
//!
//! ```
//! use arora_animation_module::{animation, exports, AnimationModule};
//! use arora_engine::engine::EngineBuilder;
//! use arora_types::call::{Call, CallBridge};
//! use arora_types::value::Value;
//!
//! let mut engine = EngineBuilder::new().build();
//! let module = arora_engine::module::HostModule::from_exports(
//!     animation::ids::MODULE,
//!     exports(AnimationModule::new()),
//! );
//! engine.register_module(module.id(), Box::new(module));
//!
//! let created = engine.arora_call(Call {
//!     module_id: Some(animation::ids::MODULE),
//!     id: animation::ids::create_player::FUNCTION,
//!     args: vec![],
//! });
//! assert_eq!(created.map(|result| result.ret).ok(), Some(Value::U32(0)));
//! ```
//!
//! - [`records`]: the sixteen records and their `Value` conversions;
//! - [`Animation`]: the 31 functions, declared once; [`animation`]: the ids,
//!   header, record and marker type that declaration yields;
//! - [`AnimationModule`]: one device's state; its `try_*` methods are the
//!   typed API, each refusal a [`Refused`] naming its reason.
//!
//! Every conversion between `Value`s and the engine lives in this crate; the
//! crate builds for `wasm32-wasip1` too, and no input reaches a panic.

pub mod animation;
mod bake;
mod clip1;
mod clip2;
mod contract;
mod contract_impl;
mod header;
mod keypoint_value;
pub mod limits;
mod module;
pub mod records;
mod refused;
mod states;
mod step;
mod typed_clips;
mod typed_players;
mod typed_transport;

pub use animation::exports;
pub use clip1::engine_clip_v1;
pub use clip2::{clip_record, engine_clip};
pub use contract::Animation;
pub use module::AnimationModule;
pub use refused::{ClipRefused, Refused};
