//! An edit's JSON form (docs/curves.md §9.1): every variant read from the text a page sends,
//! numbers correctly rounded, and a text that is not an edit refused with the reader's reason.

use animation_engine::{Easing, Edit, EditRefused, Inserted, KeyValue, Move, Side, Transition};

use crate::edit_support::at;

fn read(text: &str) -> Edit {
    Edit::from_json(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The keypoint every edit below names: `"at":{"track":0,"keypoint":1}`.
const AT: &str = r#""at":{"track":0,"keypoint":1}"#;

/// Each text reads as its edit.
fn assert_reads<const N: usize>(cases: [(String, Edit); N]) {
    for (text, edit) in cases {
        assert_eq!(read(&text), edit, "{text}");
    }
}

#[test]
fn every_move_reads_from_its_json_form() {
    let b = AT;
    assert_reads([
        (
            format!(r#"{{"move":{{{b},"to":{{"timeAndValue":{{"timeNs":-7,"value":2.5}}}}}}}}"#),
            Edit::Move {
                at: at(0, 1),
                to: Move::TimeAndValue {
                    time_ns: -7,
                    value: 2.5,
                },
            },
        ),
        (
            format!(r#"{{"move":{{{b},"to":{{"time":{{"timeNs":9007199254740993}}}}}}}}"#),
            Edit::Move {
                at: at(0, 1),
                to: Move::Time {
                    time_ns: 9_007_199_254_740_993,
                },
            },
        ),
        (
            format!(r#"{{"move":{{{b},"to":{{"value":"smile"}}}}}}"#),
            Edit::Move {
                at: at(0, 1),
                to: Move::Value(KeyValue::Text("smile".to_string())),
            },
        ),
        (
            format!(r#"{{"moveHandle":{{{b},"side":"leave","dtNs":1e8,"dv":-0.0}}}}"#),
            Edit::MoveHandle {
                at: at(0, 1),
                side: Side::Leave,
                dt_ns: 1e8,
                dv: -0.0,
            },
        ),
    ]);
}

#[test]
fn every_transition_setting_reads_from_its_json_form() {
    let b = AT;
    assert_reads([
        (
            format!(r#"{{"setTransition":{{{b},"side":"arrive","transition":"back"}}}}"#),
            Edit::SetTransition {
                at: at(0, 1),
                side: Side::Arrive,
                transition: Some(Transition::Ease(Easing::Back)),
            },
        ),
        (
            format!(
                r#"{{"setTransition":{{{b},"side":"leave","transition":{{"dtNs":5,"dv":1}}}}}}"#
            ),
            Edit::SetTransition {
                at: at(0, 1),
                side: Side::Leave,
                transition: Some(Transition::Handle {
                    dt_ns: 5.0,
                    dv: 1.0,
                }),
            },
        ),
        (
            format!(r#"{{"setTransition":{{{b},"side":"leave","transition":null}}}}"#),
            Edit::SetTransition {
                at: at(0, 1),
                side: Side::Leave,
                transition: None,
            },
        ),
    ]);
}

#[test]
fn inserts_and_deletes_read_from_their_json_form() {
    let b = AT;
    assert_reads([
        (
            r#"{"insert":{"track":2,"timeNs":40,"value":"onCurve"}}"#.to_string(),
            Edit::Insert {
                track: 2,
                time_ns: 40,
                value: Inserted::OnCurve,
            },
        ),
        (
            r#"{"insert":{"track":2,"timeNs":40,"value":{"value":true}}}"#.to_string(),
            Edit::Insert {
                track: 2,
                time_ns: 40,
                value: Inserted::Value(KeyValue::Boolean(true)),
            },
        ),
        (
            format!(r#"{{"delete":{{{b}}}}}"#),
            Edit::Delete { at: at(0, 1) },
        ),
    ]);
}

#[test]
fn numbers_read_correctly_rounded_as_in_a_clip_document() {
    // serde_json's own conversion reads 0.9999999999999999 as 1.0; the nearest double is
    // 0x3fefffffffffffff (Python: float("0.9999999999999999").hex()).
    let text = r#"{"moveHandle":{"at":{"track":0,"keypoint":0},"side":"arrive","dtNs":0.9999999999999999,"dv":0.9999999999999999}}"#;
    let Edit::MoveHandle { dt_ns, dv, .. } = read(text) else {
        panic!("a handle move")
    };
    assert_eq!(
        (dt_ns.to_bits(), dv.to_bits()),
        (0x3fef_ffff_ffff_ffff, 0x3fef_ffff_ffff_ffff)
    );
    let text = r#"{"move":{"at":{"track":0,"keypoint":0},"to":{"value":0.9999999999999999}}}"#;
    let Edit::Move {
        to: Move::Value(KeyValue::Number(v)),
        ..
    } = read(text)
    else {
        panic!("a value move")
    };
    assert_eq!(v.to_bits(), 0x3fef_ffff_ffff_ffff);
}

#[test]
fn a_text_that_is_not_an_edit_is_refused_with_the_readers_reason() {
    let refused = |text: &str| match Edit::from_json(text) {
        Err(EditRefused::NotAnEdit(reason)) => format!("not an edit: {reason}"),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        refused(r#"{"nudge":{}}"#),
        "not an edit: unknown variant `nudge`, expected one of `move`, `moveHandle`, \
         `setTransition`, `insert`, `delete` at line 1 column 8"
    );
    assert_eq!(
        refused(r#"{"delete":{"at":{"track":0,"keypoint":1,"kp":2}}}"#),
        "not an edit: unknown field `kp`, expected `track` or `keypoint` at line 1 column 44"
    );
    assert_eq!(
        refused(r#"{"delete":{"at":{"track":-1,"keypoint":1}}}"#),
        "not an edit: invalid value: integer `-1`, expected usize at line 1 column 27"
    );
    let message = EditRefused::NotAnEdit("x".to_string()).to_string();
    assert_eq!(message, "not an edit: x");
}
