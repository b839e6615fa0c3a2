//! Rules of docs/curves.md §3.6, §4.1, §4.4 and §5 that the worked examples do not reach: the
//! Δ = 0 branch of huge times, the limit slopes at a stalled interior instant, NaN and
//! infinite query times on every kind of track, and the sample cap's exact boundary.
//! Expected numbers are worked by hand from the spec's formulas; comparisons are exact.

use animation_engine::{
    BakeError, BakedSamples, Clip, ClipTime, CompiledClip, CompiledTrack, Cursor, KeyValue,
    Keypoint, Sample, Track, Transition, bake,
};
use arora_animation_test_support::clips;

/// A keypoint `k<time_ns>` at `time_ns` holding `value`, no transitions given.
fn key(time_ns: i64, value: KeyValue) -> Keypoint {
    clips::key(time_ns, value, None, None)
}

fn handle(dt_ns: f64, dv: f64) -> Option<Transition> {
    Some(Transition::Handle { dt_ns, dv })
}

fn compiled(keypoints: Vec<Keypoint>) -> CompiledTrack {
    CompiledTrack::compile(&Track {
        id: "t".into(),
        name: String::new(),
        target: "x".into(),
        keypoints,
    })
}

fn number_at(track: &CompiledTrack, t: f64) -> (f64, f64) {
    match track.sample(t, &mut Cursor::default()) {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("a number track gives numbers, got {other:?}"),
    }
}

fn text_at(track: &CompiledTrack, t: f64) -> String {
    match track.sample(t, &mut Cursor::default()) {
        Some(Sample::Text(text)) => text.to_owned(),
        other => panic!("a string track gives text, got {other:?}"),
    }
}

fn number(v: f64) -> KeyValue {
    KeyValue::Number(v)
}

fn text(s: &str) -> KeyValue {
    KeyValue::Text(s.into())
}

/// 9,000,000,000,000,001 and …002 ns are distinct (and 1 ns apart as f64) but convert to the
/// same f64 millisecond: Δ = 0, so each handle is pulled to its own anchor's time by
/// to_time (the forward leave handle collapses onto S) instead of being shortened.
#[test]
fn a_zero_millisecond_delta_collapses_both_sides_onto_their_anchors_times() {
    let (ts, te) = (9_000_000_000_000_001_i64, 9_000_000_000_000_002_i64);
    assert_eq!(ts as f64 / 1e6, te as f64 / 1e6, "the premise: Δ = 0 in ms");
    let mut start = key(ts, number(0.0));
    start.leave = handle(5e6, 3.0);
    let track = compiled(vec![start, key(te, number(10.0))]);
    let played = track.played_segments();
    assert_eq!(
        played.len(),
        1,
        "the segment still exists: its ns times differ"
    );
    let o = ts as f64;
    assert_eq!(played[0].start_ns, ts);
    assert_eq!(played[0].end_ns, te);
    assert_eq!(
        played[0].points,
        [(o, 0.0), (o, 0.0), (o, 10.0), (o + 1.0, 10.0)]
    );
}

/// At an interior keypoint's instant u = 1. With the arriving handle collapsed in time and
/// Y = [0, 10, 10, 10], time's first non-zero derivative is B″ (kx = 1) and value's is B‴
/// (ky = 2): ky > kx gives slope 0, not 0/0.
#[test]
fn a_stall_where_value_stalls_longer_than_time_has_velocity_zero() {
    let mut k0 = key(0, number(0.0));
    k0.leave = handle(5e8, 10.0);
    let mut k1 = key(1_000_000_000, number(10.0));
    k1.arrive = handle(0.0, 0.0);
    let track = compiled(vec![k0, k1, key(2_000_000_000, number(0.0))]);
    let (value, velocity) = number_at(&track, 1e9);
    assert_eq!(value, 10.0);
    assert_eq!(velocity.to_bits(), 0.0_f64.to_bits(), "+0, not NaN");
}

/// X = [0, 1e9, 1e9, 1e9], Y = [0, 0, 5, 10] at u = 1: B′X = B″X = 0, B‴X = 6e9 (kx = 2) and
/// B′Y = 15 (ky = 0). kx − ky is even, so σ = +1 and the slope is +∞ (the sign of r).
#[test]
fn an_even_order_gap_at_a_later_instant_keeps_the_sign_of_the_ratio() {
    let mut k0 = key(0, number(0.0));
    k0.leave = handle(1e9, 0.0);
    let mut k1 = key(1_000_000_000, number(10.0));
    k1.arrive = handle(0.0, -5.0);
    let track = compiled(vec![k0, k1, key(2_000_000_000, number(0.0))]);
    assert_eq!(track.played_segments()[0].points[1], (1e9, 0.0));
    assert_eq!(number_at(&track, 1e9), (10.0, f64::INFINITY));
}

#[test]
fn nan_on_a_number_track_with_segments_gives_nan_value_and_velocity() {
    let track = compiled(vec![key(0, number(1.0)), key(1_000, number(2.0))]);
    let (value, velocity) = number_at(&track, f64::NAN);
    assert!(value.is_nan() && velocity.is_nan(), "{value} {velocity}");
    assert_eq!(number_at(&track, f64::NEG_INFINITY), (1.0, 0.0));
    assert_eq!(number_at(&track, f64::INFINITY), (2.0, 0.0));
}

/// No segment: before T0 the first keypoint (document order), from T0 on and at NaN the last.
#[test]
fn without_a_segment_nan_holds_the_last_keypoint_and_minus_infinity_the_first() {
    let track = compiled(vec![key(5, number(1.0)), key(5, number(2.0))]);
    assert_eq!(number_at(&track, f64::NAN), (2.0, 0.0));
    assert_eq!(number_at(&track, f64::NEG_INFINITY), (1.0, 0.0));
    assert_eq!(number_at(&track, 4.999), (1.0, 0.0));
    assert_eq!(number_at(&track, 5.0), (2.0, 0.0));
    let steps = compiled(vec![key(5, text("x")), key(5, text("y"))]);
    assert_eq!(text_at(&steps, f64::NAN), "y");
    assert_eq!(text_at(&steps, f64::NEG_INFINITY), "x");
}

/// NaN lands in the first segment, whose start is the *last* keypoint sharing the earliest
/// time; +∞ holds the *first* keypoint sharing the latest time.
#[test]
fn nan_on_a_step_track_plays_the_first_segments_start_value() {
    let track = compiled(vec![
        key(0, text("a")),
        key(0, text("b")),
        key(10, text("c")),
        key(20, text("d")),
        key(20, text("e")),
    ]);
    assert_eq!(text_at(&track, f64::NAN), "b");
    assert_eq!(text_at(&track, f64::NEG_INFINITY), "b");
    assert_eq!(
        text_at(&track, 10.0),
        "b",
        "the previous value at an interior instant"
    );
    assert_eq!(text_at(&track, 10.5), "c");
    assert_eq!(text_at(&track, f64::INFINITY), "d");
}

/// A clip of `keyed` one-keypoint tracks and one empty track.
fn clip_of(keyed: usize) -> CompiledClip {
    let mut tracks: Vec<Track> = (0..keyed)
        .map(|i| Track {
            id: format!("n{i}"),
            name: String::new(),
            target: format!("x{i}"),
            keypoints: vec![key(0, number(1.0))],
        })
        .collect();
    tracks.push(Track::default());
    let clip = Clip {
        name: String::new(),
        length_ns: None,
        tracks,
    };
    CompiledClip::compile(&clip.validate().unwrap())
}

/// Step 5 refuses only when (F + 1) × keyed tracks is *greater* than 2^20.
#[test]
fn exactly_2_to_the_20_samples_over_two_keyed_tracks_is_allowed() {
    let allowed = bake(&clip_of(2), 1e9, None, Some(ClipTime::from_ns(524_287))).unwrap();
    assert_eq!(allowed.times.len(), 524_288);
    assert_eq!(allowed.tracks.len(), 3, "the empty track is baked too");
    assert_eq!(allowed.tracks[2].samples, BakedSamples::Empty);
    assert_eq!(
        bake(&clip_of(2), 1e9, None, Some(ClipTime::from_ns(524_288))),
        Err(BakeError::TooManySamples)
    );
}

/// A clip whose tracks are all empty is limited only by the frame count of step 4.
#[test]
fn a_clip_of_empty_tracks_is_limited_only_by_the_frame_count() {
    let baked = bake(&clip_of(0), 1e9, None, Some(ClipTime::from_ns(1_048_575))).unwrap();
    assert_eq!(baked.times.len(), 1_048_576);
    assert!(baked.tracks[0].samples.is_empty());
    assert_eq!(
        bake(&clip_of(0), 1e9, None, Some(ClipTime::from_ns(1_048_576))),
        Err(BakeError::TooManySamples)
    );
}
