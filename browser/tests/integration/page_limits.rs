//! A robot's limits on the authors' page (issue #26, part 3): the velocity and
//! acceleration panels under each number track (the toggle), a limits file loaded through
//! its file input or typed, and the violations listed with exactly the lines
//! `arora-animation limits` prints for the same clip and limits — the command line's own
//! `run`, called here on the same files — and marked on the panels; a refused limits file
//! shows the command line's error and the page keeps working. Every test fails on console
//! errors.

use std::path::Path;

use arora_animation_cli::commands::limits::{Format, LimitsArgs, run};
use fantoccini::Locator;
use serde_json::Value as Json;

use crate::page::{FRAME_NS, write_clip};
use crate::page_support::{Page, example};

/// The arm's limits, tight enough for `wave.json` (0 → 90 → 0 over 1 s, a sine ease out of
/// the first keypoint) to break four of them; `face/*` is left out on purpose, so that the
/// face track is reported as named by no table.
const TIGHT: &str = "[\"arm/*\"]\nmin = -5\nmax = 80\nmax_velocity = 250\n\
                     max_acceleration = 1000\nmax_velocity_step = 100\n\n[\"light/*\"]\n";

/// What `arora-animation limits <clip> --limits <limits>` prints, status and lines, the
/// temporary directory's prefix taken off the file names (the page knows a file's name
/// only); a refused limits file as its error line.
fn command_line(clip: &Path, limits: &Path) -> Result<(u8, Vec<String>), String> {
    let args = LimitsArgs {
        files: vec![clip.to_path_buf()],
        limits: Some(limits.to_path_buf()),
        from: None,
        to: None,
        format: Format::Table,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let dir = format!("{}/", clip.parent().expect("a folder").display());
    let status = run(&args, &mut out, &mut err).map_err(|e| e.to_string().replace(&dir, ""))?;
    let text = String::from_utf8(out).expect("UTF-8").replace(&dir, "");
    let name = clip
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let lines = text
        .lines()
        .filter(|l| l.starts_with(&format!("{name}: track ")));
    Ok((status, lines.map(str::to_string).collect()))
}

/// Gives `file` to the limits file input and waits until the page has judged it.
fn load_limits(page: &Page, file: &Path) {
    let path = file.to_str().expect("a UTF-8 path");
    let browser = page.browser();
    browser
        .block_on(async {
            let input = browser.client().find(Locator::Css("#limits-file")).await?;
            input.send_keys(path).await
        })
        .unwrap_or_else(|e| panic!("choosing {path}: {e}"));
    page.wait_for("document.getElementById('limits').value !== ''");
}

/// Types `text` into the limits field, replacing what it held, key by key.
fn type_limits(page: &Page, text: &str) {
    let browser = page.browser();
    browser
        .block_on(async {
            let field = browser.client().find(Locator::Css("#limits")).await?;
            field.clear().await?;
            field.send_keys(text).await
        })
        .unwrap_or_else(|e| panic!("typing the limits: {e}"));
}

fn violations(page: &Page) -> Vec<String> {
    let items = page.script(
        "return [...document.querySelectorAll('#violations li')].map(li => li.textContent)",
    );
    let items = items.as_array().expect("a list").iter();
    items
        .map(|l| l.as_str().expect("text").to_string())
        .collect()
}

fn limits_error(page: &Page) -> String {
    let text = page.script("return document.getElementById('limits-error').textContent");
    text.as_str().expect("text").to_string()
}

fn panels(page: &Page) -> Vec<Json> {
    let panels = page.script("return window.__animation.panels()");
    panels.as_array().expect("panels").clone()
}

fn number(panel: &Json, key: &str) -> f64 {
    panel[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} of {panel}"))
}

#[test]
fn the_velocity_view_and_a_loaded_limits_file_list_what_the_command_line_prints() {
    let page = Page::open();
    let wave = example("wave.json");
    let clip = write_clip("wave.json", std::fs::read(&wave).expect("wave.json"));
    page.open_file(&clip);
    let before = panels(&page);
    assert_eq!(before.len(), 3, "arm, light, face");

    // The toggle: a velocity and an acceleration panel under the arm's, on its time axis.
    page.click("#derivatives");
    let shown = panels(&page);
    let kinds: Vec<&str> = shown.iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["number", "velocity", "acceleration", "boolean", "string"]
    );
    let (arm, velocity, acceleration) = (&shown[0], &shown[1], &shown[2]);
    assert!(number(velocity, "top") > number(arm, "top") + number(arm, "height"));
    assert!(number(acceleration, "top") > number(velocity, "top") + number(velocity, "height"));
    for p in [velocity, acceleration] {
        assert_eq!(p["target"], "arm/angle");
        for key in ["left", "width", "t0", "t1"] {
            assert_eq!(number(p, key), number(arm, key), "{key}");
        }
    }
    // The velocity axis holds the curve: the way down from 90 to 0 over 0.5 s averages
    // −180 units/s, so somewhere it is at least that fast and the axis reaches below −180.
    assert!(number(velocity, "v0") < -180.0 && number(velocity, "v1") > 180.0);

    // A limits file, loaded: the violations listed are the command line's lines, in order.
    let tight = write_clip("tight.toml", TIGHT);
    load_limits(&page, &tight);
    let (status, expected) = command_line(&clip, &tight).expect("the limits file reads");
    assert_eq!(status, 1);
    assert_eq!(violations(&page), expected);
    assert_eq!(limits_error(&page), "");
    // And the numbers are the clip's: its maximum is keypoint k500000000's 90 at 0.5 s, and
    // the face track's target is named by no table.
    assert!(expected.contains(
        &"wave.json: track \"arm\" (arm/angle): value 90 at 0.5 s exceeds max 80".to_string()
    ));
    assert!(expected.contains(
        &"wave.json: track \"face\" (face/expression): no table of tight.toml names this target"
            .to_string()
    ));
    let velocity_line = "wave.json: track \"arm\" (arm/angle): velocity ";
    assert!(expected.iter().any(|l| l.starts_with(velocity_line)));
    assert!(expected.len() >= 4, "{expected:#?}");

    // Marked on the curves: each violation on the panel of its quantity.
    let shown = panels(&page);
    let limits_on = |p: &Json| -> Vec<String> {
        let marks = p["marks"].as_array().expect("marks").iter();
        marks
            .map(|m| m["limit"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(limits_on(&shown[0]), ["max"]);
    assert!(limits_on(&shown[1]).contains(&"max_velocity".to_string()));
    assert_eq!(limits_on(&shown[2]), ["max_acceleration"]);
    assert_eq!(number(&shown[1], "high"), 250.0);
    assert_eq!(number(&shown[1], "low"), -250.0);
    assert_eq!(number(&shown[2], "high"), 1000.0);

    // The toggle off: the panels go, the list stays.
    page.click("#derivatives");
    assert_eq!(panels(&page).len(), 3);
    assert_eq!(violations(&page), expected);
    page.assert_no_errors();
}

#[test]
fn a_refused_limits_file_shows_the_command_lines_error_and_typed_limits_are_judged() {
    let page = Page::open();
    let clip = write_clip(
        "wave.json",
        std::fs::read(example("wave.json")).expect("wave.json"),
    );
    page.open_file(&clip);
    page.click("#derivatives");

    // Refused files: each shows the command line's error, and nothing is listed.
    let broken = [
        ("negative.toml", "[\"arm/*\"]\nmax_velocity = -1\n"),
        ("unknown.toml", "[\"arm/*\"]\nmax_speed = 3\n"),
        ("nothing.toml", "[\"arm/*\"]\n[\"leg/*\"]\nmax = 1\n"),
        ("syntax.toml", "[\"arm/*\"\nmax = 1\n"),
    ];
    for (name, text) in broken {
        let file = write_clip(name, text);
        load_limits(&page, &file);
        let error = command_line(&clip, &file).expect_err("the command line refuses it");
        assert!(error.starts_with(&format!("{name}:")), "{error}");
        assert_eq!(limits_error(&page), error, "{name}");
        assert_eq!(violations(&page), Vec::<String>::new(), "{name}");
    }

    // Typed limits the clip keeps: no error, nothing listed, as on the command line.
    type_limits(&page, "[\"*\"]\nmax = 1000\n");
    let typed = write_clip("limits.toml", "[\"*\"]\nmax = 1000\n");
    assert_eq!(command_line(&clip, &typed), Ok((0, Vec::new())));
    assert_eq!(limits_error(&page), "");
    assert_eq!(violations(&page), Vec::<String>::new());

    // Typed limits the clip breaks: the command line's lines for the same text.
    let text = "[\"*\"]\nmax_velocity = 100\n";
    type_limits(&page, text);
    let typed = write_clip("limits.toml", text);
    let (status, expected) = command_line(&clip, &typed).expect("the limits read");
    assert_eq!(status, 1);
    assert!(!expected.is_empty());
    assert_eq!(violations(&page), expected);

    // The page keeps working: it plays and draws.
    page.click("#play");
    page.step(3, FRAME_NS);
    assert_eq!(page.playhead_ns(), 3 * FRAME_NS as u64);
    assert_eq!(panels(&page).len(), 5);
    page.assert_no_errors();
}
