//! Driving the authors' page (web/page/) as a person does — files through the file input,
//! clicks on its buttons, values typed into its fields — and the native device the tests
//! compare it with: the same module directory on an `arora` device in the test process,
//! sent the calls web/README.md says the page makes, through the typed client.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arora::Arora;
use arora_animation_browser::{Browser, Bundle, Server, web_target_dir, workspace_dir};
use arora_animation_module::client::{AnimationClient, CallFn, Caller};
use arora_animation_module::clip_record;
use arora_types::value::Value;
use fantoccini::Locator;
use serde_json::{Value as Json, json};

/// The bundle (arora-web, the wasip2 module directory, the harness, the page) and its
/// server, built once for every test of this binary, the device tests' harness included.
/// Another run of these tests at the same time (another engineer's, CI's) would rewrite
/// the same bundle while this one serves it, so the bundle is held under a lock file until
/// this binary ends.
pub fn served() -> (&'static Bundle, &'static Server) {
    static SERVED: OnceLock<(Bundle, Server, std::fs::File)> = OnceLock::new();
    let (bundle, server, _lock) = SERVED.get_or_init(|| {
        let dir = web_target_dir().join("served");
        std::fs::create_dir_all(&dir).expect("target/web/served/");
        let lock = std::fs::File::create(dir.join("browser-tests.lock")).expect("the lock file");
        lock.lock().expect("the bundle's lock");
        let bundle = Bundle::build("browser-tests").unwrap_or_else(|e| panic!("the bundle: {e}"));
        let server = Server::start(bundle.root()).unwrap_or_else(|e| panic!("the server: {e}"));
        (bundle, server, lock)
    });
    (bundle, server)
}

/// An example clip file of the workspace.
pub fn example(name: &str) -> PathBuf {
    workspace_dir().join("examples").join("clips").join(name)
}

/// One row of the page's output table: key, value as shown, the value's variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The output key.
    pub key: String,
    /// The value as the page shows it.
    pub shown: String,
    /// The `Value` variant the page names (`f64`, `bool`, `str`, `unit`).
    pub variant: String,
}

/// The page open in headless Chromium on the manual clock.
pub struct Page {
    browser: Browser,
}

impl Page {
    /// Opens `index.html?clock=manual` and waits until the device answers.
    pub fn open() -> Page {
        Page::open_at("index.html?clock=manual")
    }

    /// Opens `page` (`index.html` and its query) and waits until the device answers.
    pub fn open_at(page: &str) -> Page {
        let (_, server) = served();
        let browser = Browser::start().unwrap_or_else(|e| panic!("headless Chromium: {e}"));
        browser.goto(&server.url(page)).expect("the page opens");
        browser
            .await_js(
                "new Promise((done, fail) => { const started = Date.now(); const poll = () => \
                 document.body.dataset.ready ? done(true) : Date.now() - started > 60000 ? \
                 fail(document.getElementById('status').textContent) : setTimeout(poll, 20); \
                 poll(); })",
                vec![],
            )
            .expect("the device starts in the page");
        Page { browser }
    }

    /// The browser, for screenshots and scripts.
    pub fn browser(&self) -> &Browser {
        &self.browser
    }

    /// Gives `file` to the file input, as a person choosing it does, and waits until the
    /// page has read it (a clip row more, or a refusal shown).
    pub fn open_file(&self, file: &Path) {
        let before = self.clip_count();
        let path = file.to_str().expect("a UTF-8 path");
        self.browser
            .block_on(async {
                let input = self.browser.client().find(Locator::Css("#file")).await?;
                input.send_keys(path).await
            })
            .unwrap_or_else(|e| panic!("choosing {path}: {e}"));
        self.await_read(before);
    }

    /// Drops `file` on the page's drop zone, as a person drags it there from a file manager:
    /// `dragenter`, `dragover` and `drop` events whose `DataTransfer` holds the file (WebDriver
    /// cannot drag from outside the page), then waits as [`open_file`](Self::open_file) does.
    pub fn drop_file(&self, file: &Path) {
        let before = self.clip_count();
        let bytes = std::fs::read(file).expect("the file to drop");
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 name");
        self.script_with(
            "const carried = new DataTransfer(); \
             carried.items.add(new File([new Uint8Array(arguments[0])], arguments[1])); \
             const zone = document.getElementById('drop'); \
             for (const type of ['dragenter', 'dragover', 'drop']) \
               zone.dispatchEvent(new DragEvent(type, { dataTransfer: carried, bubbles: true, cancelable: true }));",
            vec![json!(bytes), json!(name)],
        );
        self.await_read(before);
    }

    /// Waits until the page lists another clip than the `before` it had, or shows a refusal.
    fn await_read(&self, before: u64) {
        self.browser
            .await_js(
                "new Promise(done => { const poll = () => \
                 document.querySelectorAll('#clips li').length !== arguments[0] || \
                 document.getElementById('clip-error').textContent !== '' ? done(true) : \
                 setTimeout(poll, 10); poll(); })",
                vec![json!(before)],
            )
            .expect("the page reads the file");
    }

    /// How many clips the page lists.
    pub fn clip_count(&self) -> u64 {
        self.script("return document.querySelectorAll('#clips li').length")
            .as_u64()
            .expect("a count")
    }

    /// Clicks the element `css`.
    pub fn click(&self, css: &str) {
        self.browser
            .block_on(async {
                self.browser
                    .client()
                    .find(Locator::Css(css))
                    .await?
                    .click()
                    .await
            })
            .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
    }

    /// Chooses `value` in the select `css`.
    pub fn choose(&self, css: &str, value: &str) {
        self.browser
            .block_on(async {
                let select = self.browser.client().find(Locator::Css(css)).await?;
                select.select_by_value(value).await
            })
            .unwrap_or_else(|e| panic!("choosing {value} in {css}: {e}"));
    }

    /// Enters `value` in the field `css` and commits it (its `change` event), as leaving
    /// an edited field does.
    pub fn enter(&self, css: &str, value: &str) {
        self.script_with(
            "const field = document.querySelector(arguments[0]); field.value = arguments[1]; \
             field.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![json!(css), json!(value)],
        );
    }

    /// Moves the slider `css` to `value` (its `input` event, as a drag does).
    pub fn slide(&self, css: &str, value: &str) {
        self.script_with(
            "const slider = document.querySelector(arguments[0]); slider.value = arguments[1]; \
             slider.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![json!(css), json!(value)],
        );
    }

    /// Moves the `index`-th weight slider to `value` (its `input` event, as a drag does).
    pub fn slide_weight(&self, index: usize, value: &str) {
        self.script_with(
            "const slider = document.querySelectorAll('#clips .weight')[arguments[0]]; \
             slider.value = arguments[1]; slider.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![json!(index), json!(value)],
        );
    }

    /// "step N frames of dt": `frames` steps of `dt_ns` through the page's own control.
    pub fn step(&self, frames: u32, dt_ns: i64) {
        self.enter("#step-count", &frames.to_string());
        self.enter("#step-dt-ns", &dt_ns.to_string());
        self.click("#step");
    }

    /// The output table as shown.
    pub fn outputs(&self) -> Vec<Row> {
        let rows = self.script(
            "return [...document.querySelectorAll('#outputs tr')].map(tr => \
             [tr.cells[0].textContent, tr.cells[1].textContent, tr.cells[2].textContent])",
        );
        rows.as_array()
            .expect("rows")
            .iter()
            .map(|row| Row {
                key: row[0].as_str().expect("a key").to_string(),
                shown: row[1].as_str().expect("a value").to_string(),
                variant: row[2].as_str().expect("a variant").to_string(),
            })
            .collect()
    }

    /// The playhead the page shows (the player's `time_ns`).
    pub fn playhead_ns(&self) -> u64 {
        let shown = self.script("return document.getElementById('state').dataset.timeNs");
        shown
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("a playhead")
    }

    /// The refusal the page shows ("" when none).
    pub fn error_text(&self) -> String {
        let text = self.script("return document.getElementById('clip-error').textContent");
        text.as_str().expect("text").to_string()
    }

    /// The page's error line: what threw ("" when nothing did).
    pub fn page_error(&self) -> String {
        let text = self.script("return document.getElementById('page-error').textContent");
        text.as_str().expect("text").to_string()
    }

    /// Makes the page's device answer `function` with what the JavaScript `answer`
    /// (a function body of `args`) returns or throws, as a failing device would; the other
    /// functions are called as before. [`Page::restore_device`] undoes it.
    pub fn fail_calls(&self, function: &str, answer: &str) {
        self.script_with(
            "const [failing, body] = arguments; const device = window.__animation.device; \
             const call = device.constructor.prototype.call; const answer = new Function('args', body); \
             device.call = (name, args) => name === failing ? answer(args) : call.call(device, name, args);",
            vec![json!(function), json!(answer)],
        );
    }

    /// Undoes [`Page::fail_calls`]: every call reaches the device again.
    pub fn restore_device(&self) {
        self.script("delete window.__animation.device.call");
    }

    /// Waits until `js` (an expression) is true in the page, for at most 20 s.
    pub fn wait_for(&self, js: &str) {
        let body = format!(
            "new Promise((done, fail) => {{ const started = Date.now(); const poll = () => \
             ({js}) ? done(true) : Date.now() - started > 20000 ? fail('never: ' + {js:?}) : \
             setTimeout(poll, 10); poll(); }})"
        );
        self.browser
            .await_js(&body, vec![])
            .unwrap_or_else(|e| panic!("waiting for {js}: {e}"));
    }

    /// The notice of a refused control ("" when none).
    pub fn notice(&self) -> String {
        let text = self.script("return document.getElementById('notice').textContent");
        text.as_str().expect("text").to_string()
    }

    /// How the page reads each `[name, text]` file (`window.__animation.check`): "" when
    /// accepted, else the refusal it shows.
    pub fn script_with_files(&self, files: Vec<Json>) -> Vec<String> {
        let shown = self.script_with(
            "return window.__animation.check(arguments[0])",
            vec![Json::Array(files)],
        );
        let shown = shown.as_array().expect("one answer per file");
        shown
            .iter()
            .map(|s| s.as_str().expect("text").to_string())
            .collect()
    }

    /// A mouse drag as a person makes one, in viewport CSS pixels: press at `from`, move
    /// through each point of `through` in turn, release at the last; `held` (a WebDriver key
    /// such as [`SHIFT`]) is held down from before the press to after the release.
    pub fn drag(&self, from: (f64, f64), through: &[(f64, f64)], held: Option<char>) {
        use fantoccini::actions::{
            InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction,
        };
        let to = |(x, y): (f64, f64)| PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        };
        let mut mouse = MouseActions::new("mouse".into()).then(to(from));
        let mut keys = KeyActions::new("keys".into());
        keys = match held {
            Some(key) => keys.then(KeyAction::Down { value: key }),
            None => keys.pause(std::time::Duration::ZERO),
        };
        mouse = mouse.then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        });
        keys = keys.pause(std::time::Duration::ZERO);
        for &point in through {
            mouse = mouse.then(to(point));
            keys = keys.pause(std::time::Duration::ZERO);
        }
        mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        keys = keys.pause(std::time::Duration::ZERO);
        if let Some(key) = held {
            mouse = mouse.pause(std::time::Duration::ZERO);
            keys = keys.then(KeyAction::Up { value: key });
        }
        let actions = fantoccini::actions::Actions::from(keys).and(mouse);
        self.perform(actions, |e| {
            panic!("dragging from {from:?} through {through:?}: {e}")
        });
    }

    /// A double click at `at` (viewport CSS pixels), as a person makes one.
    pub fn double_click(&self, at: (f64, f64)) {
        use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
        let mut mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
            duration: None,
            x: at.0.round(),
            y: at.1.round(),
        });
        for _ in 0..2 {
            mouse = mouse
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                });
        }
        self.perform(mouse, |e| panic!("double-clicking at {at:?}: {e}"));
    }

    /// Presses `key` with the keys of `held` down (WebDriver key codes such as
    /// [`CONTROL`] and [`SHIFT`]), as a keyboard shortcut is pressed, on the page's body.
    pub fn press(&self, held: &[char], key: char) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut keys = KeyActions::new("keys".into());
        for &k in held {
            keys = keys.then(KeyAction::Down { value: k });
        }
        keys = keys
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        for &k in held.iter().rev() {
            keys = keys.then(KeyAction::Up { value: k });
        }
        self.script("document.activeElement?.blur()");
        self.perform(keys, |e| panic!("pressing {key:?} with {held:?}: {e}"));
    }

    /// Performs `actions` through WebDriver and releases every key and button after;
    /// `failed` says what was being done when WebDriver refuses.
    fn perform(
        &self,
        actions: impl Into<fantoccini::actions::Actions>,
        failed: impl FnOnce(fantoccini::error::CmdError),
    ) {
        let done = self.browser.block_on(async {
            let client = self.browser.client();
            client.perform_actions(actions).await?;
            client.release_actions().await
        });
        done.unwrap_or_else(failed);
    }

    /// Runs `body` in the page; what it returns.
    pub fn script(&self, body: &str) -> Json {
        self.script_with(body, vec![])
    }

    fn script_with(&self, body: &str, args: Vec<Json>) -> Json {
        self.browser
            .execute(body, args)
            .unwrap_or_else(|e| panic!("running {body}: {e}"))
    }

    /// Fails on any console error, uncaught exception or failed request so far.
    pub fn assert_no_errors(&self) {
        let errors = self.browser.errors().expect("the browser's log");
        assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    }
}

/// WebDriver's code for the shift key (fantoccini's `Key::Shift`).
pub const SHIFT: char = '\u{e008}';
/// WebDriver's code for the control key (fantoccini's `Key::Control`).
pub const CONTROL: char = '\u{e009}';
/// WebDriver's code for the delete key (fantoccini's `Key::Delete`).
pub const DELETE: char = '\u{e017}';

/// The same module directory on a native `arora` device, called through the typed client.
pub struct Native {
    device: Arora,
}

impl Native {
    /// A device carrying the bundle's module directory.
    pub fn open() -> Native {
        let (bundle, _) = served();
        let device = arora_animation_module_dir::device(&bundle.module_dir())
            .unwrap_or_else(|e| panic!("the native device: {e}"));
        Native { device }
    }

    /// The typed client over the device.
    pub fn client(&mut self) -> AnimationClient<impl Caller + '_> {
        AnimationClient::new(CallFn(move |call| self.device.call(call)))
    }

    /// The `Clip` record of a 2.0 clip file, read by the engine's own reader.
    pub fn clip(file: &Path) -> arora_animation_module::Clip {
        let text = std::fs::read_to_string(file).expect("the clip file");
        let valid = animation_engine::Clip::from_json(&text).expect("a valid clip");
        clip_record(&valid.into_clip())
    }
}

/// Asserts that the page shows exactly `keys` with `values` (the native device's answer):
/// every f64 within `ulps` units in the last place (0: bit for bit — the page sends each
/// number as the file's literal, and shows each answer in shortest round-trip form), f32s,
/// booleans and strings as they are.
pub fn assert_shows_within(rows: &[Row], keys: &[String], values: &Value, when: &str, ulps: u64) {
    let Value::ArrayValue(values) = values else {
        panic!("{when}: step_values answered {values:?}")
    };
    let shown: Vec<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(shown, keys, "{when}: the output keys");
    for (row, value) in rows.iter().zip(values) {
        let expected = match value {
            Value::F64(x) => {
                let page: f64 = row
                    .shown
                    .parse()
                    .unwrap_or_else(|_| panic!("{when}: {row:?}"));
                let apart = ulps_apart(page, *x);
                assert!(
                    apart <= ulps,
                    "{when}: {} is {page}, natively {x} ({apart} ulps apart, {ulps} allowed)",
                    row.key
                );
                ("f64", row.shown.clone())
            }
            Value::F32(x) => {
                let page: f64 = row
                    .shown
                    .parse()
                    .unwrap_or_else(|_| panic!("{when}: {row:?}"));
                assert_eq!(page, f64::from(*x), "{when}: {}", row.key);
                ("f32", row.shown.clone())
            }
            Value::Boolean(b) => ("bool", b.to_string()),
            Value::String(s) => ("str", s.clone()),
            Value::Unit => ("unit", "—".to_string()),
            other => panic!("{when}: an output of {other:?}"),
        };
        assert_eq!(
            (row.variant.as_str(), row.shown.clone()),
            expected,
            "{when}: {}",
            row.key
        );
    }
}

/// How many doubles lie from `a` to `b`, counted on the line of all finite doubles (the
/// order of their magnitudes' bits); `u64::MAX` when either is NaN or their signs differ
/// (0.0 and −0.0 too: the exact comparison tells them apart).
fn ulps_apart(a: f64, b: f64) -> u64 {
    if a.to_bits() == b.to_bits() {
        return 0;
    }
    if a.is_nan() || b.is_nan() || a.is_sign_negative() != b.is_sign_negative() {
        return u64::MAX;
    }
    let ordinal = |x: f64| x.abs().to_bits();
    ordinal(a).abs_diff(ordinal(b))
}
