//! docs/playback.md §9 scenarios 34–37, 45 and 47: the output table, blending,
//! mixed kinds, velocities, narrow flags, bakes.

use crate::playback_support::*;
use animation_engine::bake::{Values, WithVelocities};
use animation_engine::{
    AnimationId, BakeError, BakedSamples, ClipV1, Engine, Output, OutputValue, PlaybackError,
    PlayerId, PointV1, Precision, Timing, TrackV1, ValueV1,
};

/// S34's player: paused, H100 at weight 1 and H0 at weight 3 (instances 0 and 1).
fn s34_rig() -> (Rig, PlayerId, AnimationId) {
    let (mut rig, p) = paused_rig();
    let (a, b) = (rig.load(h100()), rig.load(h0()));
    let none = Timing::default();
    assert_eq!(rig.engine.add_instance(p, a, 1.0, none), Ok(iid(0)));
    assert_eq!(rig.engine.add_instance(p, b, 3.0, none), Ok(iid(1)));
    (rig, p, a)
}

#[test]
fn s34_numbers_blend_by_weight_and_weight_zero_empties_the_position() {
    let (mut rig, p, _) = s34_rig();
    assert_eq!(output_keys(&rig.engine), (3, vec!["x"]));
    rig.s(0);
    assert_eq!(
        (rig.numbers(), rig.velocities()),
        (vec![Some(25.0)], vec![Some(0.0)])
    );
    rig.engine.set_weight(p, iid(0), 0.0).unwrap();
    rig.engine.set_weight(p, iid(1), -0.0).unwrap();
    assert_eq!((rig.numbers(), rig.velocities()), (vec![None], vec![None]));
    assert_eq!(rig.engine.revision(), 3);
    rig.engine.set_weight(p, iid(0), 0.5).unwrap();
    assert_eq!(rig.numbers(), vec![Some(100.0)]);
    rig.engine.set_weight(p, iid(0), 2.0).unwrap();
    rig.engine.set_weight(p, iid(1), 2.0).unwrap();
    assert_eq!(rig.numbers(), vec![Some(50.0)]);
}

#[test]
fn s34_weights_below_zero_or_not_finite_and_unknown_ids_are_refused() {
    let (mut rig, p, a) = s34_rig();
    for w in [-1.0, f64::NAN, f64::INFINITY] {
        let refused = PlaybackError::InvalidWeight(w);
        assert_refused(rig.engine.set_weight(p, iid(0), w), refused);
    }
    let unknown = no_instance(p, iid(7));
    assert_eq!(rig.engine.set_weight(p, iid(7), 1.0), unknown);
    let none = Timing::default();
    for w in [-0.5, f64::INFINITY] {
        let refused = Err(PlaybackError::InvalidWeight(w));
        assert_eq!(rig.engine.add_instance(p, a, w, none), refused);
    }
    let unknown = Err(PlaybackError::UnknownAnimation(aid(9)));
    assert_eq!(rig.engine.add_instance(p, aid(9), 1.0, none), unknown);
    let unknown = Err(PlaybackError::UnknownPlayer(pid(9)));
    assert_eq!(rig.engine.add_instance(pid(9), a, 1.0, none), unknown);
    let still = Timing {
        offset: timeline(0),
        rate: 0.0,
    };
    let refused = Err(PlaybackError::InvalidRate(0.0));
    assert_eq!(rig.engine.add_instance(p, a, 1.0, still), refused);
    assert_eq!(rig.engine.add_instance(p, a, 1.0, none), Ok(iid(2)));
}

fn texts(rig: &mut Rig) -> Vec<Option<String>> {
    rig.engine
        .evaluate()
        .outputs()
        .map(|o| {
            o.value().map(|v| match v {
                OutputValue::Number(n) => format!("{n:?}"),
                OutputValue::Boolean(b) => format!("{b}"),
                OutputValue::Text(s) => format!("'{s}'"),
            })
        })
        .collect()
}

fn strings(items: &[&str]) -> Vec<Option<String>> {
    items.iter().map(|s| Some(s.to_string())).collect()
}

#[test]
fn s35_s36_mixed_kinds_and_the_first_track_claims_its_target() {
    let (mut rig, p) = paused_rig();
    let ids: Vec<AnimationId> = [h100(), text(), h0(), claim()]
        .into_iter()
        .map(|c| rig.load(c))
        .collect();
    rig.add(p, ids[0]);
    rig.add(p, ids[1]);
    assert_eq!(rig.engine.revision(), 3);
    rig.s(0);
    assert_eq!(
        (texts(&mut rig), rig.velocities()),
        (strings(&["'a'"]), vec![None])
    );
    let h0i = rig.add(p, ids[2]);
    assert_eq!(rig.engine.revision(), 4);
    assert_eq!(texts(&mut rig), strings(&["0.0"]));
    assert_eq!(output_tracks(&rig.engine), vec!["h100"]);
    rig.engine.set_weight(p, h0i, 0.0).unwrap();
    assert_eq!(texts(&mut rig), strings(&["'a'"]));
    let q = rig.player("q");
    assert_eq!(rig.engine.revision(), 5);
    rig.add(q, ids[1]);
    rig.engine
        .add_instance(q, ids[0], 5.0, Timing::default())
        .unwrap();
    assert_eq!(output_keys(&rig.engine), (7, vec!["x", "x"]));
    assert_eq!(texts(&mut rig), strings(&["'a'", "100.0"]));
    assert_eq!(rig.velocities(), vec![None, Some(0.0)]);
    // 36: CLAIM on a third player.
    let r = rig.player("r");
    rig.add(r, ids[3]);
    assert_eq!(output_keys(&rig.engine), (9, vec!["x", "x", "x", "z"]));
    rig.engine.set_weight(p, h0i, 1.0).unwrap();
    assert_eq!(output_tracks(&rig.engine), vec!["h100", "ts", "a", "e"]);
    assert_eq!(texts(&mut rig), strings(&["0.0", "100.0", "1.0", "true"]));
}

/// The strings the positions hold, read from the positions string tracks write
/// (`Step::texts`, what the answer budget counts) and, independently, by visiting every
/// position: they must agree.
fn step_texts(rig: &mut Rig) -> Vec<String> {
    let step = rig.engine.evaluate();
    let visited: Vec<&str> = step.outputs().filter_map(Output::text).collect();
    let texts: Vec<&str> = step.texts().collect();
    assert_eq!(texts, visited);
    texts.into_iter().map(String::from).collect()
}

#[test]
fn a_steps_texts_follow_every_structural_edit() {
    let (mut rig, p) = paused_rig();
    let [h100, text, claim] = [h100(), text(), claim()].map(|clip| rig.load(clip));
    rig.s(0);
    rig.add(p, h100);
    assert_eq!(step_texts(&mut rig), [""; 0]);
    rig.add(p, text);
    let q = rig.player("q");
    let claimed = rig.add(q, claim);
    assert_eq!(step_texts(&mut rig), ["a"]);
    rig.add(q, text);
    assert_eq!(step_texts(&mut rig), ["a", "a"]);
    rig.engine.seek(p, timeline(500 * MS)).unwrap();
    assert_eq!(step_texts(&mut rig), ["b", "a"]);
    rig.engine.reload(text, &valid(h0())).unwrap();
    assert_eq!(step_texts(&mut rig), [""; 0]);
    rig.engine.remove_instance(q, claimed).unwrap();
    let again = rig.load(self::text());
    rig.add(q, again);
    assert_eq!(step_texts(&mut rig), ["a"]);
    rig.engine.remove_player(p).unwrap();
    assert_eq!(step_texts(&mut rig), ["a"]);
    rig.engine.unload(again).unwrap();
    assert_eq!(step_texts(&mut rig), [""; 0]);
    rig.engine.remove_player(q).unwrap();
    assert_eq!(step_texts(&mut rig), [""; 0]);
}

#[test]
fn s37_infinite_velocities_win_by_weight_and_velocities_include_the_rate() {
    let (mut rig, p) = paused_rig();
    let (up, down, r1a) = (
        rig.load(vertical(true)),
        rig.load(vertical(false)),
        rig.load(r1()),
    );
    rig.engine.seek(p, timeline(500 * MS)).unwrap();
    let iu = rig.add(p, up);
    rig.s(0);
    assert_eq!(
        (rig.numbers(), rig.velocities()),
        (vec![Some(0.5)], vec![Some(f64::INFINITY)])
    );
    let id = rig.add(p, down);
    assert_eq!(rig.velocities(), vec![Some(0.0)]);
    rig.engine.set_weight(p, id, 3.0).unwrap();
    assert_eq!(rig.velocities(), vec![Some(f64::NEG_INFINITY)]);
    rig.engine.set_weight(p, iu, 3.0).unwrap();
    rig.engine.set_weight(p, id, 1.0).unwrap();
    assert_eq!(rig.velocities(), vec![Some(f64::INFINITY)]);
    rig.engine.set_weight(p, iu, 1.0).unwrap();
    rig.add(p, r1a);
    close(rig.numbers()[0].unwrap(), 501.0 / 3.0, 1e-9);
    close(rig.velocities()[0].unwrap(), 1000.0 / 3.0, 1e-6);
    rig.engine.set_weight(p, iu, 0.0).unwrap();
    rig.engine.set_weight(p, id, 0.0).unwrap();
    rig.engine
        .add_instance(
            p,
            r1a,
            1.0,
            Timing {
                offset: timeline(0),
                rate: 2.0,
            },
        )
        .unwrap();
    rig.engine.seek(p, timeline(200 * MS)).unwrap();
    close(rig.numbers()[0].unwrap(), 300.0, 1e-9);
    close(rig.velocities()[0].unwrap(), 1500.0, 1e-6);
    rig.engine.set_speed(p, -3.0).unwrap();
    rig.engine.play(p).unwrap();
    rig.s_plus(10 * MS);
    assert_eq!(rig.pos(p), 170 * MS);
    close(rig.numbers()[0].unwrap(), 255.0, 1e-9);
    close(rig.velocities()[0].unwrap(), 1500.0, 1e-6);
}

fn point(stamp: f32, value: ValueV1) -> PointV1 {
    PointV1 {
        id: format!("{stamp}"),
        stamp,
        value,
        arrive: None,
        leave: None,
    }
}

fn track_v1(target: &str, points: Vec<PointV1>) -> TrackV1 {
    TrackV1 {
        id: target.into(),
        name: String::new(),
        animatable_id: target.into(),
        points,
    }
}

/// S45's player: paused at 0 with one instance of a 1.x clip whose `x` holds F32
/// keypoints, `y` an F64 and an F32 one, and `flag` booleans.
fn s45_rig() -> (Rig, PlayerId, AnimationId) {
    let v1 = ClipV1 {
        name: String::new(),
        duration_ms: 1000,
        tracks: vec![
            track_v1(
                "x",
                vec![point(0.0, ValueV1::F32(0.0)), point(1.0, ValueV1::F32(1.0))],
            ),
            track_v1(
                "y",
                vec![point(0.0, ValueV1::F64(0.0)), point(1.0, ValueV1::F32(1.0))],
            ),
            track_v1(
                "flag",
                vec![
                    point(0.0, ValueV1::Boolean(false)),
                    point(0.5, ValueV1::Boolean(true)),
                ],
            ),
        ],
    };
    let (mut rig, p) = paused_rig();
    let a = rig.engine.load(&v1.to_valid_clip().unwrap()).unwrap();
    rig.add(p, a);
    rig.s(0);
    (rig, p, a)
}

/// Whether each output is narrow, in output order.
fn narrow_flags(rig: &mut Rig) -> Vec<bool> {
    rig.engine
        .evaluate()
        .outputs()
        .map(|o| o.narrow())
        .collect()
}

#[test]
fn s45_a_track_of_f32_keypoints_is_narrow_and_one_f64_keypoint_widens_it() {
    let (mut rig, p, _) = s45_rig();
    assert_eq!(texts(&mut rig), strings(&["0.0", "0.0", "false"]));
    assert_eq!(narrow_flags(&mut rig)[..2], [true, false]);
    rig.engine.seek(p, timeline(500 * MS)).unwrap();
    let values = texts(&mut rig);
    assert_eq!(
        values[0]
            .as_deref()
            .map(|v| v.parse::<f64>().unwrap() as f32),
        Some(0.5)
    );
    assert_eq!(values[1], Some("0.5000000192687429".into()));
    assert_eq!(texts(&mut rig)[2], Some("true".into()));
    let vel = rig.velocities();
    close(vel[0].unwrap(), 1.72413793, 1e-6);
    close(vel[1].unwrap(), 1.72413793, 1e-6);
    assert_eq!(vel[2], None);
}

#[test]
fn s45_narrow_contributions_blend_into_a_narrow_number() {
    let (mut rig, p, _) = s45_rig();
    rig.engine.seek(p, timeline(500 * MS)).unwrap();
    let five = ClipV1 {
        name: String::new(),
        duration_ms: 1000,
        tracks: vec![track_v1("x", vec![point(0.0, ValueV1::F32(5.0))])],
    };
    let b = rig.engine.load(&five.to_valid_clip().unwrap()).unwrap();
    rig.add(p, b);
    let x = texts(&mut rig)[0].clone().unwrap();
    assert_eq!(x.parse::<f64>().unwrap() as f32, 2.75);
    assert!(narrow_flags(&mut rig)[0]);
}

#[test]
fn s45_a_bake_keeps_each_number_track_s_precision() {
    let (rig, _, a) = s45_rig();
    let bake = rig.engine.bake::<Values>(a, 4.0, None, None).unwrap();
    assert_eq!(bake.times.len(), 5);
    assert!(matches!(&bake.tracks[2].samples, BakedSamples::Boolean(b) if b.len() == 5));
    let precisions: Vec<_> = bake.tracks.iter().map(|t| t.precision).collect();
    assert_eq!(
        precisions,
        [Precision::Single, Precision::Double, Precision::Double]
    );
}

fn number_samples(samples: &BakedSamples) -> (&[f64], &[f64]) {
    match samples {
        BakedSamples::Number { values, velocities } => (values, velocities),
        other => panic!("not numbers: {other:?}"),
    }
}

/// S47's engine: R1 (animation 0) played by one player offset by 300 ms at rate 7, which
/// a bake ignores (it samples clip-local time).
fn s47_engine() -> (Engine, AnimationId) {
    let mut e = Engine::new();
    let r = e.load(&valid(r1())).unwrap();
    let p = e.create_player("").unwrap();
    e.add_instance(
        p,
        r,
        1.0,
        Timing {
            offset: timeline(300 * MS),
            rate: 7.0,
        },
    )
    .unwrap();
    (e, r)
}

/// (sample count, end in ns) of a bake.
fn count(
    bake: Result<animation_engine::Bake, PlaybackError>,
) -> Result<(usize, i64), PlaybackError> {
    bake.map(|b| (b.times.len(), b.end.ns()))
}

#[test]
fn s47_bakes_sample_the_clip_over_clip_local_time() {
    let (e, r) = s47_engine();
    assert_eq!(count(e.bake::<Values>(r, 60.0, None, None)), Ok((61, S)));
    assert_eq!(
        e.bake::<Values>(r, 3.0, None, None).unwrap().times,
        vec![0.0, 1e9 / 3.0, 2.0 * (1e9 / 3.0), 1e9]
    );
    assert_eq!(
        count(e.bake::<Values>(r, 30.0, Some(clip_time(0)), Some(clip_time(100 * MS)))),
        Ok((4, 100 * MS))
    );
    let b = e
        .bake::<Values>(r, 4.0, Some(clip_time(250 * MS)), Some(clip_time(600 * MS)))
        .unwrap();
    assert_eq!(b.times, vec![250e6, 500e6, 750e6]);
    assert_eq!(
        count(e.bake::<Values>(r, 4.0, Some(clip_time(600 * MS)), Some(clip_time(250 * MS)))),
        Ok((1, 600 * MS))
    );
    assert_eq!(
        e.bake::<Values>(r, 1e-6, None, None).unwrap().times,
        vec![0.0, 1e15]
    );
    assert_eq!(
        count(e.bake::<Values>(r, 1e6, Some(clip_time(0)), Some(clip_time(1_048_575_000))))
            .map(|c| c.0),
        Ok(1_048_576)
    );
    assert_eq!(
        count(e.bake::<Values>(r, 1e6, Some(clip_time(0)), Some(clip_time(1_048_576_000)))),
        Err(PlaybackError::Bake(BakeError::TooManySamples))
    );
}

#[test]
fn s47_a_bake_rate_not_positive_and_finite_and_unknown_ids_are_refused() {
    let (e, r) = s47_engine();
    for rate in [0.0, -5.0, f64::NAN, f64::INFINITY] {
        assert_refused(
            e.bake::<Values>(r, rate, None, None),
            PlaybackError::Bake(BakeError::InvalidRate(rate)),
        );
    }
    assert_eq!(
        e.bake::<Values>(aid(9), 60.0, None, None),
        Err(PlaybackError::UnknownAnimation(aid(9)))
    );
}

#[test]
fn s47_a_bake_holds_every_track_of_every_kind_and_derivatives_on_request() {
    let (mut e, r) = s47_engine();
    let c = e.load(&valid(claim())).unwrap();
    let b = e.bake::<Values>(c, 1.0, None, None).unwrap();
    assert_eq!((b.end.ns(), b.tracks.len()), (0, 5));
    assert_eq!(number_samples(&b.tracks[0].samples).0, &[1.0]);
    assert_eq!(number_samples(&b.tracks[1].samples).0, &[99.0]);
    assert_eq!(b.tracks[2].samples, BakedSamples::Empty);
    assert_eq!(b.tracks[3].samples, BakedSamples::Text(vec!["no".into()]));
    assert_eq!(b.tracks[4].samples, BakedSamples::Boolean(vec![true]));
    let d = e.bake::<WithVelocities>(r, 2.0, None, None).unwrap();
    let (values, velocities) = number_samples(&d.tracks[0].samples);
    assert_eq!(
        (values[0], values[2], velocities[0], velocities[2]),
        (0.0, 1000.0, 0.0, 0.0)
    );
    close(values[1], 500.0, 1e-9);
    close(velocities[1], 1000.0, 1e-6);
    let h = e.load(&valid(h100())).unwrap();
    assert_eq!(count(e.bake::<Values>(h, 60.0, None, None)), Ok((1, 0)));
}
