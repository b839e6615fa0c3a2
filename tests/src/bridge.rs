//! A device serving the open local bridge (`arora-bridge-ws`) on a free
//! loopback port, stepped on a thread of its own, and a WebSocket client of it.
//!
//! The device runs as a robot's does — the module directory loaded with
//! `with_module_dirs`, a behavior ticked each step, the bridge served — but
//! steps by a fixed `dt` instead of the wall clock, so its clock, which the
//! tree reads and a host registration is given to compare, is known exactly.
//! A test talks to it as a remote does: a blocking WebSocket client
//! ([`Client`], `tungstenite`) on the test's thread, each call a round trip
//! the device answers at its next step.

use std::collections::HashMap;
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use arora::Arora;
use arora::bridge_ws::{AroraWSServer, ServerConfig};
use arora_animation_module::client::Caller;
use arora_types::call::{Call, CallError, CallResult};
use arora_types::data::Key;
use arora_types::value::Value;
use serde_json::{Value as Json, json};
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::frame::coding::{Data, OpCode};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::bridge_tree::{Behavior, load_behavior};
use crate::guest::{module_dir, scratch_dir};

/// How long a client waits for an answer before the test fails.
pub const ANSWER_WAIT: Duration = Duration::from_secs(20);

/// What device to start.
#[derive(Clone, Debug)]
pub struct DeviceSpec {
    /// Names the test's module directory and device directory.
    pub name: String,
    /// The module directory to load; the guest's, written under `name`, when `None`.
    pub module_dir: Option<PathBuf>,
    /// The behavior it runs.
    pub behavior: Behavior,
    /// The device time each step advances by.
    pub dt: Duration,
    /// The wall-clock pause between steps; zero only yields to the bridge's tasks.
    pub pace: Duration,
}

impl DeviceSpec {
    /// The guest's module directory, no behavior, 10 ms steps a millisecond apart.
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_string(),
            module_dir: None,
            behavior: Behavior::None,
            dt: Duration::from_millis(10),
            pace: Duration::from_millis(1),
        }
    }

    /// The same device running `behavior`.
    pub fn with_behavior(mut self, behavior: Behavior) -> Self {
        self.behavior = behavior;
        self
    }
}

/// What the device held when it stopped.
#[derive(Debug)]
pub struct Stopped {
    /// The steps it made.
    pub steps: u64,
    /// Every key of its store, with its value.
    pub store: HashMap<String, Value>,
    /// The behavior's standing error, if its last tick failed.
    pub behavior_error: Option<String>,
}

/// A device running on its own thread, serving the bridge at [`url`](Self::url).
pub struct ServedDevice {
    /// `ws://127.0.0.1:<port>`.
    pub url: String,
    /// The bridge's port.
    pub port: u16,
    steps: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Result<Stopped, String>>>,
}

impl ServedDevice {
    /// Start the device `spec` describes; returns once it serves the bridge
    /// and its behavior is loaded. Panics — failing the test — when it does not start.
    pub fn start(spec: DeviceSpec) -> Self {
        let port = free_port();
        let dir = spec
            .module_dir
            .clone()
            .unwrap_or_else(|| module_dir(&spec.name));
        let device_dir = scratch_dir(&format!("{}-device", spec.name));
        let steps = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let thread = {
            let (steps, stop) = (steps.clone(), stop.clone());
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("a runtime for the device: {e}"))?;
                runtime.block_on(serve(spec, port, dir, device_dir, steps, stop, ready_tx))
            })
        };
        match ready_rx.recv_timeout(Duration::from_secs(120)) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("the device does not start: {e}"),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                panic!("the device did not start within two minutes")
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match thread.join() {
                Ok(Err(e)) => panic!("the device does not start: {e}"),
                other => panic!("the device's thread ended: {other:?}"),
            },
        }
        Self {
            url: format!("ws://127.0.0.1:{port}"),
            port,
            steps,
            stop,
            thread: Some(thread),
        }
    }

    /// The steps the device has made so far.
    pub fn steps(&self) -> u64 {
        self.steps.load(Ordering::SeqCst)
    }

    /// Wait until the device has made `steps` steps in all.
    pub fn wait_for_steps(&self, steps: u64) {
        let deadline = Instant::now() + ANSWER_WAIT * 3;
        while self.steps() < steps {
            assert!(
                Instant::now() < deadline,
                "the device made {} steps of {steps}",
                self.steps()
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Whether the device is still running (its thread has not ended).
    pub fn is_running(&self) -> bool {
        self.thread
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
    }

    /// Stop the device between two steps; what it held.
    pub fn stop(mut self) -> Stopped {
        self.stop.store(true, Ordering::SeqCst);
        let thread = self.thread.take().expect("the device runs until stopped");
        match thread.join() {
            Ok(Ok(stopped)) => stopped,
            Ok(Err(e)) => panic!("the device failed: {e}"),
            Err(_) => panic!("the device's thread panicked"),
        }
    }
}

impl Drop for ServedDevice {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A loopback port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port()
}

/// The device's life on its thread: build it, serve, step until told to stop.
async fn serve(
    spec: DeviceSpec,
    port: u16,
    dir: PathBuf,
    device_dir: PathBuf,
    steps: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    ready: std::sync::mpsc::Sender<Result<(), String>>,
) -> Result<Stopped, String> {
    let started = async {
        let server = Arc::new(AroraWSServer::new(ServerConfig::with_port(port)));
        let bridge = arora::serve_local_ws_bridge(server)
            .await
            .map_err(|e| format!("serve the bridge on {port}: {e}"))?;
        let mut device = Arora::builder()
            .with_bridge(bridge)
            .with_module_dirs(&device_dir, &[dir])
            .await
            .and_then(|builder| builder.build())
            .map_err(|e| format!("build the device: {e}"))?;
        load_behavior(&mut device, &spec.behavior)?;
        Ok::<_, String>(device)
    };
    let mut device = match started.await {
        Ok(device) => {
            let _ = ready.send(Ok(()));
            device
        }
        Err(e) => {
            let _ = ready.send(Err(e.clone()));
            return Err(e);
        }
    };
    while !stop.load(Ordering::SeqCst) {
        device
            .step(spec.dt)
            .map_err(|e| format!("step {}: {e}", steps.load(Ordering::SeqCst)))?;
        steps.fetch_add(1, Ordering::SeqCst);
        if spec.pace.is_zero() {
            tokio::task::yield_now().await;
        } else {
            tokio::time::sleep(spec.pace).await;
        }
    }
    Ok(Stopped {
        steps: steps.load(Ordering::SeqCst),
        store: store_of(&device),
        behavior_error: device.behavior_error().borrow().clone(),
    })
}

/// Every key of the device's store with its value.
pub fn store_of(device: &Arora) -> HashMap<String, Value> {
    let keys: Vec<Key> = arora::list_keys(device.store(), None)
        .into_iter()
        .map(|(path, _)| Key::from(path.as_str()))
        .collect();
    let values = device.store().read(&keys);
    keys.into_iter()
        .zip(values)
        .filter_map(|(key, value)| Some((key.path, value?)))
        .collect()
}

/// A blocking WebSocket client of the bridge, as an editor or a control panel is.
pub struct Client {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    /// The `values_changed` pushes read while waiting for answers, in order.
    pub pushes: Vec<Json>,
    next_request: u64,
}

/// How a message sent to the bridge was answered.
#[derive(Debug)]
pub enum Reply {
    /// An answer, as JSON.
    Answer(Json),
    /// The bridge closed the connection.
    Closed(String),
}

impl Client {
    /// Connect to `url`, retrying while the server comes up.
    pub fn connect(url: &str) -> Self {
        let deadline = Instant::now() + ANSWER_WAIT;
        loop {
            match tungstenite::connect(url) {
                Ok((socket, _)) => {
                    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
                        stream
                            .set_read_timeout(Some(ANSWER_WAIT))
                            .expect("a read timeout on the socket");
                    }
                    return Self {
                        socket,
                        pushes: Vec::new(),
                        next_request: 0,
                    };
                }
                Err(e) if Instant::now() > deadline => panic!("connect to {url}: {e}"),
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }

    /// Send `text` as one text message.
    pub fn send_text(&mut self, text: &str) -> Result<(), tungstenite::Error> {
        self.socket.send(Message::text(text))
    }

    /// Send `text` as one text message split into frames of at most `frame` bytes:
    /// how a message longer than the bridge's frame cap, up to its message cap,
    /// reaches it (a message sent whole is one frame).
    pub fn send_fragmented(&mut self, text: &str, frame: usize) -> Result<(), tungstenite::Error> {
        let chunks: Vec<&[u8]> = text.as_bytes().chunks(frame).collect();
        for (n, chunk) in chunks.iter().enumerate() {
            let opcode = if n == 0 { Data::Text } else { Data::Continue };
            let is_final = n + 1 == chunks.len();
            let frame = Frame::message(chunk.to_vec(), OpCode::Data(opcode), is_final);
            self.socket.send(Message::Frame(frame))?;
        }
        Ok(())
    }

    /// Send `message` as JSON text; panics when the connection is gone.
    pub fn send(&mut self, message: &Json) {
        self.send_text(&message.to_string())
            .unwrap_or_else(|e| panic!("send {}: {e}", abbreviated(message)));
    }

    /// The next message that is not a `values_changed` push (those are kept
    /// in [`pushes`](Self::pushes)), or how the connection ended.
    pub fn reply(&mut self) -> Reply {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    let message: Json = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("the bridge answered no JSON ({e}): {text}"));
                    if message["type"] == "values_changed" {
                        self.pushes.push(message);
                    } else {
                        return Reply::Answer(message);
                    }
                }
                Ok(Message::Close(frame)) => return Reply::Closed(format!("{frame:?}")),
                Ok(_) => {}
                Err(e) => return Reply::Closed(e.to_string()),
            }
        }
    }

    /// The next answer; panics when the connection ended.
    pub fn answer(&mut self) -> Json {
        match self.reply() {
            Reply::Answer(answer) => answer,
            Reply::Closed(why) => panic!("the bridge closed the connection: {why}"),
        }
    }

    /// Send `message` and wait for its answer, of type `kind`.
    pub fn ask(&mut self, message: &Json, kind: &str) -> Json {
        self.send(message);
        let answer = self.answer();
        assert_eq!(
            answer["type"],
            kind,
            "{} answered {answer}",
            abbreviated(message)
        );
        answer
    }

    /// A fresh request id.
    pub fn request_id(&mut self) -> String {
        self.next_request += 1;
        format!("r{}", self.next_request)
    }

    /// The `call` message of `call`, under `request_id`.
    pub fn call_message(call: &Call, request_id: &str) -> Json {
        let mut message = serde_json::to_value(call).expect("a call in JSON");
        message["type"] = json!("call");
        message["request_id"] = json!(request_id);
        message
    }

    /// `call` by ids over the bridge, its answer read back as the in-process
    /// caller's would be: a `call_resp` that succeeded is the call's result,
    /// one that failed and a message the bridge could not read are its error.
    pub fn call(&mut self, call: &Call) -> Result<CallResult, CallError> {
        let request_id = self.request_id();
        self.send(&Self::call_message(call, &request_id));
        call_result(self.answer(), &request_id)
    }

    /// `method` invoked by name with `args` by parameter name; its answer.
    pub fn invoke(&mut self, method: &str, args: Json) -> Json {
        let request_id = self.request_id();
        let message =
            json!({"type": "invoke", "method": method, "args": args, "request_id": request_id});
        let answer = self.ask(&message, "invoke_resp");
        assert_eq!(answer["request_id"], json!(request_id), "{answer}");
        answer
    }

    /// The device's methods, as `describe_methods` answers them.
    pub fn describe(&mut self) -> Vec<arora::MethodSignature> {
        let answer = self.ask(
            &json!({"type": "describe_methods"}),
            "describe_methods_resp",
        );
        serde_json::from_value(answer["methods"].clone()).expect("the described signatures")
    }

    /// Subscribe to `keys`.
    pub fn subscribe(&mut self, keys: &[&str]) {
        self.ask(
            &json!({"type": "subscribe", "keys": keys}),
            "subscribe_resp",
        );
    }

    /// The values of `keys` now, as `read_values` answers them (a key the
    /// store does not hold is left out).
    pub fn read(&mut self, keys: &[String]) -> HashMap<String, Value> {
        let answer = self.ask(
            &json!({"type": "read_values", "keys": keys}),
            "read_values_resp",
        );
        serde_json::from_value(answer["values"].clone()).expect("the values read")
    }

    /// Close the connection politely.
    pub fn close(mut self) {
        let _ = self.socket.close(None);
        while self.socket.read().is_ok() {}
    }
}

/// The bridge connection as the typed client's caller: each call one round trip.
impl Caller for Client {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        Client::call(self, &call)
    }
}

/// A `call_resp` (or an `error`) read back as a call's result.
pub fn call_result(answer: Json, request_id: &str) -> Result<CallResult, CallError> {
    match answer["type"].as_str() {
        Some("call_resp") => {
            assert_eq!(answer["request_id"], json!(request_id), "{answer}");
            if answer["success"] == json!(true) {
                Ok(CallResult {
                    ret: serde_json::from_value(answer["ret"].clone())
                        .unwrap_or_else(|e| panic!("the call's ret ({e}): {answer}")),
                    mutated: serde_json::from_value(answer["mutated"].clone())
                        .unwrap_or_else(|e| panic!("the call's mutated ({e}): {answer}")),
                })
            } else {
                Err(CallError::Generic {
                    message: answer["message"].as_str().unwrap_or_default().to_string(),
                })
            }
        }
        Some("error") => Err(CallError::Generic {
            message: answer["message"].as_str().unwrap_or_default().to_string(),
        }),
        _ => panic!("a call answered {answer}"),
    }
}

/// `message` as text, cut to a readable length for a panic message.
pub fn abbreviated(message: &Json) -> String {
    let text = message.to_string();
    match text.char_indices().nth(300) {
        Some((at, _)) => format!("{}… ({} bytes)", &text[..at], text.len()),
        None => text,
    }
}
