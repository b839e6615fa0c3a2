//! docs/playback.md §9 scenarios 30–33, 42–44 and 46: pause/play/stop, play_at,
//! rounding from the anchor, queued commands and the core layer.

use crate::playback_support::*;
use animation_engine::{Engine, LoopMode, PlaybackError, TransportState};

#[test]
fn s30_pause_play_resets_heading_and_same_sign_speed_keeps_it() {
    let (mut rig, p) = rig_in(r1(), LoopMode::PingPong);
    rig.s(0);
    rig.ats(p, &[(1300 * MS, (700 * MS, true, false))]);
    rig.engine.set_speed(p, 2.0).unwrap();
    assert!(rig.rec(p).reversed);
    rig.ats(p, &[(1400 * MS, (500 * MS, true, false))]);
    rig.engine.pause(p).unwrap();
    rig.s(2000 * MS);
    assert_eq!(
        (rig.at(p), rig.rec(p).state),
        ((500 * MS, true, false), TransportState::Paused)
    );
    rig.engine.play(p).unwrap();
    assert!(!rig.rec(p).reversed);
    rig.s(2100 * MS);
    assert_eq!(rig.pos(p), 700 * MS);
    rig.engine.stop(p).unwrap();
    assert_eq!((rig.pos(p), rig.rec(p).state), (0, TransportState::Stopped));
    rig.engine.seek(p, timeline(400 * MS)).unwrap();
    assert_eq!(
        (rig.pos(p), rig.rec(p).state),
        (400 * MS, TransportState::Stopped)
    );
    rig.s(2500 * MS);
    assert_eq!(rig.pos(p), 400 * MS);
    rig.engine.play(p).unwrap();
    rig.s(2600 * MS);
    assert_eq!(rig.pos(p), 600 * MS);
}

#[test]
fn s31_play_at_anchors_at_the_scheduled_start() {
    let (mut rig, p) = rig_with(r5());
    rig.s(0);
    rig.engine.pause(p).unwrap();
    rig.engine.seek(p, timeline(300 * MS)).unwrap();
    rig.engine.play_at(p, device(1_000_000_003)).unwrap();
    let r = rig.rec(p);
    assert_eq!(
        (r.position.ns(), r.state, r.waiting),
        (300 * MS, TransportState::Playing, true)
    );
    assert_eq!(r.velocity, 0.0);
    rig.waits_at(
        p,
        &[
            (990 * MS, (300 * MS, true)),
            (1010 * MS, (309_999_997, false)),
        ],
    );
    rig.engine.pause(p).unwrap();
    rig.engine.play_at(p, device(500 * MS)).unwrap();
    assert!(rig.rec(p).waiting);
    rig.steps_to(p, &[(1010 * MS, 819_999_997), (1020 * MS, 829_999_997)]);
    rig.engine.play_at(p, device(2 * S)).unwrap();
    rig.engine.seek(p, timeline(0)).unwrap();
    rig.engine.set_speed(p, 2.0).unwrap();
    assert_eq!(rig.waits(p), (0, true));
    rig.waits_at(
        p,
        &[(1500 * MS, (0, true)), (2500 * MS, (1000 * MS, false))],
    );
    rig.engine.play_at(p, device(3 * S)).unwrap();
    rig.engine.pause(p).unwrap();
    rig.s(3500 * MS);
    let r = rig.rec(p);
    assert_eq!(
        (r.position.ns(), r.state, r.waiting),
        (1000 * MS, TransportState::Paused, false)
    );
    rig.engine.play_at(p, device(4 * S)).unwrap();
    rig.engine.play(p).unwrap();
    rig.s(3600 * MS);
    assert_eq!(rig.pos(p), 1200 * MS);
}

#[test]
fn s32_play_at_before_the_first_step_is_queued() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.play_at(p, device(2 * S)).unwrap();
    assert_eq!(
        (rig.pos(p), rig.rec(p).state, rig.rec(p).waiting),
        (0, TransportState::Paused, false)
    );
    rig.step(S, Some(1500 * MS));
    assert_eq!(rig.waits(p), (0, true));
    rig.steps_to(p, &[(2250 * MS, 250 * MS)]);
}

#[test]
fn s33_play_at_the_current_time_starts_on_the_next_step() {
    let (mut rig, p) = rig_with(r5());
    rig.s(0);
    rig.s(1000 * MS);
    rig.engine.play_at(p, device(1500 * MS)).unwrap();
    assert!(rig.rec(p).waiting);
    rig.waits_at(p, &[(1200 * MS, (1000 * MS, true))]);
    rig.steps_to(p, &[(1600 * MS, 1100 * MS)]);
    rig.engine.play_at(p, device(1600 * MS)).unwrap();
    assert!(rig.rec(p).waiting);
    rig.waits_at(p, &[(1600 * MS, (1100 * MS, false))]);
    rig.steps_to(p, &[(1700 * MS, 1200 * MS)]);
}

#[test]
fn s42_rounding_restarts_at_each_anchor() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.set_speed(p, 0.5).unwrap();
    rig.s(0);
    for (t, pos) in [(1, 1), (2, 1), (3, 2)] {
        rig.s(t);
        assert_eq!(rig.pos(p), pos, "at {t} ns");
    }
    rig.engine.set_speed(p, 0.5).unwrap();
    rig.steps_to(p, &[(4, 3), (5, 3)]);
    // The module's f32 0.3333333333 widened.
    rig.engine.set_speed(p, 0.3333333432674408).unwrap();
    rig.steps_to(
        p,
        &[(1_000_000_005, 333_333_346), (3_000_000_005, 1_000_000_033)],
    );
    rig.engine.set_speed(p, f64::from(0.1_f32)).unwrap();
    rig.s(4_000_000_005);
    assert_eq!(rig.pos(p), 1_100_000_034);
    rig.engine.set_speed(p, -0.5).unwrap();
    rig.s(4_000_000_006);
    assert_eq!(rig.pos(p), 1_100_000_033);
    rig.engine.set_speed(p, 0.0).unwrap();
    rig.s(5 * S);
    assert_eq!(rig.pos(p), 1_100_000_033);
    rig.engine.set_speed(p, -0.0).unwrap();
    rig.s(6 * S);
    assert_eq!(rig.pos(p), 1_100_000_033);
    assert!(rig.rec(p).speed == 0.0 && rig.rec(p).speed.is_sign_negative());
}

#[test]
fn s43_queued_commands_are_invisible_until_the_first_step() {
    let mut rig = Rig::new();
    let anim = rig.load(r5());
    let (p0, p1) = (rig.player(""), rig.player("b"));
    rig.engine
        .add_instance(p0, anim, 1.0, Default::default())
        .unwrap();
    rig.engine
        .add_instance(p1, anim, 1.0, Default::default())
        .unwrap();
    rig.engine.seek(p0, timeline(2 * S)).unwrap();
    rig.engine.pause(p0).unwrap();
    rig.engine.seek(p0, timeline(3 * S)).unwrap();
    rig.engine.set_mode(p0, LoopMode::Once).unwrap();
    rig.engine.seek(p1, timeline(S)).unwrap();
    assert_eq!(rig.engine.remove_player(p1), Ok(()));
    assert_eq!(
        rig.engine.seek(p1, timeline(5)),
        Err(PlaybackError::UnknownPlayer(p1))
    );
    let states = rig.engine.players();
    assert_eq!(states.len(), 1);
    let r = &states[0];
    assert_eq!(
        (r.name.as_str(), r.state, r.position.ns(), r.mode),
        ("", TransportState::Paused, 0, LoopMode::Once)
    );
    rig.s_plus(100 * MS);
    assert_eq!(
        (rig.pos(p0), rig.rec(p0).state),
        (3000 * MS, TransportState::Paused)
    );
}

#[test]
fn s44_queued_stop_uses_the_window_in_force() {
    let (mut rig, p) = rig_with(r5());
    rig.engine
        .set_window(p, timeline(2 * S), Some(timeline(3 * S)))
        .unwrap();
    rig.engine.stop(p).unwrap();
    rig.engine.play(p).unwrap();
    rig.step(300 * MS, Some(S));
    assert_eq!(rig.pos(p), 2300 * MS);
}

#[test]
fn s46_core_player_defaults_negative_times_and_windows() {
    let mut engine = Engine::new();
    let p = engine.create_player("core").unwrap();
    let r = engine.player(p).unwrap();
    assert_eq!(
        (r.state, r.mode, r.length.ns(), r.position.ns()),
        (TransportState::Paused, LoopMode::Once, 0, 0)
    );
    let anim = engine.load(&valid(r1())).unwrap();
    engine
        .add_instance(p, anim, 1.0, Default::default())
        .unwrap();
    engine.set_mode(p, LoopMode::Loop).unwrap();
    engine.play(p).unwrap();
    let pos = |e: &Engine| e.player(p).unwrap().position;
    engine.step(device(-2 * S), span(0));
    assert_eq!(pos(&engine), timeline(0));
    engine.step(device(-1500 * MS), span(0));
    assert_eq!(pos(&engine), timeline(500 * MS));
    engine.seek(p, timeline(-300 * MS)).unwrap();
    engine.step(device(-1400 * MS), span(0));
    assert_eq!(pos(&engine), timeline(-200 * MS));
    engine.step(device(-1100 * MS), span(0));
    assert_eq!(pos(&engine), timeline(100 * MS));
    engine.seek(p, timeline(-300 * MS)).unwrap();
    engine
        .set_window(p, timeline(-200 * MS), Some(timeline(200 * MS)))
        .unwrap();
    for (t, expect) in [(-1000, -200), (-800, 0), (-600, 200)] {
        engine.step(device(t * MS), span(0));
        assert_eq!(pos(&engine), timeline(expect * MS), "at {t} ms");
    }
    engine.stop(p).unwrap();
    assert_eq!(pos(&engine), timeline(-200 * MS));
}

#[test]
fn negative_dt_on_the_first_step_anchors_queued_plays_in_the_future() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.step(device(S), span(-500 * MS));
    assert_eq!(rig.pos(p), 0);
    rig.engine.step(device(1400 * MS), span(0));
    assert_eq!(rig.pos(p), 0);
    rig.engine.step(device(1600 * MS), span(0));
    assert_eq!(rig.pos(p), 100 * MS);
}

#[test]
fn first_step_start_saturates_at_i64_min() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.set_speed(p, 0.5).unwrap();
    rig.engine.step(device(-S), span(i64::MAX));
    // start = i64::MIN; travel = round(((2^63 − 1e9) × 0.5)) mod 5e9.
    let travelled = ((1i128 << 63) - 1_000_000_000 + 1) / 2;
    assert_eq!(rig.pos(p) as i128, travelled % 5_000_000_000);
}

#[test]
fn the_playhead_velocity_is_the_speed_signed_by_reversed_while_moving() {
    let (mut rig, p) = rig_with(r1());
    rig.engine.set_speed(p, -2.5).unwrap();
    rig.s(0);
    assert_eq!(rig.rec(p).velocity, -2.5);
    rig.engine.set_reversed(p, true).unwrap();
    assert_eq!(rig.rec(p).velocity, 2.5);
    rig.engine.pause(p).unwrap();
    assert_eq!(rig.rec(p).velocity, 0.0);
}
