//! `AnimationModule`: one registration's state — one device's clips, players,
//! instances, clock and revision over one engine (docs/contract.md §4.13).
//!
//! The typed API (`try_*`, in `typed/`) gives each refusal its reason; the
//! contract functions (`contract/functions.rs`) call through it and answer the
//! failure values of docs/contract.md §4.9.

use animation_engine::{DeviceTime, Engine};

/// One device's animation state. Build one per registration:
/// `exports(AnimationModule::new())`.
#[derive(Debug, Default)]
pub struct AnimationModule {
    pub(crate) engine: Engine,
}

impl AnimationModule {
    /// A fresh state: nothing loaded, no players, revision 0, no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh state whose first animation, player and instance ids are `first`: for tests
    /// of what the contract answers once ids run out.
    #[doc(hidden)]
    pub fn with_first_ids(first: u32) -> Self {
        Self {
            engine: Engine::with_first_ids(first),
        }
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
