//! A clip being edited (docs/curves.md §9.3): undo and redo back to the exact clips, the
//! dirty mark, refusals that change nothing, a drag as one step, and a 1.x clip saved as 2.0.

use animation_engine::{
    ClipV1, Edit, EditedClip, Inserted, KeyValue, Move, PointV1, Side, TrackV1, Transition, ValueV1,
};

use crate::edit_support::{assert_reads_back, at, first_difference, open};

const CLIP: &str = r#"{"name":"history","lengthNs":3000000000,"tracks":[
 {"id":"arm","animatableId":"arm","points":[
  {"id":"a","timeNs":0,"value":0.1,"transitions":{"out":{"dtNs":250000000.5,"dv":0.3}}},
  {"id":"b","timeNs":1000000000,"value":0.7,"transitions":{"in":"inferred-auto-clamped","out":"back"}},
  {"id":"c","timeNs":2000000000,"value":-3.3}]},
 {"id":"face","animatableId":"face","points":[{"id":"k0","timeNs":0,"value":"idle"}]}]}"#;

/// Seven edits of every kind, on both tracks.
fn edits() -> Vec<Edit> {
    let text = |s: &str| KeyValue::Text(s.to_string());
    vec![
        Edit::Move {
            at: at(0, 1),
            to: Move::TimeAndValue {
                time_ns: 1_100_000_000,
                value: 0.123456789,
            },
        },
        Edit::MoveHandle {
            at: at(0, 0),
            side: Side::Leave,
            dt_ns: 1.0 / 3.0,
            dv: 2.0f64.sqrt(),
        },
        Edit::SetTransition {
            at: at(0, 2),
            side: Side::Arrive,
            transition: Some(Transition::Inferred),
        },
        Edit::Insert {
            track: 0,
            time_ns: 1_700_000_001,
            value: Inserted::OnCurve,
        },
        Edit::Delete { at: at(0, 0) },
        Edit::Insert {
            track: 1,
            time_ns: 400_000_000,
            value: Inserted::Value(text("smile")),
        },
        Edit::Move {
            at: at(1, 0),
            to: Move::Value(text("sleepy")),
        },
    ]
}

fn edited() -> EditedClip {
    let mut doc = open(CLIP);
    for edit in edits() {
        doc.apply(&edit).unwrap_or_else(|e| panic!("{edit:?}: {e}"));
        assert_reads_back(&doc.save(), doc.clip());
    }
    doc
}

#[test]
fn undoing_everything_saves_the_opened_clip_and_redoing_it_the_edited_one() {
    let mut doc = edited();
    let last = doc.clip().clone();
    assert_eq!((doc.undo_len(), doc.redo_len()), (7, 0));
    while doc.undo() {}
    assert_eq!((doc.undo_len(), doc.redo_len()), (0, 7));
    assert_reads_back(&doc.save(), doc.opened());
    assert_eq!(first_difference(doc.clip(), doc.opened()), None);
    assert!(!doc.is_dirty());
    while doc.redo() {}
    assert_reads_back(&doc.save(), &last);
    assert_eq!(first_difference(doc.clip(), &last), None);
    assert!(!doc.redo());
}

#[test]
fn the_dirty_mark_follows_the_document_not_the_steps() {
    let mut doc = open(CLIP);
    assert!(!doc.is_dirty());
    let edit = &edits()[0];
    doc.apply(edit).unwrap();
    assert!(doc.is_dirty());
    doc.mark_saved();
    assert!(!doc.is_dirty());
    doc.undo();
    assert!(doc.is_dirty(), "the saved document is the edited one");
    doc.redo();
    assert!(!doc.is_dirty());
    // An edit that changes nothing is a step but leaves the document clean.
    let same = Edit::Move {
        at: at(1, 0),
        to: Move::Time { time_ns: 0 },
    };
    doc.apply(&same).unwrap();
    assert_eq!((doc.is_dirty(), doc.undo_len()), (false, 2));
    // −0.0 against 0.0 is a change of the document.
    let unchanged = Edit::Move {
        at: at(0, 0),
        to: Move::Value(KeyValue::Number(0.1)),
    };
    doc.apply(&unchanged).unwrap();
    assert!(!doc.is_dirty());
    let zero = |v: f64| Edit::Move {
        at: at(0, 2),
        to: Move::Value(KeyValue::Number(v)),
    };
    doc.apply(&zero(0.0)).unwrap();
    doc.mark_saved();
    doc.apply(&zero(-0.0)).unwrap();
    assert!(doc.is_dirty());
}

#[test]
fn a_refused_edit_leaves_the_clip_its_history_and_its_mark_as_they_were() {
    let mut doc = edited();
    doc.undo();
    let (clip, saved, steps) = (
        doc.clip().clone(),
        doc.save(),
        (doc.undo_len(), doc.redo_len()),
    );
    let refused = [
        Edit::Move {
            at: at(0, 0),
            to: Move::Value(KeyValue::Boolean(true)),
        },
        Edit::MoveHandle {
            at: at(0, 0),
            side: Side::Arrive,
            dt_ns: f64::INFINITY,
            dv: 0.0,
        },
        Edit::SetTransition {
            at: at(1, 0),
            side: Side::Leave,
            transition: None,
        },
        Edit::Delete { at: at(0, 40) },
    ];
    for edit in refused {
        assert!(doc.apply(&edit).is_err(), "{edit:?}");
        assert!(doc.amend(&edit).is_err(), "{edit:?}");
        assert_eq!(first_difference(doc.clip(), &clip), None, "{edit:?}");
        assert_eq!(
            (doc.save(), (doc.undo_len(), doc.redo_len())),
            (saved.clone(), steps)
        );
    }
}

#[test]
fn a_drag_is_one_step_and_a_new_edit_drops_the_redo_steps() {
    let mut doc = open(CLIP);
    let drag = |ms: i64| Edit::Move {
        at: at(0, 1),
        to: Move::Time {
            time_ns: ms * 1_000_000,
        },
    };
    doc.apply(&drag(1010)).unwrap();
    for ms in [1020, 1100, 1250] {
        doc.amend(&drag(ms)).unwrap();
    }
    assert_eq!(doc.clip().tracks[0].keypoints[1].time_ns, 1_250_000_000);
    assert_eq!(doc.undo_len(), 1);
    doc.undo();
    assert_eq!(first_difference(doc.clip(), doc.opened()), None);
    // After an undo, amending starts a step of its own.
    doc.amend(&drag(900)).unwrap();
    assert_eq!((doc.undo_len(), doc.redo_len()), (1, 0));
    // A step on another track is not amended.
    let face = Edit::Move {
        at: at(1, 0),
        to: Move::Time { time_ns: 5 },
    };
    doc.amend(&face).unwrap();
    assert_eq!(doc.undo_len(), 2);
}

#[test]
fn a_1x_clip_opens_as_its_conversion_and_saves_as_2_0() {
    let point = |id: &str, stamp: f32, value: f32, leave| PointV1 {
        id: id.to_string(),
        stamp,
        value: ValueV1::F32(value),
        arrive: None,
        leave,
    };
    let v1 = ClipV1 {
        name: "nod".to_string(),
        duration_ms: 1500,
        tracks: vec![TrackV1 {
            id: "head".to_string(),
            name: "head".to_string(),
            animatable_id: "head/pitch".to_string(),
            points: vec![
                point("p1", 1.0 / 3.0, 20.0, Some((0.2, 0.0))),
                point("p0", 0.0, 0.0, None),
            ],
        }],
    };
    let mut doc = EditedClip::open_v1(&v1).expect("converts");
    let converted = v1.to_valid_clip().unwrap().into_clip();
    assert_eq!(doc.save(), converted.to_json());
    assert_reads_back(&doc.save(), &converted);
    assert!(!doc.is_dirty());
    doc.apply(&Edit::Insert {
        track: 0,
        time_ns: 250_000_000,
        value: Inserted::OnCurve,
    })
    .unwrap();
    assert_reads_back(&doc.save(), doc.clip());
    doc.undo();
    assert_eq!(doc.save(), converted.to_json());
}
