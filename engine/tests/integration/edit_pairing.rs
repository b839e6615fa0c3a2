//! Moving a handle of a paired keypoint (docs/curves.md §9.1): its partner turns to point
//! the opposite way and keeps its length in the (ms, value) plane; a free keypoint's partner,
//! and a partner that is not a handle, stay as they are.

use animation_engine::{Edit, EditedClip, KeyValue, Move, Side, Transition};

use crate::edit_support::{at, open};

const CLIP: &str = r#"{"tracks":[{"id":"arm","animatableId":"arm","points":[
 {"id":"a","timeNs":0,"value":0},
 {"id":"p","timeNs":1000000000,"value":5,
  "transitions":{"in":{"dtNs":-100000000,"dv":0},"out":{"dtNs":100000000,"dv":0},"pairing":"paired"}},
 {"id":"f","timeNs":2000000000,"value":1,
  "transitions":{"in":{"dtNs":-100000000,"dv":0},"out":{"dtNs":100000000,"dv":0},"pairing":"free"}},
 {"id":"e","timeNs":3000000000,"value":0,
  "transitions":{"in":"sine","out":{"dtNs":100000000,"dv":0},"pairing":"paired"}}]}]}"#;

fn moved(keypoint: usize, side: Side, dt_ns: f64, dv: f64) -> EditedClip {
    let mut doc = open(CLIP);
    let edit = Edit::MoveHandle {
        at: at(0, keypoint),
        side,
        dt_ns,
        dv,
    };
    doc.apply(&edit).unwrap_or_else(|e| panic!("{edit:?}: {e}"));
    doc
}

fn handle(side: Option<Transition>) -> (f64, f64) {
    match side {
        Some(Transition::Handle { dt_ns, dv }) => (dt_ns, dv),
        other => panic!("not a handle: {other:?}"),
    }
}

#[test]
fn a_paired_partner_turns_opposite_and_keeps_its_length() {
    // Leave to (200 ms, 150): direction (0.8, 0.6); the 100 ms arrive handle becomes
    // (−80 ms, −60), a 3-4-5 triangle whose every step is exact.
    let doc = moved(1, Side::Leave, 2e8, 150.0);
    let p = &doc.clip().tracks[0].keypoints[1];
    assert_eq!(handle(p.leave), (2e8, 150.0));
    assert_eq!(handle(p.arrive), (-8e7, -60.0));
    // Any other move: the partner is opposite (cross product 0, dot product < 0) and as
    // long as before (100 ms), measured here with sqrt in the (ms, value) plane.
    for (dt_ns, dv) in [(3.3e7, -0.7), (-2e6, 4.0), (9.9e8, 1e-3)] {
        let doc = moved(1, Side::Arrive, dt_ns, dv);
        let p = &doc.clip().tracks[0].keypoints[1];
        let (t, v) = handle(p.leave);
        let (t, mt) = (t / 1e6, dt_ns / 1e6);
        assert!(
            (t * dv - v * mt).abs() <= 1e-9 * (t.abs() + v.abs()),
            "collinear"
        );
        assert!(t * mt + v * dv < 0.0, "opposite");
        assert!(
            ((t * t + v * v).sqrt() - 100.0).abs() <= 1e-12,
            "length kept"
        );
    }
}

#[test]
fn a_free_partner_a_partner_without_a_handle_and_a_zero_handle_leave_it_alone() {
    let doc = moved(2, Side::Leave, 2e8, 150.0);
    let f = &doc.clip().tracks[0].keypoints[2];
    assert_eq!(handle(f.arrive), (-1e8, 0.0));
    let doc = moved(3, Side::Leave, 2e8, 150.0);
    let e = &doc.clip().tracks[0].keypoints[3];
    assert_eq!(e.arrive, Transition::named("sine"));
    let doc = moved(1, Side::Leave, 0.0, 0.0);
    let p = &doc.clip().tracks[0].keypoints[1];
    assert_eq!(handle(p.arrive), (-1e8, 0.0));
}

#[test]
fn moving_a_paired_keypoint_moves_both_handles_with_it() {
    let mut doc = open(CLIP);
    let to = Move::TimeAndValue {
        time_ns: 1_100_000_000,
        value: 6.0,
    };
    doc.apply(&Edit::Move { at: at(0, 1), to }).unwrap();
    let p = &doc.clip().tracks[0].keypoints[1];
    assert_eq!(
        (p.time_ns, &p.value),
        (1_100_000_000, &KeyValue::Number(6.0))
    );
    assert_eq!(
        (handle(p.arrive), handle(p.leave)),
        ((-1e8, 0.0), (1e8, 0.0))
    );
}
