//! Editing a clip on the authors' page (web/page/editor.js, the engine's editor compiled to
//! wasm), driven as a person edits: real pointer drags on the curves, clicks, keyboard
//! shortcuts, values typed into fields. What the page then plays and saves is checked
//! against the engine read another way: the saved document read back by the engine's reader
//! (the code `arora-animation check` runs), each keypoint compared with the clip opened bit
//! for bit, and the device's own output at the moved keypoint's time.

use animation_engine::{Clip, KeyValue, Keypoint};

use crate::page::{FRAME_NS, Panel};
use crate::page_support::{CONTROL, Page, SHIFT, example};

/// Where the page draws: the canvas's viewport origin and the panel of `target`, the page
/// scrolled so that the panel is in view (a drag must stay inside the viewport).
pub fn panel(page: &Page, target: &str) -> ((f64, f64), Panel) {
    let panels = page.script("return window.__animation.panels()");
    let found = panels
        .as_array()
        .expect("panels")
        .iter()
        .map(Panel::read)
        .find(|p| p.target == target)
        .unwrap_or_else(|| panic!("no panel of {target}"));
    let origin = page.script(&format!(
        "const canvas = document.getElementById('curves'); \
         window.scrollTo(0, Math.max(0, canvas.getBoundingClientRect().top + window.scrollY + {} - 150)); \
         const r = canvas.getBoundingClientRect(); return [r.left, r.top]",
        found.top
    ));
    let origin = (origin[0].as_f64().unwrap(), origin[1].as_f64().unwrap());
    (origin, found)
}

/// Clicks Save and answers the document the page wrote (`window.__animation.saved()`):
/// its file name and text.
pub fn save(page: &Page) -> (String, String) {
    page.click("#save");
    let saved = page.script("return window.__animation.saved()");
    (
        saved["name"].as_str().expect("a name").to_string(),
        saved["text"].as_str().expect("a text").to_string(),
    )
}

/// A saved document read back by the engine's reader — the code `check` runs — as a clip.
pub fn read_back(text: &str) -> Clip {
    let read =
        arora_animation_cli::commands::check::check_text(std::path::Path::new("saved.json"), text);
    assert!(
        read.is_ok(),
        "check refuses the saved document: {:?}",
        read.err()
    );
    Clip::from_json(text)
        .unwrap_or_else(|e| panic!("the saved document: {e}"))
        .into_clip()
}

/// The clip in a form equal exactly when every field is bit for bit equal: Rust's `Debug`
/// writes each f64 in its shortest round-trip form, −0.0 apart from 0.0.
pub fn exact(clip: &Clip) -> String {
    format!("{clip:?}")
}

/// The example clip `name` as the engine reads it.
pub fn opened(name: &str) -> Clip {
    let text = std::fs::read_to_string(example(name)).expect("the example");
    Clip::from_json(&text).expect("a valid clip").into_clip()
}

/// A fresh page with the example clip `name` opened, and that clip as the engine reads it:
/// what the page's edits start from.
pub fn page_opening(name: &str) -> (Page, Clip) {
    let page = Page::open();
    page.open_file(&example(name));
    (page, opened(name))
}

/// The document's name as the editor shows it (`wave.json *` when dirty).
pub fn shown_name(page: &Page) -> String {
    let shown = page.script("return document.getElementById('edit-name').textContent");
    shown.as_str().expect("text").to_string()
}

/// Plays nothing and asks the device: the value of output `key` after a seek to `time_ns`
/// (typed into "seek to", in ms) and a step of 0 ns, as the page shows it.
pub fn device_value_at(page: &Page, key: &str, time_ns: i64) -> String {
    page.enter("#seek-ms", &format!("{}", time_ns as f64 / 1e6));
    page.step(1, 0);
    assert_eq!(
        page.playhead_ns(),
        time_ns as u64,
        "the seek to {time_ns} ns"
    );
    let rows = page.outputs();
    let row = rows
        .iter()
        .find(|r| r.key == key)
        .unwrap_or_else(|| panic!("no output {key}"));
    row.shown.clone()
}

fn number(k: &Keypoint) -> f64 {
    match k.value {
        KeyValue::Number(x) => x,
        ref other => panic!("{other:?} is not a number"),
    }
}

/// The clip with keypoint `index` of track `track` left out: what must not change.
fn without(clip: &Clip, track: usize, index: usize) -> String {
    let mut rest = clip.clone();
    rest.tracks[track].keypoints.remove(index);
    exact(&rest)
}

#[test]
fn a_dragged_keypoint_moves_by_the_pixels_and_undo_redo_give_back_each_clip_exactly() {
    let page = Page::open();
    page.open_file(&example("wave.json"));
    page.step(1, FRAME_NS);
    assert_eq!(shown_name(&page), "wave.json", "opened clean");
    let (origin, arm) = panel(&page, "arm/angle");
    let key = (origin.0 + arm.x(500_000_000.0), origin.1 + arm.y(90.0));
    let (dx, dy) = (40.0, 25.0);
    page.drag(
        key,
        &[(key.0 + 10.0, key.1 + 4.0), (key.0 + dx, key.1 + dy)],
        None,
    );
    assert_eq!(shown_name(&page), "wave.json *", "dirty after the drag");
    assert_eq!(
        page.script("return document.getElementById('edit-error').textContent"),
        ""
    );

    let (name, text) = save(&page);
    assert_eq!(name, "wave.json");
    assert_eq!(shown_name(&page), "wave.json", "clean once saved");
    let edited = read_back(&text);
    let before = opened("wave.json");
    // The pointer went down and up on whole pixels (rounded alike), so it moved exactly
    // (dx, dy); one pixel's worth is the panel's scale.
    let ns_per_px = (arm.t1 - arm.t0) / arm.width;
    let value_per_px = (arm.v1 - arm.v0) / arm.height;
    let moved = &edited.tracks[0].keypoints[1];
    let time = moved.time_ns as f64;
    let expected_time = 500_000_000.0 + dx * ns_per_px;
    assert!(
        (time - expected_time).abs() <= ns_per_px,
        "moved to {time} ns, {dx} px is {expected_time} ns (one pixel: {ns_per_px} ns)"
    );
    let value = number(moved);
    let expected_value = 90.0 - dy * value_per_px;
    assert!(
        (value - expected_value).abs() <= value_per_px,
        "moved to {value}, {dy} px down is {expected_value} (one pixel: {value_per_px})"
    );
    assert!(
        time > 500_000_000.0 && value < 90.0,
        "it moved right and down"
    );
    assert_eq!(
        without(&edited, 0, 1),
        without(&before, 0, 1),
        "every other keypoint, track and field is bit for bit the opened clip's"
    );
    let shown = device_value_at(&page, "arm/angle", moved.time_ns);
    let played: f64 = shown.parse().expect("a number");
    assert_eq!(
        played.to_bits(),
        value.to_bits(),
        "step_values at {time} ns plays {played}, the keypoint is {value}"
    );
    assert_eq!(shown_name(&page), "wave.json", "previewing leaves it clean");

    // One undo takes back the whole drag; the document is then the one opened.
    page.press(&[CONTROL], 'z');
    assert_eq!(
        shown_name(&page),
        "wave.json *",
        "undone after a save: differs from it"
    );
    let (_, undone) = save(&page);
    assert_eq!(
        exact(&read_back(&undone)),
        exact(&before),
        "undo gives back the opened clip"
    );
    page.press(&[CONTROL, SHIFT], 'z');
    let (_, redone) = save(&page);
    assert_eq!(
        exact(&read_back(&redone)),
        exact(&edited),
        "redo gives back the edited clip"
    );
    assert_eq!(page.page_error(), "");
    page.assert_no_errors();
}

#[test]
fn previewing_leaves_the_document_clean_and_a_1x_file_saves_as_convert_writes_it() {
    let page = Page::open();
    page.open_file(&example("wave.json"));
    page.open_file(&example("nod_v1.json"));
    // Play, scrub, speed, loop and window: preview only.
    page.click("#play");
    page.step(10, FRAME_NS);
    page.slide("#playhead", "300000000");
    page.enter("#speed", "-1.5");
    page.choose("#loop", "bounce");
    page.enter("#window-start", "100");
    page.click("#window-apply");
    page.step(30, FRAME_NS);
    // A press on the curves away from every keypoint scrubs, and edits nothing.
    let (origin, arm) = panel(&page, "arm/angle");
    let empty = (origin.0 + arm.x(750e6), origin.1 + arm.top + 3.0);
    page.drag(empty, &[(empty.0 + 30.0, empty.1)], None);
    assert_eq!(page.notice(), "", "every control accepted");
    for i in 0..2 {
        let document = page.script(&format!("return window.__animation.document({i})"));
        assert_eq!(
            document["dirty"], false,
            "clip {i} is clean after previewing"
        );
    }
    assert!(
        !page
            .script("return document.getElementById('clips').textContent")
            .as_str()
            .unwrap()
            .contains('*')
    );
    assert_eq!(shown_name(&page), "wave.json");
    let (name, text) = save(&page);
    assert_eq!(name, "wave.json");
    assert_eq!(
        exact(&read_back(&text)),
        exact(&opened("wave.json")),
        "saves the clip opened"
    );

    // The 1.x file: selected by a click on its curve's first keypoint, saved as 2.0 exactly
    // as `arora-animation convert` writes it.
    let v1 = std::fs::read_to_string(example("nod_v1.json")).expect("the example");
    let converted = arora_animation_cli::commands::convert::convert_text("nod_v1.json", &v1)
        .unwrap_or_else(|e| panic!("convert: {e}"));
    let first = read_back(&converted).tracks[0].clone();
    let (origin, head) = panel(&page, &first.target);
    let KeyValue::Number(v) = first.keypoints[0].value else {
        panic!("{first:?}")
    };
    let at = (
        origin.0 + head.x(first.keypoints[0].time_ns as f64),
        origin.1 + head.y(v),
    );
    page.drag(at, &[], None);
    assert_eq!(shown_name(&page), "nod_v1.json");
    let (name, text) = save(&page);
    assert_eq!(name, "nod_v1.json");
    assert_eq!(text, converted, "the 1.x file saved as convert writes it");
    page.assert_no_errors();
}
