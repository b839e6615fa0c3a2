//! An answer budget, for a module whose memory is capped (a wasm guest: a device caps a
//! guest's linear memory, and an allocation past the cap aborts — a trap that loses every
//! clip and player of the device, docs/contract.md §4.13).
//!
//! The answers that grow with the state — `player_states` (every player), `step`,
//! `step_values`, `step_with_velocities` and `output_keys` (every output position) — are
//! counted before they are built ([`crate::typed`]'s answer sizes). When the count is more
//! than the budget's free bytes, the answer is refused in its `Result`
//! (`Err(AnswerTooLarge)`), whatever it is written to ([`crate::answer::Output`]): the
//! guest answers the refusal as a call error. The contract function, whose answer has no
//! room for an error, answers an empty value. A step is taken even when its answer is
//! refused: the clock and the players move, only the list of outputs is not built.
//!
//! A module without a budget (the default, natively) builds every answer.

use std::sync::Arc;

/// What an allocator spends on one allocation beyond the bytes asked for: dlmalloc's header
/// and rounding to 8 bytes on `wasm32`, at most. Counted once per allocation both in an
/// answer's size and, by the guest, in an argument's decoded size.
pub const ALLOCATION_OVERHEAD: usize = 16;

/// How many bytes an answer may still take.
#[derive(Debug)]
pub struct AnswerBudget {
    free: fn() -> usize,
}

/// An answer not built: it would have taken `needed` bytes with only `free` free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the answer would take {needed} bytes, more than the {free} bytes the module has free")]
pub struct AnswerTooLarge {
    /// What the answer would take, counted generously.
    pub needed: usize,
    /// What was free when it was counted.
    pub free: usize,
}

impl AnswerBudget {
    /// A budget that asks `free` how many bytes are free each time an answer is counted.
    pub fn new(free: fn() -> usize) -> Arc<Self> {
        Arc::new(Self { free })
    }

    /// The bytes free now.
    pub fn free(&self) -> usize {
        (self.free)()
    }

    /// Whether an answer of `needed` bytes fits.
    pub(crate) fn admits(&self, needed: usize) -> Result<(), AnswerTooLarge> {
        let free = self.free();
        if needed <= free {
            Ok(())
        } else {
            Err(AnswerTooLarge { needed, free })
        }
    }
}
