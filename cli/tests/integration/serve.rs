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
fn next_of(
    socket: &mut tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    kind: &str,
) -> Json {
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

#[test]
fn serve_answers_over_the_bridge_and_stops_on_sigint() {
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
    let child = &mut serving.0;
    let mut stdout = BufReader::new(child.stdout.take().expect("its stdout"));
    let mut line = String::new();
    stdout
        .read_line(&mut line)
        .expect("serve prints where it listens");
    let url = format!("ws://127.0.0.1:{port}");
    assert!(line.contains(&url), "{line:?}");

    let (mut socket, _) = tungstenite::connect(&url).expect("connect to the bridge");
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
    let answer = next_of(&mut socket, "call_resp");
    assert_eq!(answer["success"], json!(true), "{answer}");
    let states: Value = serde_json::from_value(answer["ret"].clone()).expect("a Value");
    let Value::ArrayStructure { elements, .. } = states else {
        panic!("player_states: {answer}");
    };
    assert_eq!(elements.len(), 1, "the tree's player: {answer}");
    assert!(
        elements[0]
            .fields
            .iter()
            .any(|field| *field.value == Value::String("wave".into())),
        "{answer}"
    );
    socket
        .send(Message::text(
            json!({"type": "subscribe", "keys": ["arm/angle"]}).to_string(),
        ))
        .expect("subscribe");
    // A push carries the keys that changed since the last one: the device's own
    // `arora/time` every step, `arm/angle` once the tree has stepped the clip.
    let arm = (0..200)
        .map(|_| next_of(&mut socket, "values_changed"))
        .find(|pushed| !pushed["values"]["arm/angle"].is_null())
        .expect("arm/angle pushed within 200 pushes");
    assert!(arm["values"]["arm/angle"]["f64"].is_f64(), "{arm}");
    let _ = socket.close(None);

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
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("the rest of its output");
    assert!(rest.contains("stopped"), "{rest:?}");
}
