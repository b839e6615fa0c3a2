//! `AnimationModule`: one registration's state — one device's clips, players,
//! instances, clock and revision over one engine (contract §4.13).
//!
//! The typed API (`try_*`, in `typed_*.rs`) gives each refusal its reason;
//! the contract functions (`contract_impl.rs`) call through it and answer the
//! failure values of contract §4.9.

use animation_engine::{Engine, OutputPosition};

/// One device's animation state. Build one per registration:
/// `exports(AnimationModule::new())`.
#[derive(Debug, Default)]
pub struct AnimationModule {
    pub(crate) engine: Engine,
    /// The output table as of the engine's current revision: kept here so a
    /// step can read keys and track ids while the engine lends its outputs.
    pub(crate) table: Vec<OutputPosition>,
}

impl AnimationModule {
    /// A fresh state: nothing loaded, no players, revision 0, no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// The engine underneath, for reading.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The device time of the last step; none before the first.
    pub fn clock(&self) -> Option<i64> {
        self.engine.clock()
    }

    /// Re-reads the output table after a structural edit; every successful
    /// one bumps the revision, so the table is read exactly when it changed.
    pub(crate) fn edited(&mut self, changed: bool) -> bool {
        if changed {
            self.table.clear();
            self.table.extend_from_slice(self.engine.positions());
        }
        changed
    }
}

/// A time crossing the interface unsigned, entering the engine signed: a
/// value above `i64::MAX` is held there (contract §4.10).
#[inline]
pub(crate) fn ns(time: u64) -> i64 {
    i64::try_from(time).unwrap_or(i64::MAX)
}

/// A signed engine time reported unsigned, clamped to ≥ 0.
#[inline]
pub(crate) fn unsigned(time: i64) -> u64 {
    u64::try_from(time).unwrap_or(0)
}
