//! The typed client: every contract function called by id through an engine, answering
//! the contract's types, its sentinel read as `None`, its failures as `ClientError`s.

use arora_animation_module::answer::{Values, WithVelocities};
use arora_animation_module::client::{
    AnimationClient, AnimationId, CallFn, Caller, ClientError, ClipTime, DeviceSpan, DeviceTime,
    InstanceId, LoopMode, PlayerId, TimelinePosition,
};
use arora_animation_module::records::Clip;
use arora_animation_module::{AnimationModule, animation, clip_record, exports};
use arora_animation_test_support::clips::{MS, S, clip, linear, r1};
use std::pin::Pin;

use arora_engine::engine::{Engine, EngineBuilder};
use arora_engine::module::HostModule;
use arora_types::Uuid;
use arora_types::call::{CallError, CallResult};
use arora_types::value::Value;

fn engine() -> Pin<Box<Engine>> {
    let mut engine = EngineBuilder::new().build();
    let module = HostModule::from_exports(animation::ids::MODULE, exports(AnimationModule::new()));
    engine.register_module(module.id(), Box::new(module));
    engine
}

/// Two clips (ids 0 and 1, a broken third refused), two players (0 named `p`, 1 unnamed)
/// and two instances of clip 0 on player 0 (the second of weight 0.5), each id checked as
/// it is given: player 0.
fn two_of_each<C: Caller>(client: &mut AnimationClient<C>) -> PlayerId {
    let clip = clip_record(&r1());
    assert_eq!(
        client.load_clip(&clip).unwrap(),
        Some(AnimationId::from_raw(0))
    );
    assert_eq!(
        client.load_clip(&clip).unwrap(),
        Some(AnimationId::from_raw(1))
    );
    let mut broken = clip.clone();
    broken.tracks[0].keypoints[0].value = Value::F64(f64::NAN);
    assert_eq!(client.load_clip(&broken).unwrap(), None);

    let player = client.create_player(Some("p")).unwrap().unwrap();
    assert_eq!(player, PlayerId::from_raw(0));
    assert_eq!(
        client.create_player(None).unwrap(),
        Some(PlayerId::from_raw(1))
    );
    let anim = AnimationId::from_raw(0);
    let first = client.add_instance(player, anim).unwrap();
    assert_eq!(first, Some(InstanceId::from_raw(0)));
    let second = client.add_instance_with_weight(player, anim, 0.5).unwrap();
    assert_eq!(second, Some(InstanceId::from_raw(1)));
    player
}

#[test]
fn ids_count_up_and_refusals_read_as_none() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let player = two_of_each(&mut client);
    let anim = AnimationId::from_raw(0);
    let unknown = PlayerId::from_raw(9);
    assert_eq!(client.add_instance(unknown, anim).unwrap(), None);
    assert_eq!(client.play(unknown).unwrap(), None);
    assert_eq!(
        client
            .set_weight(player, InstanceId::from_raw(9), 1.0)
            .unwrap(),
        None
    );
    assert_eq!(client.set_speed(player, f32::NAN).unwrap(), None);
}

#[test]
fn states_list_what_was_made_and_removals_answer_whether_anything_went() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let player = two_of_each(&mut client);
    let states = client.player_states().unwrap();
    assert_eq!(states.len(), 2);
    assert_eq!(
        (states[0].name.as_str(), states[1].name.as_str()),
        ("p", "")
    );
    assert_eq!(states[0].instances.len(), 2);
    assert_eq!(states[0].instances[1].weight, 0.5);

    assert!(
        client
            .remove_instance(player, InstanceId::from_raw(1))
            .unwrap()
    );
    assert!(
        !client
            .remove_instance(player, InstanceId::from_raw(1))
            .unwrap()
    );
    assert!(client.remove_player(PlayerId::from_raw(1)).unwrap());
    assert!(!client.remove_player(PlayerId::from_raw(1)).unwrap());
    assert!(client.unload_animation(AnimationId::from_raw(1)).unwrap());
    assert!(!client.unload_animation(AnimationId::from_raw(1)).unwrap());
}

/// A player `p` with one instance of `r1`, past the first step (transport commands before
/// it are queued, docs/contract.md §4.8): the player and the instance.
fn stepped<C: Caller>(client: &mut AnimationClient<C>) -> (PlayerId, InstanceId) {
    let anim = client.load_clip(&clip_record(&r1())).unwrap().unwrap();
    let player = client.create_player(Some("p")).unwrap().unwrap();
    let instance = client.add_instance(player, anim).unwrap().unwrap();
    client
        .step_values(DeviceSpan::ZERO, Some(DeviceTime::ZERO))
        .unwrap();
    (player, instance)
}

#[test]
fn transport_settings_arrive_as_the_contract_carries_them() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let (player, instance) = stepped(&mut client);
    let same = Some(player);
    assert_eq!(client.set_loop(player, LoopMode::PingPong).unwrap(), same);
    assert_eq!(client.set_speed(player, -2.0).unwrap(), same);
    let (start, end) = (
        TimelinePosition::from_ns(100 * MS),
        TimelinePosition::from_ns(800 * MS),
    );
    assert_eq!(client.set_window(player, start, Some(end)).unwrap(), same);
    assert_eq!(
        client
            .set_length(player, Some(TimelinePosition::from_ns(2 * S)))
            .unwrap(),
        same
    );
    assert_eq!(
        client
            .seek(player, TimelinePosition::from_ns(300 * MS))
            .unwrap(),
        same
    );
    assert_eq!(client.pause(player).unwrap(), same);
    // After the seek, which starts the heading afresh (docs/playback.md §3.2).
    assert_eq!(client.set_reversed(player, true).unwrap(), same);
    let offset = TimelinePosition::from_ns(-250 * MS);
    assert_eq!(
        client.set_start_offset(player, instance, offset).unwrap(),
        Some(instance)
    );
    assert_eq!(
        client.set_rate(player, instance, 2.0).unwrap(),
        Some(instance)
    );

    let state = &client.player_states().unwrap()[0];
    assert_eq!(state.loop_mode, "ping_pong");
    assert_eq!(state.speed, -2.0);
    assert!(state.reversed);
    assert_eq!(
        (state.window_start_ns, state.window_end_ns),
        (100_000_000, Some(800_000_000))
    );
    assert_eq!(state.duration_ns, 2_000_000_000);
    assert_eq!(state.time_ns, 300_000_000);
    assert_eq!(state.state, "paused");
    assert_eq!(state.instances[0].start_offset_ns, -250_000_000);
}

#[test]
fn a_time_before_0_reads_0_a_zero_time_scale_is_refused_and_play_at_waits() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let (player, instance) = stepped(&mut client);
    let same = Some(player);
    // A time before 0 crosses the unsigned interface as 0.
    assert_eq!(
        client.seek(player, TimelinePosition::from_ns(-5)).unwrap(),
        same
    );
    assert_eq!(client.player_states().unwrap()[0].time_ns, 0);
    assert_eq!(client.set_time_scale(player, instance, 0.0).unwrap(), None);
    assert_eq!(client.stop(player).unwrap(), same);
    assert_eq!(
        client.play_at(player, DeviceTime::from_ns(5 * S)).unwrap(),
        same
    );
    assert!(client.player_states().unwrap()[0].waiting);
}

/// Two linear tracks, `x` to 2 and `y` to −1 over a second.
fn two_ramps() -> Clip {
    clip_record(&clip(vec![
        linear("t", "x", S, 2.0),
        linear("u", "y", S, -1.0),
    ]))
}

/// The client's answers are the module's own: the same calls on an `AnimationModule`
/// through its typed API give the same records.
#[test]
fn steps_answer_what_the_module_computes() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let mut module = AnimationModule::new();
    let record = two_ramps();
    let anim = client.load_clip(&record).unwrap().unwrap();
    assert_eq!(module.load_clip(&record).unwrap(), anim);
    let player = client.create_player(Some("p")).unwrap().unwrap();
    module.create_player("p").unwrap();
    client.add_instance(player, anim).unwrap().unwrap();
    module.add_instance(player, anim, 1.0).unwrap();

    let dt = DeviceSpan::from_ns(10 * MS);
    for frame in 1..=120_i64 {
        let now = DeviceTime::from_ns(frame * 10 * MS);
        match frame % 3 {
            0 => assert_eq!(
                Ok(client.step_values(dt, Some(now)).unwrap()),
                module.step_samples::<Values>(dt, Some(now))
            ),
            1 => assert_eq!(
                Ok(client.step_with_velocities(dt, Some(now)).unwrap()),
                module.step_samples::<WithVelocities>(dt, Some(now))
            ),
            _ => assert_eq!(Ok(client.step(dt, None).unwrap()), module.step(dt, None)),
        }
    }
    assert_eq!(Ok(client.output_keys().unwrap()), module.output_keys());
    assert_eq!(client.output_keys().unwrap().keys, ["x", "y"]);
}

#[test]
fn bakes_and_reloads_answer_the_contract_s_records_and_sentinels() {
    let mut engine = engine();
    let mut client = AnimationClient::over(&mut engine);
    let record = two_ramps();
    let anim = client.load_clip(&record).unwrap().unwrap();
    let window = (Some(ClipTime::from_ns(0)), Some(ClipTime::from_ns(S / 2)));
    let baked = client
        .bake(anim, Some(100.0), window.0, window.1)
        .unwrap()
        .unwrap();
    assert_eq!(baked.tracks.len(), 2);
    assert_eq!(
        (baked.frame_rate, baked.start_ns, baked.end_ns),
        (100.0, 0, 500_000_000)
    );
    let derived = client
        .bake_with_derivatives(anim, None, None, None)
        .unwrap()
        .unwrap();
    assert_eq!(derived.frame_rate, 60.0);
    assert_eq!(
        client
            .bake(AnimationId::from_raw(7), None, None, None)
            .unwrap(),
        None
    );
    assert_eq!(client.bake(anim, Some(0.0), None, None).unwrap(), None);

    assert!(client.reload_clip(anim, &record).unwrap());
    assert!(
        !client
            .reload_clip(AnimationId::from_raw(7), &record)
            .unwrap()
    );
}

#[test]
fn a_failed_call_and_a_foreign_answer_are_errors_naming_the_function() {
    let mut engine = engine();
    let elsewhere = Uuid::from_u128(7);
    let mut client = AnimationClient::with_module(
        arora_animation_module::client::BridgeCaller(&mut engine),
        elsewhere,
    );
    match client.create_player(None) {
        Err(ClientError::Call {
            function: "create_player",
            error: CallError::ModuleNotFound { id },
        }) => {
            assert_eq!(id, elsewhere)
        }
        other => panic!("expected ModuleNotFound, got {other:?}"),
    }

    let answer_true = |_| {
        Ok(CallResult {
            ret: Value::Boolean(true),
            mutated: vec![],
        })
    };
    let mut client = AnimationClient::new(CallFn(answer_true));
    let error = client.play(PlayerId::from_raw(0)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`play` answered a value that is not what the contract returns: expected a u32, got Boolean(true)"
    );
    assert!(matches!(
        client.output_keys(),
        Err(ClientError::Answer {
            function: "output_keys",
            ..
        })
    ));
    assert!(client.remove_player(PlayerId::from_raw(0)).unwrap());
}

#[test]
fn a_raw_call_is_sent_as_built_and_answers_the_whole_result() {
    use animation::ids::create_player as f;
    let name = Value::String("raw".into());
    let call = arora_animation_module::client::raw_call(
        animation::ids::MODULE,
        f::FUNCTION,
        vec![(f::NAME, name.clone())],
    );
    assert_eq!(call.module_id, Some(animation::ids::MODULE));
    assert_eq!(call.id, f::FUNCTION);
    assert_eq!(call.args.len(), 1);
    assert_eq!((call.args[0].id, &*call.args[0].value), (f::NAME, &name));

    let mut sent = Vec::new();
    let mut client = AnimationClient::new(CallFn(|call| {
        sent.push(call);
        Ok(CallResult {
            ret: Value::U32(3),
            mutated: vec![],
        })
    }));
    let result = client
        .call_raw_result(f::FUNCTION, vec![(f::NAME, name)])
        .unwrap();
    assert_eq!((result.ret, result.mutated.len()), (Value::U32(3), 0));
    assert_eq!(sent, vec![call]);
}
