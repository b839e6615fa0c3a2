//! The browser crate's integration tests, one binary: `device` (the module on arora-web's
//! device and engine in headless Chromium answers as the native `arora` device) and `page`
//! (the authors' page used as a person uses it), `page_errors` (the page
//! never loses an error), with what they share — `support` (the
//! harness page, the example clips as records, the comparison of answers) and
//! `page_support` (the page driven over WebDriver, the native device it is compared with).
//! Both serve one bundle, built once under a lock file. One binary links arora, wasmtime
//! and the WebDriver client once instead of twice.

mod page_support;
mod support;

mod device;
mod page;
mod page_edit;
mod page_edit_kinds;
mod page_edit_typed;
mod page_errors;
mod page_gltf;
mod page_limits;
