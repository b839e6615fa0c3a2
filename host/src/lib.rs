//! The Arora module `@arora/animation` 3.0.0 over `animation-engine`.
//!
//! A host registers one fresh state per device:
//!
//! ```ignore
//! use arora_animation_module::{animation, exports, AnimationModule};
//! let module = arora_engine::module::HostModule::from_exports(
//!     animation::ids::MODULE,
//!     exports(AnimationModule::new()),
//! );
//! engine.register_module(module.id(), Box::new(module));
//! ```
//!
//! - [`records`]: the sixteen records and their `Value` conversions;
//! - [`Animation`]: the 31 functions, declared once; [`animation`]: the ids,
//!   header, record and marker type that declaration yields;

pub mod animation;
mod contract;
mod header;
pub mod records;

pub use animation::exports;
pub use contract::Animation;
