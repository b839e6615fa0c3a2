//! The page never loses an error (web/README.md, "Errors"): what throws in the animation
//! frame, while a file is read, a refused `create_player`, a file the device refuses — each
//! shown on the page, and the page still working afterwards. A failing device is made by
//! wrapping the page's own device (`window.__animation.device`, [`Page::fail_calls`]), so
//! everything else is the real page on the real guest.

use crate::page::{FRAME_NS, Mirror, play_both, step_and_compare, write_clip};
use crate::page_support::{Page, example};

/// A `load_clip` that throws, then one the device refuses: each shown where a refused
/// file is, nothing loaded, no console error nor unhandled rejection; then the same file
/// loads and plays as on the native device.
#[test]
fn a_load_that_throws_or_is_refused_is_shown_and_the_page_keeps_working() {
    refused_then_plays(
        &[
            (
                "load_clip",
                "throw new Error('the device is gone')",
                "wave.json: the device is gone",
            ),
            (
                "load_clip",
                "return { u32: 4294967295 }",
                "wave.json: refused by the device (load_clip answered u32::MAX)",
            ),
        ],
        "after the failed loads",
    );
}

/// `create_player` refused when the first file needs the page's player: shown, nothing
/// loaded; the next file asks again and plays as on the native device.
#[test]
fn a_refused_create_player_is_shown_and_asked_again() {
    refused_then_plays(
        &[(
            "create_player",
            "return { u32: 4294967295 }",
            "refused: create_player(\"page\") answered u32::MAX",
        )],
        "after the refused player",
    );
}

/// On a fresh page, `wave.json` opened once per `(call, failure, shown)`: with `call` made
/// to run `failure`, the page shows `shown` and loads nothing. Then the real device is back
/// and the file plays as natively, with no console error nor unhandled rejection.
fn refused_then_plays(failures: &[(&str, &str, &str)], when: &str) {
    let page = Page::open();
    for (call, failure, shown) in failures {
        page.fail_calls(call, failure);
        page.open_file(&example("wave.json"));
        assert_eq!(page.error_text(), *shown, "{call}: {failure}");
        assert_eq!(page.clip_count(), 0, "{call}: {failure}");
    }
    page.restore_device();
    plays_as_natively(&page, when);
    page.assert_no_errors();
}

/// A clip the engine accepts whose bake the device refuses: 2,000,000 s long, the page's
/// bake (at least one sample a second) needs more than 2^20 samples. The clip is loaded
/// and plays; the refusal is shown.
#[test]
fn a_file_whose_bake_the_device_refuses_is_shown_and_still_plays() {
    let page = Page::open();
    let long = "{\"lengthNs\": 2000000000000000, \"tracks\": [{\"id\": \"arm\", \"animatableId\": \
                \"arm/angle\", \"points\": [{\"id\": \"k0\", \"timeNs\": 0, \"value\": 0.5}]}]}";
    page.open_file(&write_clip("long.json", long));
    assert_eq!(page.clip_count(), 1);
    let bake = page.script("return document.getElementById('bake-error').textContent");
    assert_eq!(
        bake.as_str(),
        Some(
            "long.json: the device refused to bake it (bake answered none), so its curves \
             are not drawn"
        )
    );
    page.click("#play");
    page.step(3, FRAME_NS);
    assert_eq!(
        page.script("return window.__animation.values()").as_str(),
        Some("{\"arm/angle\":0.5}")
    );
    page.assert_no_errors();
}

/// On the real clock: `step_values` throwing inside the animation frame is shown, and the
/// frames keep coming; once the device answers again, the page plays on.
#[test]
fn a_throw_in_the_animation_frame_is_shown_and_the_loop_keeps_running() {
    let page = Page::open_at("index.html");
    page.open_file(&example("wave.json"));
    page.click("#play");
    page.fail_calls("step_values", "throw new Error('step_values failed')");
    page.wait_for("document.getElementById('page-error').textContent !== ''");
    assert_eq!(
        page.page_error(),
        "error in the animation frame: step_values failed"
    );
    let frames = page.script("return window.__animation.frames()").as_u64();
    page.wait_for(&format!(
        "window.__animation.frames() > {} + 5",
        frames.expect("a count")
    ));
    page.restore_device();
    let before = page.playhead_ns();
    page.wait_for(&format!(
        "document.getElementById('state').dataset.timeNs !== '{before}'"
    ));
    page.assert_no_errors();
}

/// `wave.json` opened, played 12 frames: every output and the playhead as on the native
/// device given the same calls.
fn plays_as_natively(page: &Page, when: &str) {
    let mut mirror = Mirror::new();
    page.open_file(&example("wave.json"));
    mirror.load(&example("wave.json"));
    assert_eq!(page.error_text(), "", "{when}");
    play_both(page, &mut mirror);
    step_and_compare(page, &mut mirror, 12, FRAME_NS, when);
}
