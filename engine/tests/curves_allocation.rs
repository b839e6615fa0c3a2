//! Evaluation allocates nothing (curves §4): sampling one time, with or without a cursor,
//! on number, boolean and string tracks, counted by a global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use animation_engine::{Clip, CompiledClip, Cursor};

/// Counts every allocation of this test binary (it holds one test, so one thread samples).
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut sampled = 0;
    for track in &clip.tracks {
        let mut cursor = Cursor::default();
        for &t in &times {
            sampled += usize::from(track.sample(t, &mut cursor).is_some());
            sampled += usize::from(track.sample(t, &mut Cursor::default()).is_some());
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert_eq!(
        sampled,
        3 * 2 * times.len(),
        "three tracks with keypoints sampled"
    );
    assert_eq!(after - before, 0, "allocations while sampling");
}
