//! The integration tests of the module directory on real devices, one binary: a module
//! per rule, each named for it. One binary links the guest's host side, wasmtime, the
//! `arora` device and the bridge once instead of once per file, and builds the guest once
//! for all of them (`arora_animation_tests::guest`).
//!
//! Process-wide state the modules share: the counting allocator below (it counts per
//! thread, so one test's measure never sees another's allocations), the guest built once,
//! `FUZZ_SEED` (read, never set), and the scratch and module directories, each named for
//! the one test that writes it. Ports are the system's free ones, taken per device.

use arora_animation_test_support::counting_alloc::Counting;

/// Counts allocations for `answer_budget` (test-support's counting allocator).
#[global_allocator]
static ALLOCATOR: Counting = Counting;

mod answer_budget;
mod bridge;
mod bridge_bad_input;
mod device;
mod fuzz;
mod hostile_sizes;
mod layout;
mod parity;
mod robustness;
mod snapshots;
mod tree;
