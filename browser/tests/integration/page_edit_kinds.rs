//! Every kind of edit on the authors' page — a handle dragged, a transition chosen from the
//! list, a keypoint added on the curve and one deleted, a boolean change moved, a string
//! change's value typed — each saved, read back by the command line's `check` and `bake`
//! (its own code, called as a library), and compared with the page's device's own bake of
//! the reloaded clip at 1,000 times; and an edit the engine refuses, shown with its reason
//! while the last valid clip keeps playing.

use animation_engine::{Edit, EditedClip, KeyValue, Transition};
use arora_animation_cli::commands::bake::{BakeArgs, BakeFormat, run};

use crate::page::{FRAME_NS, write_clip};
use crate::page_edit::{exact, opened, page_opening, panel, read_back, save, shown_name};
use crate::page_support::{DELETE, Page, SHIFT, example};

/// The bake's rate: 1,000 samples over a clip of one second, 1,001 over two seconds' half.
const RATE: f64 = 999.0;

/// How far the page's device may play a number from the command line's bake, as a share of
/// the track's largest magnitude: the fast solve's allowance (docs/curves.md §0). The device
/// is the guest run by Chromium's WebAssembly, which answers a few ulps from the native code
/// at some samples (a clip with handles: 4e-19 from 8.8e-4 measured); booleans and strings
/// are compared exactly.
const ALLOWANCE: f64 = 1e-12;

/// Saves, checks the document with `check`, bakes it with `bake` at [`RATE`] and compares
/// every sample with the page's device's bake of the clip it plays: numbers within
/// [`ALLOWANCE`], booleans and strings as they are. Answers the saved clip.
pub fn saved_plays_as_drawn(page: &Page, when: &str) -> animation_engine::Clip {
    let (name, text) = save(page);
    let clip = read_back(&text);
    let file = write_clip(&format!("{}-{name}", when.replace(' ', "-")), &text);
    let out = file.with_extension("csv");
    run(&BakeArgs {
        clip: file.clone(),
        rate: RATE,
        from: None,
        to: None,
        derivatives: false,
        format: BakeFormat::Csv,
        output: Some(out.clone()),
    })
    .unwrap_or_else(|e| panic!("{when}: bake refuses the saved document: {e}"));
    let csv = std::fs::read_to_string(&out).expect("the bake");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let device = page.script(&format!(
        "const b = window.__animation.bake(0, {RATE}); \
         return b.tracks.map(t => [t.target, t.values.map(String)])"
    ));
    let device = device.as_array().expect("tracks");
    assert_eq!(device.len(), header.len() - 1, "{when}: the tracks");
    assert!(rows.len() >= 1000, "{when}: {} samples", rows.len());
    for (column, track) in device.iter().enumerate() {
        let target = track[0].as_str().expect("a target");
        assert_eq!(header[column + 1], target, "{when}: track {column}");
        let values = track[1].as_array().expect("values");
        assert_eq!(values.len(), rows.len(), "{when}: samples of {target}");
        let scale = rows
            .iter()
            .filter_map(|row| row[column + 1].parse::<f64>().ok())
            .fold(f64::MIN_POSITIVE, |m, v| m.max(v.abs()));
        for (i, (row, value)) in rows.iter().zip(values).enumerate() {
            let (cli, page) = (row[column + 1], value.as_str().expect("text"));
            let same = match (cli.parse::<f64>(), page.parse::<f64>()) {
                (Ok(a), Ok(b)) => (a - b).abs() <= ALLOWANCE * scale,
                _ => cli == page,
            };
            assert!(
                same,
                "{when}: {target} sample {i}: bake {cli}, the device {page}"
            );
        }
    }
    clip
}

/// The viewport point of keypoint `index` of the track of `target`, as the page draws it
/// (a boolean or string change at mid-height).
pub fn keypoint_at(page: &Page, target: &str, time_ns: f64, value: Option<f64>) -> (f64, f64) {
    let (origin, p) = panel(page, target);
    let y = value.map_or(p.top + p.height / 2.0, |v| p.y(v));
    (origin.0 + p.x(time_ns), origin.1 + y)
}

#[test]
fn a_handle_dragged_saves_and_plays_as_the_command_line_bakes_it() {
    let page = Page::open();
    page.open_file(&example("handles.json"));
    // k1 (500 ms, 1): its arrive handle ends at (250 ms, 0.5).
    let end = keypoint_at(&page, "arm/elbow", 250e6, Some(0.5));
    let (_, p) = panel(&page, "arm/elbow");
    page.drag(end, &[(end.0 - 20.0, end.1 - 15.0)], None);
    assert_eq!(shown_name(&page), "handles.json *");
    let clip = saved_plays_as_drawn(&page, "handle");
    let Some(Transition::Handle { dt_ns, dv }) = clip.tracks[0].keypoints[1].arrive else {
        panic!("{:?}", clip.tracks[0].keypoints[1])
    };
    let ns_per_px = (p.t1 - p.t0) / p.width;
    let value_per_px = (p.v1 - p.v0) / p.height;
    assert!(
        (dt_ns - (-250e6 - 20.0 * ns_per_px)).abs() <= ns_per_px,
        "dtNs {dt_ns}"
    );
    assert!(
        (dv - (-0.5 + 15.0 * value_per_px)).abs() <= value_per_px,
        "dv {dv}"
    );
    let mut rest = clip.clone();
    rest.tracks[0].keypoints[1].arrive = opened("handles.json").tracks[0].keypoints[1].arrive;
    assert_eq!(
        exact(&rest),
        exact(&opened("handles.json")),
        "only that handle moved"
    );
    page.assert_no_errors();
}

#[test]
fn transitions_added_and_deleted_keypoints_and_changes_save_and_play_as_baked() {
    let (page, before) = page_opening("wave.json");

    // A click on k500000000 selects it; its leave side becomes `back` from the list.
    let k1 = keypoint_at(&page, "arm/angle", 500e6, Some(90.0));
    page.drag(k1, &[], None);
    page.choose("#edit-leave", "back");
    let clip = saved_plays_as_drawn(&page, "transition");
    let back = Transition::named("back");
    assert_eq!(
        clip.tracks[0].keypoints[1].leave, back,
        "the leave side is back"
    );

    // A double click at 250 ms adds a keypoint on the curve: its value is the value the
    // device played there before.
    let (origin, arm) = panel(&page, "arm/angle");
    let at_x = origin.0 + arm.x(250e6);
    page.double_click((at_x, origin.1 + arm.top + 4.0));
    let clip = saved_plays_as_drawn(&page, "add");
    assert_eq!(clip.tracks[0].keypoints.len(), 4, "a keypoint more");
    let added = &clip.tracks[0].keypoints[3];
    let time = added.time_ns;
    let ns_per_px = (arm.t1 - arm.t0) / arm.width;
    assert!(
        (time as f64 - 250e6).abs() <= ns_per_px,
        "added at {time} ns"
    );
    let mut expected = EditedClip::open(before.clone().validate().expect("valid"));
    let edit = format!(r#"{{"insert":{{"track":0,"timeNs":{time},"value":"onCurve"}}}}"#);
    expected.apply(&Edit::from_json(&edit).unwrap()).unwrap();
    expected
        .apply(&Edit::from_json(r#"{"setTransition":{"at":{"track":0,"keypoint":1},"side":"leave","transition":"back"}}"#).unwrap())
        .unwrap();
    let mut shown = clip.clone();
    shown.tracks[0].keypoints[1].leave = None;
    let mut engine = expected.clip().clone();
    engine.tracks[0].keypoints[1].leave = None;
    assert_eq!(
        exact(&shown),
        exact(&engine),
        "the page added what the engine adds on the curve"
    );

    // The added keypoint is selected: the Delete key deletes it.
    page.press(&[], DELETE);
    let clip = saved_plays_as_drawn(&page, "delete");
    assert_eq!(clip.tracks[0].keypoints.len(), 3, "deleted");

    // light's change at 250 ms dragged 30 px right: a boolean change moves in time only.
    let change = keypoint_at(&page, "light/on", 250e6, None);
    page.drag(change, &[(change.0 + 30.0, change.1 + 9.0)], None);
    let clip = saved_plays_as_drawn(&page, "boolean");
    let (_, light) = panel(&page, "light/on");
    let moved = clip.tracks[1].keypoints[1].time_ns as f64;
    let px = (light.t1 - light.t0) / light.width;
    assert!(
        (moved - (250e6 + 30.0 * px)).abs() <= px,
        "light's change at {moved} ns"
    );
    assert_eq!(clip.tracks[1].keypoints[1].value, KeyValue::Boolean(true));

    // face's change at 500 ms selected, its value typed.
    let face = keypoint_at(&page, "face/expression", 500e6, None);
    page.drag(face, &[], None);
    page.enter("#edit-value", "wink");
    let clip = saved_plays_as_drawn(&page, "string");
    assert_eq!(
        clip.tracks[2].keypoints[1].value,
        KeyValue::Text("wink".into())
    );

    // Undo every edit with the button: exactly the clip opened; redo every one: exactly
    // the clip edited.
    let all = |button: &str| {
        let mut clicks = 0;
        let disabled = format!("return document.querySelector('{button}').disabled");
        while page.script(&disabled) == false {
            page.click(button);
            clicks += 1;
        }
        clicks
    };
    for (button, saved, what) in [
        ("#undo", &before, "undone: the clip opened"),
        ("#redo", &clip, "redone: the clip edited"),
    ] {
        assert_eq!(all(button), 5, "five edits to {button}");
        let (_, text) = save(&page);
        assert_eq!(exact(&read_back(&text)), exact(saved), "{what}");
    }
    assert_eq!(
        page.script("return document.getElementById('edit-error').textContent"),
        ""
    );
    page.assert_no_errors();
}

#[test]
fn a_refused_edit_shows_the_engines_reason_and_the_last_clip_keeps_playing() {
    let page = Page::open();
    page.open_file(&example("wave.json"));
    page.click("#play");
    page.step(3, 100_000_000);
    // A number typed as light's change at 250 ms: a track of one kind, refused.
    let change = keypoint_at(&page, "light/on", 250e6, None);
    page.drag(change, &[], None);
    page.enter("#edit-value", "1");
    let mut engine = EditedClip::open(opened("wave.json").validate().expect("valid"));
    let edit = r#"{"move":{"at":{"track":1,"keypoint":1},"to":{"value":1}}}"#;
    let reason = engine
        .apply(&Edit::from_json(edit).unwrap())
        .unwrap_err()
        .to_string();
    assert_eq!(
        reason,
        "track \"light\" mixes boolean and number keypoints: a track's keypoints are of one kind"
    );
    let shown = page.script("return document.getElementById('edit-error').textContent");
    assert_eq!(shown, reason.as_str(), "the engine's reason, shown");
    assert_eq!(shown_name(&page), "wave.json", "nothing changed: clean");
    // Still playing the clip opened: 0.3 s on, 0.1 s more puts light on (true from 250 ms
    // to 750 ms) and the saved document is the opened one.
    page.step(1, 100_000_000);
    let light = page
        .outputs()
        .into_iter()
        .find(|r| r.key == "light/on")
        .expect("light");
    assert_eq!(light.shown, "true");
    assert_eq!(page.playhead_ns(), 400_000_000, "still playing");
    let state = page.script("return document.getElementById('state').textContent");
    assert!(state.as_str().unwrap().starts_with("playing"), "{state}");
    let (_, text) = save(&page);
    assert_eq!(exact(&read_back(&text)), exact(&opened("wave.json")));
    assert_eq!(page.page_error(), "");
    page.assert_no_errors();
}

#[test]
fn shift_locks_a_drag_to_time_or_value_and_snapping_puts_times_on_frames() {
    let (page, before) = page_opening("wave.json");
    page.click("#snap");
    page.enter("#fps", "10");
    // Mostly sideways with shift: time only, snapped to a whole frame of 100 ms.
    let k1 = keypoint_at(&page, "arm/angle", 500e6, Some(90.0));
    let (_, arm) = panel(&page, "arm/angle");
    let ns_per_px = (arm.t1 - arm.t0) / arm.width;
    page.drag(k1, &[(k1.0 + 37.0, k1.1 + 6.0)], Some(SHIFT));
    let clip = saved_plays_as_drawn(&page, "time locked");
    let moved = &clip.tracks[0].keypoints[1];
    let frame = ((500e6 + 37.0 * ns_per_px) / 1e8).round() as i64 * 100_000_000;
    assert_eq!(moved.time_ns, frame, "on the nearest frame");
    assert_eq!(
        moved.value, before.tracks[0].keypoints[1].value,
        "the value locked"
    );
    assert_ne!(moved.time_ns, 500_000_000, "it moved");

    // Mostly up with shift: value only, the time kept.
    let k1 = keypoint_at(&page, "arm/angle", frame as f64, Some(90.0));
    let (_, arm) = panel(&page, "arm/angle");
    let value_per_px = (arm.v1 - arm.v0) / arm.height;
    page.drag(k1, &[(k1.0 + 5.0, k1.1 - 20.0)], Some(SHIFT));
    let clip = saved_plays_as_drawn(&page, "value locked");
    let moved = &clip.tracks[0].keypoints[1];
    assert_eq!(moved.time_ns, frame, "the time locked");
    let KeyValue::Number(v) = moved.value else {
        panic!("{moved:?}")
    };
    assert!(
        (v - (90.0 + 20.0 * value_per_px)).abs() <= value_per_px,
        "value {v}"
    );
    page.assert_no_errors();
}

/// Limits the opened wave keeps (its arm peaks at 90) and a drag up breaks.
const CEILING: &str = "[\"arm/*\"]\nmax = 100\n\n[\"light/*\"]\n\n[\"face/*\"]\n";

#[test]
fn the_limits_follow_a_drag_and_the_editor_is_pictured() {
    let page = Page::open();
    page.open_file(&example("wave.json"));
    page.click("#derivatives");
    page.slide("#limits", CEILING);
    let listed = || {
        let lines = page.script(
            "return [...document.querySelectorAll('#violations li')].map(li => li.textContent)",
        );
        let lines = lines.as_array().expect("lines").clone();
        lines
            .iter()
            .map(|l| l.as_str().expect("text").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        listed(),
        Vec::<String>::new(),
        "the opened clip keeps its limits"
    );
    let k1 = keypoint_at(&page, "arm/angle", 500e6, Some(90.0));
    let (_, arm) = panel(&page, "arm/angle");
    let up = 20.0 / ((arm.v1 - arm.v0) / arm.height);
    page.drag(k1, &[(k1.0, k1.1 - up.ceil())], None);
    let lines = listed();
    assert!(!lines.is_empty(), "a drag 20 above the ceiling breaks it");
    assert!(
        lines.iter().all(|l| l.contains("arm/angle")),
        "only the arm breaks: {lines:?}"
    );
    // EDITOR_SCREENSHOT=<png> pictures the editor in this state (docs/images/editor.png).
    if let Some(path) = std::env::var_os("EDITOR_SCREENSHOT") {
        page.click("#play");
        page.step(27, FRAME_NS);
        page.browser()
            .block_on(page.browser().client().set_window_size(1280, 1500))
            .expect("a taller window");
        page.script("window.scrollTo(0, 0)");
        let png = page.browser().screenshot().expect("a screenshot");
        std::fs::write(path, png).expect("the screenshot written");
    }
    page.assert_no_errors();
}
