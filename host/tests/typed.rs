//! The typed API: each refusal behind a failure value comes with its reason.

use animation_engine::BakeError;
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack};
use arora_animation_module::{AnimationModule, ClipRefused, Refused};
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

#[test]
fn refusals_name_what_was_refused() {
    let mut module = AnimationModule::new();
    assert!(matches!(
        module.try_load_clip(&hold(Value::F64(f64::NAN))),
        Err(Refused::Clip(ClipRefused::Invalid(_)))
    ));
    let anim = module.try_load_clip(&hold(Value::F64(1.0))).expect("loads");
    let player = module.create_player("p");
    assert_eq!(
        module.try_add_instance(player, 9, 1.0),
        Err(Refused::UnknownAnimation(9))
    );
    assert_eq!(
        module.try_add_instance(4, anim, 1.0),
        Err(Refused::UnknownPlayer(4))
    );
    assert_eq!(
        module.try_add_instance(player, anim, -1.0),
        Err(Refused::Weight(-1.0))
    );
    let instance = module.try_add_instance(player, anim, 1.0).expect("adds");
    assert_eq!(module.try_set_speed(player, 2e6), Err(Refused::Speed(2e6)));
    assert_eq!(
        module.try_set_loop(player, "Loop"),
        Err(Refused::LoopMode("Loop".into()))
    );
    assert_eq!(
        module.try_set_rate(player, instance, 0.0),
        Err(Refused::Rate(0.0))
    );
    assert_eq!(
        module.try_set_rate(player, 7, 0.0),
        Err(Refused::UnknownInstance {
            player,
            instance: 7
        }),
        "the instance is looked up before the rate is checked"
    );
    assert_eq!(
        module.try_set_time_scale(player, 7, 0.0),
        Err(Refused::TimeScale(0.0)),
        "the time scale is checked before anything is looked up"
    );
    assert_eq!(module.try_play(3), Err(Refused::UnknownPlayer(3)));
    assert_eq!(
        module.try_unload_animation(5),
        Err(Refused::UnknownAnimation(5))
    );
    assert_eq!(
        module.try_bake(anim, Some(0.0), None, None, false),
        Err(Refused::Bake(BakeError::InvalidRate(0.0)))
    );
    assert_eq!(
        module.try_bake(anim, Some(2e6), None, Some(1_000_000_000), false),
        Err(Refused::Bake(BakeError::TooManySamples))
    );
    assert_eq!(
        Refused::UnknownInstance {
            player: 0,
            instance: 7
        }
        .to_string(),
        "player 0 has no instance 7"
    );
}

#[test]
fn the_typed_api_and_the_engine_agree_on_state() {
    let mut module = AnimationModule::new();
    let lasting = Clip {
        length_ns: Some(1_000_000_000),
        ..hold(Value::F64(3.0))
    };
    let anim = module.try_load_clip(&lasting).expect("loads");
    let player = module.create_player("p");
    module.try_add_instance(player, anim, 0.5).expect("adds");
    assert_eq!(module.clock(), None);
    let (table, outputs) = module.advance(10, None);
    assert_eq!((table.len(), outputs.len()), (1, 1));
    assert_eq!(table[0].key, "x");
    assert_eq!(module.clock(), Some(10));
    assert_eq!(module.engine().revision(), 2);
    let states = module.player_state_records();
    assert_eq!(
        (states[0].time_ns, states[0].instances[0].weight),
        (10, 0.5)
    );
}
