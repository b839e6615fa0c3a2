//! The module on the browser device: arora-web 15 in headless Chromium loads
//! the `wasm32-wasip2` module directory (`AroraRuntimeBuilder.withModule` +
//! `withRecords`, and `Engine.loadModule`), and every answer it gives to a
//! session of calls sent from the page's JavaScript equals the native `arora`
//! device's answer to the same calls on the same module directory.

mod support;

use arora::Arora;
use arora_animation_module::animation::ids;
use arora_animation_module_dir::device;
use arora_animation_tests::calls::{self, Command, Opt};
use arora_animation_tests::session::scripted;
use arora_types::Uuid;
use arora_types::call::{Call, CallError, CallResult};
use arora_types::value::Value;
use serde_json::{Value as Json, json};

use support::clips::{animation_clip, clip, mixed_clip};
use support::compare::{Failure, Tally};
use support::harness::{Harness, bundle};

/// The module's id as the browser writes it.
fn module_id() -> String {
    ids::MODULE.to_string()
}

/// A native device on the bundle's module directory, recording every call
/// sent and what it answered, so the browser can be sent the same calls.
struct Recorded {
    device: Arora,
    sent: Vec<(&'static str, Call)>,
    answers: Vec<Result<CallResult, Failure>>,
}

impl Recorded {
    fn new() -> Recorded {
        Recorded {
            device: device(&bundle().module_dir()).unwrap_or_else(|e| panic!("{e}")),
            sent: Vec::new(),
            answers: Vec::new(),
        }
    }

    /// Send `command` to the native device; its answer.
    fn send(&mut self, command: Command) -> Result<Value, CallError> {
        let call = command.call();
        let answer = self.device.call(call.clone());
        self.sent.push((command.name, call));
        self.answers
            .push(answer.as_ref().map(Clone::clone).map_err(Failure::from));
        answer.map(|result| result.ret)
    }

    /// Send `command`, which answers an id the contract does not refuse.
    fn id(&mut self, command: Command) -> u32 {
        let name = command.name;
        match self.send(command) {
            Ok(Value::U32(id)) if id != u32::MAX => id,
            other => panic!("{name}: {other:?}"),
        }
    }

    /// Send `command`, which answers `expected` (a refusal, or a removal's
    /// `true` / `1`).
    fn expect(&mut self, command: Command, expected: Value) {
        let name = command.name;
        match self.send(command) {
            Ok(answer) => assert_eq!(answer, expected, "{name}"),
            Err(error) => panic!("{name}: {error}"),
        }
    }

    /// Send every call to the browser's device and engine `name` (opened
    /// afresh) and compare each answer with the native device's.
    fn compare_in(&self, harness: &Harness, name: &str) -> Tally {
        harness.open(name);
        let calls: Vec<String> = self
            .sent
            .iter()
            .map(|(_, call)| serde_json::to_string(call).expect("a Call serializes"))
            .collect();
        let mut tally = Tally::default();
        for on in ["device", "engine"] {
            let answers = harness.calls(name, on, &calls);
            for (i, ((function, _), (native, browser))) in self
                .sent
                .iter()
                .zip(self.answers.iter().zip(&answers))
                .enumerate()
            {
                tally.check(&format!("{on} call {i} ({function})"), native, browser);
            }
        }
        harness.assert_no_page_errors();
        tally
    }
}

#[test]
fn the_browser_device_describes_every_export_from_the_records() {
    let harness = Harness::start();
    let opened = harness.open("describe");
    let native = Recorded::new();
    let mut expected: Vec<Json> = native
        .device
        .describe_methods(None)
        .iter()
        .filter(|signature| signature.module_id == ids::MODULE)
        .map(|signature| {
            let mut info = serde_json::to_value(arora_bridge::client::method_info(signature))
                .expect("a method info serializes");
            info["module"] = json!(module_id());
            info
        })
        .collect();
    let mut described: Vec<Json> = opened["methods"]
        .as_array()
        .expect("describeMethods answers a list")
        .iter()
        .filter(|method| method["module"] == json!(module_id()))
        .cloned()
        .collect();
    let by_path = |a: &Json, b: &Json| a["path"].as_str().cmp(&b["path"].as_str());
    expected.sort_by(by_path);
    described.sort_by(by_path);
    assert_eq!(expected.len(), 31, "the native device describes 31");
    assert_eq!(
        described, expected,
        "withRecords describes every export as natively"
    );
    // The record-typed returns are described by their structures' fields.
    for record_typed in ["step_values", "player_states", "bake", "output_keys"] {
        let method = described
            .iter()
            .find(|method| method["path"] == json!(record_typed))
            .unwrap_or_else(|| panic!("{record_typed} is described"));
        assert_ne!(
            method["return_type"],
            Json::Null,
            "{record_typed}: {method}"
        );
    }

    assert_eq!(opened["moduleId"], json!(module_id()), "Engine.loadModule");
    let header: Json = serde_json::from_str(
        &std::fs::read_to_string(bundle().module_dir().join("header.json")).expect("header.json"),
    )
    .expect("the header is JSON");
    assert_eq!(
        opened["engineModules"],
        json!([header]),
        "Engine.listModules"
    );

    let mut record_files = Vec::new();
    let records = bundle().module_dir().join("records");
    let mut pending = vec![records.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("records/") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let name = path.strip_prefix(&records).expect("under records/");
                record_files.push(name.to_string_lossy().into_owned());
            }
        }
    }
    record_files.sort();
    assert_eq!(harness.loaded["recordFiles"], json!(record_files));
    assert_eq!(
        record_files.len(),
        18,
        "the arora folder, the module, 16 structures"
    );
    harness.assert_no_page_errors();
}

/// The scripted session of the guest/host comparison (all 31 functions,
/// refusals, a call missing its argument) answers alike in the browser.
#[test]
fn the_scripted_session_answers_as_on_the_native_device() {
    let harness = Harness::start();
    let mut native = Recorded::new();
    for command in scripted() {
        let _ = native.send(command);
    }
    let tally = native.compare_in(&harness, "scripted");
    println!("scripted session: {tally}");
    assert_eq!(tally.answers, 2 * native.sent.len());
    assert!(
        tally.errors >= 2,
        "the call missing its argument fails on both"
    );
}

/// 60 Hz in nanoseconds, rounded.
const FRAME_NS: u64 = 16_666_667;
const MS: u64 = 1_000_000;

/// Step `frames` frames from `*time`: mostly `step_values`, every tenth a
/// `step` and every tenth a `step_with_velocities`; every seventh frame an
/// odd length and every fiftieth none; the device time given in every form
/// the contract takes (left out, `Some`, bare).
fn play_frames(native: &mut Recorded, time: &mut u64, frames: u32) {
    for frame in 0..frames {
        let dt = match frame {
            f if f % 50 == 49 => 0,
            f if f % 7 == 6 => 7_777_777,
            _ => FRAME_NS,
        };
        *time += dt;
        let at = match frame % 3 {
            0 => Opt::Omitted,
            1 => Opt::Some(*time),
            _ => Opt::Bare(*time),
        };
        let command = match frame % 10 {
            3 => calls::step(dt, at),
            7 => calls::step_with_velocities(dt, at),
            _ => calls::step_values(dt, at),
        };
        native
            .send(command)
            .unwrap_or_else(|e| panic!("frame {frame}: {e}"));
    }
}

/// A session over the example clips: the 2.0 documents and the 1.x `nod`,
/// three players with weighted instances, every transport call and loop mode,
/// windows, lengths and offsets, 3,300 frames of stepping, bakes, reloads,
/// removals, refused calls and failing calls — sent to the browser's device
/// and engine and compared answer by answer with the native device's.
#[test]
fn a_session_over_the_example_clips_answers_as_on_the_native_device() {
    use calls::*;
    let harness = Harness::start();
    let mut native = Recorded::new();
    let refused = Value::U32(u32::MAX);

    let wave = native.id(load_clip(clip("wave.json")));
    let blink = native.id(load_clip(clip("blink.json")));
    let handles = native.id(load_clip(clip("handles.json")));
    let nod = native.id(load_animation(animation_clip("nod_v1.json")));
    native.expect(load_clip(mixed_clip()), refused.clone());

    let p0 = native.id(create_player(Opt::Some("wave and blink".into())));
    let p1 = native.id(create_player(Opt::Omitted));
    let p2 = native.id(create_player(Opt::None));
    let i0 = native.id(add_instance(p0, wave));
    let i1 = native.id(add_instance_with_weight(p0, blink, 0.5));
    let i2 = native.id(add_instance_with_weight(p1, handles, 0.25));
    let i3 = native.id(add_instance_with_weight(p1, nod, 0.75));
    let _i4 = native.id(add_instance_with_weight(p2, wave, 1.5));
    let _i5 = native.id(add_instance(p2, handles));
    let _ = native.send(output_keys());
    let _ = native.send(player_states());

    // Refused: unknown players, instances and clips; out-of-range arguments.
    native.expect(add_instance(99, wave), refused.clone());
    native.expect(add_instance(p0, 99), refused.clone());
    native.expect(add_instance_with_weight(p0, wave, -1.0), refused.clone());
    native.expect(set_weight(p0, i0, -0.5), refused.clone());
    native.expect(set_speed(p0, 2e6), refused.clone());
    native.expect(set_loop(p0, "sideways"), refused.clone());
    native.expect(set_rate(p1, i2, 0.0), refused.clone());
    native.expect(set_time_scale(p1, i2, 0.0), refused.clone());
    for command in [play(99), pause(99), stop(99), seek(99, 0), play_at(99, 0)] {
        native.expect(command, refused.clone());
    }
    native.expect(set_window(99, 0, Opt::Omitted), refused.clone());
    native.expect(set_length(99, Opt::Omitted), refused.clone());
    native.expect(set_reversed(99, true), refused.clone());
    native.expect(remove_instance(p0, 99), Value::U32(0));
    native.expect(unload_animation(99), Value::Boolean(false));
    native.expect(remove_player(99), Value::Boolean(false));
    native.expect(reload_clip(99, clip("wave.json")), Value::Boolean(false));
    native.expect(
        reload_animation(99, animation_clip("nod_v1.json")),
        Value::Boolean(false),
    );
    let _ = native.send(bake(99, Opt::Omitted, Opt::Omitted, Opt::Omitted));

    let mut time = 0;
    for (phase, mode) in ["loop", "once", "bounce", "ping_pong"]
        .into_iter()
        .enumerate()
    {
        for player in [p0, p1, p2] {
            native.id(set_loop(player, mode));
        }
        match phase {
            0 => {
                native.id(set_speed(p0, 1.0));
                native.id(set_speed(p1, -0.5));
            }
            1 => {
                native.id(set_speed(p0, 1.7));
                native.id(seek(p1, 250 * MS));
                native.id(set_window(p2, 100 * MS, Opt::Some(800 * MS)));
            }
            2 => {
                native.id(set_speed(p2, -1.25));
                native.id(set_window(p2, 0, Opt::None));
                native.id(set_start_offset(p1, i2, -120_000_000));
                native.id(set_time_scale(p1, i3, 1.3));
                native.id(set_rate(p0, i0, 0.8));
                native.id(set_weight(p0, i1, 0.9));
            }
            _ => {
                native.id(set_length(p0, Opt::Some(1500 * MS)));
                native.id(set_reversed(p1, true));
                native.id(play_at(p2, time + 300 * MS));
            }
        }
        play_frames(&mut native, &mut time, 200);
        native.id(pause(p0));
        native.id(stop(p1));
        play_frames(&mut native, &mut time, 100);
        native.id(play(p0));
        native.id(play(p1));
        native.id(seek(p0, 900 * MS));
        play_frames(&mut native, &mut time, 300);
        let _ = native.send(player_states());
        let _ = native.send(output_keys());
    }
    native.id(set_length(p0, Opt::Bare(2000 * MS)));
    native.id(set_length(p0, Opt::None));
    native.id(set_reversed(p1, false));
    native.id(set_window(p0, 50 * MS, Opt::Bare(700 * MS)));

    let _ = native.send(bake(wave, Opt::Omitted, Opt::Omitted, Opt::Omitted));
    let _ = native.send(bake(
        handles,
        Opt::Some(120.0),
        Opt::Some(0),
        Opt::Some(500 * MS),
    ));
    let _ = native.send(bake(blink, Opt::Bare(30.0), Opt::Omitted, Opt::None));
    let _ = native.send(bake_with_derivatives(
        nod,
        Opt::Some(30.0),
        Opt::Omitted,
        Opt::Omitted,
    ));
    let _ = native.send(bake_with_derivatives(
        wave,
        Opt::Bare(240.0),
        Opt::Bare(100 * MS),
        Opt::Bare(900 * MS),
    ));
    let _ = native.send(bake(wave, Opt::Bare(0.0), Opt::Omitted, Opt::Omitted));

    native.expect(
        reload_clip(wave, clip("handles.json")),
        Value::Boolean(true),
    );
    native.expect(
        reload_animation(nod, animation_clip("nod_v1.json")),
        Value::Boolean(true),
    );
    play_frames(&mut native, &mut time, 100);

    // Removals: an instance (twice: the second is refused), a clip with its
    // instances, a player with its instances.
    native.expect(remove_instance(p0, i1), Value::U32(1));
    native.expect(remove_instance(p0, i1), Value::U32(0));
    native.expect(unload_animation(handles), Value::Boolean(true));
    native.expect(remove_player(p1), Value::Boolean(true));
    native.expect(add_instance(p1, wave), refused.clone());
    let _ = native.send(output_keys());
    let _ = native.send(player_states());
    play_frames(&mut native, &mut time, 800);

    // Failing calls: an argument missing, one of the wrong type, a function
    // the module does not have.
    let mut missing = step_values(FRAME_NS, Opt::Omitted);
    missing.args.clear();
    let mut mistyped = play(p0);
    mistyped.args[0].1 = Value::String("zero".into());
    let mut unknown = play(p0);
    unknown.function = Uuid::from_u128(0x76697a69_6a00_0000_0f00_0000000000ff);
    for command in [missing, mistyped, unknown] {
        let name = command.name;
        assert!(native.send(command).is_err(), "{name} fails");
    }
    let _ = native.send(player_states());
    let _ = native.send(step_values(FRAME_NS, Opt::Omitted));
    let _ = native.send(output_keys());

    let stepped = native
        .sent
        .iter()
        .filter(|(name, _)| name.starts_with("step"))
        .count();
    assert!(stepped >= 3000, "{stepped} steps");
    let tally = native.compare_in(&harness, "examples");
    println!(
        "example clips session, {} calls: {tally}",
        native.sent.len()
    );
    assert_eq!(tally.answers, 2 * native.sent.len());
    assert_eq!(
        tally.errors,
        2 * 3,
        "three calls fail on each of device and engine"
    );
}

/// What the tests above rely on to fail on a page error: a `console.error`,
/// an uncaught exception and an unhandled rejection all reach the log.
#[test]
fn console_errors_and_page_exceptions_reach_the_log() {
    let harness = Harness::start();
    harness.assert_no_page_errors();
    harness
        .browser
        .await_js(
            "new Promise(resolve => {\
               console.error('an error logged');\
               setTimeout(() => { throw new Error('an exception thrown'); });\
               setTimeout(() => Promise.reject(new Error('a promise rejected')));\
               setTimeout(resolve, 200);\
             })",
            vec![],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let errors = harness.browser.errors().unwrap_or_else(|e| panic!("{e}"));
    for expected in [
        "an error logged",
        "an exception thrown",
        "a promise rejected",
    ] {
        assert!(
            errors.iter().any(|entry| entry.message.contains(expected)),
            "{expected} is logged: {errors:#?}"
        );
    }
}
