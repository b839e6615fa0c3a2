//! The answers the guest writes straight to the wire are, byte for byte, what
//! `arora_buffers` gives the `Value` a host registration returns — and every
//! call answered the general way (ill-typed, missing, extra or repeated
//! arguments; unknown ids; out-of-range numbers) answers as before.
//!
//! Seeded random sessions of all 31 functions go to the guest's `Served`
//! (natively: the code the wasm guest runs) and to a host registration
//! (`exports`) called as the guest called it before it wrote answers itself:
//! the argument decoded into a `Call`, the function invoked, its `CallResult`
//! encoded by `arora_buffers` (`encode_result`). Each answer, bytes or error
//! message, must be the same.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use arora_animation_guest::buffer::{decode_call, encode_result};
use arora_animation_guest::limits::{MAX_DECODED_BYTES, argument_limit};
use arora_animation_guest::served::{DispatchError, Served};
use arora_animation_module::animation::ids;
use arora_animation_module::records::{
    AnimTrack, AnimationClip, Clip, ClipKeypoint, ClipTrack, ClipTransition, Keypoint,
    TransitionHandle,
};
use arora_animation_module::{AnimationModule, AnswerBudget, exports};
use arora_animation_test_support::TRANSITION_KINDS;
use arora_animation_test_support::random::Source;
use arora_buffers::serde_uuid::serialize;
use arora_types::Uuid;
use arora_types::module::declared::AroraFunction;
use arora_types::value::{Structure, StructureField, Value};

/// The seeds run, and the calls in each session.
const SEEDS: u64 = 40;
const CALLS: usize = 300;

/// The keys clips write: few, so that players and clips overlap.
const TARGETS: [&str; 4] = ["a", "b", "c", "arm/ängle"];

fn keypoint_value(random: &mut Source, kind: u8) -> Value {
    match kind {
        0 => match random.below(8) {
            0 => Value::F32((random.unit() * 20.0 - 10.0) as f32),
            1 => Value::I64(random.below(50) as i64 - 25),
            _ => Value::F64(random.unit() * 200.0 - 100.0),
        },
        1 => Value::Boolean(random.one_in(2)),
        _ => Value::String(random.pick(&["idle", "walk", "", "ünïcode"]).to_string()),
    }
}

/// A 2.0 clip: number tracks mostly, boolean and text tracks too.
fn clip(random: &mut Source) -> Value {
    let tracks = (0..1 + random.below(4))
        .map(|index| {
            let kind = *random.pick(&[0, 0, 0, 1, 2]);
            let keypoints = (0..random.below(6))
                .map(|k| {
                    let side = |random: &mut Source| {
                        if random.one_in(2) {
                            vec![]
                        } else {
                            vec![ClipTransition {
                                kind: random.pick(&TRANSITION_KINDS).to_string(),
                                dt_ns: random.unit() * 2e8,
                                dv: random.unit() * 10.0 - 5.0,
                            }]
                        }
                    };
                    ClipKeypoint {
                        id: format!("k{k}"),
                        time_ns: random.below(2_000_000_000) as i64 - 100_000_000,
                        value: keypoint_value(random, kind),
                        arrive: side(random),
                        leave: side(random),
                        pairing: String::new(),
                    }
                })
                .collect();
            ClipTrack {
                id: format!("t{index}"),
                name: format!("track {index}"),
                target: random.pick(&TARGETS).to_string(),
                keypoints,
            }
        })
        .collect();
    let length_ns = random.one_in(3).then(|| random.below(3_000_000_000) as i64);
    Value::from(Clip {
        name: "random".to_string(),
        length_ns,
        tracks,
    })
}

/// A 1.x clip: its numbers travel as `F32`.
fn animation_clip(random: &mut Source) -> Value {
    let tracks = (0..1 + random.below(3))
        .map(|index| AnimTrack {
            id: format!("t{index}"),
            name: format!("track {index}"),
            animatable_id: random.pick(&TARGETS).to_string(),
            points: (0..random.below(5))
                .map(|k| Keypoint {
                    id: format!("p{k}"),
                    stamp: random.unit() as f32,
                    value: Value::F32((random.unit() * 4.0 - 2.0) as f32),
                    transitions_in: vec![],
                    transitions_out: vec![TransitionHandle {
                        x: random.unit() as f32,
                        y: random.unit() as f32,
                    }],
                })
                .collect(),
        })
        .collect();
    Value::from(AnimationClip {
        name: "random".to_string(),
        duration: 1 + random.below(2000) as u32,
        tracks,
    })
}

/// An id argument: mostly one that may exist, sometimes none that can.
fn some_id(random: &mut Source) -> Value {
    match random.below(12) {
        0 => Value::U32(u32::MAX),
        1 => Value::U32(1000),
        _ => Value::U32(random.below(6) as u32),
    }
}

fn time(random: &mut Source) -> u64 {
    match random.below(10) {
        0 => 0,
        1 => u64::MAX,
        2 => i64::MAX as u64 + 1,
        3 => random.below(10_000_000_000) as u64,
        _ => random.below(3_000_000_000) as u64,
    }
}

fn float(random: &mut Source) -> f64 {
    match random.below(14) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => -0.0,
        3 => 0.0,
        4 => 1e30,
        5 => -(random.unit() * 4.0),
        _ => random.unit() * 4.0,
    }
}

/// An optional argument in one of the forms the contract reads: left out,
/// `Option(None)`, `Option(Some(x))` or a bare `x`.
fn optional(random: &mut Source, value: impl FnOnce(&mut Source) -> Value) -> Option<Value> {
    let value = value(random);
    match random.below(4) {
        0 => None,
        1 => Some(Value::Option(None)),
        2 => Some(Value::Option(Some(Box::new(value)))),
        _ => Some(value),
    }
}

/// What a call's argument of the parameter's type becomes now and then:
/// another type, an option around it, left out.
fn spoil(random: &mut Source, value: impl FnOnce(&mut Source) -> Value) -> Option<Value> {
    let value = value(random);
    if !random.one_in(25) {
        return Some(value);
    }
    Some(match random.below(7) {
        0 => return None,
        1 => Value::F64(1.5),
        2 => Value::U32(3),
        3 => Value::I64(-1),
        4 => Value::String("7".into()),
        5 => Value::Option(Some(Box::new(Value::U8(1)))),
        _ => Value::Option(Some(Box::new(value))),
    })
}

/// One random call: the function and its argument fields.
fn call(random: &mut Source) -> (Uuid, Vec<(Uuid, Option<Value>)>) {
    use ids::*;
    let id = |random: &mut Source| some_id(random);
    let t = |random: &mut Source| Value::U64(time(random));
    let f32v = |random: &mut Source| Value::F32(float(random) as f32);
    match random.below(34) {
        0 => (
            load_clip::FUNCTION,
            vec![(load_clip::CLIP, Some(clip(random)))],
        ),
        1 => (
            load_animation::FUNCTION,
            vec![(load_animation::CLIP, Some(animation_clip(random)))],
        ),
        2 => {
            let name = Value::String(random.pick(&["", "p", "nämé"]).to_string());
            (
                create_player::FUNCTION,
                vec![(create_player::NAME, optional(random, |_| name))],
            )
        }
        3 | 4 => (
            add_instance::FUNCTION,
            vec![
                (add_instance::PLAYER, Some(id(random))),
                (add_instance::ANIM, Some(id(random))),
            ],
        ),
        5 => (
            add_instance_with_weight::FUNCTION,
            vec![
                (add_instance_with_weight::PLAYER, Some(id(random))),
                (add_instance_with_weight::ANIM, Some(id(random))),
                (add_instance_with_weight::WEIGHT, Some(f32v(random))),
            ],
        ),
        6..=8 => {
            let (function, dt, at) = *random.pick(&[
                (step::FUNCTION, step::DT_NS, step::TIME_NS),
                (
                    step_values::FUNCTION,
                    step_values::DT_NS,
                    step_values::TIME_NS,
                ),
                (
                    step_with_velocities::FUNCTION,
                    step_with_velocities::DT_NS,
                    step_with_velocities::TIME_NS,
                ),
            ]);
            let dt_ns = Value::U64(*random.pick(&[0, 1, 16_666_667, 100_000_000, 1_000_000_000]));
            let now = t(random);
            (
                function,
                vec![
                    (dt, spoil(random, |_| dt_ns)),
                    (at, optional(random, |_| now)),
                ],
            )
        }
        9..=11 => (
            step_values::FUNCTION,
            vec![(step_values::DT_NS, Some(Value::U64(16_666_667)))],
        ),
        12 => (player_states::FUNCTION, vec![]),
        13 => (output_keys::FUNCTION, vec![]),
        14 | 15 => {
            let (function, anim, rate, start, end) = *random.pick(&[
                (
                    bake::FUNCTION,
                    bake::ANIM,
                    bake::FRAME_RATE,
                    bake::START_NS,
                    bake::END_NS,
                ),
                (
                    bake_with_derivatives::FUNCTION,
                    bake_with_derivatives::ANIM,
                    bake_with_derivatives::FRAME_RATE,
                    bake_with_derivatives::START_NS,
                    bake_with_derivatives::END_NS,
                ),
            ]);
            let frame_rate =
                Value::F32(*random.pick(&[60.0, 24.0, 997.0, 0.0, -5.0, f32::NAN, 1e9]));
            let start_ns = Value::U64(random.below(1_500_000_000) as u64);
            let end_ns = Value::U64(random.below(3_000_000_000) as u64);
            (
                function,
                vec![
                    (anim, spoil(random, |random| id(random))),
                    (rate, optional(random, |_| frame_rate)),
                    (start, optional(random, |_| start_ns)),
                    (end, optional(random, |_| end_ns)),
                ],
            )
        }
        16 => {
            let (function, player) = *random.pick(&[
                (play::FUNCTION, play::PLAYER),
                (pause::FUNCTION, pause::PLAYER),
                (stop::FUNCTION, stop::PLAYER),
            ]);
            (function, vec![(player, spoil(random, |random| id(random)))])
        }
        17 => (
            seek::FUNCTION,
            vec![
                (seek::PLAYER, Some(id(random))),
                (seek::TIME_NS, spoil(random, |random| t(random))),
            ],
        ),
        18 => (
            set_speed::FUNCTION,
            vec![
                (set_speed::PLAYER, Some(id(random))),
                (set_speed::SPEED, spoil(random, |random| f32v(random))),
            ],
        ),
        19 => {
            let mode = *random.pick(&["once", "loop", "bounce", "ping_pong", "Loop", ""]);
            (
                set_loop::FUNCTION,
                vec![
                    (set_loop::PLAYER, Some(id(random))),
                    (
                        set_loop::MODE,
                        spoil(random, |_| Value::String(mode.into())),
                    ),
                ],
            )
        }
        20 => (
            set_window::FUNCTION,
            vec![
                (set_window::PLAYER, Some(id(random))),
                (set_window::START_NS, spoil(random, |random| t(random))),
                (set_window::END_NS, optional(random, |random| t(random))),
            ],
        ),
        21 => (
            play_at::FUNCTION,
            vec![
                (play_at::PLAYER, Some(id(random))),
                (play_at::TIME_NS, Some(t(random))),
            ],
        ),
        22 => (
            set_length::FUNCTION,
            vec![
                (set_length::PLAYER, Some(id(random))),
                (set_length::LENGTH_NS, optional(random, |random| t(random))),
            ],
        ),
        23 => (
            set_reversed::FUNCTION,
            vec![
                (set_reversed::PLAYER, Some(id(random))),
                (
                    set_reversed::REVERSED,
                    spoil(random, |random| Value::Boolean(random.one_in(2))),
                ),
            ],
        ),
        24 => (
            set_weight::FUNCTION,
            vec![
                (set_weight::PLAYER, Some(id(random))),
                (set_weight::INSTANCE, Some(id(random))),
                (set_weight::WEIGHT, spoil(random, |random| f32v(random))),
            ],
        ),
        25 => (
            set_start_offset::FUNCTION,
            vec![
                (set_start_offset::PLAYER, Some(id(random))),
                (set_start_offset::INSTANCE, Some(id(random))),
                (
                    set_start_offset::OFFSET_NS,
                    spoil(random, |random| {
                        Value::I64(random.below(4_000_000_000) as i64 - 2_000_000_000)
                    }),
                ),
            ],
        ),
        26 => (
            set_time_scale::FUNCTION,
            vec![
                (set_time_scale::PLAYER, Some(id(random))),
                (set_time_scale::INSTANCE, Some(id(random))),
                (
                    set_time_scale::TIME_SCALE,
                    spoil(random, |random| f32v(random)),
                ),
            ],
        ),
        27 => (
            set_rate::FUNCTION,
            vec![
                (set_rate::PLAYER, Some(id(random))),
                (set_rate::INSTANCE, Some(id(random))),
                (
                    set_rate::RATE,
                    spoil(random, |random| Value::F64(float(random))),
                ),
            ],
        ),
        28 => (
            remove_instance::FUNCTION,
            vec![
                (remove_instance::PLAYER, Some(id(random))),
                (remove_instance::INSTANCE, Some(id(random))),
            ],
        ),
        29 if random.one_in(3) => (
            remove_player::FUNCTION,
            vec![(remove_player::PLAYER, Some(id(random)))],
        ),
        30 if random.one_in(3) => (
            unload_animation::FUNCTION,
            vec![(unload_animation::ANIM, Some(id(random)))],
        ),
        31 => (
            reload_clip::FUNCTION,
            vec![
                (reload_clip::ANIM, Some(id(random))),
                (reload_clip::CLIP, Some(clip(random))),
            ],
        ),
        32 => (
            reload_animation::FUNCTION,
            vec![
                (reload_animation::ANIM, Some(id(random))),
                (reload_animation::CLIP, Some(animation_clip(random))),
            ],
        ),
        _ => (play::FUNCTION, vec![(play::PLAYER, Some(id(random)))]),
    }
}

/// The argument buffer of a call, now and then with an unknown field, a
/// repeated one, or under another function's id.
fn buffer(random: &mut Source, function: Uuid, fields: Vec<(Uuid, Option<Value>)>) -> Vec<u8> {
    let mut fields: Vec<StructureField> = fields
        .into_iter()
        .filter_map(|(id, value)| {
            Some(StructureField {
                id,
                value: Box::new(value?),
            })
        })
        .collect();
    if random.one_in(20) {
        fields.reverse();
    }
    if random.one_in(30) {
        fields.push(StructureField {
            id: Uuid::from_u128(7),
            value: Box::new(Value::U32(1)),
        });
    }
    if random.one_in(30)
        && let Some(first) = fields.first().cloned()
    {
        fields.push(StructureField {
            id: first.id,
            value: Box::new(Value::U32(2)),
        });
    }
    let id = if random.one_in(60) {
        ids::play::FUNCTION
    } else {
        function
    };
    serialize(&Value::Structure(Structure { id, fields })).into_vec()
}

/// The guest's dispatch before it wrote answers itself: the call decoded,
/// the host registration's function invoked, its result encoded by
/// `arora_buffers`.
fn general(functions: &mut [AroraFunction], method: Uuid, arg: &[u8]) -> Result<Vec<u8>, String> {
    general_within(functions, None, method, arg)
}

/// [`general`], the argument's size limited by `budget`'s free memory.
fn general_within(
    functions: &mut [AroraFunction],
    budget: Option<&AnswerBudget>,
    method: Uuid,
    arg: &[u8],
) -> Result<Vec<u8>, String> {
    let function = functions
        .iter_mut()
        .find(|function| function.id == method)
        .ok_or_else(|| DispatchError::UnknownFunction(method).to_string())?;
    let limit = budget.map_or(MAX_DECODED_BYTES, |budget| argument_limit(budget.free()));
    let call = decode_call(method, arg, limit).map_err(|e| e.to_string())?;
    let result = (function.invoke)(call).map_err(|e| DispatchError::Refused(e).to_string())?;
    Ok(encode_result(method, result))
}

/// A function's name, for messages and counts.
fn name(method: Uuid) -> &'static str {
    exports(AnimationModule::new())
        .into_iter()
        .find(|function| function.id == method)
        .map_or("unknown", |function| function.name)
}

#[test]
fn every_answer_is_the_bytes_arora_buffers_gives_the_host_s_value() {
    // Per function: answers compared, and of those the ones with content
    // (a valued step, a bake, a player, a key) — so that the sessions reach
    // what the direct answers write, not only refusals.
    let mut compared: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for seed in 0..SEEDS {
        let mut random = Source::new(seed);
        let mut guest = Served::contract(AnimationModule::new(), None);
        let mut host = exports(AnimationModule::new());
        for index in 0..CALLS {
            let (function, fields) = call(&mut random);
            let arg = buffer(&mut random, function, fields);
            let on_guest = guest.dispatch(function, &arg).map_err(|e| e.to_string());
            let on_host = general(&mut host, function, &arg);
            assert_eq!(
                on_guest,
                on_host,
                "seed {seed}, call {index}, {}",
                name(function)
            );
            let entry = compared.entry(name(function)).or_default();
            entry.0 += 1;
            // Past the result's header (4 + 1 + 16 + 4 + 16 bytes): more than a
            // scalar or an empty list.
            if on_guest.is_ok_and(|bytes| bytes.len() > 41 + 16) {
                entry.1 += 1;
            }
        }
    }
    for function in [
        "step",
        "step_values",
        "step_with_velocities",
        "player_states",
        "output_keys",
        "bake",
        "bake_with_derivatives",
    ] {
        let (all, with_content) = compared.get(function).copied().unwrap_or_default();
        assert!(
            with_content >= 20,
            "{function}: {with_content} of {all} answers had content"
        );
    }
}

/// The bytes both budgets of the test below find free.
static FREE: AtomicUsize = AtomicUsize::new(usize::MAX);

fn free() -> usize {
    FREE.load(Relaxed)
}

/// The `needed` and `free` figures of a refusal for want of memory, if `message` is one.
fn refusal_figures(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix("the answer would take ")?;
    let (needed, rest) = rest.split_once(" bytes, more than the ")?;
    let free = rest.strip_suffix(" bytes the module has free")?;
    Some((needed.parse().ok()?, free.parse().ok()?))
}

/// Each session runs on the guest with a budget, on a host registration with the same
/// budget (whose contract functions answer an empty list, at the current revision, for an
/// answer refused) and on one without. Where the guest refuses an answer for want of
/// memory, the budgeted host answers otherwise than the free one (it refused too), and the
/// refusal names the bytes free and more bytes needed; everywhere else all three answer
/// alike.
#[test]
fn an_answer_too_large_is_refused_in_the_same_states_with_the_same_figures() {
    let mut refused = 0;
    for seed in 0..16 {
        let mut random = Source::new(1000 + seed);
        let budget = AnswerBudget::new(free);
        let mut guest = Served::contract(AnimationModule::new(), Some(AnswerBudget::new(free)));
        let mut host = exports(AnimationModule::new().with_answer_budget(budget.clone()));
        let mut unbounded = exports(AnimationModule::new());
        for index in 0..CALLS {
            let (function, fields) = call(&mut random);
            let arg = buffer(&mut random, function, fields);
            // Now plenty, now a few hundred bytes: answers that grow with the
            // state are refused by turns.
            let bytes_free = *random.pick(&[usize::MAX >> 8, 6_000, 3_000, 1_500, 900]);
            FREE.store(bytes_free, Relaxed);
            let on_guest = guest.dispatch(function, &arg).map_err(|e| e.to_string());
            let on_host = general_within(&mut host, Some(&budget), function, &arg);
            let on_unbounded = general_within(&mut unbounded, Some(&budget), function, &arg);
            let at = format!("seed {seed}, call {index}, {}", name(function));
            match on_guest.as_ref().err().and_then(|e| refusal_figures(e)) {
                Some((needed, free)) => {
                    refused += 1;
                    assert_eq!(free, bytes_free, "{at}");
                    assert!(needed > free, "{at}: {needed} needed");
                    assert!(on_host.is_ok() && on_host != on_unbounded, "{at}");
                }
                None => {
                    assert_eq!(on_guest, on_host, "{at}");
                    assert_eq!(on_host, on_unbounded, "{at}");
                }
            }
        }
    }
    assert!(refused >= 30, "{refused} answers refused");
}
