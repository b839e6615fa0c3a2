//! The host crate's integration tests, one binary: a module per rule the crate keeps,
//! each named for it, and the support they share (a real engine with the module
//! registered, docs/playback.md §9's clips). One binary links the crate and its
//! dependencies once instead of once per file.

mod support;

mod bounds;
mod client;
mod clip1_extremes;
mod clip_conversions;
mod conversion_rules;
mod failures_clips;
mod failures_values;
mod ids;
mod ids_exhausted;
mod narrow_and_bake;
mod player_rules;
mod published_paths;
mod records;
mod records_dir;
mod registration;
mod robustness;
mod scenario_clips;
mod session;
mod typed;
