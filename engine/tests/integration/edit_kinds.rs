//! Every kind of edit (docs/curves.md §9.1) on a number, a boolean and a string track: what
//! it changes, to the bit, what it leaves alone, and the reasons it is refused.

use animation_engine::{
    Easing, Edit, EditRefused, EditedClip, Inserted, KeyValue, Move, Side, Transition,
};

use crate::edit_support::{at, open};

const CLIP: &str = r#"{"name":"kinds","tracks":[
 {"id":"arm","animatableId":"arm","points":[
  {"id":"a","timeNs":0,"value":0,"transitions":{"out":{"dtNs":250000000,"dv":1}}},
  {"id":"b","timeNs":1000000000,"value":10,"transitions":{"in":"sine","out":"explicit-handles"}},
  {"id":"c","timeNs":2000000000,"value":5}]},
 {"id":"led","animatableId":"led","points":[
  {"id":"off","timeNs":0,"value":false},{"id":"on","timeNs":500000000,"value":true}]},
 {"id":"face","animatableId":"face","points":[
  {"id":"k0","timeNs":0,"value":"idle"},{"id":"k1","timeNs":500000000,"value":"smile"}]}]}"#;

/// Applies `edit` to a fresh copy of [`CLIP`], which must accept it.
fn edited(edit: Edit) -> EditedClip {
    let mut doc = open(CLIP);
    doc.apply(&edit)
        .unwrap_or_else(|e| panic!("{edit:?} refused: {e}"));
    doc
}

/// The reason `edit` is refused on [`CLIP`], as the page would show it.
fn refusal(edit: Edit) -> String {
    match open(CLIP).apply(&edit) {
        Err(e) => e.to_string(),
        Ok(()) => panic!("{edit:?} was accepted"),
    }
}

/// Asserts that only keypoint `changed` of track 0 differs from the opened clip.
fn only_changed(doc: &EditedClip, changed: usize) {
    let (now, then) = (&doc.clip().tracks, &doc.opened().tracks);
    assert_eq!(now[1..], then[1..], "other tracks untouched");
    for (i, (k, was)) in now[0].keypoints.iter().zip(&then[0].keypoints).enumerate() {
        assert_eq!(i == changed, k != was, "keypoint {i}");
    }
}

#[test]
fn a_free_move_sets_time_and_value_and_carries_the_handles() {
    let to = Move::TimeAndValue {
        time_ns: 1_200_000_000,
        value: 12.5,
    };
    let doc = edited(Edit::Move { at: at(0, 1), to });
    only_changed(&doc, 1);
    let b = &doc.clip().tracks[0].keypoints[1];
    assert_eq!(
        (b.time_ns, &b.value),
        (1_200_000_000, &KeyValue::Number(12.5))
    );
    let sides = r#"{"id":"b","timeNs":1200000000,"value":12.5,"transitions":{"in":"sine","out":"explicit-handles"}}"#;
    assert!(doc.save().contains(sides), "{}", doc.save());
}

#[test]
fn a_locked_move_changes_only_its_own_coordinate() {
    let doc = edited(Edit::Move {
        at: at(0, 2),
        to: Move::Time {
            time_ns: 2_500_000_000,
        },
    });
    only_changed(&doc, 2);
    let c = &doc.clip().tracks[0].keypoints[2];
    assert_eq!(
        (c.time_ns, &c.value),
        (2_500_000_000, &KeyValue::Number(5.0))
    );
    let value = Move::Value(KeyValue::Number(-0.0));
    let doc = edited(Edit::Move {
        at: at(0, 2),
        to: value,
    });
    only_changed(&doc, 2);
    let c = &doc.clip().tracks[0].keypoints[2];
    assert_eq!(c.time_ns, 2_000_000_000);
    assert!(
        doc.save()
            .contains(r#"{"id":"c","timeNs":2000000000,"value":-0.0}"#)
    );
}

#[test]
fn a_handle_moves_where_the_side_has_one_and_nowhere_else() {
    let edit = Edit::MoveHandle {
        at: at(0, 0),
        side: Side::Leave,
        dt_ns: 3.5e8,
        dv: -2.25,
    };
    let doc = edited(edit);
    only_changed(&doc, 0);
    let moved = Some(Transition::Handle {
        dt_ns: 3.5e8,
        dv: -2.25,
    });
    assert_eq!(doc.clip().tracks[0].keypoints[0].leave, moved);
    let eased = Edit::MoveHandle {
        at: at(0, 1),
        side: Side::Arrive,
        dt_ns: -1.0,
        dv: 0.0,
    };
    assert_eq!(
        refusal(eased),
        "the arrive (in) side of keypoint \"b\" of track \"arm\" is sine, not a handle: make it a handle first"
    );
    let absent = Edit::MoveHandle {
        at: at(0, 2),
        side: Side::Leave,
        dt_ns: 1.0,
        dv: 0.0,
    };
    assert_eq!(
        refusal(absent),
        "the leave (out) side of keypoint \"c\" of track \"arm\" is absent (cubic), not a handle: make it a handle first"
    );
}

#[test]
fn every_transition_kind_can_be_set_on_either_side() {
    let names = Easing::ALL.map(Transition::Ease).into_iter();
    let kinds = names.chain([Transition::Inferred, Transition::InferredAutoClamped]);
    for (transition, side) in kinds.flat_map(|t| [(t, Side::Arrive), (t, Side::Leave)]) {
        let edit = Edit::SetTransition {
            at: at(0, 1),
            side,
            transition: Some(transition),
        };
        let doc = edited(edit);
        let b = &doc.clip().tracks[0].keypoints[1];
        let (arrive, leave) = match side {
            Side::Arrive => (Some(transition), Some(Transition::Inferred)),
            Side::Leave => (Some(Transition::Ease(Easing::Sine)), Some(transition)),
        };
        assert_eq!(
            (b.arrive, b.leave),
            (arrive, leave),
            "{transition:?} on {side}"
        );
    }
    let handle = Some(Transition::Handle {
        dt_ns: -4e8,
        dv: 0.5,
    });
    let doc = edited(Edit::SetTransition {
        at: at(0, 1),
        side: Side::Arrive,
        transition: handle,
    });
    let written = r#""transitions":{"in":{"dtNs":-400000000.0,"dv":0.5},"out":"explicit-handles"}"#;
    assert!(doc.save().contains(written), "{}", doc.save());
    let doc = edited(Edit::SetTransition {
        at: at(0, 1),
        side: Side::Leave,
        transition: None,
    });
    assert!(
        doc.save()
            .contains(r#"{"id":"b","timeNs":1000000000,"value":10.0,"transitions":{"in":"sine"}}"#)
    );
}

#[test]
fn a_keypoint_is_deleted_and_the_ones_after_it_move_up() {
    let doc = edited(Edit::Delete { at: at(0, 1) });
    let ids: Vec<&str> = doc.clip().tracks[0]
        .keypoints
        .iter()
        .map(|k| k.id.as_str())
        .collect();
    assert_eq!(ids, ["a", "c"]);
}

#[test]
fn a_boolean_change_moves_takes_a_value_is_added_and_deleted() {
    let doc = edited(Edit::Move {
        at: at(1, 1),
        to: Move::Time {
            time_ns: 700_000_000,
        },
    });
    assert_eq!(doc.clip().tracks[1].keypoints[1].time_ns, 700_000_000);
    let doc = edited(Edit::Move {
        at: at(1, 0),
        to: Move::Value(KeyValue::Boolean(true)),
    });
    assert_eq!(
        doc.clip().tracks[1].keypoints[0].value,
        KeyValue::Boolean(true)
    );
    let value = Inserted::Value(KeyValue::Boolean(false));
    let doc = edited(Edit::Insert {
        track: 1,
        time_ns: 900_000_000,
        value,
    });
    assert!(doc.save().contains(r#""points":[{"id":"off","timeNs":0,"value":false},{"id":"on","timeNs":500000000,"value":true},{"id":"k0","timeNs":900000000,"value":false}]"#));
    let doc = edited(Edit::Delete { at: at(1, 0) });
    assert_eq!(doc.clip().tracks[1].keypoints.len(), 1);
    assert_eq!(doc.clip().tracks[1].keypoints[0].id, "on");
}

#[test]
fn a_string_change_is_edited_added_with_a_fresh_id_and_deleted() {
    let text = Move::Value(KeyValue::Text("grin \"wide\"".to_string()));
    let doc = edited(Edit::Move {
        at: at(2, 1),
        to: text,
    });
    assert!(
        doc.save()
            .contains(r#"{"id":"k1","timeNs":500000000,"value":"grin \"wide\""}"#)
    );
    let value = Inserted::Value(KeyValue::Text("wink".to_string()));
    let mut doc = edited(Edit::Insert {
        track: 2,
        time_ns: 800_000_000,
        value: value.clone(),
    });
    doc.apply(&Edit::Insert {
        track: 2,
        time_ns: 900_000_000,
        value,
    })
    .expect("a second string change");
    let ids: Vec<&str> = doc.clip().tracks[2]
        .keypoints
        .iter()
        .map(|k| k.id.as_str())
        .collect();
    assert_eq!(ids, ["k0", "k1", "k2", "k3"]);
    doc.apply(&Edit::Delete { at: at(2, 0) }).expect("delete");
    assert_eq!(doc.clip().tracks[2].keypoints[0].id, "k1");
}

#[test]
fn a_value_of_another_kind_is_refused_with_the_engines_reason() {
    let text = Move::Value(KeyValue::Text("high".to_string()));
    assert_eq!(
        refusal(Edit::Move {
            at: at(0, 2),
            to: text
        }),
        "track \"arm\" mixes number and string keypoints: a track's keypoints are of one kind"
    );
    let number = Move::TimeAndValue {
        time_ns: 0,
        value: 1.0,
    };
    assert_eq!(
        refusal(Edit::Move {
            at: at(1, 1),
            to: number
        }),
        "track \"led\" mixes boolean and number keypoints: a track's keypoints are of one kind"
    );
    let nan = Edit::MoveHandle {
        at: at(0, 0),
        side: Side::Leave,
        dt_ns: f64::NAN,
        dv: 0.0,
    };
    assert_eq!(
        refusal(nan),
        "keypoint \"a\" of track \"arm\" carries a number that is not finite"
    );
}

#[test]
fn edits_that_name_nothing_or_a_step_tracks_transition_are_refused() {
    assert_eq!(
        refusal(Edit::Delete { at: at(3, 0) }),
        "the clip has no track 3: it has 3"
    );
    assert_eq!(
        refusal(Edit::Delete { at: at(0, 3) }),
        "track \"arm\" has no keypoint 3: it has 3"
    );
    let linear = Some(Transition::Ease(Easing::Linear));
    let edit = Edit::SetTransition {
        at: at(1, 0),
        side: Side::Leave,
        transition: linear,
    };
    assert_eq!(
        refusal(edit),
        "track \"led\" is a boolean track: it steps and plays no transitions"
    );
    let edit = Edit::MoveHandle {
        at: at(2, 0),
        side: Side::Leave,
        dt_ns: 1.0,
        dv: 1.0,
    };
    assert_eq!(
        refusal(edit),
        "track \"face\" is a string track: it steps and plays no transitions"
    );
    let refused = open(CLIP).apply(&Edit::Delete { at: at(9, 0) });
    assert_eq!(refused, Err(EditRefused::NoTrack { track: 9, count: 3 }));
}
