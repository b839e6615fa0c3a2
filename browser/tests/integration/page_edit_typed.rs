//! The rest of editing on the authors' page: a keypoint's time typed exactly, a change
//! added on a string and on a boolean track (a double click) and deleted with the delete
//! button, and leaving the page with unsaved edits asking first — each saved document read
//! back by `check` and compared with the device's bake as page_edit_kinds.rs does.

use animation_engine::KeyValue;

use crate::page_edit::{exact, page_opening, panel, save, shown_name};
use crate::page_edit_kinds::{keypoint_at, saved_plays_as_drawn};
use crate::page_support::Page;

#[test]
fn a_typed_time_moves_a_keypoint_exactly_and_changes_are_added_and_deleted() {
    let (page, before) = page_opening("wave.json");

    // arm's keypoint at 500 ms selected, 400 typed as its time in ms.
    let k1 = keypoint_at(&page, "arm/angle", 500e6, Some(90.0));
    page.drag(k1, &[], None);
    page.enter("#edit-time", "400");
    let clip = saved_plays_as_drawn(&page, "typed time");
    let mut expected = before.clone();
    expected.tracks[0].keypoints[1].time_ns = 400_000_000;
    assert_eq!(
        exact(&clip),
        exact(&expected),
        "only the time moved, to 400 ms"
    );

    // On face (string) at 750 ms and light (boolean) at 500 ms, away from their changes: a
    // double click adds a change holding the value played there; the delete button takes
    // it away again.
    for (track, target, at_ns, held) in [
        (2, "face/expression", 750e6, KeyValue::Text("smile".into())),
        (1, "light/on", 500e6, KeyValue::Boolean(true)),
    ] {
        let (origin, p) = panel(&page, target);
        let (x, y) = (origin.0 + p.x(at_ns), origin.1 + p.top + p.height / 4.0);
        page.double_click((x, y));
        let added = saved_plays_as_drawn(&page, &format!("{} added", target.replace('/', "-")));
        let keys = &added.tracks[track].keypoints;
        assert_eq!(
            keys.len(),
            expected.tracks[track].keypoints.len() + 1,
            "{target}"
        );
        let new = keys.last().expect("the added change");
        let ns_per_px = (p.t1 - p.t0) / p.width;
        assert!(
            (new.time_ns as f64 - at_ns).abs() <= ns_per_px,
            "{target}: added at {} ns",
            new.time_ns
        );
        assert_eq!(new.value, held, "{target}: the value played at {at_ns} ns");

        page.click("#edit-delete");
        let deleted = saved_plays_as_drawn(&page, &format!("{} deleted", target.replace('/', "-")));
        assert_eq!(exact(&deleted), exact(&expected), "{target}: deleted again");
    }
    assert_eq!(
        page.script("return document.getElementById('edit-error').textContent"),
        ""
    );
    page.assert_no_errors();
}

/// Whether leaving the page now would ask first: a `beforeunload` event, cancelable as the
/// browser's is, dispatched to the page and prevented by it.
fn leaving_asks(page: &Page) -> bool {
    let asked = page.script(
        "const leaving = new Event('beforeunload', { cancelable: true }); \
         window.dispatchEvent(leaving); return leaving.defaultPrevented",
    );
    asked.as_bool().expect("a boolean")
}

#[test]
fn leaving_with_unsaved_edits_asks_first_and_not_once_saved() {
    let (page, _) = page_opening("wave.json");
    assert_eq!(shown_name(&page), "wave.json");
    assert!(!leaving_asks(&page), "nothing edited: the page lets go");

    let k1 = keypoint_at(&page, "arm/angle", 500e6, Some(90.0));
    page.drag(k1, &[], None);
    page.enter("#edit-time", "450");
    assert_eq!(shown_name(&page), "wave.json *");
    assert!(leaving_asks(&page), "an unsaved edit: the page asks first");

    save(&page);
    assert_eq!(shown_name(&page), "wave.json");
    assert!(!leaving_asks(&page), "saved: the page lets go");
    page.assert_no_errors();
}
