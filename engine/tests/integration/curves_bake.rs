//! Baking (docs/curves.md §5, §6.3 clip B): windows, frame counts, every track, limits.

use animation_engine::bake::{TEXT_CAP, WithVelocities};
use animation_engine::{BakeError, BakedSamples, Clip, ClipTime, CompiledClip, bake, bake_as};

const CLIP_B: &str = r#"{"lengthNs":1000000000,"tracks":[{"id":"a","animatableId":"x","points":[{"id":"0","timeNs":0,"value":0,"transitions":{"out":"linear"}},{"id":"1","timeNs":1000000000,"value":10,"transitions":{"in":"linear"}}]},{"id":"b","animatableId":"x","points":[{"id":"0","timeNs":0,"value":99}]},{"id":"c","animatableId":"y","points":[]}]}"#;

fn clip_b() -> CompiledClip {
    CompiledClip::compile(&Clip::from_json(CLIP_B).unwrap())
}

fn close(actual: f64, expected: f64) -> bool {
    actual == expected || (actual - expected).abs() <= 1e-12 * expected.abs().max(actual.abs())
}

/// Bakes clip B and checks track a's (value, velocity) pairs, track b's 99s and c's emptiness.
fn assert_bake_b(
    rate: f64,
    start: Option<i64>,
    end: Option<i64>,
    window: (i64, i64),
    a: &[(f64, f64)],
) {
    let (start, end) = (start.map(ClipTime::from_ns), end.map(ClipTime::from_ns));
    let baked = bake_as::<WithVelocities>(&clip_b(), rate, start, end).unwrap();
    assert_eq!((baked.start.ns(), baked.end.ns()), window);
    assert_eq!(baked.tracks.len(), 3);
    let targets: Vec<_> = baked.tracks.iter().map(|t| t.target.as_str()).collect();
    assert_eq!(targets, ["x", "x", "y"]);
    let BakedSamples::Number { values, velocities } = &baked.tracks[0].samples else {
        panic!("track a is a number track")
    };
    assert_eq!(values.len(), a.len());
    for (i, &(v, vel)) in a.iter().enumerate() {
        assert!(
            close(values[i], v) && close(velocities[i], vel),
            "sample {i}: {values:?} {velocities:?}"
        );
    }
    let held = BakedSamples::Number {
        values: vec![99.0; a.len()],
        velocities: vec![0.0; a.len()],
    };
    assert_eq!(
        baked.tracks[1].samples, held,
        "a second track on the same target is baked"
    );
    assert_eq!(baked.tracks[2].samples, BakedSamples::Empty);
}

#[test]
fn clip_b_at_3_hz_over_its_default_window() {
    let a = [
        (0.0, 0.0),
        (3.3333333333333326, 10.0),
        (6.666666666666666, 10.0),
        (10.0, 0.0),
    ];
    assert_bake_b(3.0, None, None, (0, 1_000_000_000), &a);
}

#[test]
fn clip_b_before_its_start_holds_the_first_keypoint() {
    let a = [(0.0, 0.0), (0.0, 0.0), (1.6666666666666663, 10.0)];
    assert_bake_b(3.0, Some(-500_000_000), Some(0), (-500_000_000, 0), &a);
}

#[test]
fn an_end_before_the_start_is_raised_to_it_giving_one_sample() {
    assert_bake_b(
        1.0,
        Some(2_000_000_000),
        Some(1_000_000_000),
        (2_000_000_000, 2_000_000_000),
        &[(10.0, 0.0)],
    );
}

#[test]
fn samples_fall_at_fractional_times_and_the_last_may_lie_past_the_end() {
    let v = 10.000000000000002;
    let a = [
        (1e-6, v),
        (1.4285724285714287, v),
        (2.8571438571428582, v),
        (4.285715285714286, 10.0),
    ];
    assert_bake_b(7.0, Some(100), Some(300_000_100), (100, 300_000_100), &a);
}

#[test]
fn a_rate_not_finite_and_above_zero_is_refused() {
    for rate in [0.0, -5.0, f64::NAN, f64::INFINITY] {
        let refused = bake(&clip_b(), rate, None, None);
        assert!(matches!(refused, Err(BakeError::InvalidRate(_))), "{rate}");
    }
}

/// Number of samples of a one-track clip baked from 0 to `end` at `rate`.
fn frames(rate: f64, start: i64, end: i64) -> Result<usize, BakeError> {
    let doc =
        r#"{"tracks":[{"id":"a","animatableId":"x","points":[{"id":"0","timeNs":0,"value":1}]}]}"#;
    let clip = CompiledClip::compile(&Clip::from_json(doc).unwrap());
    let baked = bake(
        &clip,
        rate,
        Some(ClipTime::from_ns(start)),
        Some(ClipTime::from_ns(end)),
    )?;
    assert_eq!(baked.times.len(), baked.tracks[0].samples.len());
    Ok(baked.times.len())
}

#[test]
fn the_frame_count_reaches_the_first_sample_at_or_past_the_end() {
    let cases = [
        (100.0, 70_000_000, 8),
        (100.0, 550_000_000, 56),
        (25.0, 280_000_000, 8),
        (100.0, 150_000_000, 16),
        (30.0, 8_100_000_000, 244),
        (1.0, 3_000_000_001, 5),
        (1.0, 3_000_000_000, 4),
        (100.0, 1_000_000_000, 101),
        (3.0, 1_000_000_000, 4),
        (1e-6, 1_000_000_000, 2),
        (1e-320, 1_000_000_000, 1),
    ];
    for (rate, end, count) in cases {
        assert_eq!(frames(rate, 0, end), Ok(count), "{rate} Hz to {end} ns");
    }
    assert_eq!(frames(60.0, 2_000_000_000, 2_000_000_000), Ok(1));
}

#[test]
fn more_than_2_to_the_20_samples_over_keyed_tracks_is_refused() {
    assert_eq!(frames(1e9, 0, 1_048_575), Ok(1_048_576));
    assert_eq!(frames(1e9, 0, 1_048_576), Err(BakeError::TooManySamples));
    let keyed_twice = bake(&clip_b(), 1e6, None, Some(ClipTime::from_ns(600_000_000)));
    assert_eq!(
        keyed_twice,
        Err(BakeError::TooManySamples),
        "600,001 samples × 2 keyed tracks"
    );
}

#[test]
fn without_derivatives_number_tracks_carry_no_velocities() {
    let baked = bake(&clip_b(), 3.0, None, None).unwrap();
    let BakedSamples::Number { values, velocities } = &baked.tracks[0].samples else {
        panic!("number track")
    };
    assert_eq!((values.len(), velocities.len()), (4, 0));
}

#[test]
fn a_window_as_wide_as_i64_does_not_wrap() {
    assert_eq!(frames(1e-12, i64::MIN, i64::MAX), Ok(2));
    assert_eq!(
        frames(1.0, i64::MIN, i64::MAX),
        Err(BakeError::TooManySamples)
    );
}

/// A clip with one text track holding a `len`-byte string at 0 and `"b"` at 1 s.
fn long_text_clip(len: usize) -> CompiledClip {
    use animation_engine::{KeyValue, Keypoint, Pairing, Track};
    let key = |id: &str, time_ns, text: String| Keypoint {
        id: id.into(),
        time_ns,
        value: KeyValue::Text(text),
        arrive: None,
        leave: None,
        pairing: Pairing::None,
    };
    let track = Track {
        id: "t".into(),
        name: String::new(),
        target: "face".into(),
        keypoints: vec![
            key("a", 0, "a".repeat(len)),
            key("b", 1_000_000_000, "b".into()),
        ],
    };
    let clip = Clip {
        name: String::new(),
        length_ns: None,
        tracks: vec![track],
    };
    CompiledClip::compile(&clip.validate().unwrap())
}

#[test]
fn a_bake_whose_text_samples_exceed_the_text_cap_is_refused() {
    // A string of TEXT_CAP / 32 bytes at 32 fps over 1 s: 33 samples, 32 of them
    // that string, so TEXT_CAP + 1 bytes. Counted before anything is copied.
    let clip = long_text_clip(TEXT_CAP / 32);
    assert_eq!(bake(&clip, 32.0, None, None), Err(BakeError::TooMuchText));
}

#[test]
fn a_bake_of_long_texts_within_the_text_cap_is_kept() {
    // 1 MiB at 40 fps: 41 samples, 40 MiB + 1 byte of text.
    let baked = bake(&long_text_clip(1 << 20), 40.0, None, None).expect("within the cap");
    let BakedSamples::Text(texts) = &baked.tracks[0].samples else {
        panic!("a text track")
    };
    assert_eq!(texts.len(), 41);
    assert_eq!(
        texts.iter().map(String::len).sum::<usize>(),
        40 * (1 << 20) + 1
    );
}
