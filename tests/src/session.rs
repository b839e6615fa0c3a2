//! Sessions: sequences of calls put through two modules to compare their
//! answers. One is scripted to touch all 31 functions; the others are random.

use arora_animation_module::client::{AnimationClient, LoopMode};
use arora_animation_module_dir::bundled_clip;
use arora_types::call::CallBridge;
use arora_types::value::Value;
use proptest::prelude::*;

use crate::calls::{self, Answer, Command, Opt};
use crate::random_clips;

/// Every answer `bridge` gives to `session`, in order.
pub fn run(session: &[Command], bridge: &mut dyn CallBridge) -> Vec<Answer> {
    session.iter().map(|command| command.send(bridge)).collect()
}

/// Sets `bridge` up as the `step_values` measurements do: the bundled clip
/// looping on `players` players, so that every step samples inside its
/// curves. Panics if a call is refused.
pub fn play_bundled_clip(bridge: &mut dyn CallBridge, players: u32) {
    let mut client = AnimationClient::over(bridge);
    let anim = client.load_clip(&bundled_clip()).expect("load_clip");
    let anim = anim.expect("load_clip: the bundled clip loads");
    for _ in 0..players {
        let player = client.create_player(None).expect("create_player");
        let player = player.expect("create_player: ids remain");
        let instance = client.add_instance(player, anim).expect("add_instance");
        assert!(instance.is_some(), "add_instance: {player:?}");
        let looped = client.set_loop(player, LoopMode::Loop).expect("set_loop");
        assert_eq!(looped, Some(player), "set_loop");
        assert_eq!(client.play(player).expect("play"), Some(player), "play");
    }
}

/// A 1.x clip of one second: a number track with a handle on one side and
/// the default ease on the other, and a boolean track.
fn scripted_animation_clip() -> Value {
    use arora_animation_module::records::{AnimTrack, AnimationClip, Keypoint, TransitionHandle};
    let point = |stamp: f32, value: Value, out: Vec<TransitionHandle>| Keypoint {
        id: format!("p{stamp}"),
        stamp,
        value,
        transitions_in: Vec::new(),
        transitions_out: out,
    };
    let handle = TransitionHandle { x: 0.3, y: 0.9 };
    Value::from(AnimationClip {
        name: "nod".into(),
        duration: 1000,
        tracks: vec![
            AnimTrack {
                id: "n".into(),
                name: "nod".into(),
                animatable_id: "head/pitch".into(),
                points: vec![
                    point(0.0, Value::F32(0.0), vec![handle]),
                    point(1.0, Value::F32(1.0), Vec::new()),
                ],
            },
            AnimTrack {
                id: "b".into(),
                name: "blink".into(),
                animatable_id: "light/on".into(),
                points: vec![point(0.5, Value::Boolean(true), Vec::new())],
            },
        ],
    })
}

/// A structure under the `Clip` record id with none of its fields: the
/// engine lets it through (it checks a record argument by its id only), and
/// it does not convert.
fn empty_clip_structure() -> Value {
    use arora_animation_module::records::Clip;
    use arora_types::AroraType;
    Value::Structure(arora_types::value::Structure {
        id: Clip::arora_type_id(),
        fields: Vec::new(),
    })
}

/// A session calling each of the 31 functions, refusals included (unknown
/// ids, rejected values, a missing argument, a record that does not
/// convert), with the optional arguments sent in every form.
pub fn scripted() -> Vec<Command> {
    use calls::*;
    let ms = 1_000_000u64;
    let mut missing_dt = step(ms, Opt::Omitted);
    missing_dt.args.clear();
    vec![
        load_clip(Value::from(bundled_clip())),
        load_animation(scripted_animation_clip()),
        load_clip(empty_clip_structure()),
        create_player(Opt::Some("first".into())),
        create_player(Opt::Omitted),
        add_instance(0, 0),
        add_instance_with_weight(1, 1, 0.5),
        add_instance_with_weight(1, 0, -1.0),
        add_instance(7, 0),
        step(10 * ms, Opt::Omitted),
        step_values(10 * ms, Opt::Bare(30 * ms)),
        step_with_velocities(10 * ms, Opt::None),
        output_keys(),
        set_loop(0, "bounce"),
        set_loop(0, "pingpong"),
        set_speed(0, -2.0),
        set_speed(0, 2e6),
        seek(0, 400 * ms),
        pause(1),
        play_at(1, 600 * ms),
        set_window(0, 100 * ms, Opt::Some(900 * ms)),
        set_length(1, Opt::Bare(2000 * ms)),
        set_reversed(0, true),
        set_weight(1, 1, 0.25),
        set_start_offset(1, 1, -50_000_000),
        set_time_scale(1, 1, 2.0),
        set_rate(0, 0, 1.5),
        set_rate(0, 0, 0.0),
        step(50 * ms, Opt::Some(700 * ms)),
        player_states(),
        step_values(20 * ms, Opt::Omitted),
        step_with_velocities(20 * ms, Opt::Omitted),
        bake(0, Opt::Omitted, Opt::Omitted, Opt::Omitted),
        bake_with_derivatives(1, Opt::Some(30.0), Opt::Bare(0), Opt::Some(500 * ms)),
        bake(0, Opt::Bare(0.0), Opt::Omitted, Opt::Omitted),
        bake(9, Opt::Omitted, Opt::Omitted, Opt::Omitted),
        reload_clip(0, Value::from(bundled_clip())),
        reload_animation(1, scripted_animation_clip()),
        reload_clip(5, Value::from(bundled_clip())),
        remove_instance(1, 1),
        remove_instance(1, 1),
        stop(0),
        play(0),
        step(10 * ms, Opt::Omitted),
        unload_animation(1),
        unload_animation(1),
        remove_player(1),
        remove_player(1),
        missing_dt,
        player_states(),
        step_values(10 * ms, Opt::Omitted),
        output_keys(),
    ]
}

/// An id: one of the first few, or `u32::MAX`, never valid.
fn id() -> impl Strategy<Value = u32> {
    prop_oneof![9 => 0u32..4, 1 => Just(u32::MAX)]
}

/// An f32 argument: ordinary, rarely NaN or out of every range.
fn amount() -> impl Strategy<Value = f32> {
    prop_oneof![8 => -3.0f32..3.0, 1 => Just(f32::NAN), 1 => Just(3e6f32)]
}

/// A time in nanoseconds: within a few seconds, rarely past `i64::MAX`.
fn time_ns() -> impl Strategy<Value = u64> + Clone {
    prop_oneof![9 => 0u64..3_000_000_000, 1 => Just(u64::MAX)]
}

/// An optional argument, in any of its forms.
fn opt<T: Clone + std::fmt::Debug + 'static>(
    value: impl Strategy<Value = T> + Clone + 'static,
) -> impl Strategy<Value = Opt<T>> {
    prop_oneof![
        Just(Opt::Omitted),
        Just(Opt::None),
        value.clone().prop_map(Opt::Some),
        value.prop_map(Opt::Bare),
    ]
}

fn dt_ns() -> impl Strategy<Value = u64> {
    0u64..60_000_000
}

/// One call of any of the 31 functions, with arguments of the declared
/// types and values in and out of their ranges.
pub fn command() -> impl Strategy<Value = Command> {
    use calls::*;
    let loop_modes = prop::sample::select(vec!["once", "loop", "bounce", "ping_pong", "pingpong"]);
    let frame_rate = || opt(prop_oneof![4 => 1.0f32..120.0, 1 => -1.0f32..0.0]);
    prop_oneof![
        3 => random_clips::clip().prop_map(load_clip),
        2 => random_clips::animation_clip().prop_map(load_animation),
        2 => opt(prop::sample::select(vec!["p".to_string(), String::new()])).prop_map(create_player),
        3 => (id(), id()).prop_map(|(p, a)| add_instance(p, a)),
        2 => (id(), id(), amount()).prop_map(|(p, a, w)| add_instance_with_weight(p, a, w)),
        5 => (dt_ns(), opt(time_ns())).prop_map(|(dt, t)| step(dt, t)),
        5 => (dt_ns(), opt(time_ns())).prop_map(|(dt, t)| step_values(dt, t)),
        3 => (dt_ns(), opt(time_ns())).prop_map(|(dt, t)| step_with_velocities(dt, t)),
        1 => id().prop_map(play),
        1 => id().prop_map(pause),
        1 => id().prop_map(stop),
        1 => (id(), time_ns()).prop_map(|(p, t)| seek(p, t)),
        1 => (id(), amount()).prop_map(|(p, s)| set_speed(p, s)),
        1 => (id(), loop_modes).prop_map(|(p, m)| set_loop(p, m)),
        1 => (id(), id(), amount()).prop_map(|(p, i, w)| set_weight(p, i, w)),
        1 => (id(), id()).prop_map(|(p, i)| remove_instance(p, i)),
        2 => Just(player_states()),
        1 => (id(), frame_rate(), opt(time_ns()), opt(time_ns()))
            .prop_map(|(a, r, s, e)| bake(a, r, s, e)),
        1 => (id(), frame_rate(), opt(time_ns()), opt(time_ns()))
            .prop_map(|(a, r, s, e)| bake_with_derivatives(a, r, s, e)),
        1 => id().prop_map(unload_animation),
        1 => id().prop_map(remove_player),
        1 => (id(), random_clips::animation_clip()).prop_map(|(a, c)| reload_animation(a, c)),
        1 => (id(), time_ns(), opt(time_ns())).prop_map(|(p, s, e)| set_window(p, s, e)),
        1 => (id(), time_ns()).prop_map(|(p, t)| play_at(p, t)),
        1 => (id(), id(), any::<i64>()).prop_map(|(p, i, o)| set_start_offset(p, i, o)),
        1 => (id(), id(), amount()).prop_map(|(p, i, s)| set_time_scale(p, i, s)),
        1 => Just(output_keys()),
        1 => (id(), random_clips::clip()).prop_map(|(a, c)| reload_clip(a, c)),
        1 => (id(), id(), amount()).prop_map(|(p, i, r)| set_rate(p, i, f64::from(r))),
        1 => (id(), opt(time_ns())).prop_map(|(p, l)| set_length(p, l)),
        1 => (id(), any::<bool>()).prop_map(|(p, r)| set_reversed(p, r)),
    ]
}

/// Calls that set a random state up: two clips of each format, two players,
/// instances of the first clips on both (any of which may be refused).
fn set_up() -> impl Strategy<Value = Vec<Command>> {
    use calls::*;
    let clips = (
        random_clips::clip(),
        random_clips::animation_clip(),
        random_clips::clip(),
        random_clips::animation_clip(),
    );
    (clips, 0.0f32..2.0).prop_map(|((c0, a1, c2, a3), weight)| {
        vec![
            load_clip(c0),
            load_animation(a1),
            load_clip(c2),
            load_animation(a3),
            create_player(Opt::Omitted),
            create_player(Opt::Some("second".into())),
            add_instance(0, 0),
            add_instance_with_weight(0, 1, weight),
            add_instance(1, 1),
            add_instance(1, 2),
        ]
    })
}

/// A random session: a set-up, then up to `len` calls of any function.
pub fn random(len: usize) -> impl Strategy<Value = Vec<Command>> {
    (set_up(), prop::collection::vec(command(), 1..len)).prop_map(|(mut session, calls)| {
        session.extend(calls);
        session
    })
}
