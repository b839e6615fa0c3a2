//! Evaluation allocates nothing (docs/curves.md §4): sampling one time, with or without a cursor,
//! on number, boolean and string tracks, counted by a global allocator.

use animation_engine::{Clip, CompiledClip, Cursor};
use arora_animation_test_support::counting_alloc::allocations;

const CLIP: &str = r#"{"tracks":[{"id":"n","animatableId":"x","points":[{"id":"a","timeNs":0,"value":0,"transitions":{"out":"explicit-handles"}},{"id":"b","timeNs":1000000000,"value":10,"transitions":{"in":{"dtNs":-1000000000,"dv":0}}},{"id":"c","timeNs":2000000000,"value":-3,"transitions":{"in":"inferred-auto-clamped"}}]},{"id":"b","animatableId":"y","points":[{"id":"a","timeNs":0,"value":false},{"id":"b","timeNs":5,"value":true}]},{"id":"s","animatableId":"z","points":[{"id":"a","timeNs":0,"value":"idle"},{"id":"b","timeNs":5,"value":"go"}]},{"id":"e","animatableId":"w","points":[]}]}"#;

#[test]
fn sampling_allocates_nothing_on_any_track_at_any_time() {
    let clip = CompiledClip::compile(&Clip::from_json(CLIP).unwrap());
    let times = [
        -1.0,
        0.0,
        3.0,
        5e8,
        1e9,
        1.5e9,
        2e9,
        9e9,
        f64::NAN,
        f64::INFINITY,
    ];

    let mut sampled = 0;
    let allocated = allocations(|| {
        for track in &clip.tracks {
            let mut cursor = Cursor::default();
            for &t in &times {
                sampled += usize::from(track.sample(t, &mut cursor).is_some());
                sampled += usize::from(track.sample(t, &mut Cursor::default()).is_some());
            }
        }
    });
    assert_eq!(
        sampled,
        3 * 2 * times.len(),
        "three tracks with keypoints sampled"
    );
    assert_eq!(allocated, 0, "allocations while sampling");
}
