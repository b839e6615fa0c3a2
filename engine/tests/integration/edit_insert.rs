//! Adding a keypoint on the curve (docs/curves.md §9.2): the value at the added time is the
//! curve's, exactly, and the curve everywhere else stays within rounding — checked by
//! sampling the clip before and after at 1,000 times, not by redoing the split.

use animation_engine::{
    Clip, CompiledTrack, Cursor, Edit, EditedClip, Inserted, KeyValue, Sample, Transition,
};

use crate::edit_support::open;

/// How far the curve after an insertion may stray from the one before, relative to the
/// track's largest magnitude: the split's handles are rounded once more than the curve they
/// replace (docs/curves.md §9.2), and the certified fast solve may move a value by 1e-12
/// (docs/curves.md §0). Measured on the examples: under 2e-15.
const SHAPE_TOLERANCE: f64 = 1e-12;

/// The samples of `track` of `clip` at `times`, velocities dropped.
fn samples(clip: &Clip, track: usize, times: &[f64]) -> Vec<Sample<'static>> {
    let compiled = CompiledTrack::compile(&clip.tracks[track]);
    let mut cursor = Cursor::default();
    let mut at = |t: f64| match compiled.sample(t, &mut cursor) {
        Some(Sample::Text(s)) => Sample::Text(s.to_string().leak()),
        Some(Sample::Number { value, .. }) => Sample::Number {
            value,
            velocity: 0.0,
        },
        Some(Sample::Boolean(b)) => Sample::Boolean(b),
        None => panic!("track {track} has no keypoint"),
    };
    times.iter().map(|&t| at(t)).collect()
}

/// 1,000 times evenly over the track's keypoints and half a second either side.
fn times(clip: &Clip, track: usize) -> Vec<f64> {
    let keys = clip.tracks[track]
        .keypoints
        .iter()
        .map(|k| k.time_ns as f64);
    let (lo, hi) = keys.fold((f64::MAX, f64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let (lo, hi) = (lo - 5e8, hi + 5e8);
    (0..1000)
        .map(|i| lo + (hi - lo) * f64::from(i) / 999.0)
        .collect()
}

/// The largest |value| among number samples (0 for steps).
fn magnitude(samples: &[Sample]) -> f64 {
    let value = |s: &Sample| match s {
        Sample::Number { value, .. } => value.abs(),
        _ => 0.0,
    };
    samples.iter().map(value).fold(0.0, f64::max)
}

/// Adds a keypoint on track `track`'s curve at `time_ns`, then checks the value there (exact)
/// and the curve at 1,000 times (within [`SHAPE_TOLERANCE`] of the magnitude; steps exact).
fn insert_and_compare(doc: &mut EditedClip, track: usize, time_ns: i64) {
    let before = doc.clip().clone();
    let edit = Edit::Insert {
        track,
        time_ns,
        value: Inserted::OnCurve,
    };
    doc.apply(&edit)
        .unwrap_or_else(|e| panic!("{time_ns} ns refused: {e}"));
    let after = doc.clip();
    let t = [time_ns as f64];
    let added = &after.tracks[track]
        .keypoints
        .last()
        .expect("the keypoint added")
        .value;
    let was = samples(&before, track, &t)[0];
    if let Sample::Number { value, .. } = was {
        assert_eq!(added, &KeyValue::Number(value));
    }
    assert_eq!(samples(after, track, &t)[0], was, "at {time_ns} ns");
    let times = times(&before, track);
    let (was, now) = (
        samples(&before, track, &times),
        samples(after, track, &times),
    );
    let allowed = SHAPE_TOLERANCE * magnitude(&was).max(1.0);
    for ((s, was), now) in times.iter().zip(was).zip(now) {
        match (was, now) {
            (Sample::Number { value: was, .. }, Sample::Number { value: now, .. }) => {
                let off = (now - was).abs();
                assert!(
                    off <= allowed,
                    "track {track}, added at {time_ns}: {off} at {s} ns"
                );
            }
            (was, now) => assert_eq!(now, was, "track {track}, added at {time_ns}, at {s} ns"),
        }
    }
}

#[test]
fn a_split_at_the_middle_gives_the_handles_worked_out_by_hand() {
    // X = [0, 1, 2, 3] s and Y = [0, 0, 30, 30]: u = 1/2 at 1.5 s, where de Casteljau gives
    // left [0, 0.5, 1, 1.5] s × [0, 0, 7.5, 15] and right [1.5, 2, 2.5, 3] s × [15, 22.5, 30, 30].
    let mut doc = open(
        r#"{"tracks":[{"id":"x","animatableId":"x","points":[
        {"id":"a","timeNs":0,"value":0,"transitions":{"out":{"dtNs":1000000000,"dv":0}}},
        {"id":"b","timeNs":3000000000,"value":30,"transitions":{"in":{"dtNs":-1000000000,"dv":0}}}]}]}"#,
    );
    insert_and_compare(&mut doc, 0, 1_500_000_000);
    let keys = &doc.clip().tracks[0].keypoints;
    let handle = |dt_ns, dv| Some(Transition::Handle { dt_ns, dv });
    assert_eq!(
        (keys[0].leave, keys[1].arrive),
        (handle(5e8, 0.0), handle(-5e8, 0.0))
    );
    assert_eq!(keys[2].id, "k0");
    assert_eq!(keys[2].value, KeyValue::Number(15.0));
    assert_eq!(
        (keys[2].arrive, keys[2].leave),
        (handle(-5e8, -7.5), handle(5e8, 7.5))
    );
}

#[test]
fn adding_inside_any_segment_keeps_the_curve_of_every_transition_kind() {
    let mut count = 0;
    for text in [
        include_str!("../../../examples/clips/handles.json"),
        include_str!("../../../examples/clips/wave.json"),
        include_str!("../../../examples/clips/blink.json"),
        include_str!("../../../examples/clips/hour.json"),
    ] {
        let opened = open(text);
        for (track, t) in opened.clip().tracks.iter().enumerate() {
            let mut keys: Vec<i64> = t.keypoints.iter().map(|k| k.time_ns).collect();
            keys.sort();
            keys.dedup();
            for pair in keys.windows(2) {
                for share in [0.013, 0.37, 0.5, 0.91] {
                    let time = pair[0] + ((pair[1] - pair[0]) as f64 * share) as i64;
                    insert_and_compare(&mut opened.clone(), track, time);
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 2476);
}

#[test]
fn adding_outside_the_keypoints_holds_the_value_and_flattens_the_facing_side() {
    let text = include_str!("../../../examples/clips/handles.json");
    for (track, time_ns) in [
        (0, -900_000_000),
        (0, 2_600_000_000),
        (1, -300_000_000),
        (1, 1_500_000_001),
    ] {
        let mut doc = open(text);
        insert_and_compare(&mut doc, track, time_ns);
    }
    // elbow's k4 (last) now leaves towards the new keypoint as absent (cubic): flat.
    let mut doc = open(text);
    insert_and_compare(&mut doc, 0, 2_600_000_000);
    let keys = &doc.clip().tracks[0].keypoints;
    assert_eq!(keys[5].value, KeyValue::Number(-0.25));
    assert_eq!(keys[4].leave, None);
}

#[test]
fn the_inferred_sides_beside_a_split_play_on_as_handles() {
    // handles.json's elbow: k2 and k3 are inferred on both sides; adding between k2 and k3
    // splits k2 → k3 and freezes k2.in and k3.out, the sides that would read the new keypoint.
    let mut doc = open(include_str!("../../../examples/clips/handles.json"));
    insert_and_compare(&mut doc, 0, 1_400_000_000);
    let keys = &doc.clip().tracks[0].keypoints;
    let handle = |side: Option<Transition>| matches!(side, Some(Transition::Handle { .. }));
    let sides = [keys[2].arrive, keys[2].leave, keys[3].arrive, keys[3].leave];
    assert!(sides.into_iter().all(handle), "{sides:?}");
    assert_eq!(
        keys[1].leave,
        doc.opened().tracks[0].keypoints[1].leave,
        "k1.out untouched"
    );
    assert_eq!(
        keys[4].arrive,
        doc.opened().tracks[0].keypoints[4].arrive,
        "k4.in untouched"
    );
}

#[test]
fn adding_where_a_keypoint_is_or_where_there_is_no_curve_is_refused() {
    let mut doc = open(
        r#"{"tracks":[{"id":"arm","animatableId":"a","points":[{"id":"up","timeNs":5,"value":1}]},
        {"id":"none","animatableId":"n","points":[]}]}"#,
    );
    let at = |track, time_ns| Edit::Insert {
        track,
        time_ns,
        value: Inserted::OnCurve,
    };
    assert_eq!(
        doc.apply(&at(0, 5)).map_err(|e| e.to_string()),
        Err("track \"arm\" already has keypoint \"up\" at 5 ns: move or edit that one".to_string())
    );
    assert_eq!(
        doc.apply(&at(1, 0)).map_err(|e| e.to_string()),
        Err(
            "track \"none\" has no keypoint, so no curve to add on: give the keypoint a value"
                .to_string()
        )
    );
    assert_eq!(doc.undo_len(), 0);
    insert_and_compare(&mut doc, 0, 7);
}
