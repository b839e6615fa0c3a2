//! `AnimationModule`: one registration's state — one device's clips, players,
//! instances, clock and revision over one engine (docs/contract.md §4.13).
//!
//! The typed API (`try_*`, in `typed/`) gives each refusal its reason; the
//! contract functions (`contract/functions.rs`) call through it and answer the
//! failure values of docs/contract.md §4.9.

use std::sync::Arc;

use animation_engine::{DeviceTime, Engine};

use crate::budget::{AnswerBudget, AnswerTooLarge};

/// One device's animation state. Build one per registration:
/// `exports(AnimationModule::new())`.
#[derive(Debug, Default)]
pub struct AnimationModule {
    pub(crate) engine: Engine,
    /// Counts the answers that grow with the state, when memory is capped; none natively.
    pub(crate) budget: Option<Arc<AnswerBudget>>,
}

impl AnimationModule {
    /// A fresh state: nothing loaded, no players, revision 0, no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh state whose first animation, player and instance ids are `first`: for tests
    /// of what the contract answers once ids run out.
    #[cfg(feature = "testing")]
    pub fn with_first_ids(first: u32) -> Self {
        Self {
            engine: Engine::with_first_ids(first),
            budget: None,
        }
    }

    /// This state, with the answers that grow with it (`player_states`, the steps,
    /// `output_keys`) counted against `budget` before they are built: one that does not
    /// fit is refused (`Err(AnswerTooLarge)`); through the contract function, whose answer
    /// has no room for the refusal, it answers empty.
    pub fn with_answer_budget(mut self, budget: Arc<AnswerBudget>) -> Self {
        self.budget = Some(budget);
        self
    }

    /// Whether an answer of `needed` bytes (counted only when there is a budget) may be
    /// built.
    pub(crate) fn admits(&self, needed: impl FnOnce() -> usize) -> Result<(), AnswerTooLarge> {
        admits(self.budget.as_deref(), needed)
    }

    /// The engine underneath, for reading.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The device time of the last step; none before the first.
    pub fn clock(&self) -> Option<DeviceTime> {
        self.engine.clock()
    }
}

/// Whether `budget`, if any, admits an answer of `needed` bytes: a free function, so that
/// a caller holding a step (a borrow of the engine) can ask it.
pub(crate) fn admits(
    budget: Option<&AnswerBudget>,
    needed: impl FnOnce() -> usize,
) -> Result<(), AnswerTooLarge> {
    budget.map_or(Ok(()), |budget| budget.admits(needed()))
}
