//! What the integration tests (`tests/tests/integration/`, one binary) share: the guest,
//! built once per test binary; engines serving the guest and a host registration;
//! the calls and sessions both are put through.
//!
//! A test that needs the guest fails when it cannot build it: the guest is
//! the thing under test, so a missing wasm target is a failure to report,
//! never a reason to skip.

pub mod big;
pub mod bridge;
pub mod bridge_hostile;
pub mod bridge_tree;
pub mod calls;
pub mod direct;
pub mod engines;
pub mod fuzz;
pub mod guest;
pub mod json_crossing;
pub mod random_clips;
pub mod session;
pub mod workload;
