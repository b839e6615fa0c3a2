//! What the `edit_*` tests share: a bit-for-bit comparison of two clips, written field by
//! field (not through the document writer it checks), and shorthands.

use animation_engine::{Clip, EditedClip, KeyValue, Keypoint, KeypointAt, Transition};

/// Opens a 2.0 document for editing; the test's own text, so a refusal is a broken test.
pub fn open(text: &str) -> EditedClip {
    EditedClip::read(text).unwrap_or_else(|e| panic!("the test's clip is refused: {e}"))
}

/// Keypoint `keypoint` of track `track`.
pub fn at(track: usize, keypoint: usize) -> KeypointAt {
    KeypointAt { track, keypoint }
}

/// The first field where `a` and `b` differ, numbers compared by their bits (so −0.0 differs
/// from 0.0); `None` when they are the same clip bit for bit.
pub fn first_difference(a: &Clip, b: &Clip) -> Option<String> {
    if a.name != b.name || a.length_ns != b.length_ns || a.tracks.len() != b.tracks.len() {
        return Some("name, length or track count".to_string());
    }
    for (ta, tb) in a.tracks.iter().zip(&b.tracks) {
        let header = (&ta.id, &ta.name, &ta.target, ta.keypoints.len());
        if header != (&tb.id, &tb.name, &tb.target, tb.keypoints.len()) {
            return Some(format!("track \"{}\": id, name, target or count", ta.id));
        }
        for (ka, kb) in ta.keypoints.iter().zip(&tb.keypoints) {
            if !same_keypoint(ka, kb) {
                return Some(format!("track \"{}\": {ka:?} against {kb:?}", ta.id));
            }
        }
    }
    None
}

fn same_keypoint(a: &Keypoint, b: &Keypoint) -> bool {
    let value = match (&a.value, &b.value) {
        (KeyValue::Number(x), KeyValue::Number(y)) => x.to_bits() == y.to_bits(),
        (x, y) => x == y,
    };
    let side = |x: Option<Transition>, y: Option<Transition>| match (x, y) {
        (Some(Transition::Handle { dt_ns, dv }), Some(Transition::Handle { dt_ns: t, dv: v })) => {
            dt_ns.to_bits() == t.to_bits() && dv.to_bits() == v.to_bits()
        }
        (x, y) => x == y,
    };
    a.id == b.id
        && a.time_ns == b.time_ns
        && value
        && side(a.arrive, b.arrive)
        && side(a.leave, b.leave)
        && a.pairing == b.pairing
}

/// Asserts that `document` reads back to exactly `clip`.
pub fn assert_reads_back(document: &str, clip: &Clip) {
    let read = Clip::read_json(document).expect("a saved document reads");
    if let Some(difference) = first_difference(&read, clip) {
        panic!("the saved document reads back differently: {difference}");
    }
}
