//! The module on the browser device: arora-web 15 in headless Chromium loads
//! the `wasm32-wasip2` module directory (`AroraRuntimeBuilder.withModule` +
//! `withRecords`, and `Engine.loadModule`), and every answer it gives to a
//! session of calls sent from the page's JavaScript equals the native `arora`
//! device's answer to the same calls on the same module directory.

use arora::Arora;
use arora_animation_module::animation::{self, ids};
use arora_animation_module::client::{
    AnimationClient, AnimationId, Caller, ClipTime, DeviceSpan, DeviceTime, InstanceId, LoopMode,
    PlayerId, TimelinePosition,
};
use arora_animation_module_dir::device;
use arora_animation_tests::session::scripted;
use arora_types::Uuid;
use arora_types::call::{Call, CallError, CallResult};
use arora_types::value::Value;
use serde_json::{Value as Json, json};

use crate::support::clips::{animation_clip, clip, mixed_clip};
use crate::support::compare::{Failure, Tally};
use crate::support::harness::{Harness, bundle};

/// The module's id as the browser writes it.
fn module_id() -> String {
    ids::MODULE.to_string()
}

/// A native device on the bundle's module directory that records every
/// call sent to it and what it answered, so the browser can be sent the
/// same calls. The typed client calls through it.
struct Recorded {
    device: Arora,
    sent: Vec<(String, Call)>,
    answers: Vec<Result<CallResult, Failure>>,
}

impl Caller for Recorded {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        let name = animation::descriptions().get(&call.id).map_or_else(
            || format!("unknown function {}", call.id),
            |e| e.name.clone(),
        );
        let answer = self.device.call(call.clone());
        self.sent.push((name, call));
        self.answers
            .push(answer.as_ref().map(Clone::clone).map_err(Failure::from));
        answer
    }
}

impl Recorded {
    fn new() -> Recorded {
        Recorded {
            device: device(&bundle().module_dir()).unwrap_or_else(|e| panic!("{e}")),
            sent: Vec::new(),
            answers: Vec::new(),
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
        let _ = native.call(command.call());
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
const FRAME_NS: i64 = 16_666_667;
const MS: i64 = 1_000_000;

type Client = AnimationClient<Recorded>;

/// Step `frames` frames from `*time`: mostly `step_values`, every tenth a
/// `step` and every tenth a `step_with_velocities`; every seventh frame an
/// odd length and every fiftieth none; every other frame names the device
/// time, the others leave it to the device. Each answer holds a value for
/// each output key.
fn play_frames(client: &mut Client, time: &mut i64, frames: u32) {
    let keys = client.output_keys().expect("output_keys").keys.len();
    for frame in 0..frames {
        let dt = match frame {
            f if f % 50 == 49 => 0,
            f if f % 7 == 6 => 7_777_777,
            _ => FRAME_NS,
        };
        *time += dt;
        let (dt, now) = (
            DeviceSpan::from_ns(dt),
            (frame % 2 == 1).then(|| DeviceTime::from_ns(*time)),
        );
        let values = match frame % 10 {
            3 => {
                client.step(dt, now).expect("step");
                continue;
            }
            7 => {
                client
                    .step_with_velocities(dt, now)
                    .expect("step_with_velocities")
                    .values
            }
            _ => client.step_values(dt, now).expect("step_values").values,
        };
        let Value::ArrayValue(values) = values else {
            panic!("frame {frame}: the values are a list: {values:?}")
        };
        assert_eq!(values.len(), keys, "frame {frame}: a value per output key");
    }
}

fn some<T: std::fmt::Debug>(what: &str, answer: Result<Option<T>, impl std::fmt::Debug>) -> T {
    answer
        .unwrap_or_else(|e| panic!("{what}: {e:?}"))
        .unwrap_or_else(|| panic!("{what} is refused"))
}

fn none<T: std::fmt::Debug>(what: &str, answer: Result<Option<T>, impl std::fmt::Debug>) {
    let answer = answer.unwrap_or_else(|e| panic!("{what}: {e:?}"));
    assert!(answer.is_none(), "{what} is refused, not {answer:?}");
}

/// A session over the example clips through the typed client: the 2.0
/// documents and the 1.x `nod`, three players with weighted instances, every
/// transport call and loop mode, windows, lengths, offsets, rates, 3,301
/// frames of stepping, bakes, reloads, removals, refused calls and failing
/// calls — then the same calls sent to the browser's device and engine and
/// compared answer by answer with the native device's.
#[test]
fn a_session_over_the_example_clips_answers_as_on_the_native_device() {
    let harness = Harness::start();
    let mut c = AnimationClient::new(Recorded::new());
    let t = TimelinePosition::from_ns;
    let (unknown_player, unknown_anim) = (PlayerId::from_raw(99), AnimationId::from_raw(99));

    let wave = some("wave", c.load_clip(&clip("wave.json")));
    let blink = some("blink", c.load_clip(&clip("blink.json")));
    let handles = some("handles", c.load_clip(&clip("handles.json")));
    let nod = some("nod", c.load_animation(&animation_clip("nod_v1.json")));
    none("a mixed track", c.load_clip(&mixed_clip()));

    let p0 = some("p0", c.create_player(Some("wave and blink")));
    let p1 = some("p1", c.create_player(None));
    let p2 = some("p2", c.create_player(Some("")));
    let i0 = some("i0", c.add_instance(p0, wave));
    let i1 = some("i1", c.add_instance_with_weight(p0, blink, 0.5));
    let i2 = some("i2", c.add_instance_with_weight(p1, handles, 0.25));
    let i3 = some("i3", c.add_instance_with_weight(p1, nod, 0.75));
    some("i4", c.add_instance_with_weight(p2, wave, 1.5));
    some("i5", c.add_instance(p2, handles));
    assert_eq!(c.player_states().expect("player_states").len(), 3);

    // Refused: unknown players, instances and clips; out-of-range arguments.
    none("unknown player", c.add_instance(unknown_player, wave));
    none("unknown clip", c.add_instance(p0, unknown_anim));
    none(
        "negative weight",
        c.add_instance_with_weight(p0, wave, -1.0),
    );
    none("negative weight", c.set_weight(p0, i0, -0.5));
    none(
        "unknown instance",
        c.set_weight(p0, InstanceId::from_raw(99), 1.0),
    );
    none("speed past 2^20", c.set_speed(p0, 2e6));
    none("rate 0", c.set_rate(p1, i2, 0.0));
    none("time scale 0", c.set_time_scale(p1, i2, 0.0));
    none("play", c.play(unknown_player));
    none("pause", c.pause(unknown_player));
    none("stop", c.stop(unknown_player));
    none("seek", c.seek(unknown_player, t(0)));
    none("play_at", c.play_at(unknown_player, DeviceTime::from_ns(0)));
    none("set_window", c.set_window(unknown_player, t(0), None));
    none("set_length", c.set_length(unknown_player, None));
    none("set_reversed", c.set_reversed(unknown_player, true));
    let sideways = c.call_raw(
        ids::set_loop::FUNCTION,
        vec![
            (ids::set_loop::PLAYER, Value::U32(p0.raw())),
            (ids::set_loop::MODE, Value::String("sideways".into())),
        ],
    );
    assert_eq!(
        sideways.ok(),
        Some(Value::U32(u32::MAX)),
        "an unknown loop mode"
    );
    assert_eq!(
        c.remove_instance(p0, InstanceId::from_raw(99)).ok(),
        Some(false)
    );
    assert_eq!(c.unload_animation(unknown_anim).ok(), Some(false));
    assert_eq!(c.remove_player(unknown_player).ok(), Some(false));
    assert_eq!(
        c.reload_clip(unknown_anim, &clip("wave.json")).ok(),
        Some(false)
    );
    let nod_clip = animation_clip("nod_v1.json");
    assert_eq!(
        c.reload_animation(unknown_anim, &nod_clip).ok(),
        Some(false)
    );
    none("bake", c.bake(unknown_anim, None, None, None));

    let mut time = 0;
    let modes = [
        LoopMode::Loop,
        LoopMode::Once,
        LoopMode::Bounce,
        LoopMode::PingPong,
    ];
    for (phase, mode) in modes.into_iter().enumerate() {
        for player in [p0, p1, p2] {
            some("set_loop", c.set_loop(player, mode));
        }
        match phase {
            0 => {
                some("set_speed", c.set_speed(p0, 1.0));
                some("set_speed", c.set_speed(p1, -0.5));
            }
            1 => {
                some("set_speed", c.set_speed(p0, 1.7));
                some("seek", c.seek(p1, t(250 * MS)));
                some(
                    "set_window",
                    c.set_window(p2, t(100 * MS), Some(t(800 * MS))),
                );
            }
            2 => {
                some("set_speed", c.set_speed(p2, -1.25));
                some("set_window", c.set_window(p2, t(0), None));
                some("set_start_offset", c.set_start_offset(p1, i2, t(-120 * MS)));
                some("set_time_scale", c.set_time_scale(p1, i3, 1.3));
                // 17 significant digits: a number serde_json's default parser
                // may read an ulp off (the caveat).
                some("set_rate", c.set_rate(p0, i0, 0.1 + 0.2));
                some("set_weight", c.set_weight(p0, i1, 0.9));
            }
            _ => {
                some("set_length", c.set_length(p0, Some(t(1500 * MS))));
                some("set_reversed", c.set_reversed(p1, true));
                some(
                    "play_at",
                    c.play_at(p2, DeviceTime::from_ns(time + 300 * MS)),
                );
            }
        }
        play_frames(&mut c, &mut time, 200);
        some("pause", c.pause(p0));
        some("stop", c.stop(p1));
        play_frames(&mut c, &mut time, 100);
        some("play", c.play(p0));
        some("play", c.play(p1));
        some("seek", c.seek(p0, t(900 * MS)));
        play_frames(&mut c, &mut time, 300);
        c.player_states().expect("player_states");
    }
    some("set_length", c.set_length(p0, Some(t(2000 * MS))));
    some("set_length", c.set_length(p0, None));
    some("set_reversed", c.set_reversed(p1, false));
    some(
        "set_window",
        c.set_window(p0, t(50 * MS), Some(t(700 * MS))),
    );

    let clip_t = ClipTime::from_ns;
    some("bake", c.bake(wave, None, None, None));
    some(
        "bake",
        c.bake(
            handles,
            Some(120.0),
            Some(clip_t(0)),
            Some(clip_t(500 * MS)),
        ),
    );
    some("bake", c.bake(blink, Some(30.0), None, None));
    some("bake", c.bake_with_derivatives(nod, Some(30.0), None, None));
    some(
        "bake",
        c.bake_with_derivatives(
            wave,
            Some(240.0),
            Some(clip_t(100 * MS)),
            Some(clip_t(900 * MS)),
        ),
    );
    none("bake at rate 0", c.bake(wave, Some(0.0), None, None));

    assert_eq!(c.reload_clip(wave, &clip("handles.json")).ok(), Some(true));
    assert_eq!(c.reload_animation(nod, &nod_clip).ok(), Some(true));
    play_frames(&mut c, &mut time, 100);

    // Removals: an instance (twice: the second is refused), a clip with its
    // instances, a player with its instances.
    assert_eq!(c.remove_instance(p0, i1).ok(), Some(true));
    assert_eq!(c.remove_instance(p0, i1).ok(), Some(false));
    assert_eq!(c.unload_animation(handles).ok(), Some(true));
    assert_eq!(c.remove_player(p1).ok(), Some(true));
    none("a removed player", c.add_instance(p1, wave));
    assert_eq!(c.player_states().expect("player_states").len(), 2);
    play_frames(&mut c, &mut time, 800);

    // Failing calls: an argument missing, one of the wrong type, a function
    // the module does not have.
    let failing = [
        (ids::step_values::FUNCTION, vec![]),
        (
            ids::play::FUNCTION,
            vec![(ids::play::PLAYER, Value::String("zero".into()))],
        ),
        (
            Uuid::from_u128(0x76697a69_6a00_0000_0f00_0000000000ff),
            vec![],
        ),
    ];
    for (function, args) in failing {
        assert!(c.call_raw(function, args).is_err(), "{function} fails");
    }
    c.player_states().expect("the state is kept");
    c.step_values(DeviceSpan::from_ns(FRAME_NS), None)
        .expect("and steps on");

    let native = c.into_caller();
    let stepped = native
        .sent
        .iter()
        .filter(|(name, _)| name.starts_with("step"))
        .count();
    assert!(stepped >= 3300, "{stepped} steps");
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
    assert!(tally.numbers > 50_000, "{} numbers compared", tally.numbers);
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
