//! Headless Chromium through `chromedriver`, driven over WebDriver by
//! `fantoccini`, with the browser's log read back so a test can fail on any
//! console error or uncaught exception of the page.

use std::future::Future;
use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value as Json, json};

use crate::tools::{self, Missing};

/// How long `chromedriver` may take to listen.
const DRIVER_START: Duration = Duration::from_secs(30);
/// How long one script may run: a test sends thousands of calls in one.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(600);

/// Why the browser did not start or do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// Chromium or its driver is not installed.
    #[error(transparent)]
    Missing(#[from] Missing),
    /// `chromedriver` did not start or listen.
    #[error("chromedriver ({driver}) did not start: {message}")]
    Driver {
        /// The driver program.
        driver: PathBuf,
        /// Why, with what it wrote.
        message: String,
    },
    /// No browser session could be opened.
    #[error("chromedriver opened no Chromium session ({chromium}): {message}")]
    Session {
        /// The browser program.
        chromium: PathBuf,
        /// Why.
        message: String,
    },
    /// A WebDriver command failed.
    #[error("WebDriver {what}: {message}")]
    Command {
        /// What was asked.
        what: String,
        /// Why it failed.
        message: String,
    },
}

/// One entry of the browser's log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// `SEVERE`, `WARNING`, `INFO`, `DEBUG`.
    pub level: String,
    /// Where it came from: `console-api`, `javascript` (an uncaught
    /// exception), `network` (a failed request), …
    pub source: String,
    /// The text logged.
    pub message: String,
}

impl LogEntry {
    /// An error: a `console.error`, an uncaught exception or rejection, a
    /// failed request.
    pub fn is_error(&self) -> bool {
        self.level == "SEVERE"
    }
}

/// A headless Chromium session and the `chromedriver` serving it; both end
/// when this is dropped.
pub struct Browser {
    runtime: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
    /// Every log entry read so far, in order.
    log: std::cell::RefCell<Vec<LogEntry>>,
}

impl Browser {
    /// Start `chromedriver` on a free port of 127.0.0.1 and open a headless
    /// Chromium session on it, its log kept at every level.
    pub fn start() -> Result<Browser, BrowserError> {
        let chromium = tools::chromium()?;
        let driver_path = tools::chromedriver()?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| BrowserError::Driver {
                driver: driver_path.clone(),
                message: format!("no async runtime: {e}"),
            })?;
        let (driver, addr) = start_driver(&driver_path)?;
        let mut browser = Browser {
            runtime,
            client: None,
            driver,
            log: Default::default(),
        };
        let capabilities = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                    "--disable-gpu", "--no-first-run", "--disable-extensions",
                    "--disable-background-networking", "--window-size=1280,800",
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
            "timeouts": { "script": SCRIPT_TIMEOUT.as_millis() as u64 },
        });
        let Json::Object(capabilities) = capabilities else {
            unreachable!("an object literal")
        };
        let url = format!("http://{addr}");
        let client = browser
            .runtime
            .block_on(
                ClientBuilder::new(HttpConnector::new())
                    .capabilities(capabilities)
                    .connect(&url),
            )
            .map_err(|e| BrowserError::Session {
                chromium,
                message: e.to_string(),
            })?;
        browser.client = Some(client);
        Ok(browser)
    }

    /// The WebDriver client, for what this type does not wrap (clicks, file
    /// inputs, waits); run its futures with [`Browser::block_on`].
    pub fn client(&self) -> &Client {
        self.client.as_ref().expect("a session until dropped")
    }

    /// Run `future` (a WebDriver command of [`Browser::client`]) to its end.
    pub fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }

    /// Open `url` and wait for its load event.
    pub fn goto(&self, url: &str) -> Result<(), BrowserError> {
        self.block_on(self.client().goto(url))
            .map_err(|e| command_error(format!("goto {url}"), e))
    }

    /// Run `script` (a function body; `arguments` holds `args`) and answer
    /// what it returns.
    pub fn execute(&self, script: &str, args: Vec<Json>) -> Result<Json, BrowserError> {
        self.block_on(self.client().execute(script, args))
            .map_err(|e| command_error("execute".into(), e))
    }

    /// Run `script`, which calls its last argument with its answer.
    pub fn execute_async(&self, script: &str, args: Vec<Json>) -> Result<Json, BrowserError> {
        self.block_on(self.client().execute_async(script, args))
            .map_err(|e| command_error("execute_async".into(), e))
    }

    /// Await the promise `expression` gives (the page's own JS, e.g.
    /// `window.harness.start()`) and answer what it resolves to; a rejection
    /// is an error carrying its message.
    pub fn await_js(&self, expression: &str, args: Vec<Json>) -> Result<Json, BrowserError> {
        let script = format!(
            "const done = arguments[arguments.length - 1];\n\
             Promise.resolve().then(() => {expression}).then(\n\
               value => done({{ ok: value === undefined ? null : value }}),\n\
               error => done({{ error: String(error && error.stack || error) }}));"
        );
        let answer = self.execute_async(&script, args)?;
        match answer.get("error") {
            Some(error) => Err(BrowserError::Command {
                what: expression.to_string(),
                message: error.as_str().unwrap_or_default().to_string(),
            }),
            None => Ok(answer.get("ok").cloned().unwrap_or(Json::Null)),
        }
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Result<Vec<u8>, BrowserError> {
        self.block_on(self.client().screenshot())
            .map_err(|e| command_error("screenshot".into(), e))
    }

    /// The browser's log since the session began (chromedriver hands each
    /// entry over once; this keeps them all).
    pub fn log(&self) -> Result<Vec<LogEntry>, BrowserError> {
        let entries = self
            .block_on(self.client().issue_cmd(BrowserLog))
            .map_err(|e| command_error("log".into(), e))?;
        let fresh = entries.as_array().into_iter().flatten().map(|entry| {
            let field = |name: &str| {
                entry
                    .get(name)
                    .and_then(Json::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            LogEntry {
                level: field("level"),
                source: field("source"),
                message: field("message"),
            }
        });
        let mut log = self.log.borrow_mut();
        log.extend(fresh);
        Ok(log.clone())
    }

    /// Every error in the log so far: console errors, uncaught exceptions
    /// and rejections, failed requests.
    pub fn errors(&self) -> Result<Vec<LogEntry>, BrowserError> {
        Ok(self.log()?.into_iter().filter(LogEntry::is_error).collect())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let _ = self.runtime.block_on(client.close());
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// chromedriver's log command (`/session/{id}/se/log`), which W3C WebDriver
/// does not standardise and fantoccini does not wrap.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.into()))
    }
}

fn command_error(what: String, error: fantoccini::error::CmdError) -> BrowserError {
    BrowserError::Command {
        what,
        message: error.to_string(),
    }
}

/// Start `chromedriver` on a free port and wait until it accepts
/// connections.
fn start_driver(driver: &PathBuf) -> Result<(Child, SocketAddr), BrowserError> {
    let failed = |message: String| BrowserError::Driver {
        driver: driver.clone(),
        message,
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map_err(|e| failed(format!("no free port: {e}")))?
        .port();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut child = Command::new(driver)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(e.to_string()))?;
    let start = Instant::now();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_err() {
        if let Ok(Some(status)) = child.try_wait() {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            return Err(failed(format!("it exited ({status}): {stderr}")));
        }
        if start.elapsed() > DRIVER_START {
            let _ = child.kill();
            let _ = child.wait();
            return Err(failed(format!(
                "not listening on {addr} after {DRIVER_START:?}"
            )));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok((child, addr))
}
