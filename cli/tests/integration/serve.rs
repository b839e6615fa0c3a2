//! `arora-animation serve` as a process: it writes the module directory, runs a tree,
//! serves the open local bridge on the port given, answers a WebSocket client's calls,
//! pushes the tree's keys, and exits 0 on SIGINT (Ctrl-C).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arora_animation_module::animation::ids;
use arora_types::value::Value;
use serde_json::{Value as Json, json};
use tungstenite::Message;

/// The next message of type `kind` on `socket`, skipping others.
fn next_of(socket: &mut Socket, kind: &str) -> Json {
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                let message: Json = serde_json::from_str(&text).expect("JSON");
                if message["type"] == kind {
                    return message;
                }
            }
            Ok(_) => {}
            Err(e) => panic!("the bridge closed waiting for {kind}: {e}"),
        }
    }
}

/// The `serve` process, killed if the test ends before it has stopped: a failed
/// assertion must not leave a device serving.
struct Serving(std::process::Child);

impl Drop for Serving {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// A WebSocket on the bridge.
type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>;

/// `serve` of `examples/trees/play_wave.bt` on a free loopback port, once it has printed
/// where it listens: the process, the rest of its output, and the bridge's URL.
fn serving_play_wave() -> (Serving, BufReader<std::process::ChildStdout>, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port();
    let tree =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/trees/play_wave.bt");
    let mut serving = Serving(
        Command::new(env!("CARGO_BIN_EXE_arora-animation"))
            .args(["serve", "--port", &port.to_string(), "--tree"])
            .arg(&tree)
            .stdout(Stdio::piped())
            .spawn()
            .expect("serve starts"),
    );
    let mut stdout = BufReader::new(serving.0.stdout.take().expect("its stdout"));
    let mut line = String::new();
    stdout
        .read_line(&mut line)
        .expect("serve prints where it listens");
    let url = format!("ws://127.0.0.1:{port}");
    assert!(line.contains(&url), "{line:?}");
    (serving, stdout, url)
}

/// A `player_states` call answers the tree's one player, `wave`.
fn player_states_name_the_tree_s_player(socket: &mut Socket) {
    let call = json!({
        "type": "call",
        "module_id": ids::MODULE,
        "id": ids::player_states::FUNCTION,
        "args": [],
        "request_id": "states",
    });
    socket
        .send(Message::text(call.to_string()))
        .expect("send a call");
    let answer = next_of(socket, "call_resp");
    assert_eq!(answer["success"], json!(true), "{answer}");
    let states: Value = serde_json::from_value(answer["ret"].clone()).expect("a Value");
    let Value::ArrayStructure { elements, .. } = states else {
        panic!("player_states: {answer}");
    };
    assert_eq!(elements.len(), 1, "the tree's player: {answer}");
    let wave = Value::String("wave".into());
    let named = elements[0].fields.iter().any(|field| *field.value == wave);
    assert!(named, "{answer}");
}

/// Subscribed to `arm/angle`, a push carries it as an f64 within 200 pushes. (A push
/// carries the keys that changed since the last one: the device's own `arora/time` every
/// step, `arm/angle` once the tree has stepped the clip.)
fn arm_angle_is_pushed(socket: &mut Socket) {
    let subscribe = json!({"type": "subscribe", "keys": ["arm/angle"]});
    socket
        .send(Message::text(subscribe.to_string()))
        .expect("subscribe");
    let arm = (0..200)
        .map(|_| next_of(socket, "values_changed"))
        .find(|pushed| !pushed["values"]["arm/angle"].is_null())
        .expect("arm/angle pushed within 200 pushes");
    assert!(arm["values"]["arm/angle"]["f64"].is_f64(), "{arm}");
}

/// SIGINT stops `serve` within 20 s with status 0, and it says it stopped.
fn sigint_stops_it_with_status_0(mut serving: Serving, mut stdout: impl std::io::Read) {
    let child = &mut serving.0;
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for serve") {
            break status;
        }
        assert!(Instant::now() < deadline, "serve still runs after SIGINT");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let mut rest = String::new();
    stdout
        .read_to_string(&mut rest)
        .expect("the rest of its output");
    assert!(rest.contains("stopped"), "{rest:?}");
}

#[test]
fn serve_answers_over_the_bridge_and_stops_on_sigint() {
    let (serving, stdout, url) = serving_play_wave();
    let (mut socket, _) = tungstenite::connect(&url).expect("connect to the bridge");
    player_states_name_the_tree_s_player(&mut socket);
    arm_angle_is_pushed(&mut socket);
    let _ = socket.close(None);
    sigint_stops_it_with_status_0(serving, stdout);
}
