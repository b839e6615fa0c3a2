//! docs/playback.md §9 scenarios 1–15: the first step, the clock, speeds and the
//! four loop modes.

use crate::playback_support::*;
use animation_engine::{LoopMode, PlaybackError, TransportState};

#[test]
fn s01_defaults_then_loop_at_exactly_its_end_shows_the_end() {
    let mut rig = Rig::new();
    assert_eq!(rig.load(r1()).raw(), 0);
    assert_eq!(rig.engine.revision(), 0);
    assert_eq!(rig.player("p0").raw(), 0);
    assert_eq!(output_keys(&rig.engine), (1, vec![]));
    assert_eq!(
        rig.engine
            .add_instance(pid(0), aid(0), 1.0, Default::default()),
        Ok(iid(0))
    );
    assert_eq!(output_keys(&rig.engine), (2, vec!["x"]));
    let r = rig.rec(pid(0));
    assert_eq!(
        (r.state, r.position.ns(), r.length.ns(), r.speed),
        (TransportState::Paused, 0, S, 1.0)
    );
    assert_eq!(
        (r.mode, r.window.start.ns(), r.window.end),
        (LoopMode::Loop, 0, None)
    );
    assert!(!r.reversed && !r.ended && !r.waiting);
    rig.s_plus(0);
    assert_eq!(rig.numbers(), vec![Some(0.0)]);
    assert_eq!(rig.velocities(), vec![Some(0.0)]);
    assert_eq!(rig.rec(pid(0)).state, TransportState::Playing);
    rig.s_plus(250 * MS);
    close(rig.numbers()[0].unwrap(), 250.0, 1e-9);
    close(rig.velocities()[0].unwrap(), 1000.0, 1e-6);
    rig.s_plus(250 * MS);
    close(rig.numbers()[0].unwrap(), 500.0, 1e-9);
    rig.s(700 * MS);
    close(rig.numbers()[0].unwrap(), 700.0, 1e-9);
    rig.s(1000 * MS);
    assert_eq!(rig.pos(pid(0)), S);
    assert_eq!(rig.numbers(), vec![Some(1000.0)]);
    assert_eq!(rig.velocities(), vec![Some(0.0)]);
    rig.s_plus(1);
    assert_eq!(rig.pos(pid(0)), 1);
    close(rig.numbers()[0].unwrap(), 1e-6, 1e-12);
}

#[test]
fn s02_first_step_by_dt_applies_queued_commands_at_its_start() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.seek(p, timeline(1000 * MS)).unwrap();
    assert_eq!((rig.pos(p), rig.rec(p).state), (0, TransportState::Paused));
    rig.s_plus(16 * MS);
    assert_eq!(rig.pos(p), 1016 * MS);
}

#[test]
fn s03_first_step_with_time_before_dt_starts_before_zero() {
    let (mut rig, p) = rig_with(r5());
    rig.step(1000 * MS, Some(500 * MS));
    assert_eq!(rig.pos(p), 1000 * MS);
    rig.s_plus(0);
    assert_eq!(rig.pos(p), 1000 * MS);
    rig.s_plus(100);
    assert_eq!(rig.pos(p), 1_000_000_100);
}

#[test]
fn s04_time_going_backwards_holds_then_backdates_the_anchor() {
    let (mut rig, p) = rig_with(r5());
    rig.s(3000 * MS);
    assert_eq!(rig.pos(p), 0);
    rig.s_plus(100 * MS);
    assert_eq!(rig.pos(p), 100 * MS);
    rig.s(2000 * MS);
    assert_eq!(rig.pos(p), 100 * MS);
    assert_eq!(rig.engine.clock(), Some(device(2000 * MS)));
    rig.engine.play(p).unwrap();
    rig.s(3200 * MS);
    assert_eq!(rig.pos(p), 1300 * MS);
}

#[test]
fn s05_saturated_clock_stays_at_i64_max() {
    let (mut rig, p) = rig_with(r5());
    rig.s_plus(i64::MAX);
    assert_eq!(rig.pos(p), 1_854_775_807);
    rig.s_plus(5);
    assert_eq!(rig.pos(p), 1_854_775_807);
    rig.s(i64::MAX);
    assert_eq!(rig.pos(p), 1_854_775_807);
}

#[test]
fn s06_fastest_speed_travels_exactly_and_limits_are_inclusive() {
    let (mut rig, p) = rig_with(r5());
    assert_eq!(rig.engine.set_speed(p, 1_048_576.0), Ok(()));
    rig.s(0);
    rig.s(i64::MAX);
    assert_eq!(rig.pos(p), 3_396_600_832);
    assert_eq!(
        rig.engine.set_speed(p, 1_048_577.0),
        Err(PlaybackError::SpeedTooLarge(1_048_577.0))
    );
    assert_eq!(rig.engine.set_speed(p, -1_048_576.0), Ok(()));
    assert_refused(
        rig.engine.set_speed(p, f64::NAN),
        PlaybackError::SpeedNotFinite(f64::NAN),
    );
    assert_eq!(
        rig.engine.set_speed(p, f64::INFINITY),
        Err(PlaybackError::SpeedNotFinite(f64::INFINITY))
    );
    assert_eq!(rig.engine.set_speed(p, 1e-7), Ok(()));
    assert_eq!(rig.rec(p).speed, 1e-7);
    assert_eq!(rig.engine.set_speed(pid(99), 1.0), no_player(99));
}

#[test]
fn s07_s08_once_ends_on_the_bound_and_speed_sign_class_clears_it() {
    let (mut rig, p) = rig_in(r1(), LoopMode::Once);
    rig.s(0);
    rig.ats(
        p,
        &[
            (990 * MS, (990 * MS, false, false)),
            (1000 * MS, (S, false, true)),
            (1500 * MS, (S, false, true)),
        ],
    );
    rig.engine.play(p).unwrap();
    assert_eq!(rig.at(p), (S, false, false));
    rig.ats(
        p,
        &[
            (1500 * MS, (S, false, false)),
            (1_500_000_001, (S, false, true)),
        ],
    );
    rig.engine.set_mode(p, LoopMode::Loop).unwrap();
    assert!(rig.rec(p).ended);
    rig.ats(p, &[(2000 * MS, (S, false, true))]);
    rig.engine.play(p).unwrap();
    rig.s(2_000_000_001);
    assert_eq!(rig.pos(p), 1);
    // 8: once, backward.
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.engine.seek(p, timeline(600 * MS)).unwrap();
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.steps_to(p, &[(2500 * MS, 100_000_001), (2600 * MS, 1)]);
    rig.ats(p, &[(2700 * MS, (0, false, true))]);
    rig.engine.set_speed(p, -2.0).unwrap();
    assert!(rig.rec(p).ended);
    rig.ats(p, &[(2800 * MS, (0, false, true))]);
    rig.engine.set_speed(p, 1.0).unwrap();
    assert!(!rig.rec(p).ended);
    rig.ats(p, &[(2900 * MS, (100 * MS, false, false))]);
}

#[test]
fn s09_s10_loop_wraps_forward_and_backward() {
    let (mut rig, p) = rig_with(r1());
    rig.s(0);
    rig.steps_to(
        p,
        &[
            (1000 * MS, S),
            (1_000_000_001, 1),
            (3250 * MS, 250 * MS),
            (4000 * MS, S),
        ],
    );
    rig.engine.seek(p, timeline(300 * MS)).unwrap();
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.steps_to(
        p,
        &[
            (4300 * MS, 0),
            (4_300_000_001, 999_999_999),
            (4500 * MS, 800 * MS),
            (7000 * MS, 300 * MS),
            (7500 * MS, 800 * MS),
        ],
    );
}

#[test]
fn s11_s12_bounce_turns_once_then_ends_at_the_other_bound() {
    let (mut rig, p) = rig_in(r1(), LoopMode::Bounce);
    rig.s(0);
    rig.ats(
        p,
        &[
            (1000 * MS, (S, false, false)),
            (1_000_000_001, (999_999_999, true, false)),
            (1600 * MS, (400 * MS, true, false)),
            (2000 * MS, (0, true, true)),
            (2500 * MS, (0, true, true)),
        ],
    );
    rig.engine.seek(p, timeline(400 * MS)).unwrap();
    assert_eq!(rig.at(p), (400 * MS, false, false));
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.ats(
        p,
        &[
            (2900 * MS, (0, false, false)),
            (3000 * MS, (100 * MS, true, false)),
            (4000 * MS, (S, true, true)),
        ],
    );
}

#[test]
fn s13_bounce_backward_in_one_step() {
    let (mut rig, p) = rig_in(r1(), LoopMode::Bounce);
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.engine.seek(p, timeline(400 * MS)).unwrap();
    rig.s(0);
    rig.ats(p, &[(5000 * MS, (S, true, true))]);
}

#[test]
fn s14_s15_ping_pong_turns_every_time_and_carries_long_steps() {
    let (mut rig, p) = rig_in(r1(), LoopMode::PingPong);
    rig.s(0);
    let expect = [
        (1000, S, false),
        (1250, 750 * MS, true),
        (2000, 0, true),
        (3700, 300 * MS, true),
        (10300, 300 * MS, false),
        (11000, S, false),
        (12000, 0, true),
    ];
    for (i, (t, pos, rev)) in expect.into_iter().enumerate() {
        rig.s(t * MS);
        assert_eq!(rig.at(p), (pos, rev, false), "at {t} ms");
        if i == 2 {
            rig.s(2_000_000_001);
            assert_eq!(rig.at(p), (1, false, false));
        }
    }
    rig.engine.seek(p, timeline(200 * MS)).unwrap();
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.s(12500 * MS);
    assert_eq!(rig.at(p), (300 * MS, true, false));
    rig.s(14000 * MS);
    assert_eq!(rig.at(p), (200 * MS, false, false));
    rig.s(14300 * MS);
    assert_eq!(rig.at(p), (100 * MS, true, false));
}
