//! The engine's integration tests, one binary: a module per rule the engine keeps, named
//! for it — `curves_*` for docs/curves.md, `playback_*` for docs/playback.md,
//! `docs_references` for the docs' references — and what they share (the playback
//! fixtures, the independent reading of the curves). One binary links the engine and its
//! dependencies once instead of once per file.
//!
//! The allocation tests (`curves_allocation`, `playback_alloc`, `playback_soak`) count
//! with test-support's allocator, installed here once; it counts per thread, so the tests
//! running beside them on other threads do not show in their counts.

use arora_animation_test_support::counting_alloc::Counting;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

mod curves_reading;
mod curves_reading_by_bisection;
mod edit_support;
mod playback_support;

mod bounds_against_sampling;
mod bounds_against_the_sampler;
mod bounds_worked_examples;
mod curves_allocation;
mod curves_bake;
mod curves_clip1;
mod curves_document;
mod curves_examples;
mod curves_limits_and_non_finite_times;
mod curves_match_an_independent_reading;
mod curves_polylines;
mod curves_properties;
mod docs_references;
mod edit_history;
mod edit_insert;
mod edit_json;
mod edit_kinds;
mod edit_pairing;
mod edit_round_trip;
mod edit_snap;
mod gltf_errors;
mod gltf_exact;
mod gltf_fitted;
mod gltf_fixtures;
mod gltf_packing;
mod gltf_reference;
mod playback_alloc;
mod playback_batched;
mod playback_checklist;
mod playback_exact_travel_and_limits;
mod playback_holders;
mod playback_instances;
mod playback_long_run;
mod playback_loops;
mod playback_match_a_literal_travel;
mod playback_outputs;
mod playback_soak;
mod playback_thirty_days;
mod playback_transport;
mod playback_windows;
