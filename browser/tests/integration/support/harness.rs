//! The harness page (browser/harness/) in headless Chromium, served from this
//! test binary's bundle, with the module loaded.

use arora_animation_browser::{Browser, Bundle, Server};
use serde_json::{Value as Json, json};

/// This binary's bundle, built once and held under its lock (the page's tests serve the
/// same one).
pub fn bundle() -> &'static Bundle {
    crate::page_support::served().0
}

/// A browser on the harness page, arora-web initialised and the module
/// directory fetched; the server lives as long as it.
pub struct Harness {
    /// The browser (dropped first).
    pub browser: Browser,
    /// What `load()` answered: times and the record files.
    pub loaded: Json,
    _server: Server,
}

impl Harness {
    /// Serve the bundle, open the harness page and load the module's files.
    pub fn start() -> Harness {
        let server = Server::start(bundle().root()).unwrap_or_else(|e| panic!("{e}"));
        let browser = Browser::start().unwrap_or_else(|e| panic!("{e}"));
        browser
            .goto(&server.url("harness/device.html"))
            .unwrap_or_else(|e| panic!("{e}"));
        let loaded = browser
            .await_js(
                "new Promise(function wait(resolve) { window.harness ? resolve() : setTimeout(() => wait(resolve), 10); })\
                 .then(() => window.harness.load())",
                vec![],
            )
            .unwrap_or_else(|e| panic!("the harness loads: {e}"));
        Harness {
            browser,
            loaded,
            _server: server,
        }
    }

    /// Open the device and engine `name`; what `open` answered.
    pub fn open(&self, name: &str) -> Json {
        self.browser
            .await_js("window.harness.open(arguments[0])", vec![json!(name)])
            .unwrap_or_else(|e| panic!("opening {name}: {e}"))
    }

    /// Send `calls` (Call JSON) in order to `on` ("device" or "engine") of
    /// `name`, a few hundred per script; the answers, in order.
    pub fn calls(&self, name: &str, on: &str, calls: &[String]) -> Vec<Json> {
        let mut answers = Vec::with_capacity(calls.len());
        for batch in calls.chunks(500) {
            let got = self
                .browser
                .await_js(
                    "window.harness.calls(arguments[0], arguments[1], arguments[2])",
                    vec![json!(name), json!(on), json!(batch)],
                )
                .unwrap_or_else(|e| panic!("calls on {on} {name}: {e}"));
            let Json::Array(got) = got else {
                panic!("the harness answers a list, not {got}")
            };
            assert_eq!(got.len(), batch.len(), "one answer per call");
            answers.extend(got);
        }
        answers
    }

    /// Fails naming every console error, uncaught exception or failed
    /// request the page logged so far.
    pub fn assert_no_page_errors(&self) {
        let errors = self.browser.errors().unwrap_or_else(|e| panic!("{e}"));
        assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    }
}
