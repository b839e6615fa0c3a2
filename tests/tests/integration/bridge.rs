//! Remote clients on the open local bridge: an `arora` 18 device carrying the
//! module directory serves `arora-bridge-ws` on a free loopback port, and a
//! real WebSocket client (`tungstenite`) describes its methods, calls them by
//! ids and by name, and watches the keys a tree writes. Every answer equals
//! what a host registration of the contract answers the same calls.

use arora_animation_module::animation::ids;
use arora_animation_module::client::{
    AnimationClient, AnimationId, CallFn, Caller, ClientError, DeviceSpan, DeviceTime, LoopMode,
    PlayerId, TimelinePosition,
};
use arora_animation_module::records::PlayerState;
use arora_animation_module::records::{BakedAnimation, OutputKeys, StepValues};
use arora_animation_tests::bridge::{Client, DeviceSpec, ServedDevice};
use arora_animation_tests::bridge_numbers::assert_alike;
use arora_animation_tests::bridge_tree::{Behavior, HostReplay};
use arora_animation_tests::calls::{self, Answer};
use arora_animation_tests::described::assert_described_as_declared;
use arora_animation_tests::serving_engines::host_engine;
use arora_animation_tests::session::scripted;
use arora_types::record::ty::FrozenTy;
use arora_types::value::Value;
use serde_json::json;

/// What a bridge answer and a host answer must agree on: the same value
/// returned, or both refused as call errors (the bridge carries the device's
/// message as text).
fn agree(name: &str, host: &Answer, bridge: &Answer) {
    match (host, bridge) {
        (Answer::Returned(a), Answer::Returned(b)) => assert_alike(name, b, a),
        (Answer::Failed(_), Answer::Failed(_)) => {}
        _ => panic!("{name}: the host answered {host:?}, the bridge {bridge:?}"),
    }
}

/// `describe_methods` lists the 31 functions under the contract's ids, each
/// with its declared signature, record-typed parameters and returns included.
#[test]
fn the_bridge_describes_the_31_functions_with_their_record_types() {
    let device = ServedDevice::start(DeviceSpec::new("bridge-describes"));
    let mut client = Client::connect(&device.url);
    let described: Vec<_> = client
        .describe()
        .into_iter()
        .filter(|method| method.module_id == ids::MODULE)
        .collect();
    assert_described_as_declared(&described);
    let load_clip = described
        .iter()
        .find(|method| method.name == "load_clip")
        .expect("load_clip is described");
    let FrozenTy::FrozenScalar(clip) = &load_clip.function.parameters[&ids::load_clip::CLIP].ty
    else {
        panic!("load_clip takes a record: {load_clip:?}");
    };
    assert_eq!(
        clip.reference.to_string(),
        "76697a69-6a00-0000-0000-000000000200@2.0.0"
    );
    client.close();
    device.stop();
}

/// The scripted session — each of the 31 functions, refusals included, a
/// clip in the Value JSON form among them — called by ids over the bridge
/// answers call for call as the host registration does.
#[test]
fn calls_by_ids_answer_as_the_host_registration_does() {
    let device = ServedDevice::start(DeviceSpec::new("bridge-calls"));
    let mut client = Client::connect(&device.url);
    let mut host = host_engine();
    let session = scripted();
    for command in &session {
        let bridge = command.send_through(&mut client);
        agree(command.name, &command.send(&mut host), &bridge);
    }
    let states = calls::player_states();
    let bridge = states.send_through(&mut client);
    agree("player_states", &states.send(&mut host), &bridge);
    let Answer::Returned(Value::ArrayStructure { elements, .. }) = bridge else {
        panic!("player_states: {bridge:?}");
    };
    assert!(
        !elements.is_empty(),
        "the session leaves a player: {elements:?}"
    );
    client.close();
    device.stop();
}

/// A session called by name: each method, its arguments by parameter name in the bridge's
/// JSON, and the same call for the host registration.
fn invoked_session() -> Vec<(&'static str, serde_json::Value, calls::Command)> {
    let clip = Value::from(arora_animation_module_dir::bundled_clip());
    vec![
        (
            "load_clip",
            json!({"clip": clip}),
            calls::load_clip(clip.clone()),
        ),
        (
            "create_player",
            json!({"name": {"str": "remote"}}),
            calls::create_player(calls::Opt::Bare("remote".into())),
        ),
        (
            "add_instance",
            json!({"player": {"u32": 0}, "anim": {"u32": 0}}),
            calls::add_instance(0, 0),
        ),
        (
            "step_values",
            json!({"dt_ns": {"u64": 250_000_000u64}}),
            calls::step_values(250_000_000, calls::Opt::Omitted),
        ),
        ("player_states", json!({}), calls::player_states()),
        ("output_keys", json!({}), calls::output_keys()),
    ]
}

/// The first record of a `player_states` answer.
fn first_state(states: Value) -> PlayerState {
    let Value::ArrayStructure { id, elements } = states else {
        panic!("player_states: {states:?}");
    };
    PlayerState::try_from(Value::Structure(arora_types::value::Structure {
        id,
        fields: elements[0].fields.clone(),
    }))
    .expect("a PlayerState")
}

/// `invoke` by name binds arguments by parameter name: a clip record in its
/// Value JSON form loads, a player is created and given an instance, and
/// `player_states` comes back as the host registration's records.
#[test]
fn invoke_by_name_takes_and_gives_records() {
    let device = ServedDevice::start(DeviceSpec::new("bridge-invoke"));
    let mut client = Client::connect(&device.url);
    let mut host = host_engine();
    for (method, args, command) in invoked_session() {
        let answer = client.invoke(method, args);
        assert_eq!(answer["success"], json!(true), "{method}: {answer}");
        let value: Value = serde_json::from_value(answer["value"].clone())
            .unwrap_or_else(|e| panic!("{method} answered no value ({e}): {answer}"));
        agree(
            method,
            &command.send(&mut host),
            &Answer::Returned(value.clone()),
        );
        if method == "player_states" {
            let state = first_state(value);
            assert_eq!(
                (state.name.as_str(), state.time_ns),
                ("remote", 250_000_000)
            );
        }
    }
    let unknown = client.invoke("no_such_function", json!({}));
    assert_eq!(unknown["success"], json!(false), "{unknown}");
    client.close();
    device.stop();
}

/// While `play_wave.bt` plays, the client subscribed to the tracks' keys
/// and the clock is pushed `values_changed`; each pushed value is what the
/// host registration, replaying the tree's calls, gives at the device time
/// pushed with it.
#[test]
fn subscribed_keys_arrive_as_values_changed_while_the_tree_plays() {
    let spec = DeviceSpec::new("bridge-pushes").with_behavior(Behavior::example("play_wave.bt"));
    let dt_ns = spec.dt.as_nanos() as u64;
    let device = ServedDevice::start(spec);
    let mut client = Client::connect(&device.url);
    let keys = ["arm/angle", "light/on", "face/expression"];
    client.subscribe(&[keys[0], keys[1], keys[2], "arora/time"]);
    let mut host = HostReplay::new();
    host.set_up(calls::Opt::Some("wave".into()));
    let (mut replayed, mut checked, mut pushes) = (0u64, [0usize; 3], 0usize);
    while checked.iter().any(|n| *n < 20) || pushes < 150 {
        client.pushes.clear();
        let message = client.ask(
            &json!({"type": "list_keys", "path": "arora/time"}),
            "list_keys_resp",
        );
        assert!(message["keys"].is_array(), "{message}");
        for push in std::mem::take(&mut client.pushes) {
            pushes += 1;
            let values = &push["values"];
            let Some(time) = values["arora/time"]["u64"].as_u64() else {
                continue;
            };
            while replayed < time {
                replayed += dt_ns;
                host.step(dt_ns, replayed);
            }
            for (n, key) in keys.iter().enumerate() {
                if values[*key].is_null() {
                    continue;
                }
                let pushed: Value = serde_json::from_value(values[*key].clone()).expect("a Value");
                let host_value = host.keys.get(*key).expect("the host wrote the key");
                assert_alike(&format!("{key} at {time} ns"), &pushed, host_value);
                checked[n] += 1;
            }
        }
    }
    client.close();
    let stopped = device.stop();
    assert_eq!(stopped.behavior_error, None);
}

/// What the typed session below answered, call by call.
#[derive(Debug, PartialEq)]
struct Typed {
    anim: Option<AnimationId>,
    player: Option<PlayerId>,
    looped: Option<PlayerId>,
    sought: Option<PlayerId>,
    steps: Vec<StepValues>,
    keys: OutputKeys,
    states: Vec<PlayerState>,
    baked: Option<BakedAnimation>,
    refused: Option<PlayerId>,
}

impl Typed {
    /// `self` and `other` answered alike: ids exactly, records but for numbers that crossed
    /// JSON ([`assert_alike`]).
    fn assert_alike(&self, other: &Typed) {
        let ids = |t: &Typed| (t.anim, t.player, t.looped, t.sought, t.refused);
        assert_eq!(ids(self), ids(other));
        assert_eq!(self.steps.len(), other.steps.len());
        for (n, (a, b)) in self.steps.iter().zip(&other.steps).enumerate() {
            assert_alike(&format!("step {n}"), &a.clone().into(), &b.clone().into());
        }
        assert_eq!(self.keys, other.keys);
        let states = |t: &Typed| {
            t.states
                .iter()
                .cloned()
                .map(Value::from)
                .collect::<Vec<_>>()
        };
        assert_alike(
            "player_states",
            &Value::ArrayValue(states(self)),
            &Value::ArrayValue(states(other)),
        );
        let baked = |t: &Typed| Value::Option(t.baked.clone().map(|b| Box::new(b.into())));
        assert_alike("bake", &baked(self), &baked(other));
    }
}

/// A session through the typed client (`arora_animation_module::client`): the
/// bundled clip loaded, a player with a weighted instance, ping-pong, a seek,
/// twenty steps, the output keys, the states, a bake, a refused call.
fn typed_session<C: Caller>(client: &mut AnimationClient<C>) -> Result<Typed, ClientError> {
    let anim = client.load_clip(&arora_animation_module_dir::bundled_clip())?;
    let player = client.create_player(Some("typed"))?;
    let (a, p) = (anim.expect("the clip loads"), player.expect("a player"));
    client.add_instance_with_weight(p, a, 0.5)?;
    let looped = client.set_loop(p, LoopMode::PingPong)?;
    let sought = client.seek(p, TimelinePosition::from_ns(250_000_000))?;
    let steps = (1..=20)
        .map(|n| {
            let now = DeviceTime::from_ns(n * 70_000_000);
            client.step_values(DeviceSpan::from_ns(70_000_000), Some(now))
        })
        .collect::<Result<_, _>>()?;
    Ok(Typed {
        anim,
        player,
        looped,
        sought,
        steps,
        keys: client.output_keys()?,
        states: client.player_states()?,
        baked: client.bake(a, Some(30.0), None, None)?,
        refused: client.play(PlayerId::from_raw(77))?,
    })
}

/// The typed client over the bridge — each call a WebSocket round trip in a
/// `CallFn` — answers as the typed client over a host registration does.
#[test]
fn the_typed_client_answers_alike_over_the_bridge_and_in_process() {
    let device = ServedDevice::start(DeviceSpec::new("bridge-typed"));
    let mut socket = Client::connect(&device.url);
    let over_bridge = typed_session(&mut AnimationClient::new(CallFn(|call| socket.call(&call))))
        .expect("the typed session over the bridge");
    let mut host = host_engine();
    let in_process = typed_session(&mut AnimationClient::over(&mut *host))
        .expect("the typed session on the host registration");
    over_bridge.assert_alike(&in_process);
    assert_eq!(over_bridge.refused, None);
    assert_eq!(over_bridge.states[0].name, "typed");
    socket.close();
    device.stop();
}
