//! Playback (docs/playback.md §1–§8): the device clock, players and their exact travel,
//! instances, the output table, blending, stepping, and bakes through the engine.

pub(crate) mod batch;
pub(crate) mod clock;
pub(crate) mod engine;
pub(crate) mod error;
pub(crate) mod evaluate;
pub(crate) mod ids;
pub(crate) mod instance;
pub(crate) mod library;
pub(crate) mod loop_mode;
pub(crate) mod output;
pub(crate) mod output_table;
pub(crate) mod player;
pub(crate) mod records;
pub(crate) mod section;
pub(crate) mod step;
pub(crate) mod transport;
pub(crate) mod travel;
