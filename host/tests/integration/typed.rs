//! The typed API: each refusal behind a failure value comes with its reason.

use animation_engine::{
    AnimationId, BakeError, ClipTime, DeviceSpan, DeviceTime, InstanceId, PlaybackError, PlayerId,
};
use arora_animation_module::answer::{Values, WithVelocities};
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack};
use arora_animation_module::{AnimationModule, AnswerBudget, ClipRefused, Refused};
use arora_types::value::Value;

fn hold(value: Value) -> Clip {
    Clip {
        name: "h".into(),
        length_ns: None,
        tracks: vec![ClipTrack {
            id: "t".into(),
            name: "t".into(),
            target: "x".into(),
            keypoints: vec![ClipKeypoint {
                id: "k".into(),
                time_ns: 0,
                value,
                arrive: vec![],
                leave: vec![],
                pairing: String::new(),
            }],
        }],
    }
}

/// A module holding one clip (`anim`) and one player (`player`), no instance yet.
fn loaded() -> (AnimationModule, AnimationId, PlayerId) {
    let mut module = AnimationModule::new();
    let anim = module.load_clip(&hold(Value::F64(1.0))).expect("loads");
    let player = module.create_player("p").expect("creates");
    (module, anim, player)
}

#[test]
fn a_clip_and_an_instance_are_refused_with_the_reason_in_lookup_order() {
    let playback = Refused::Playback;
    let (mut module, anim, player) = loaded();
    assert!(matches!(
        module.load_clip(&hold(Value::F64(f64::NAN))),
        Err(Refused::Clip(ClipRefused::Invalid(_)))
    ));
    assert_eq!(
        module.add_instance(player, AnimationId::from_raw(9), 1.0),
        Err(playback(PlaybackError::UnknownAnimation(
            AnimationId::from_raw(9)
        )))
    );
    assert_eq!(
        module.add_instance(PlayerId::from_raw(4), anim, 1.0),
        Err(playback(PlaybackError::UnknownPlayer(PlayerId::from_raw(
            4
        ))))
    );
    assert_eq!(
        module.add_instance(player, anim, -1.0),
        Err(playback(PlaybackError::InvalidWeight(-1.0)))
    );
    assert_eq!(
        module.add_instance(PlayerId::from_raw(4), AnimationId::from_raw(9), -1.0),
        Err(playback(PlaybackError::UnknownPlayer(PlayerId::from_raw(
            4
        )))),
        "the player is looked up first, then the animation, then the weight"
    );
    assert_eq!(
        module.add_instance(player, AnimationId::from_raw(9), -1.0),
        Err(playback(PlaybackError::UnknownAnimation(
            AnimationId::from_raw(9)
        )))
    );
}

#[test]
fn transport_refusals_name_the_value_or_the_id_refused() {
    let playback = Refused::Playback;
    let (mut module, anim, player) = loaded();
    let instance = module.add_instance(player, anim, 1.0).expect("adds");
    assert_eq!(
        module.set_speed(player, 2e6),
        Err(playback(PlaybackError::SpeedTooLarge(2e6)))
    );
    assert_eq!(
        module.set_rate(player, instance, 0.0),
        Err(playback(PlaybackError::InvalidRate(0.0)))
    );
    assert_eq!(
        module.set_rate(player, InstanceId::from_raw(7), 0.0),
        Err(playback(PlaybackError::UnknownInstance {
            player,
            instance: InstanceId::from_raw(7)
        })),
        "the instance is looked up before the rate is checked"
    );
    assert_eq!(
        module.set_time_scale(player, InstanceId::from_raw(7), 0.0),
        Err(Refused::TimeScale(0.0)),
        "the time scale is checked before anything is looked up"
    );
    assert_eq!(
        module.play(PlayerId::from_raw(3)),
        Err(playback(PlaybackError::UnknownPlayer(PlayerId::from_raw(
            3
        ))))
    );
    assert_eq!(
        module.unload_animation(AnimationId::from_raw(5)),
        Err(playback(PlaybackError::UnknownAnimation(
            AnimationId::from_raw(5)
        )))
    );
    assert_eq!(
        Refused::Playback(PlaybackError::UnknownInstance {
            player: PlayerId::from_raw(0),
            instance: InstanceId::from_raw(7)
        })
        .to_string(),
        "player 0 has no instance 7"
    );
}

#[test]
fn bake_refusals_name_the_rate_or_the_cap() {
    let playback = Refused::Playback;
    let (module, anim, _) = loaded();
    assert_eq!(
        module.bake::<Values>(anim, Some(0.0), None, None),
        Err(playback(PlaybackError::Bake(BakeError::InvalidRate(0.0))))
    );
    assert_eq!(
        module.bake::<WithVelocities>(anim, Some(0.0), None, None),
        Err(playback(PlaybackError::Bake(BakeError::InvalidRate(0.0))))
    );
    assert_eq!(
        module.bake::<Values>(
            anim,
            Some(2e6),
            None,
            Some(ClipTime::from_ns(1_000_000_000))
        ),
        Err(playback(PlaybackError::Bake(BakeError::TooManySamples)))
    );
}

#[test]
fn the_typed_api_and_the_engine_agree_on_state() {
    let mut module = AnimationModule::new();
    let lasting = Clip {
        length_ns: Some(1_000_000_000),
        ..hold(Value::F64(3.0))
    };
    let anim = module.load_clip(&lasting).expect("loads");
    let player = module.create_player("p").expect("creates");
    module.add_instance(player, anim, 0.5).expect("adds");
    assert_eq!(module.clock(), None);
    let step = module.advance(DeviceSpan::from_ns(10), None);
    assert_eq!((step.positions().len(), step.len()), (1, 1));
    let keys: Vec<&str> = step.positions().map(|p| p.key.as_str()).collect();
    assert_eq!(keys, ["x"]);
    assert_eq!(step.revision(), 2);
    assert_eq!(module.clock(), Some(DeviceTime::from_ns(10)));
    assert_eq!(module.engine().revision(), 2);
    let states = module.player_states().expect("no budget");
    assert_eq!(
        (states[0].time_ns, states[0].instances[0].weight),
        (10, 0.5)
    );
}

/// With an answer budget that has no room, the answers that grow with the state are
/// refused in their `Result`, naming what they would take; a step is taken all the same.
#[test]
fn an_answer_the_budget_has_no_room_for_is_refused_in_its_result() {
    fn nothing_free() -> usize {
        0
    }
    let budget = AnswerBudget::new(nothing_free);
    let mut module = AnimationModule::new().with_answer_budget(budget);
    let anim = module.load_clip(&hold(Value::F64(1.0))).expect("loads");
    let player = module.create_player("p").expect("creates");
    module.add_instance(player, anim, 1.0).expect("adds");
    let refused = module.player_states().expect_err("no room");
    assert_eq!(refused.free, 0);
    assert!(refused.needed > 0, "{refused:?}");
    let dt = DeviceSpan::from_ns(10);
    assert!(module.step_samples::<Values>(dt, None).is_err());
    assert!(module.step_samples::<WithVelocities>(dt, None).is_err());
    assert!(module.output_keys().is_err());
    assert_eq!(module.clock(), Some(DeviceTime::from_ns(20)));
}
