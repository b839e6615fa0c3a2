//! What the integration tests (`tests/tests/integration/`, one binary) share: the guest,
//! built once per test binary; engines serving the guest and a host registration;
//! the calls and sessions both are put through.
//!
//! A test that needs the guest fails when it cannot build it: the guest is
//! the thing under test, so a missing wasm target is a failure to report,
//! never a reason to skip.

pub mod bridge;
pub mod bridge_hostile;
pub mod bridge_numbers;
pub mod bridge_remote;
pub mod bridge_tree;
pub mod calls;
pub mod described;
pub mod fuzz;
pub mod guest;
pub mod guest_direct;
pub mod hostile_buffers;
pub mod random_clips;
pub mod serving_engines;
pub mod session;
pub mod workload;
