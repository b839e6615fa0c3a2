//! docs/playback.md §9 scenarios 38–41: instance timing and ends, reload and
//! unload, revisions and ids, and the order of output keys.

use crate::playback_support::*;
use animation_engine::{AnimationId, Clip, Engine, InstanceId, PlaybackError, PlayerId, Timing};

/// S38's player: paused, one instance of R1 offset by 250 ms at rate 2.
fn s38_rig() -> (Rig, PlayerId, InstanceId) {
    let (mut rig, p) = paused_rig();
    let a = rig.load(r1());
    let timing = Timing {
        offset: timeline(250 * MS),
        rate: 2.0,
    };
    let i = rig.engine.add_instance(p, a, 1.0, timing).unwrap();
    (rig, p, i)
}

/// (value, velocity) of the player's one number once sought to `pos`.
fn sought(rig: &mut Rig, p: PlayerId, pos: i64) -> (f64, f64) {
    rig.engine.seek(p, timeline(pos)).unwrap();
    (rig.numbers()[0].unwrap(), rig.velocities()[0].unwrap())
}

/// Sets instance `i`'s timing to `offset` and `rate`, accepted.
fn retime(rig: &mut Rig, p: PlayerId, i: InstanceId, offset: i64, rate: f64) {
    let timing = Timing {
        offset: timeline(offset),
        rate,
    };
    assert_eq!(rig.engine.set_timing(p, i, timing), Ok(()));
}

#[test]
fn s38_offset_and_rate_place_the_clip_and_set_the_length() {
    let (mut rig, p, _) = s38_rig();
    assert_eq!(rig.rec(p).length, timeline(750 * MS));
    rig.s(0);
    assert_eq!(
        (rig.numbers(), rig.velocities()),
        (vec![Some(0.0)], vec![Some(0.0)])
    );
    let (v, vel) = sought(&mut rig, p, 500 * MS);
    close(v, 500.0, 1e-9);
    close(vel, 2000.0, 1e-6);
    assert_eq!(sought(&mut rig, p, 100 * MS), (0.0, 0.0));
    assert_eq!(sought(&mut rig, p, 750 * MS), (1000.0, 0.0));
}

#[test]
fn s38_a_new_timing_sets_the_length_and_the_sampling_again() {
    let (mut rig, p, i) = s38_rig();
    rig.s(0);
    // time_scale 4 → rate 1/4.
    retime(&mut rig, p, i, 250 * MS, 1.0 / f64::from(4.0f32));
    assert_eq!(rig.rec(p).length, timeline(4250 * MS));
    let (v, vel) = sought(&mut rig, p, 2250 * MS);
    close(v, 500.0, 1e-9);
    close(vel, 250.0, 1e-6);
    retime(&mut rig, p, i, 250 * MS, 1.0 / 3.0);
    assert_eq!(rig.rec(p).length, timeline(3250 * MS));
    retime(&mut rig, p, i, -500 * MS, 1.0);
    assert_eq!(rig.rec(p).length, timeline(500 * MS));
    let (v, vel) = sought(&mut rig, p, 0);
    close(v, 500.0, 1e-9);
    close(vel, 1000.0, 1e-6);
    assert_eq!(
        rig.engine.timing(p, i),
        Ok(Timing {
            offset: timeline(-500 * MS),
            rate: 1.0
        })
    );
}

#[test]
fn s38_a_rate_not_positive_and_finite_and_unknown_ids_are_refused() {
    let (mut rig, p, i) = s38_rig();
    for rate in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let timing = Timing {
            offset: timeline(0),
            rate,
        };
        assert_refused(
            rig.engine.set_timing(p, i, timing),
            PlaybackError::InvalidRate(rate),
        );
    }
    assert_eq!(
        rig.engine.set_timing(p, iid(99), Timing::default()),
        no_instance(p, iid(99))
    );
    assert_eq!(
        rig.engine.set_timing(pid(99), i, Timing::default()),
        no_player(99)
    );
    assert_eq!(
        rig.engine.timing(p, i),
        Ok(Timing {
            offset: timeline(250 * MS),
            rate: 2.0
        })
    );
}

#[test]
fn instance_end_is_ceil_of_end_over_rate_plus_offset_never_negative() {
    let length = |offset: i64, rate: f64, clip: &Clip| {
        let mut e = Engine::new();
        let anim = e.load(&valid(clip.clone())).unwrap();
        let p = e.create_player("").unwrap();
        let timing = Timing {
            offset: timeline(offset),
            rate,
        };
        e.add_instance(p, anim, 1.0, timing).unwrap();
        e.player(p).unwrap().length
    };
    let (r1, h100) = (r1(), h100());
    for (offset, rate, clip, end) in [
        (0, 3.0, &r1, 333_333_334),
        (0, 0.3, &r1, 3_333_333_334),
        (250 * MS, 2.0, &r1, 750 * MS),
        (7 * S, 1.0, &h100, 7 * S),
        (-7 * S, 1.0, &h100, 0),
        (0, 1e-300, &r1, i64::MAX),
    ] {
        assert_eq!(
            length(offset, rate, clip),
            timeline(end),
            "offset {offset}, rate {rate}"
        );
    }
}

#[test]
fn s39_reload_keeps_transport_and_unload_removes_every_instance() {
    let (mut rig, p) = rig_with(r1());
    rig.s(0);
    rig.s(800 * MS);
    assert_eq!((rig.pos(p), rig.engine.revision()), (800 * MS, 2));
    assert_eq!(rig.engine.reload(aid(0), &valid(half())), Ok(()));
    assert_eq!(
        (rig.engine.revision(), rig.rec(p).length.ns(), rig.pos(p)),
        (3, 500 * MS, 800 * MS)
    );
    rig.s(900 * MS);
    assert_eq!(rig.pos(p), 100 * MS);
    close(rig.numbers()[0].unwrap(), 100.0, 1e-9);
    assert_eq!(output_tracks(&rig.engine), vec!["half"]);
    rig.s(1000 * MS);
    assert_eq!(rig.pos(p), 200 * MS);
    assert_eq!(rig.engine.unload(aid(0)), Ok(()));
    assert_eq!((rig.rec(p).instances.len(), rig.rec(p).length.ns()), (0, 0));
    assert_eq!(output_keys(&rig.engine), (4, vec![]));
    rig.s(1100 * MS);
    assert_eq!((rig.pos(p), rig.numbers()), (0, vec![]));
    assert_eq!(rig.load(r1()).raw(), 1);
    assert_eq!(rig.player("").raw(), 1);
}

/// S40's engine: R1 and H100 loaded, player `a` holding one instance of each, then every
/// transport and timing command applied and a step taken — revision 3 throughout.
fn s40_after_transport() -> (Engine, AnimationId, AnimationId, PlayerId) {
    let mut e = Engine::new();
    assert_eq!(output_keys(&e), (0, vec![]));
    let (r, h) = (
        e.load(&valid(r1())).unwrap(),
        e.load(&valid(h100())).unwrap(),
    );
    assert_eq!(e.revision(), 0);
    let a = e.create_player("a").unwrap();
    assert_eq!(e.revision(), 1);
    assert_eq!(e.add_instance(a, r, 1.0, Timing::default()), Ok(iid(0)));
    assert_eq!(output_keys(&e), (2, vec!["x"]));
    assert_eq!(e.add_instance(a, h, 1.0, Timing::default()), Ok(iid(1)));
    assert_eq!(e.revision(), 3);
    e.set_weight(a, iid(0), 2.0).unwrap();
    let timing = Timing {
        offset: timeline(5),
        rate: 2.0,
    };
    e.set_timing(a, iid(0), timing).unwrap();
    e.play(a).unwrap();
    e.pause(a).unwrap();
    e.seek(a, timeline(3)).unwrap();
    e.set_speed(a, 2.0).unwrap();
    e.set_mode(a, animation_engine::LoopMode::Bounce).unwrap();
    e.set_window(a, timeline(0), None).unwrap();
    e.set_length(a, Some(timeline(9))).unwrap();
    e.set_reversed(a, true).unwrap();
    e.play_at(a, device(4)).unwrap();
    e.step(device(0), span(0));
    (e, r, h, a)
}

/// S40's structural edits after [`s40_after_transport`], each bumping the revision once when
/// it succeeds and not at all when refused: revision 9 at the end, player `b` removed.
fn s40_edited() -> Engine {
    let (mut e, r, h, a) = s40_after_transport();
    let b = e.create_player("b").unwrap();
    assert_eq!((b.raw(), e.revision()), (1, 4));
    assert_eq!(e.add_instance(b, h, 1.0, Timing::default()), Ok(iid(2)));
    assert_eq!(output_keys(&e), (5, vec!["x", "x"]));
    assert_eq!(e.remove_instance(a, iid(1)), Ok(()));
    assert_eq!(e.revision(), 6);
    assert_eq!(e.remove_instance(a, iid(1)), no_instance(a, iid(1)));
    assert_eq!(e.remove_instance(b, iid(0)), no_instance(b, iid(0)));
    assert_eq!(e.revision(), 6);
    assert_eq!(e.unload(h), Ok(()));
    assert_eq!(output_keys(&e), (7, vec!["x"]));
    assert_eq!(e.unload(h), Err(PlaybackError::UnknownAnimation(h)));
    assert_eq!(e.reload(r, &valid(h100())), Ok(()));
    assert_eq!(e.revision(), 8);
    let unknown = Err(PlaybackError::UnknownAnimation(aid(7)));
    assert_eq!(e.reload(aid(7), &valid(h100())), unknown);
    assert_eq!(e.remove_player(b), Ok(()));
    assert_eq!(e.revision(), 9);
    assert_eq!(e.remove_player(b), Err(PlaybackError::UnknownPlayer(b)));
    e
}

#[test]
fn s40_transport_and_timing_commands_leave_the_revision() {
    let (e, ..) = s40_after_transport();
    assert_eq!(e.revision(), 3);
}

#[test]
fn s40_revisions_bump_only_on_successful_structural_edits() {
    assert_eq!(s40_edited().revision(), 9);
}

#[test]
fn s40_ids_are_never_reused() {
    let mut e = s40_edited();
    assert_eq!(e.load(&valid(r1())).unwrap().raw(), 2);
    assert_eq!(e.create_player("").map(PlayerId::raw), Ok(2));
    let none = Timing::default();
    assert_eq!(e.add_instance(pid(2), aid(0), 1.0, none), Ok(iid(3)));
    assert_eq!(
        e.add_instance(pid(2), aid(1), 1.0, none),
        Err(PlaybackError::UnknownAnimation(aid(1)))
    );
    assert_eq!(e.add_instance(pid(0), aid(2), 1.0, none), Ok(iid(4)));
}

#[test]
fn s41_keys_appear_per_player_in_the_order_instances_first_write_them() {
    let mut rig = Rig::new();
    let ca = rig.load(clip(vec![hold("ay", "y", 1.0), hold("ax", "x", 2.0)]));
    let cb = rig.load(clip(vec![hold("bz", "z", 3.0), hold("bx", "x", 4.0)]));
    let (p1, p2) = (rig.player("p1"), rig.player("p2"));
    rig.add(p2, cb);
    let first = rig.add(p1, ca);
    rig.add(p1, cb);
    rig.add(p2, ca);
    assert_eq!(
        output_keys(&rig.engine).1,
        vec!["y", "x", "z", "z", "x", "y"]
    );
    rig.s(0);
    assert_eq!(
        output_tracks(&rig.engine),
        vec!["ay", "ax", "bz", "bz", "bx", "ay"]
    );
    let n = |v: &[f64]| v.iter().map(|&x| Some(x)).collect::<Vec<_>>();
    assert_eq!(rig.numbers(), n(&[1.0, 3.0, 3.0, 3.0, 3.0, 1.0]));
    rig.engine.remove_instance(p1, first).unwrap();
    assert_eq!(output_keys(&rig.engine).1, vec!["z", "x", "z", "x", "y"]);
    assert_eq!(output_tracks(&rig.engine)[1], "bx");
    assert_eq!(rig.numbers()[1], Some(4.0));
    rig.add(p1, ca);
    assert_eq!(
        output_keys(&rig.engine).1,
        vec!["z", "x", "y", "z", "x", "y"]
    );
}

#[test]
fn ids_run_out_one_short_of_u32_max_and_a_refusal_uses_no_id() {
    use animation_engine::IdKind;
    let mut e = Engine::with_first_ids(u32::MAX - 1);
    let a = e.load(&valid(r1())).unwrap();
    assert_eq!(a.raw(), u32::MAX - 1);
    assert_eq!(
        e.load(&valid(r1())),
        Err(PlaybackError::IdsExhausted(IdKind::Animation))
    );
    let p = e.create_player("p").unwrap();
    assert_eq!(p.raw(), u32::MAX - 1);
    assert_eq!(
        e.create_player("q"),
        Err(PlaybackError::IdsExhausted(IdKind::Player))
    );
    assert_eq!(e.revision(), 1);
    assert_refused(
        e.add_instance(p, a, f64::NAN, Timing::default()),
        PlaybackError::InvalidWeight(f64::NAN),
    );
    assert_eq!(
        e.add_instance(p, a, 1.0, Timing::default()),
        Ok(iid(u32::MAX - 1))
    );
    assert_eq!(
        e.add_instance(p, a, 1.0, Timing::default()),
        Err(PlaybackError::IdsExhausted(IdKind::Instance))
    );
    assert_eq!(output_keys(&e), (2, vec!["x"]));
}
