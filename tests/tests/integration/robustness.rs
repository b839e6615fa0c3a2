//! The guest answers every call, whatever its bytes or values, and keeps
//! the clips and players loaded before: a trap would make the engine drop
//! the instance and everything in it (docs/contract.md §4.13).

use std::cell::RefCell;
use std::time::Duration;

use arora_animation_module::animation;
use arora_animation_module::records::PlayerState;
use arora_animation_module_dir::bundled_clip;
use arora_animation_tests::calls::{self, Answer, Command, Opt};
use arora_animation_tests::guest_direct::DirectGuest;
use arora_animation_tests::serving_engines::{guest_engine, guest_engine_with};
use arora_buffers::serde_uuid::{deserialize, serialize};
use arora_engine::engine::PinnedEngine;
use arora_engine::limits::{DEFAULT_MEMORY, GuestLimits};
use arora_engine::module::DispatchError;
use arora_types::Uuid;
use arora_types::call::CallBridge;
use arora_types::value::{Structure, StructureField, Value};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// The calls that set a state up: a clip (id 0), a player (id 0) playing it.
fn setup() -> Vec<Command> {
    vec![
        calls::load_clip(Value::from(bundled_clip())),
        calls::create_player(Opt::Some("kept".into())),
        calls::add_instance(0, 0),
    ]
}

/// The Arora Buffer the engine hands `dispatch` for `command`.
fn buffer(command: &Command) -> Vec<u8> {
    let call = command.call();
    serialize(&Value::Structure(Structure {
        id: call.id,
        fields: call.args,
    }))
    .into_vec()
}

/// The return value in a result buffer.
fn returned(bytes: &[u8]) -> Value {
    let Value::Structure(mut result) = deserialize(bytes) else {
        panic!("a result buffer holds a structure");
    };
    *result.fields.remove(0).value
}

/// The state set up is still there: player 0 named `kept` with its one
/// instance of clip 0.
fn assert_kept(states: Value) {
    let Value::ArrayStructure { id, elements } = states else {
        panic!("player_states answers an array of structures: {states:?}");
    };
    let first = Value::Structure(Structure {
        id,
        fields: elements[0].fields.clone(),
    });
    let state = PlayerState::try_from(first).expect("a PlayerState");
    assert_eq!((state.player, state.name.as_str()), (0, "kept"));
    assert_eq!(state.instances.len(), 1);
    assert_eq!(state.instances[0].anim, 0);
}

/// A function id the guest serves, or one it does not.
fn method() -> impl Strategy<Value = Uuid> {
    let ids: Vec<Uuid> = animation::descriptions().into_keys().collect();
    prop_oneof![
        4 => prop::sample::select(ids),
        1 => any::<u128>().prop_map(Uuid::from_u128),
    ]
}

/// Bytes of every sort: random; a valid call's with some bytes changed; a
/// valid call's cut short.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let valid = buffer(&calls::set_speed(0, 1.5));
    let cut = valid.clone();
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..96),
        prop::collection::vec((0..valid.len(), any::<u8>()), 1..6).prop_map(move |edits| {
            let mut bytes = valid.clone();
            edits.into_iter().for_each(|(at, byte)| bytes[at] = byte);
            bytes
        }),
        (0..cut.len()).prop_map(move |len| cut[..len].to_vec()),
    ]
}

/// Any `Value`: every scalar kind, and options, structures and arrays of
/// them, nested.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Unit),
        any::<bool>().prop_map(Value::Boolean),
        any::<u8>().prop_map(Value::U8),
        any::<u32>().prop_map(Value::U32),
        any::<u64>().prop_map(Value::U64),
        any::<i32>().prop_map(Value::I32),
        any::<i64>().prop_map(Value::I64),
        any::<f32>().prop_map(Value::F32),
        any::<f64>().prop_map(Value::F64),
        ".{0,8}".prop_map(Value::String),
        any::<u128>().prop_map(|n| Value::Uuid(Uuid::from_u128(n))),
        prop::collection::vec(any::<f64>(), 0..4).prop_map(Value::ArrayF64),
        prop::collection::vec(".{0,4}", 0..4).prop_map(Value::ArrayString),
    ];
    let record_ids: Vec<Uuid> = (0x100u128..0x104)
        .chain(0x110..0x116)
        .chain([0x120, 0x121, 0x200, 0x201, 0x202, 0x203])
        .map(|n| Uuid::from_u128(0x76697a69_6a00_0000_0000_000000000000 | n))
        .collect();
    leaf.prop_recursive(3, 24, 4, move |inner| {
        let field = (any::<u128>(), inner.clone()).prop_map(|(id, value)| StructureField {
            id: Uuid::from_u128(id),
            value: Box::new(value),
        });
        prop_oneof![
            prop::option::of(inner.clone()).prop_map(|v| Value::Option(v.map(Box::new))),
            prop::collection::vec(inner, 0..4).prop_map(Value::ArrayValue),
            (
                prop::sample::select(record_ids.clone()),
                prop::collection::vec(field, 0..4)
            )
                .prop_map(|(id, fields)| Value::Structure(Structure { id, fields })),
        ]
    })
}

/// A call of a served function whose arguments are any values, under its
/// parameter ids or any others.
fn ill_typed_call() -> impl Strategy<Value = Command> {
    let descriptions: Vec<_> = animation::descriptions().into_iter().collect();
    prop::sample::select(descriptions).prop_flat_map(|(function, export)| {
        let arora_types::record::module::frozen::ExportKind::Function(signature) = export.kind;
        let parameters = signature.parameter_ordering;
        let parameter = if parameters.is_empty() {
            any::<u128>().prop_map(Uuid::from_u128).boxed()
        } else {
            prop_oneof![
                4 => prop::sample::select(parameters),
                1 => any::<u128>().prop_map(Uuid::from_u128),
            ]
            .boxed()
        };
        prop::collection::vec((parameter, value()), 0..4).prop_map(move |args| Command {
            name: "ill-typed",
            function,
            args,
        })
    })
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// The direct guest with the state [`setup`] builds.
fn set_up_guest() -> DirectGuest {
    let mut guest = DirectGuest::instantiate();
    for command in setup() {
        let answer = guest.dispatch(command.function, &buffer(&command));
        assert!(matches!(answer, Ok(Ok(_))), "{}: {answer:?}", command.name);
    }
    guest
}

/// The direct guest still answers `player_states` with the state set up.
fn assert_guest_kept(guest: &mut DirectGuest) {
    let states = calls::player_states();
    let kept = guest.dispatch(states.function, &buffer(&states));
    assert_kept(returned(
        &kept.expect("no trap").expect("player_states answers"),
    ));
}

/// `engine` with the state [`setup`] builds.
fn set_up_engine(mut engine: PinnedEngine) -> PinnedEngine {
    for command in setup() {
        let answer = command.send(&mut engine);
        assert!(matches!(answer, Answer::Returned(_)), "{}", command.name);
    }
    engine
}

/// The engine's guest still answers `player_states` with the state set up.
fn assert_engine_kept(engine: &mut PinnedEngine) {
    let Answer::Returned(states) = calls::player_states().send(engine) else {
        panic!("player_states answers");
    };
    assert_kept(states);
}

/// Runs `cases` cases of `strategy` against `target` (a guest with the state [`setup`]
/// builds): `send` sends one, answering `Err` with what it saw if the guest trapped; after
/// each, `assert_kept` finds the state set up still there.
fn survives<T, S: Strategy>(
    target: T,
    assert_kept: fn(&mut T),
    cases: u32,
    strategy: &S,
    send: impl Fn(&mut T, S::Value) -> Result<(), String>,
) {
    let target = RefCell::new(target);
    runner(cases)
        .run(strategy, |value| {
            let mut target = target.borrow_mut();
            send(&mut target, value).map_err(TestCaseError::fail)?;
            assert_kept(&mut target);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// [`survives`] on the direct guest.
fn guest_survives<S: Strategy>(
    cases: u32,
    strategy: &S,
    send: impl Fn(&mut DirectGuest, S::Value) -> Result<(), String>,
) {
    survives(set_up_guest(), assert_guest_kept, cases, strategy, send);
}

/// [`survives`] on the engine's guest.
fn engine_survives<S: Strategy>(
    cases: u32,
    strategy: &S,
    send: impl Fn(&mut PinnedEngine, S::Value) -> Result<(), String>,
) {
    let engine = set_up_engine(guest_engine());
    survives(engine, assert_engine_kept, cases, strategy, send);
}

#[test]
fn dispatch_answers_any_bytes_without_trapping_and_keeps_its_state() {
    guest_survives(
        400,
        &(method(), bytes()),
        |guest, (method, bytes)| match guest.dispatch(method, &bytes) {
            Ok(_) => Ok(()),
            Err(trap) => Err(format!("a trap: {trap:?}")),
        },
    );
}

#[test]
fn dispatch_answers_ill_typed_values_without_trapping_and_keeps_its_state() {
    guest_survives(400, &ill_typed_call(), |guest, command| {
        match guest.dispatch(command.function, &buffer(&command)) {
            Ok(_) => Ok(()),
            Err(trap) => Err(format!("a trap: {trap:?}")),
        }
    });
}

#[test]
fn the_engine_s_guest_answers_ill_typed_values_without_trapping_and_keeps_its_state() {
    engine_survives(200, &ill_typed_call(), |engine, command| {
        match engine.arora_call(command.call()) {
            Err(trap @ arora_types::call::CallError::Trap { .. }) => {
                Err(format!("a trap: {trap:?}"))
            }
            _ => Ok(()),
        }
    });
}

/// The engine checks the arguments of a well-formed call against the
/// header, and leaves any other bytes to the guest.
#[test]
fn the_engine_s_guest_answers_any_bytes_without_trapping_and_keeps_its_state() {
    engine_survives(
        200,
        &(method(), bytes()),
        |engine, (method, bytes)| match engine.dispatch(&animation::ids::MODULE, &method, &bytes) {
            Err(trap @ DispatchError::Trap { .. }) => Err(format!("a trap: {trap:?}")),
            _ => Ok(()),
        },
    );
}

/// `functions` lists the 31 ids the header declares, in its order.
#[test]
fn functions_lists_the_31_declared_ids_in_declaration_order() {
    let header = animation::header(arora_animation_module_dir::wasm_component_executor());
    let declared: Vec<Uuid> = header.exports.iter().map(|export| *export.id()).collect();
    assert_eq!(declared.len(), 31);
    let served = DirectGuest::instantiate().functions().expect("no trap");
    assert_eq!(served, declared);
}

/// The refusals name what is wrong: bytes that are no buffer, a function
/// the guest does not serve, a structure under another function.
#[test]
fn dispatch_refuses_with_the_reason() {
    let mut guest = DirectGuest::instantiate();
    let set_speed = calls::set_speed(0, 1.0);
    let refused = |answer: wasmtime::Result<Result<Vec<u8>, String>>| {
        answer.expect("no trap").expect_err("refused")
    };
    assert_eq!(
        refused(guest.dispatch(set_speed.function, &[0x02, 0x00])),
        "the argument buffer is malformed: it is shorter than its size prefix"
    );
    let unknown = Uuid::from_u128(7);
    assert_eq!(
        refused(guest.dispatch(unknown, &buffer(&set_speed))),
        format!("the module serves no function {unknown}")
    );
    let play = calls::play(0).function;
    assert_eq!(
        refused(guest.dispatch(play, &buffer(&set_speed))),
        format!(
            "the argument structure is under {}, not under the function called, {play}",
            set_speed.function
        )
    );
}

/// The largest bake the contract allows (docs/contract.md §4.12: samples × tracks
/// with keypoints ≤ 2^20) fits in a guest's memory with derivatives, and the
/// guest keeps its state after answering it.
///
/// The memory is a device's (`DEFAULT_MEMORY`); the call's time is not what this
/// measures: a call outside a step gets 1 s on a device, which a million samples can
/// overrun on a loaded machine running every test of this binary at once, so the
/// guest is given a minute.
#[test]
fn the_largest_bake_answers_through_the_guest_and_keeps_its_state() {
    let mut engine = set_up_engine(guest_engine_with(GuestLimits {
        memory: DEFAULT_MEMORY,
        call_budget: Some(Duration::from_secs(60)),
    }));
    // The bundled clip: 1 s, three tracks with keypoints. 312,500 fps is a
    // period of exactly 3,200 ns: 312,501 samples, 937,503 values and as many
    // derivatives, near the cap of 2^20 = 1,048,576.
    let bake = calls::bake_with_derivatives(0, Opt::Some(312_500.0), Opt::Omitted, Opt::Omitted);
    let baked = match bake.send(&mut engine) {
        Answer::Returned(Value::Option(Some(baked))) => baked,
        other => panic!("the bake answers a BakedAnimation, not {other:?}"),
    };
    let baked = arora_animation_module::records::BakedAnimation::try_from(*baked)
        .expect("a BakedAnimation");
    let samples: Vec<usize> = baked
        .tracks
        .iter()
        .map(|track| track.values.clone().into_elements().map_or(0, |v| v.len()))
        .collect();
    assert_eq!(samples, [312_501; 3]);
    assert_engine_kept(&mut engine);
}
