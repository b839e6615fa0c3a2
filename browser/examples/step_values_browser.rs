//! `step_values` of the guest in headless Chromium (on arora-web's `Engine`
//! and on its `AroraRuntime` device), of the same `wasm32-wasip2` module
//! directory on a native `arora` device, and of the host registration,
//! measured interleaved: rounds of `CALLS` calls on each in turn, so that a
//! shared machine's drift falls on all alike. Same state as the
//! `step_values` bench of `arora-animation-tests` (the bundled clip looping on
//! four players). Then the module's load time in the page. Run:
//! `cargo run --release -p arora-animation-browser --example step_values_browser`.

use std::hint::black_box;
use std::time::Instant;

use arora::Arora;
use arora_animation_browser::{Browser, Bundle, Server};
use arora_animation_module_dir::{bundled_clip, device};
use arora_animation_tests::calls::{self, Command, Opt};
use arora_animation_tests::serving_engines::host_engine;
use arora_types::call::{Call, CallBridge};
use arora_types::value::Value;
use serde_json::{Value as Json, json};

const PLAYERS: u32 = 4;
const ROUNDS: usize = 30;
const CALLS: u32 = 2000;
/// Fresh pages and devices for the load times.
const LOADS: usize = 10;

/// The calls that set a module up as the bench does.
fn setup() -> Vec<Command> {
    let mut setup = vec![calls::load_clip(Value::from(bundled_clip()))];
    for player in 0..PLAYERS {
        setup.push(calls::create_player(Opt::Omitted));
        setup.push(calls::add_instance(player, 0));
        setup.push(calls::set_loop(player, "loop"));
        setup.push(calls::play(player));
    }
    setup
}

fn median(values: &[f64]) -> f64 {
    let mut values = values.to_vec();
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn min(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::INFINITY, f64::min)
}

/// Microseconds per call over one round of `call` through `send`.
fn native_round(mut send: impl FnMut(Call), call: &Call) -> f64 {
    let start = Instant::now();
    for _ in 0..CALLS {
        send(black_box(call.clone()));
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(CALLS)
}

fn js(browser: &Browser, expression: &str, args: Vec<Json>) -> Json {
    browser
        .await_js(expression, args)
        .unwrap_or_else(|e| panic!("{expression}: {e}"))
}

fn main() {
    let bundle = Bundle::build("step-values-bench").unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(bundle.root()).unwrap_or_else(|e| panic!("{e}"));
    let browser = Browser::start().unwrap_or_else(|e| panic!("{e}"));
    let page = server.url("harness/device.html");
    let wait = "new Promise(function wait(resolve) { window.harness ? resolve() : setTimeout(() => wait(resolve), 10); })";

    // Load times: a fresh page each time (arora-web's init and the module's
    // files), then a device and an engine built on them.
    let (mut init, mut files, mut devices, mut engines) = (vec![], vec![], vec![], vec![]);
    for load in 0..LOADS {
        browser.goto(&page).unwrap_or_else(|e| panic!("{e}"));
        let loaded = js(
            &browser,
            &format!("{wait}.then(() => window.harness.load())"),
            vec![],
        );
        let opened = js(
            &browser,
            "window.harness.open(arguments[0])",
            vec![json!(format!("load{load}"))],
        );
        init.push(loaded["runtimeMs"].as_f64().expect("ms"));
        files.push(loaded["filesMs"].as_f64().expect("ms"));
        devices.push(opened["deviceMs"].as_f64().expect("ms"));
        engines.push(opened["engineMs"].as_f64().expect("ms"));
    }

    // The page of the last load runs the bench on a device and engine of its own.
    js(&browser, "window.harness.open('bench')", vec![]);
    let setup_json: Vec<String> = setup()
        .iter()
        .map(|command| serde_json::to_string(&command.call()).expect("a Call serializes"))
        .collect();
    for on in ["device", "engine"] {
        let answers = js(
            &browser,
            "window.harness.calls('bench', arguments[0], arguments[1])",
            vec![json!(on), json!(setup_json)],
        );
        assert!(
            answers
                .as_array()
                .expect("answers")
                .iter()
                .all(|a| a.get("ok").is_some()),
            "the setup answers on the browser's {on}: {answers}"
        );
    }
    let mut native: Arora = device(&bundle.module_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut host = host_engine();
    for command in setup() {
        native
            .call(command.call())
            .expect("the native device answers");
        host.arora_call(command.call())
            .expect("the host registration answers");
    }

    let call = calls::step_values(10_000_000, Opt::Omitted).call();
    let call_json = serde_json::to_string(&call).expect("a Call serializes");
    let browser_round = |on: &str| {
        let ms = js(
            &browser,
            "window.harness.time('bench', arguments[0], arguments[1], arguments[2], 1)",
            vec![json!(on), json!(call_json), json!(CALLS)],
        );
        ms[0].as_f64().expect("ms") * 1e3 / f64::from(CALLS)
    };
    let (mut on_engine, mut on_device, mut on_native, mut on_host) =
        (vec![], vec![], vec![], vec![]);
    for _ in 0..ROUNDS {
        on_engine.push(browser_round("engine"));
        on_device.push(browser_round("device"));
        on_native.push(native_round(
            |call| {
                black_box(native.call(call).expect("step_values answers"));
            },
            &call,
        ));
        on_host.push(native_round(
            |call| {
                black_box(host.arora_call(call).expect("step_values answers"));
            },
            &call,
        ));
    }
    let errors = browser.errors().unwrap_or_else(|e| panic!("{e}"));
    assert!(errors.is_empty(), "the page logged errors: {errors:#?}");

    let (engine, device_call, native_call, host_call) = (
        median(&on_engine),
        median(&on_device),
        median(&on_native),
        median(&on_host),
    );
    println!(
        "step_values, {PLAYERS} players × 3 tracks, median of {ROUNDS} interleaved rounds of {CALLS} calls (best round):"
    );
    println!(
        "  Chromium, arora-web Engine.call          {engine:8.2} µs ({:.2})",
        min(&on_engine)
    );
    println!(
        "  Chromium, arora-web AroraRuntime.call    {device_call:8.2} µs ({:.2})",
        min(&on_device)
    );
    println!(
        "  native arora device, Arora::call         {native_call:8.2} µs ({:.2})",
        min(&on_native)
    );
    println!(
        "  host registration, engine arora_call     {host_call:8.2} µs ({:.2})",
        min(&on_host)
    );
    println!(
        "  ratios: Engine.call / native device {:.2}, Engine.call / host {:.2}, native device / host {:.2}",
        engine / native_call,
        engine / host_call,
        native_call / host_call
    );
    println!("module load in the page, median of {LOADS} fresh pages (best):");
    println!(
        "  arora-web init (pkg/arora_web_bg.wasm)   {:8.1} ms ({:.1})",
        median(&init),
        min(&init)
    );
    println!(
        "  fetch header, animation.wasm, records    {:8.1} ms ({:.1})",
        median(&files),
        min(&files)
    );
    println!(
        "  withModule + withRecords + build         {:8.1} ms ({:.1})",
        median(&devices),
        min(&devices)
    );
    println!(
        "  Engine.loadModule                        {:8.1} ms ({:.1})",
        median(&engines),
        min(&engines)
    );
}
