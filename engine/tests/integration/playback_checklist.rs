//! docs/playback.md §10 items not already pinned by a docs/playback.md §9 scenario, and random
//! command sequences that must not depend on how the device stepped.

use crate::playback_support::*;
use animation_engine::{DeviceTime, Engine, LoopMode, PlaybackError, Timing};
use proptest::prelude::*;

#[test]
fn set_window_resets_only_entered_and_an_ended_player_stays_ended() {
    let (mut rig, p) = rig_in(r1(), LoopMode::Once);
    rig.s(0);
    rig.ats(p, &[(2 * S, (S, false, true))]);
    rig.engine
        .set_window(p, timeline(200 * MS), Some(timeline(400 * MS)))
        .unwrap();
    rig.ats(p, &[(3 * S, (S, false, true))]);
}

#[test]
fn set_reversed_false_does_not_unturn_a_bounce() {
    let (mut rig, p) = rig_in(r1(), LoopMode::Bounce);
    rig.engine.seek(p, timeline(500 * MS)).unwrap();
    rig.s(0);
    rig.engine.set_reversed(p, true).unwrap();
    rig.engine.set_reversed(p, false).unwrap();
    rig.ats(p, &[(700 * MS, (S, false, true))]);
}

#[test]
fn a_mode_set_between_steps_governs_the_whole_interval_since_the_last_step() {
    let (mut rig, p) = rig_with(r1());
    rig.s(0);
    rig.s(800 * MS);
    rig.engine.set_mode(p, LoopMode::Once).unwrap();
    rig.ats(p, &[(1500 * MS, (S, false, true))]);
}

#[test]
fn a_timing_set_between_steps_changes_the_length_for_the_whole_interval() {
    let (mut rig, p) = rig_with(r1());
    rig.s(0);
    rig.s(800 * MS);
    assert_eq!(
        rig.engine.set_timing(
            p,
            iid(0),
            Timing {
                offset: timeline(0),
                rate: 2.0
            }
        ),
        Ok(())
    );
    rig.s(900 * MS);
    // Length 500 ms: 800 ms lies beyond it, snaps to 500 ms, wraps, carries 100 ms.
    assert_eq!(rig.pos(p), 100 * MS);
    close(rig.numbers()[0].unwrap(), 200.0, 1e-9);
}

#[test]
fn velocities_ignore_speed_direction_pause_and_waiting() {
    let (mut rig, p) = rig_with(r1());
    rig.engine.seek(p, timeline(250 * MS)).unwrap();
    rig.s(0);
    let base = rig.velocities()[0].unwrap();
    close(base, 1000.0, 1e-6);
    rig.engine.set_speed(p, -4.0).unwrap();
    assert_eq!(rig.velocities()[0], Some(base));
    rig.engine.set_reversed(p, true).unwrap();
    assert_eq!(rig.velocities()[0], Some(base));
    rig.engine.play_at(p, device(9 * S)).unwrap();
    assert_eq!(rig.velocities()[0], Some(base));
    rig.engine.pause(p).unwrap();
    assert_eq!(rig.velocities()[0], Some(base));
}

#[test]
fn commands_after_removal_and_failed_edits_change_nothing() {
    let mut e = Engine::new();
    let a = e.load(&valid(r1())).unwrap();
    let p = e.create_player("").unwrap();
    let q = pid(7);
    for refused in [
        e.play(q),
        e.pause(q),
        e.stop(q),
        e.play_at(q, device(0)),
        e.seek(q, timeline(0)),
        e.set_window(q, timeline(0), None),
    ] {
        assert_eq!(refused, no_player(7));
    }
    assert_eq!(e.set_reversed(q, true), no_player(7));
    assert_eq!(e.set_length(q, None), no_player(7));
    assert_eq!(e.set_mode(q, LoopMode::Loop), no_player(7));
    assert_refused(
        e.add_instance(p, a, f64::NAN, Timing::default()),
        PlaybackError::InvalidWeight(f64::NAN),
    );
    assert_eq!(e.add_instance(p, a, 1.0, Timing::default()), Ok(iid(0)));
    assert_eq!(e.revision(), 2);
    assert_eq!(e.clock(), None);
    e.step(device(5), span(0));
    assert_eq!(e.clock(), Some(device(5)));
    e.step(device(-5), span(0));
    assert_eq!(e.clock(), Some(device(-5)));
}

fn ops() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Play),
        (0i64..6 * S).prop_map(Op::PlayAt),
        Just(Op::Pause),
        Just(Op::Stop),
        (-S..6 * S).prop_map(Op::Seek),
        prop_oneof![Just(0.0), Just(-0.0), -3.0..3.0f64].prop_map(Op::Speed),
        (-S..4 * S, prop::option::of(-S..6 * S)).prop_map(|(a, b)| Op::Window(a, b)),
        any::<bool>().prop_map(Op::Reversed),
        prop::option::of(0..4 * S).prop_map(Op::Length),
        prop::sample::select(MODES.to_vec()).prop_map(Op::Mode),
        (-S..S, 0.25..4.0f64).prop_map(|(o, r)| Op::Timing(o, r)),
    ]
}

/// Gives `op` to player 0; a `play_at` start is `t` − 3 s from the engine's clock.
fn apply(e: &mut Engine, op: &Op) {
    let base = e.clock().map_or(0, DeviceTime::ns) - 3 * S;
    send(e, pid(0), *op, base).expect("every generated command is valid");
}

fn fresh() -> Engine {
    let mut e = Engine::new();
    let a = e.load(&valid(r5())).unwrap();
    let p = e.create_player("").unwrap();
    e.add_instance(p, a, 1.0, Timing::default()).unwrap();
    e.set_mode(p, LoopMode::Loop).unwrap();
    e.play(p).unwrap();
    e
}

proptest! {
    #[test]
    fn random_commands_land_the_same_however_the_device_steps(
        script in prop::collection::vec((ops(), 0i64..3 * S, 1usize..12), 1..25),
    ) {
        let (mut coarse, mut fine) = (fresh(), fresh());
        coarse.step(device(0), span(0));
        fine.step(device(0), span(0));
        let mut now = 0;
        for (op, gap, pieces) in &script {
            apply(&mut coarse, op);
            apply(&mut fine, op);
            let target = now + gap;
            for k in 1..=*pieces as i64 {
                let t = now + gap * k / *pieces as i64;
                fine.step(device(t), span(0));
            }
            coarse.step(device(target), span(0));
            now = target;
            prop_assert_eq!(coarse.players(), fine.players());
            let (a, b) = (first_output(&mut coarse), first_output(&mut fine));
            prop_assert_eq!(format!("{:?}", a.value()), format!("{:?}", b.value()));
        }
    }
}
