//! Structure-aware fuzzing of the module's 31 functions: calls as a
//! confused or hostile caller sends them, and the harness that sends them to
//! the guest while it watches a state set up at the start.
//!
//! The generators read what they build from the module's own declarations,
//! never from ids typed again here: the function and parameter ids and types
//! from the header `animation::header` writes ([`schema`]), the records'
//! field ids and types from the records' `AroraType` definitions. So a
//! record field renamed or added reaches the fuzz without an edit.
//!
//! - [`values`]: values of a declared type, well-typed or not: records with
//!   fields shuffled, missing, repeated, of the wrong type, nested deeper
//!   than the record goes; extreme numbers ([`numbers`]), huge and empty
//!   strings and arrays.
//! - [`defects`]: valid clips of both formats with exactly one defect the
//!   contract refuses (docs/curves.md §1.5, docs/contract.md §4.2–§4.5).
//! - [`bytes`]: valid call buffers of every function, flipped, cut, spliced
//!   and repeated.
//! - [`hostile`]: one hostile call, drawn from all of the above.
//! - [`verdict`]: what an answer says — returned, refused by the contract's
//!   sentinel, refused as a call error, or trapped — and whether it is one
//!   the contract allows.
//! - [`soak`]: the harness: a kept state, hostile calls, checks between them.
//!
//! Everything is drawn from one [`Source`] seeded by a `u64`, so a run is
//! reproduced by its seed.

mod arguments;
pub mod bytes;
pub mod defects;
pub mod hostile;
pub mod numbers;
pub mod schema;
pub mod soak;
pub mod values;
pub mod verdict;

/// The random source every generator draws from: test-support's, over the tests' one
/// seeded generator.
pub use arora_animation_test_support::random::Source;
