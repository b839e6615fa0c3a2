//! What the browser tests share: one bundle per test binary, a browser with
//! the harness loaded, the example clips as records, and the comparison of
//! the browser's answers with the native device's.

pub mod clips;
pub mod compare;
pub mod harness;
