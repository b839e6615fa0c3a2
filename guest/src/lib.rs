//! The wasm guest of `@arora/animation` 3.0.0.
//!
//! Built for `wasm32-wasip1` (then made a component with the WASI preview-1
//! reactor adapter) or, from the same sources, for `wasm32-wasip2`, it serves
//! the `arora:module@0.2.0` world of `wit/arora-module.wit`: `functions` lists
//! the module's 31 function ids, and `dispatch` runs one of them on the
//! guest's one animation state.
//!
//! The guest holds no animation logic of its own. Each call reaches the same
//! contract functions a host registration serves
//! (`arora_animation_module::exports`), so a device answers alike whether it
//! loads this component or registers the module in-process:
//!
//! ```text
//! dispatch(method, arg) → check arg (well_formed) → decode the Call
//!   → the contract function → encode its CallResult → ok(bytes)
//! ```
//!
//! A guest must not trap: a trap makes the engine discard the instance, and
//! every clip and player with it. So every refusal — a malformed buffer, an
//! unknown function, a missing or ill-typed argument — is an `err(message)`,
//! and nothing on the dispatch path panics ([`served::Served::dispatch`]).
//!
//! The plumbing ([`served`], [`buffer`]) is plain Rust, tested natively; the
//! world's bindings and the instance's state exist only on `wasm32`.

pub mod buffer;
pub mod limits;
pub mod served;

#[cfg(target_arch = "wasm32")]
mod component;
