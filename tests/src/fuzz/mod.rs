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

use arora_animation_test_support::random::{RngExt, StdRng, seeded};

/// The random source every generator draws from: the tests' one seeded generator
/// (test-support's [`seeded`], rand's `StdRng`), the same sequence on every machine for the
/// same seed.
pub struct Source {
    rng: StdRng,
}

impl Source {
    /// The source of seed `seed`.
    pub fn new(seed: u64) -> Self {
        Self { rng: seeded(seed) }
    }

    /// Any `u64`.
    pub fn u64(&mut self) -> u64 {
        self.rng.random::<u64>()
    }

    /// Any `u32`.
    pub fn u32(&mut self) -> u32 {
        self.rng.random::<u32>()
    }

    /// A number in `0..n` (`n` > 0), uniformly.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    /// True once in `n` draws, on average.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index drawn by `weights`: index `i` with probability
    /// `weights[i] / sum`.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut at = self.below(total as usize) as u32;
        for (i, weight) in weights.iter().enumerate() {
            if at < *weight {
                return i;
            }
            at -= weight;
        }
        weights.len() - 1
    }

    /// Shuffle `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
