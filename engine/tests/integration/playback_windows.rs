//! docs/playback.md §9 scenarios 16–29 and 48: windows, lengths, set_reversed and
//! turns that survive mode changes.

use crate::playback_support::*;
use animation_engine::{LoopMode, PlayerId, TimelinePosition, TransportState};

#[test]
fn s16_window_entered_from_outside_after_a_whole_length_wrap() {
    let (mut rig, p) = rig_with(r5());
    rig.engine
        .set_window(p, timeline(S), Some(timeline(2 * S)))
        .unwrap();
    rig.engine.seek(p, timeline(4 * S)).unwrap();
    rig.s(0);
    assert_eq!(rig.pos(p), 4000 * MS);
    for (t, pos) in [(1000, 5000 * MS), (1500, 500 * MS), (2000, 1000 * MS)] {
        rig.s(t * MS);
        assert_eq!(rig.pos(p), pos, "at {t} ms");
    }
    rig.s(2_000_000_001);
    assert_eq!(rig.pos(p), 1_000_000_001);
    for (t, pos) in [(2500, 1500 * MS), (3500, 1500 * MS), (3600, 1600 * MS)] {
        rig.s(t * MS);
        assert_eq!(rig.pos(p), pos, "at {t} ms");
    }
    let w = rig.rec(p).window;
    assert_eq!(
        (w.start.ns(), w.end.map(TimelinePosition::ns)),
        (1_000_000_000, Some(2_000_000_000))
    );
}

#[test]
fn s17_s18_s19_after_the_window_backwards_once_and_bounce_heading_away() {
    let (mut rig, p) = rig_with(r5());
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.engine.seek(p, timeline(4500 * MS)).unwrap();
    rig.engine
        .set_window(p, timeline(1500 * MS), Some(timeline(3500 * MS)))
        .unwrap();
    rig.s(0);
    rig.s(3500 * MS);
    assert_eq!(rig.pos(p), 3000 * MS);
    // 18: once heading away ends at the timeline end, not the window.
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.engine.seek(p, timeline(4 * S)).unwrap();
    rig.engine.set_speed(p, 1.0).unwrap();
    rig.s(4000 * MS);
    assert_eq!(rig.at(p), (4500 * MS, false, false));
    rig.s(6000 * MS);
    assert_eq!(rig.at(p), (5000 * MS, false, true));
    // 19: bounce heading away turns at 5 s; that turn counts.
    rig.engine.set_mode(p, LoopMode::Bounce).unwrap();
    rig.engine.seek(p, timeline(4 * S)).unwrap();
    let expect = [
        (6000, 4000, false, false),
        (7000, 5000, false, false),
        (8500, 3500, true, false),
        (9000, 3000, true, false),
        (10000, 2000, true, false),
        (10500, 1500, true, true),
        (11000, 1500, true, true),
    ];
    for (t, pos, rev, end) in expect {
        rig.s(t * MS);
        assert_eq!(rig.at(p), (pos * MS, rev, end), "at {t} ms");
    }
}

#[test]
fn s20_ping_pong_before_its_window_then_window_changed_inside() {
    let (mut rig, p) = rig_in(r5(), LoopMode::PingPong);
    rig.engine.seek(p, timeline(S)).unwrap();
    rig.engine
        .set_window(p, timeline(2 * S), Some(timeline(3 * S)))
        .unwrap();
    rig.s(0);
    let expect = [
        (500, 1500, false),
        (1500, 2500, false),
        (2500, 2500, true),
        (3200, 2200, false),
        (3600, 2600, false),
    ];
    for (t, pos, rev) in expect {
        rig.s(t * MS);
        assert_eq!(rig.at(p), (pos * MS, rev, false), "at {t} ms");
    }
    rig.engine
        .set_window(p, timeline(0), Some(timeline(2800 * MS)))
        .unwrap();
    rig.s(3900 * MS);
    assert_eq!(rig.at(p), (2700 * MS, true, false));
    rig.s(6600 * MS);
    assert_eq!(rig.at(p), (0, true, false));
}

#[test]
fn s21_s22_window_beyond_the_length_reversed_window_and_stop() {
    let (mut rig, p) = rig_with(r1());
    rig.engine
        .set_window(p, timeline(0), Some(timeline(3 * S)))
        .unwrap();
    rig.s(0);
    rig.s(2500 * MS);
    assert_eq!(rig.pos(p), 2500 * MS);
    assert_eq!(rig.numbers(), vec![Some(1000.0)]);
    rig.steps_to(p, &[(3000 * MS, 3000 * MS), (3_000_000_001, 1)]);
    rig.engine
        .set_window(p, timeline(800 * MS), Some(timeline(200 * MS)))
        .unwrap();
    let w = rig.rec(p).window;
    assert_eq!(
        (w.start.ns(), w.end.map(TimelinePosition::ns)),
        (800_000_000, Some(200_000_000))
    );
    rig.steps_to(p, &[(3500 * MS, 500 * MS), (3700 * MS, 700 * MS)]);
    rig.engine.stop(p).unwrap();
    assert_eq!(
        (rig.pos(p), rig.rec(p).state),
        (200 * MS, TransportState::Stopped)
    );
    // 22: window start beyond the length.
    rig.engine.set_window(p, timeline(2 * S), None).unwrap();
    rig.engine.stop(p).unwrap();
    assert_eq!(rig.pos(p), 1000 * MS);
    rig.engine.play(p).unwrap();
    rig.steps_to(p, &[(4500 * MS, 1800 * MS), (5000 * MS, 1300 * MS)]);
    assert_eq!(rig.numbers(), vec![Some(1000.0)]);
}

fn four_modes(rig: &mut Rig) -> [PlayerId; 4] {
    let anim = rig.load(r1());
    MODES.map(|mode| {
        let p = rig.player("");
        rig.engine.set_mode(p, mode).unwrap();
        rig.engine
            .add_instance(p, anim, 1.0, Default::default())
            .unwrap();
        p
    })
}

#[test]
fn s23_zero_span_windows_hold_and_end_only_once_players() {
    let mut rig = Rig::new();
    let ps = four_modes(&mut rig);
    for p in ps {
        rig.engine
            .set_window(p, timeline(500 * MS), Some(timeline(500 * MS)))
            .unwrap();
        rig.engine.seek(p, timeline(500 * MS)).unwrap();
    }
    // At the window's one time: the once player ends there, the looping ones hold it.
    let held = [
        (500 * MS, false, true),
        (500 * MS, false, false),
        (500 * MS, false, false),
        (500 * MS, false, false),
    ];
    rig.s(0);
    rig.s(1000 * MS);
    assert_eq!(ps.map(|p| rig.at(p)), held, "after the step to 1 s");
    for p in ps {
        rig.engine.seek(p, timeline(200 * MS)).unwrap();
    }
    rig.s(1300 * MS);
    assert!(ps.iter().all(|&p| rig.at(p) == (500 * MS, false, false)));
    rig.s(1400 * MS);
    assert_eq!(ps.map(|p| rig.at(p)), held);
}

#[test]
fn s24_a_player_without_instances_has_length_zero() {
    let mut rig = Rig::new();
    let p = rig.player("");
    rig.s(0);
    rig.s(S);
    assert_eq!((rig.rec(p).length.ns(), rig.at(p)), (0, (0, false, false)));
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.s(2 * S);
    assert_eq!(rig.at(p), (0, false, true));
}

#[test]
fn s25_set_length_bounds_the_player_and_none_returns_to_automatic() {
    let (mut rig, p) = rig_with(r1());
    rig.engine.set_length(p, Some(timeline(3 * S))).unwrap();
    assert_eq!(rig.rec(p).length, timeline(3 * S));
    rig.s(0);
    rig.steps_to(p, &[(2500 * MS, 2500 * MS), (3200 * MS, 200 * MS)]);
    rig.engine.set_length(p, None).unwrap();
    assert_eq!(rig.rec(p).length, timeline(S));
    rig.s(3300 * MS);
    assert_eq!(rig.pos(p), 300 * MS);
    rig.engine.set_length(p, Some(timeline(400 * MS))).unwrap();
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.engine.seek(p, timeline(0)).unwrap();
    rig.ats(p, &[(3700 * MS, (400 * MS, false, true))]);
    rig.engine.set_window(p, timeline(100 * MS), None).unwrap();
    rig.engine.set_length(p, Some(timeline(2 * S))).unwrap();
    rig.engine.seek(p, timeline(1500 * MS)).unwrap();
    rig.s(4000 * MS);
    assert_eq!(rig.pos(p), 1800 * MS);
    rig.engine.set_length(p, Some(timeline(i64::MAX))).unwrap();
    assert_eq!(rig.rec(p).length, timeline(i64::MAX));
    rig.engine.set_length(p, Some(timeline(-5))).unwrap();
    assert_eq!(rig.rec(p).length, timeline(0));
}

#[test]
fn s26_length_shrinking_below_the_playhead_snaps_by_mode() {
    let mut rig = Rig::new();
    let ps = four_modes(&mut rig);
    ps.iter()
        .for_each(|&p| assert_eq!(rig.engine.set_length(p, Some(timeline(3 * S))), Ok(())));
    rig.s(0);
    rig.s(2500 * MS);
    assert!(ps.iter().all(|&p| rig.pos(p) == 2500 * MS));
    ps.iter()
        .for_each(|&p| assert_eq!(rig.engine.set_length(p, Some(timeline(S))), Ok(())));
    rig.s(2500 * MS);
    assert!(ps.iter().all(|&p| rig.pos(p) == 2500 * MS));
    // Once, loop, bounce and ping-pong at each step.
    let script = [
        (
            2700 * MS,
            [
                (S, false, true),
                (200 * MS, false, false),
                (800 * MS, true, false),
                (800 * MS, true, false),
            ],
        ),
        (
            3000 * MS,
            [
                (S, false, true),
                (500 * MS, false, false),
                (500 * MS, true, false),
                (500 * MS, true, false),
            ],
        ),
    ];
    for (time, ats) in script {
        rig.s(time);
        assert_eq!(ps.map(|p| rig.at(p)), ats, "after the step to {time} ns");
    }
}

#[test]
fn s27_beyond_the_timeline_heading_toward_it_moves_freely() {
    let (mut rig, p) = rig_with(r1());
    rig.engine.seek(p, timeline(1500 * MS)).unwrap();
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.s(0);
    rig.s(200 * MS);
    assert_eq!(rig.pos(p), 1300 * MS);
    assert_eq!(rig.numbers(), vec![Some(1000.0)]);
    rig.steps_to(p, &[(700 * MS, 800 * MS), (800 * MS, 700 * MS)]);
}

#[test]
fn s28_set_reversed_survives_only_after_clearing_commands() {
    let (mut rig, p) = rig_with(r1());
    rig.engine.seek(p, timeline(300 * MS)).unwrap();
    rig.s(0);
    rig.engine.set_reversed(p, true).unwrap();
    assert_eq!(rig.at(p), (300 * MS, true, false));
    rig.s(200 * MS);
    assert_eq!(rig.pos(p), 100 * MS);
    rig.s(500 * MS);
    assert_eq!(rig.at(p), (800 * MS, true, false));
    rig.engine.set_reversed(p, false).unwrap();
    rig.s(600 * MS);
    assert_eq!(rig.pos(p), 900 * MS);
    rig.engine.pause(p).unwrap();
    rig.engine.set_reversed(p, true).unwrap();
    assert_eq!(
        (rig.rec(p).reversed, rig.rec(p).state),
        (true, TransportState::Paused)
    );
    rig.engine.play(p).unwrap();
    assert!(!rig.rec(p).reversed);
    rig.s(700 * MS);
    assert_eq!(rig.pos(p), 1000 * MS);
    rig.engine.set_mode(p, LoopMode::PingPong).unwrap();
    rig.engine.seek(p, timeline(100 * MS)).unwrap();
    rig.engine.set_reversed(p, true).unwrap();
    rig.s(900 * MS);
    assert_eq!(rig.at(p), (100 * MS, false, false));
    rig.engine.set_speed(p, -1.0).unwrap();
    rig.engine.set_reversed(p, true).unwrap();
    rig.s(1000 * MS);
    assert_eq!(rig.at(p), (200 * MS, true, false));
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.s(2000 * MS);
    assert_eq!(rig.at(p), (1000 * MS, true, true));
    rig.engine.set_reversed(p, false).unwrap();
    assert!(rig.rec(p).ended);
    rig.s(2100 * MS);
    assert_eq!(rig.at(p), (1000 * MS, false, true));
}

#[test]
fn s29_bounce_given_a_turns_heading_ends_at_the_next_bound() {
    let mut rig = Rig::new();
    rig.s(0);
    let q = rig.player("q");
    rig.engine.set_length(q, Some(timeline(S))).unwrap();
    rig.engine.set_mode(q, LoopMode::Bounce).unwrap();
    rig.engine.seek(q, timeline(600 * MS)).unwrap();
    rig.engine.play(q).unwrap();
    rig.engine.set_reversed(q, true).unwrap();
    assert!(rig.rec(q).reversed);
    rig.s_plus(1000 * MS);
    assert_eq!(rig.at(q), (0, true, true));
}

#[test]
fn s48_mode_switches_keep_the_turn() {
    let (mut rig, p) = rig_in(r1(), LoopMode::PingPong);
    rig.s(0);
    rig.ats(p, &[(1200 * MS, (800 * MS, true, false))]);
    rig.engine.set_mode(p, LoopMode::Bounce).unwrap();
    rig.ats(p, &[(2200 * MS, (0, true, true))]);
    rig.engine.set_mode(p, LoopMode::Loop).unwrap();
    rig.engine.play(p).unwrap();
    rig.steps_to(p, &[(2300 * MS, 100 * MS)]);
    rig.engine.set_mode(p, LoopMode::Bounce).unwrap();
    rig.ats(
        p,
        &[
            (3200 * MS, (1000 * MS, false, false)),
            (3400 * MS, (800 * MS, true, false)),
        ],
    );
}
