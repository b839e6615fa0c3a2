//! The module as a robot's behavior tree drives it: an `arora` 18 device
//! carrying the module directory runs a tree of `examples/trees/` that loads
//! a clip, creates a player and, every tick, steps it by the device's clock
//! and writes each output to the store key its track targets. After every
//! step each key holds exactly what a host registration of the contract,
//! given the same calls at the same device time, makes of it.

use std::collections::HashMap;
use std::time::Duration;

use arora::Arora;
use arora_animation_tests::bridge::store_of;
use arora_animation_tests::bridge_tree::{Behavior, HostReplay, device_running};
use arora_animation_tests::calls::{self, Answer, Command, Opt};
use arora_types::value::Value;

/// The device's fixed step.
const DT: Duration = Duration::from_millis(10);

/// Steps of a run: 4 s of device time, four turns of the one-second clip.
const STEPS: u64 = 400;

/// The keys the bundled clip's tracks target.
const TRACK_KEYS: [&str; 3] = ["arm/angle", "light/on", "face/expression"];

/// Steps `device` by [`DT`] (its `step`th step), the tree raising no error: its store
/// after the step, and the clock's time and interval there.
fn step_once(device: &mut Arora, step: u64) -> (HashMap<String, Value>, u64, u64) {
    device.step(DT).expect("the device steps");
    assert_eq!(*device.behavior_error().borrow(), None, "step {step}");
    let store = store_of(device);
    let (time, dt) = clock(&store);
    (store, time, dt)
}

/// The device's clock after its latest step: `arora/time`, `arora/dt`.
fn clock(store: &HashMap<String, Value>) -> (u64, u64) {
    match (store.get("arora/time"), store.get("arora/dt")) {
        (Some(Value::U64(time)), Some(Value::U64(dt))) => (*time, *dt),
        other => panic!("the device's clock: {other:?}"),
    }
}

/// Run `tree` for [`STEPS`] steps; after each, the keys the tracks target
/// must hold what `host` makes of the same calls: the setup at the first
/// step, `events` at their device times, then `output_keys` and
/// `step_values(dt, time)`. The store's other keys are the clock's alone.
/// Returns the arm's values, one per step.
fn run_checked(
    name: &str,
    tree: &str,
    events: &[(u64, Vec<Command>)],
) -> (Arora, HostReplay, Vec<f64>) {
    let mut device = device_running(name, &Behavior::example(tree));
    let mut host = HostReplay::new();
    let mut arm = Vec::new();
    for step in 1..=STEPS {
        let (store, time, dt) = step_once(&mut device, step);
        assert_eq!(
            (time, dt),
            (step * DT.as_nanos() as u64, DT.as_nanos() as u64)
        );
        if step == 1 {
            host.set_up(Opt::Some("wave".into()));
        }
        for (_, commands) in events.iter().filter(|(at, _)| *at == time) {
            for command in commands {
                assert_eq!(
                    host.call(command),
                    Answer::Returned(Value::U32(0)),
                    "{}",
                    command.name
                );
            }
        }
        host.step(dt, time);
        let written: HashMap<String, Value> = store
            .into_iter()
            .filter(|(key, _)| !key.starts_with("arora/"))
            .collect();
        assert_eq!(written, host.keys, "{tree}, step {step} at {time} ns");
        match written.get("arm/angle") {
            Some(Value::F64(x)) => arm.push(*x),
            other => panic!("arm/angle at step {step}: {other:?}"),
        }
    }
    let mut keys: Vec<&str> = host.keys.keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut expected = TRACK_KEYS.to_vec();
    expected.sort_unstable();
    assert_eq!(keys, expected);
    (device, host, arm)
}

/// `play_wave.bt`: the looping clip, each output at its key. 0 → 90 → 0 on
/// `arm/angle` each second of device time.
#[test]
fn a_tree_plays_a_clip_to_the_store_keys_its_tracks_target() {
    let (_, _, arm) = run_checked("tree-plays", "play_wave.bt", &[]);
    let peaks = arm.iter().filter(|x| (**x - 90.0).abs() < 1e-9).count();
    assert_eq!(peaks, 4, "the arm peaks once a second: {arm:?}");
    assert!(arm.iter().all(|x| (0.0..=90.0).contains(x)), "{arm:?}");
}

/// `transport_wave.bt`: paused, sought, played backwards, looped ping-pong and
/// told to play once, mid-run; the keys still hold what the host registration
/// gives, and the player ends as the host's does.
#[test]
fn a_tree_pauses_seeks_and_changes_speed_and_loop_mode_mid_run() {
    let events = vec![
        (300_000_000, vec![calls::pause(0)]),
        (500_000_000, vec![calls::seek(0, 800_000_000)]),
        (700_000_000, vec![calls::play(0), calls::set_speed(0, -0.5)]),
        (
            1_500_000_000,
            vec![calls::set_loop(0, "ping_pong"), calls::set_speed(0, 2.5)],
        ),
        (2_800_000_000, vec![calls::set_loop(0, "once")]),
    ];
    let (mut device, mut host, arm) = run_checked("tree-transport", "transport_wave.bt", &events);
    // Paused from 0.3 s to 0.7 s: the arm holds still, then jumps where the seek put it.
    assert_eq!(
        arm[30..49].iter().filter(|x| **x != arm[29]).count(),
        0,
        "{arm:?}"
    );
    let states = calls::player_states();
    let on_device = states.send(device.engine());
    assert_eq!(on_device, host.call(&states));
    let Answer::Returned(Value::ArrayStructure { elements, .. }) = on_device else {
        panic!("player_states: {on_device:?}");
    };
    assert_eq!(elements.len(), 1);
}

/// `play_wave.groot.xml`: the same play in Groot, which cannot select the
/// records' fields; the two records it writes whole equal the host's.
#[test]
fn a_groot_tree_steps_the_clip_and_writes_the_records_whole() {
    let mut device = device_running("tree-groot", &Behavior::example("play_wave.groot.xml"));
    let mut host = HostReplay::new();
    for step in 1..=STEPS {
        let (store, time, dt) = step_once(&mut device, step);
        if step == 1 {
            host.set_up(Opt::Omitted);
        }
        let (keys, values) = host.step(dt, time);
        assert_eq!(
            store.get("animation/keys"),
            Some(&Value::from(keys)),
            "step {step}"
        );
        assert_eq!(
            store.get("animation/step"),
            Some(&Value::from(values)),
            "step {step}"
        );
    }
}
