//! The typed API's bounds: a loaded clip's in clip time, and an instance's as it plays —
//! velocity × rate, acceleration × rate², times on the timeline — each refusal naming what
//! was not found.

use animation_engine::{
    AnimationId, At, BoundsWindow, InstanceId, PlaybackError, PlayerId, TimelinePosition,
    TrackBounds,
};
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack};
use arora_animation_module::{AnimationModule, ClipTransition, Refused};
use arora_types::value::Value;

/// 0 → 90 over 0.5 s, `linear` both sides: |v| = 180 units/s (docs/curves.md §8.7).
fn linear() -> Clip {
    let linear = || ClipTransition {
        kind: "linear".into(),
        dt_ns: 0.0,
        dv: 0.0,
    };
    let key = |id: &str, time_ns: i64, value: f64| ClipKeypoint {
        id: id.into(),
        time_ns,
        value: Value::F64(value),
        arrive: vec![linear()],
        leave: vec![linear()],
        pairing: String::new(),
    };
    Clip {
        name: "wave".into(),
        length_ns: None,
        tracks: vec![ClipTrack {
            id: "arm".into(),
            name: "arm".into(),
            target: "arm/angle".into(),
            keypoints: vec![key("a", 0, 0.0), key("b", 500_000_000, 90.0)],
        }],
    }
}

fn number(bounds: &TrackBounds) -> &animation_engine::NumberBounds {
    match bounds {
        TrackBounds::Number(n) => n,
        other => panic!("not a number track: {other:?}"),
    }
}

/// A module playing [`linear`] on player `p` through one instance at `rate`.
fn linear_at_rate(rate: f64) -> (AnimationModule, AnimationId, PlayerId, InstanceId) {
    let mut module = AnimationModule::new();
    let anim = module.load_clip(&linear()).unwrap();
    let player = module.create_player("p").unwrap();
    let instance = module.add_instance(player, anim, 1.0).unwrap();
    module.set_rate(player, instance, rate).unwrap();
    (module, anim, player, instance)
}

#[test]
fn an_instance_at_rate_two_offset_one_second_doubles_velocity_and_shifts_times() {
    let (mut module, anim, player, instance) = linear_at_rate(2.0);
    let offset = TimelinePosition::from_ns(1_000_000_000);
    module.set_start_offset(player, instance, offset).unwrap();

    let clip = module.clip_bounds(anim, BoundsWindow::KEYS).unwrap();
    let played = module
        .instance_bounds(player, instance, BoundsWindow::KEYS)
        .unwrap();
    assert_eq!(
        (played[0].id.as_str(), played[0].target.as_str()),
        ("arm", "arm/angle")
    );
    let (clip, played) = (number(&clip[0].bounds), number(&played[0].bounds));
    // Clip time: 180 units/s (to the rounding of 90 × 0.33), max 90 at 0.5 s.
    assert!((clip.max_abs_velocity.value - 180.0).abs() <= 180.0 * 4.0 * f64::EPSILON);
    assert_eq!(
        clip.max,
        At {
            value: 90.0,
            time_s: 0.5
        }
    );
    // Played: twice as fast, the clip's 0.5 s at 1 + 0.5 / 2 = 1.25 s on the timeline.
    assert_eq!(
        played.max_abs_velocity.value,
        2.0 * clip.max_abs_velocity.value
    );
    assert_eq!(
        played.max,
        At {
            value: 90.0,
            time_s: 1.25
        }
    );
    assert_eq!(
        played.min,
        At {
            value: 0.0,
            time_s: 1.0
        }
    );
    assert_eq!(played.max_abs_acceleration.value, 0.0);
}

#[test]
fn a_timeline_window_is_mapped_into_clip_time() {
    let (module, _, player, instance) = linear_at_rate(0.5);
    // Timeline [0.2 s, 0.4 s] at rate ½ is clip [0.1 s, 0.2 s]: values 18 → 36.
    let window = BoundsWindow {
        from_s: Some(0.2),
        to_s: Some(0.4),
    };
    let played = module.instance_bounds(player, instance, window).unwrap();
    let n = number(&played[0].bounds);
    assert!(
        (n.min.value - 18.0).abs() <= 1e-12 && n.min.time_s == 0.2,
        "{:?}",
        n.min
    );
    assert!(
        (n.max.value - 36.0).abs() <= 1e-12 && n.max.time_s == 0.4,
        "{:?}",
        n.max
    );
}

#[test]
fn unknown_players_instances_and_clips_are_refused_by_name() {
    let mut module = AnimationModule::new();
    let anim = module.load_clip(&linear()).unwrap();
    let player = module.create_player("p").unwrap();
    let (ghost_player, ghost_instance) = (PlayerId::from_raw(99), InstanceId::from_raw(98));
    assert_eq!(
        module.instance_bounds(ghost_player, ghost_instance, BoundsWindow::KEYS),
        Err(Refused::Playback(PlaybackError::UnknownPlayer(
            ghost_player
        )))
    );
    assert_eq!(
        module.instance_bounds(player, ghost_instance, BoundsWindow::KEYS),
        Err(Refused::Playback(PlaybackError::UnknownInstance {
            player,
            instance: ghost_instance
        }))
    );
    module.unload_animation(anim).unwrap();
    assert_eq!(
        module.clip_bounds(anim, BoundsWindow::KEYS),
        Err(Refused::Playback(PlaybackError::UnknownAnimation(anim)))
    );
}
