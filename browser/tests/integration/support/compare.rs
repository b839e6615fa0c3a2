//! One answer of the browser compared with the native device's answer to the
//! same call.
//!
//! Both are compared as the JSON text of the `CallResult` (serde_json, the
//! form arora-web answers in): equal text is a bit-identical answer (each
//! number in its type's shortest round-trip form). Otherwise both texts are
//! read by the same parser and must have the same shape, strings, booleans
//! and integers, and each number within [`RELATIVE`] of the other: arora-web
//! reads the call's JSON with serde_json's default float parser, which can
//! move an input number by an ulp, and so an answer computed from it.

use arora_types::call::{CallError, CallResult};
use serde_json::Value as Json;

/// How far apart two numbers may be, relative to the larger magnitude.
pub const RELATIVE: f64 = 1e-12;

/// A call that failed on the native device, in the forms the browser
/// reports it in: `Engine.call` rejects with `call failed: ` and the
/// `CallError` as it displays, the device's `call` with `call failed: ` and
/// the error its in-process caller wraps it in (`call failed: ` and the
/// `CallError`'s debug form).
#[derive(Clone, Debug)]
pub struct Failure {
    /// The error as it displays.
    pub display: String,
    /// The error in its debug form.
    pub debug: String,
}

impl Failure {
    /// Whether the browser's rejection `message` reports this failure.
    fn reported_by(&self, message: &str) -> bool {
        let said = message.strip_prefix("call failed: ");
        said == Some(&self.display)
            || said.and_then(|s| s.strip_prefix("call failed: ")) == Some(&self.debug)
    }
}

impl From<&CallError> for Failure {
    fn from(error: &CallError) -> Failure {
        Failure {
            display: error.to_string(),
            debug: format!("{error:?}"),
        }
    }
}

/// What a run of comparisons found.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Answers compared.
    pub answers: usize,
    /// Answers whose JSON text was the same.
    pub identical_answers: usize,
    /// Numbers compared.
    pub numbers: usize,
    /// Numbers that read as the same bits.
    pub identical_numbers: usize,
    /// The largest relative difference of two numbers.
    pub max_relative: f64,
    /// Calls that failed on both alike.
    pub errors: usize,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} answers compared, {} bit-identical ({} of them failed calls, alike); \
             {} numbers, {} bit-identical, largest relative difference {:e}",
            self.answers,
            self.identical_answers,
            self.errors,
            self.numbers,
            self.identical_numbers,
            self.max_relative
        )
    }
}

impl Tally {
    /// Compare the browser's answer `browser` (`{ok: CallResult JSON}` or
    /// `{error: message}`) with the native device's `native`; panics naming
    /// the call `what` when they differ.
    pub fn check(&mut self, what: &str, native: &Result<CallResult, Failure>, browser: &Json) {
        self.answers += 1;
        match (native, browser.get("ok").and_then(Json::as_str)) {
            (Ok(result), Some(text)) => {
                let native_text = serde_json::to_string(result).expect("a CallResult serializes");
                let _: CallResult = serde_json::from_str(text).unwrap_or_else(|e| {
                    panic!("{what}: the browser's answer is no CallResult ({e}): {text}")
                });
                let native_json: Json = serde_json::from_str(&native_text).expect("JSON");
                let browser_json: Json = serde_json::from_str(text).expect("JSON");
                if native_text == text {
                    self.identical_answers += 1;
                }
                self.same(what, "", &native_json, &browser_json);
            }
            (Err(error), None) => {
                let message = browser["error"].as_str().unwrap_or_default();
                assert!(
                    error.reported_by(message),
                    "{what}: the call fails alike: native {error:?}, browser {message:?}"
                );
                self.identical_answers += 1;
                self.errors += 1;
            }
            (native, _) => {
                panic!("{what}: the native device answers {native:?}, the browser {browser}")
            }
        }
    }

    fn same(&mut self, what: &str, at: &str, native: &Json, browser: &Json) {
        match (native, browser) {
            (Json::Number(a), Json::Number(b)) => {
                self.numbers += 1;
                if let (Some(a), Some(b)) = (a.as_u64(), b.as_u64()) {
                    assert_eq!(a, b, "{what} at {at}");
                    self.identical_numbers += 1;
                } else if let (Some(a), Some(b)) = (a.as_i64(), b.as_i64()) {
                    assert_eq!(a, b, "{what} at {at}");
                    self.identical_numbers += 1;
                } else {
                    let (a, b) = (a.as_f64().expect("a number"), b.as_f64().expect("a number"));
                    if a.to_bits() == b.to_bits() {
                        self.identical_numbers += 1;
                        return;
                    }
                    let relative = (a - b).abs() / a.abs().max(b.abs());
                    assert!(
                        relative <= RELATIVE,
                        "{what} at {at}: native {a:e}, browser {b:e} (relative {relative:e})"
                    );
                    self.max_relative = self.max_relative.max(relative);
                }
            }
            (Json::Array(a), Json::Array(b)) => {
                assert_eq!(a.len(), b.len(), "{what} at {at}: lengths");
                for (i, (a, b)) in a.iter().zip(b).enumerate() {
                    self.same(what, &format!("{at}/{i}"), a, b);
                }
            }
            (Json::Object(a), Json::Object(b)) => {
                assert_eq!(
                    a.keys().collect::<Vec<_>>(),
                    b.keys().collect::<Vec<_>>(),
                    "{what} at {at}: fields"
                );
                for (key, a) in a {
                    self.same(what, &format!("{at}/{key}"), a, &b[key]);
                }
            }
            (a, b) => assert_eq!(a, b, "{what} at {at}"),
        }
    }
}
