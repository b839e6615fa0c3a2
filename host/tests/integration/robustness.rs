//! No input reaches a panic (docs/contract.md §4.13): random command sequences with
//! extreme arguments, straight through the contract functions.

use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_animation_module::{Animation, ContractModule};
use arora_types::value::Value;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Load(Clip),
    Create,
    Add(u32, u32, f32),
    Remove(u32),
    RemoveInstance(u32, u32),
    Unload(u32),
    Step(u64, Option<u64>),
    Seek(u32, u64),
    PlayAt(u32, u64),
    Speed(u32, f32),
    Loop(u32, usize),
    Window(u32, u64, Option<u64>),
    Length(u32, Option<u64>),
    Reversed(u32, bool),
    Offset(u32, u32, i64),
    Rate(u32, u32, f64),
    TimeScale(u32, u32, f32),
    Bake(u32, Option<f32>, Option<u64>, Option<u64>),
    Transport(u32, usize),
}

fn time() -> impl Strategy<Value = u64> {
    prop_oneof![
        0..3_000_000_000u64,
        Just(u64::MAX),
        Just(i64::MAX as u64),
        any::<u64>()
    ]
}

fn float() -> impl Strategy<Value = f32> {
    prop_oneof![
        -4.0f32..4.0,
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(-0.0),
        Just(1_048_576.0),
        Just(f32::MAX),
        Just(f32::MIN_POSITIVE)
    ]
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<f64>().prop_map(Value::F64),
        any::<f32>().prop_map(Value::F32),
        any::<i64>().prop_map(Value::I64),
        any::<bool>().prop_map(Value::Boolean),
        "[a-c]{0,2}".prop_map(Value::String),
        Just(Value::Unit),
    ]
}

fn clip() -> impl Strategy<Value = Clip> {
    let transition = (
        prop_oneof![Just("handle"), Just("cubic"), Just("back"), Just("nope")],
        any::<f64>(),
        -1e3f64..1e3,
    )
        .prop_map(|(kind, dt_ns, dv)| ClipTransition {
            kind: kind.to_string(),
            dt_ns,
            dv,
        });
    let keypoint = (
        any::<i64>(),
        value(),
        prop::collection::vec(transition.clone(), 0..2),
        prop::collection::vec(transition, 0..2),
    )
        .prop_map(|(time_ns, value, arrive, leave)| ClipKeypoint {
            id: "k".into(),
            time_ns: time_ns % 4_000_000_000,
            value,
            arrive,
            leave,
            pairing: String::new(),
        });
    let track =
        ("[xy]", prop::collection::vec(keypoint, 0..4)).prop_map(|(target, keypoints)| ClipTrack {
            id: target.clone(),
            name: target.clone(),
            target,
            keypoints,
        });
    (
        prop::option::of(any::<i64>()),
        prop::collection::vec(track, 0..3),
    )
        .prop_map(|(length_ns, tracks)| Clip {
            name: "c".into(),
            length_ns,
            tracks,
        })
}

fn op() -> impl Strategy<Value = Op> {
    let id = || 0u32..4;
    prop_oneof![
        clip().prop_map(Op::Load),
        Just(Op::Create),
        (id(), id(), float()).prop_map(|(p, a, w)| Op::Add(p, a, w)),
        id().prop_map(Op::Remove),
        (id(), id()).prop_map(|(p, i)| Op::RemoveInstance(p, i)),
        id().prop_map(Op::Unload),
        (time(), prop::option::of(time())).prop_map(|(dt, t)| Op::Step(dt, t)),
        (id(), time()).prop_map(|(p, t)| Op::Seek(p, t)),
        (id(), time()).prop_map(|(p, t)| Op::PlayAt(p, t)),
        (id(), float()).prop_map(|(p, s)| Op::Speed(p, s)),
        (id(), 0usize..5).prop_map(|(p, m)| Op::Loop(p, m)),
        (id(), time(), prop::option::of(time())).prop_map(|(p, s, e)| Op::Window(p, s, e)),
        (id(), prop::option::of(time())).prop_map(|(p, l)| Op::Length(p, l)),
        (id(), any::<bool>()).prop_map(|(p, r)| Op::Reversed(p, r)),
        (id(), id(), any::<i64>()).prop_map(|(p, i, o)| Op::Offset(p, i, o)),
        (id(), id(), prop_oneof![any::<f64>(), 1e-300f64..1e300])
            .prop_map(|(p, i, r)| Op::Rate(p, i, r)),
        (id(), id(), float()).prop_map(|(p, i, t)| Op::TimeScale(p, i, t)),
        (
            id(),
            prop::option::of(float()),
            prop::option::of(time()),
            prop::option::of(time())
        )
            .prop_map(|(a, r, s, e)| Op::Bake(a, r, s, e)),
        (id(), 0usize..3).prop_map(|(p, t)| Op::Transport(p, t)),
    ]
}

fn apply(module: &mut ContractModule, op: Op) {
    const MODES: [&str; 5] = ["once", "loop", "bounce", "ping_pong", "pingpong"];
    match op {
        Op::Load(clip) => drop(module.load_clip(clip)),
        Op::Create => drop(Animation::create_player(module, None)),
        Op::Add(p, a, w) => drop(module.add_instance_with_weight(p, a, w)),
        Op::Remove(p) => drop(module.remove_player(p)),
        Op::RemoveInstance(p, i) => drop(module.remove_instance(p, i)),
        Op::Unload(a) => drop(module.unload_animation(a)),
        Op::Step(dt, t) => {
            let samples = module.step_with_velocities(dt, t);
            let keys = module.output_keys();
            let Value::ArrayValue(values) = samples.values else {
                panic!("an ArrayValue")
            };
            assert_eq!(values.len(), keys.keys.len());
        }
        Op::Seek(p, t) => drop(module.seek(p, t)),
        Op::PlayAt(p, t) => drop(module.play_at(p, t)),
        Op::Speed(p, s) => drop(module.set_speed(p, s)),
        Op::Loop(p, m) => drop(module.set_loop(p, MODES[m].to_string())),
        Op::Window(p, s, e) => drop(module.set_window(p, s, e)),
        Op::Length(p, l) => drop(module.set_length(p, l)),
        Op::Reversed(p, r) => drop(module.set_reversed(p, r)),
        Op::Offset(p, i, o) => drop(module.set_start_offset(p, i, o)),
        Op::Rate(p, i, r) => drop(module.set_rate(p, i, r)),
        Op::TimeScale(p, i, t) => drop(module.set_time_scale(p, i, t)),
        Op::Bake(a, r, s, e) => drop(module.bake_with_derivatives(a, r, s, e)),
        Op::Transport(p, 0) => drop(module.play(p)),
        Op::Transport(p, 1) => drop(module.pause(p)),
        Op::Transport(p, _) => drop(module.stop(p)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_command_sequence_panics(ops in prop::collection::vec(op(), 1..40)) {
        let mut module = ContractModule::new();
        for op in ops {
            apply(&mut module, op);
        }
        let states = module.player_states();
        prop_assert!(states.iter().all(|state| ["playing", "paused", "stopped"].contains(&state.state.as_str())));
    }
}
