//! The module on the browser device: arora-web and the `wasm32-wasip2`
//! module directory in one served directory, a static server for it on
//! 127.0.0.1, and headless Chromium driven over WebDriver.
//!
//! The browser tests (`tests/integration/device.rs`), the page's tests and the
//! `arora-animation web` command share it:
//!
//! ```no_run
//! use arora_animation_browser::{Browser, Bundle, Server};
//!
//! let bundle = Bundle::build("example")?;            // pkg/, module/, harness/, the page
//! let server = Server::start(bundle.root())?;        // http://127.0.0.1:<free port>/
//! let browser = Browser::start()?;                   // chromedriver + headless Chromium
//! browser.goto(&server.url("harness/device.html"))?;
//! let loaded = browser.await_js("window.harness.start()", vec![])?;
//! assert!(browser.errors()?.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A missing Chromium, chromedriver, `wasm-bindgen` CLI (of the version
//! `web/runtime/Cargo.lock` pins) or `wasm32-unknown-unknown` target is an
//! error saying what to install ([`Missing`]); nothing here skips.

mod browser;
mod bundle;
mod error;
mod paths;
mod runtime;
mod serve;
mod tools;

pub use browser::{Browser, BrowserError, LogEntry};
pub use bundle::{Bundle, HARNESS_DIR, MODULE_DIR, PKG_DIR, WITH_RECORDS_FILE};
pub use error::BundleError;
pub use paths::{page_dir, runtime_dir, web_target_dir, workspace_dir};
pub use runtime::{OUT_NAME, WEB_TARGET};
pub use serve::{ServeError, Server, mime_type};
pub use tools::{
    CHROMIUM_INSTALL, Missing, chromedriver, chromium, locked_wasm_bindgen_version, rust_target,
    wasm_bindgen,
};
