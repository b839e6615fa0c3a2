//! The authors' page (web/page/) used as a person uses it, in headless Chromium over
//! WebDriver: clip files through the file input, its buttons and fields, and what it then
//! shows — output values, the playhead, refusals, the curves' pixels — checked against the
//! native device's answers to the same calls (web/README.md, "What the page calls").
//!
//! Every test fails on a console error, an uncaught exception or a failed request. A
//! missing Chromium, chromedriver, wasm-bindgen CLI or wasm target fails the test with
//! what to install (arora-animation-browser), never skips it.

use std::path::PathBuf;

use arora_animation_module::client::{DeviceSpan, LoopMode, TimelinePosition};
use arora_animation_test_support::random::{RngExt, seeded};
use arora_types::value::Value;

use crate::page_support::{Native, Page, assert_shows_within, example};
use crate::support::clips;

pub const FRAME_NS: i64 = 16_666_667;
const MS: i64 = 1_000_000;

/// The page's session mirrored on the native device: its player, created and paused when
/// the page starts, and one instance of weight 1 per clip loaded.
pub struct Mirror {
    pub native: Native,
    pub player: arora_animation_module::client::PlayerId,
    instances: Vec<arora_animation_module::client::InstanceId>,
}

impl Mirror {
    pub fn new() -> Mirror {
        let mut native = Native::open();
        let mut client = native.client();
        let player = client
            .create_player(Some("page"))
            .unwrap()
            .expect("a player");
        client.pause(player).unwrap().expect("paused");
        drop(client);
        Mirror {
            native,
            player,
            instances: vec![],
        }
    }

    pub fn load(&mut self, file: &std::path::Path) {
        self.load_record(&Native::clip(file));
    }

    /// A `Clip` record, as the page loads one: `load_clip`, then an instance of weight 1.
    pub fn load_record(&mut self, clip: &arora_animation_module::Clip) {
        let player = self.player;
        let mut client = self.native.client();
        let anim = client.load_clip(clip).unwrap().expect("loaded");
        let instance = client
            .add_instance_with_weight(player, anim, 1.0)
            .unwrap()
            .expect("added");
        self.instances.push(instance);
    }

    /// A 1.x example, as the page loads it: `load_animation`, then an instance of weight 1.
    fn load_v1(&mut self, name: &str) {
        let clip = clips::animation_clip(name);
        let player = self.player;
        let mut client = self.native.client();
        let anim = client.load_animation(&clip).unwrap().expect("loaded");
        let instance = client
            .add_instance_with_weight(player, anim, 1.0)
            .unwrap()
            .expect("added");
        self.instances.push(instance);
    }

    /// `frames` steps of `dt_ns`: the last step's values and the output keys.
    fn step(&mut self, frames: u32, dt_ns: i64) -> (Vec<String>, Value) {
        let mut client = self.native.client();
        let mut last = None;
        for _ in 0..frames {
            last = Some(
                client
                    .step_values(DeviceSpan::from_ns(dt_ns), None)
                    .unwrap(),
            );
        }
        let keys = client.output_keys().unwrap().keys;
        (keys, last.expect("at least one step").values)
    }

    fn playhead_ns(&mut self) -> u64 {
        let player = self.player.raw();
        let states = self.native.client().player_states().unwrap();
        states
            .iter()
            .find(|s| s.player == player)
            .expect("the player")
            .time_ns
    }
}

/// Clicks the page's play button and plays the mirror's player on the native device: the
/// same command on both sides.
pub fn play_both(page: &Page, mirror: &mut Mirror) {
    page.click("#play");
    let player = mirror.player;
    let played = mirror.native.client().play(player).unwrap();
    played.expect("playing");
}

/// Steps the page and the native device alike and checks that the page shows the native
/// answer: every output and the playhead.
pub fn step_and_compare(page: &Page, mirror: &mut Mirror, frames: u32, dt_ns: i64, when: &str) {
    step_and_compare_within(page, mirror, frames, dt_ns, when, 0);
}

/// As [`step_and_compare`], each f64 within `ulps` units in the last place of the native one.
pub fn step_and_compare_within(
    page: &Page,
    mirror: &mut Mirror,
    frames: u32,
    dt_ns: i64,
    when: &str,
    ulps: u64,
) {
    page.step(frames, dt_ns);
    let (keys, values) = mirror.step(frames, dt_ns);
    assert_shows_within(&page.outputs(), &keys, &values, when, ulps);
    assert_eq!(
        page.playhead_ns(),
        mirror.playhead_ns(),
        "{when}: the playhead"
    );
    assert_eq!(page.notice(), "", "{when}: no control was refused");
}

#[test]
fn wave_plays_on_the_page_as_on_the_native_device() {
    let page = Page::open();
    let mut mirror = Mirror::new();
    let player = mirror.player;

    page.open_file(&example("wave.json"));
    assert_eq!(page.error_text(), "");
    assert_eq!(page.clip_count(), 1);
    mirror.load(&example("wave.json"));

    play_both(&page, &mut mirror);
    step_and_compare(&page, &mut mirror, 30, FRAME_NS, "30 frames played");

    page.enter("#seek-ms", "250");
    page.enter("#speed", "-0.5");
    page.choose("#loop", "ping_pong");
    {
        let mut client = mirror.native.client();
        client
            .seek(player, TimelinePosition::from_ns(250 * MS))
            .unwrap()
            .expect("sought");
        client.set_speed(player, -0.5).unwrap().expect("speed");
        client
            .set_loop(player, LoopMode::PingPong)
            .unwrap()
            .expect("loop mode");
    }
    step_and_compare(
        &page,
        &mut mirror,
        45,
        FRAME_NS,
        "backwards at half speed, ping-pong",
    );

    page.enter("#window-start", "100");
    page.enter("#window-end", "600");
    page.click("#window-apply");
    page.choose("#loop", "loop");
    page.enter("#speed", "1.5");
    {
        let mut client = mirror.native.client();
        let window = (
            TimelinePosition::from_ns(100 * MS),
            Some(TimelinePosition::from_ns(600 * MS)),
        );
        client
            .set_window(player, window.0, window.1)
            .unwrap()
            .expect("window");
        client
            .set_loop(player, LoopMode::Loop)
            .unwrap()
            .expect("loop mode");
        client.set_speed(player, 1.5).unwrap().expect("speed");
    }
    step_and_compare(
        &page,
        &mut mirror,
        50,
        20 * MS,
        "looping in a window at 1.5×",
    );

    page.open_file(&example("blink.json"));
    assert_eq!(page.clip_count(), 2);
    mirror.load(&example("blink.json"));
    page.slide_weight(0, "0.25");
    page.slide_weight(1, "0.5");
    {
        let (wave, blink) = (mirror.instances[0], mirror.instances[1]);
        let mut client = mirror.native.client();
        client
            .set_weight(player, wave, 0.25)
            .unwrap()
            .expect("weight");
        client
            .set_weight(player, blink, 0.5)
            .unwrap()
            .expect("weight");
    }
    step_and_compare(&page, &mut mirror, 20, FRAME_NS, "two clips weighted");

    page.open_file(&example("nod_v1.json"));
    assert_eq!(page.clip_count(), 3);
    mirror.load_v1("nod_v1.json");
    page.slide("#playhead", "400000000");
    mirror
        .native
        .client()
        .seek(player, TimelinePosition::from_ns(400 * MS))
        .unwrap()
        .expect("sought");
    step_and_compare(
        &page,
        &mut mirror,
        25,
        FRAME_NS,
        "a 1.x clip too, the playhead dragged",
    );

    page.click("#pause");
    mirror
        .native
        .client()
        .pause(player)
        .unwrap()
        .expect("paused");
    step_and_compare(&page, &mut mirror, 5, FRAME_NS, "paused");
    page.click("#stop");
    mirror
        .native
        .client()
        .stop(player)
        .unwrap()
        .expect("stopped");
    step_and_compare(&page, &mut mirror, 1, FRAME_NS, "stopped");

    page.assert_no_errors();
}

/// A clip file (text, or a glTF file's bytes) written for one test, in a directory of its own.
pub fn write_clip(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arora-page-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("the clip file");
    path
}

#[test]
fn a_broken_file_is_refused_naming_its_place_and_the_page_keeps_working() {
    let page = Page::open();
    // Each refusal is the line `arora-animation check` prints for the same file, after
    // its "error: ".
    let cases = [
        (
            "syntax.json",
            "{\n  \"tracks\": [\n    {\"id\": \"arm\", \"animatableId\": \"arm/angle\", \"points\": [\n      {\"id\": \"k0\", \"timeNs\": 0, \"value\": 0.0},\n    ]}\n  ]\n}\n",
            "syntax.json:5:5: trailing comma",
        ),
        (
            "shape.json",
            "{\"tracks\": [{\"id\": \"arm\", \"animatableId\": \"arm/angle\",\n  \"points\": [{\"id\": \"k0\", \"value\": 1}]}]}",
            "shape.json:2:37: not a clip: missing field `timeNs`",
        ),
        (
            "transition.json",
            "{\"tracks\": [{\"id\": \"arm\", \"animatableId\": \"a\", \"points\": [\n  {\"id\": \"k0\", \"timeNs\": 0, \"value\": 1, \"transitions\": {\"out\": \"bouncy\"}}]}]}",
            "transition.json:2:71: not a clip: invalid value: string \"bouncy\", expected a transition name or a {\"dtNs\", \"dv\"} handle",
        ),
        (
            "mixed.json",
            "{\"tracks\": [{\"id\": \"arm\", \"animatableId\": \"a\", \"points\": [\n  {\"id\": \"k0\", \"timeNs\": 0, \"value\": 1},\n  {\"id\": \"k1\", \"timeNs\": 5, \"value\": true}]}]}",
            "mixed.json: track \"arm\" keypoint \"k1\": value is a boolean but the track's first keypoint is a number (a track's keypoints are of one kind)",
        ),
    ];
    for (name, text, refusal) in cases {
        page.open_file(&write_clip(name, text));
        assert_eq!(page.error_text(), refusal, "{name}");
        assert_eq!(page.clip_count(), 0, "{name} is not loaded");
    }

    // The page keeps working: a good file loads, clears the refusal and plays as natively.
    let mut mirror = Mirror::new();
    page.open_file(&example("wave.json"));
    mirror.load(&example("wave.json"));
    assert_eq!(page.error_text(), "");
    play_both(&page, &mut mirror);
    step_and_compare(&page, &mut mirror, 12, FRAME_NS, "after the refusals");
    page.assert_no_errors();
}

/// The panel geometry `window.__animation.panels()` reports, in CSS pixels of the canvas.
#[derive(Debug)]
pub struct Panel {
    pub target: String,
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub t0: f64,
    pub t1: f64,
    pub v0: f64,
    pub v1: f64,
}

impl Panel {
    pub fn read(json: &serde_json::Value) -> Panel {
        let number = |key: &str| {
            json[key]
                .as_f64()
                .unwrap_or_else(|| panic!("{key} of {json}"))
        };
        Panel {
            target: json["target"].as_str().expect("a target").to_string(),
            left: number("left"),
            top: number("top"),
            width: number("width"),
            height: number("height"),
            t0: number("t0"),
            t1: number("t1"),
            v0: number("v0"),
            v1: number("v1"),
        }
    }

    pub fn x(&self, time_ns: f64) -> f64 {
        self.left + (time_ns - self.t0) / (self.t1 - self.t0) * self.width
    }

    pub fn y(&self, v: f64) -> f64 {
        self.top + self.height - (v - self.v0) / (self.v1 - self.v0) * self.height
    }
}

/// A screenshot's pixels.
struct Picture {
    width: usize,
    height: usize,
    channels: usize,
    bytes: Vec<u8>,
}

impl Picture {
    fn decode(png: Vec<u8>) -> Picture {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut bytes = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut bytes).expect("its pixels");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        Picture {
            width: info.width as usize,
            height: info.height as usize,
            channels: info.color_type.samples(),
            bytes,
        }
    }

    fn rgb(&self, x: usize, y: usize) -> [u8; 3] {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the screenshot"
        );
        let at = (y * self.width + x) * self.channels;
        [self.bytes[at], self.bytes[at + 1], self.bytes[at + 2]]
    }

    /// The smallest distance (largest channel difference) to `colour` within `radius`
    /// pixels of (x, y).
    fn nearest(&self, x: f64, y: f64, radius: i64, colour: [u8; 3]) -> u8 {
        let (cx, cy) = (x.round() as i64, y.round() as i64);
        let mut best = u8::MAX;
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let pixel = self.rgb((cx + dx) as usize, (cy + dy) as usize);
                let distance = (0..3).map(|i| pixel[i].abs_diff(colour[i])).max().unwrap();
                best = best.min(distance);
            }
        }
        best
    }
}

/// The page's curve colour (web/page/drawing.js `CURVE`) and its boolean bands'.
const CURVE: [u8; 3] = [0x1f, 0x6f, 0xd1];
const TRUE_BAND: [u8; 3] = [0x8f, 0xd1, 0x9e];
const FALSE_BAND: [u8; 3] = [0xee, 0xf1, 0xf5];

#[test]
fn the_curves_are_drawn_where_the_exact_values_are() {
    let page = Page::open();
    page.open_file(&example("wave.json"));
    page.click("#play");
    page.step(20, FRAME_NS);
    let ratio = page
        .script("return window.devicePixelRatio")
        .as_f64()
        .unwrap();
    let origin = page.script(
        "const r = document.getElementById('curves').getBoundingClientRect(); return [r.left, r.top]",
    );
    let (ox, oy) = (origin[0].as_f64().unwrap(), origin[1].as_f64().unwrap());
    let panels = page.script("return window.__animation.panels()");
    let panels: Vec<Panel> = panels
        .as_array()
        .expect("panels")
        .iter()
        .map(Panel::read)
        .collect();
    let png = page.browser().screenshot().expect("a screenshot");
    if let Some(path) = std::env::var_os("WEB_SCREENSHOT") {
        std::fs::write(path, &png).expect("the screenshot written");
    }
    let picture = Picture::decode(png);
    let at = |p: &Panel, t: f64, v: f64| ((ox + p.x(t)) * ratio, (oy + p.y(v)) * ratio);

    // The exact values: the native device's bake of the same clip at 100 Hz.
    let mut native = Native::open();
    let mut client = native.client();
    let anim = client
        .load_clip(&Native::clip(&example("wave.json")))
        .unwrap()
        .unwrap();
    let baked = client
        .bake(anim, Some(100.0), None, None)
        .unwrap()
        .expect("baked");
    let arm = panels
        .iter()
        .find(|p| p.target == "arm/angle")
        .expect("the arm panel");
    let Value::ArrayValue(values) = &baked.tracks[0].values else {
        panic!("{baked:?}")
    };
    // Every 10th sample but the keypoints' (their rings cover the curve).
    for k in [10, 20, 30, 40, 60, 70, 80, 90] {
        let Value::F64(v) = values[k] else {
            panic!("{:?}", values[k])
        };
        let t = k as f64 * 1e7;
        let (x, y) = at(arm, t, v);
        let on = picture.nearest(x, y, 2, CURVE);
        assert!(
            on <= 48,
            "arm/angle at {t} ns = {v}: no curve pixel near ({x}, {y}) (off by {on})"
        );
        for off in [-24.0, 24.0] {
            let beside = picture.nearest(x, y + off * ratio, 1, CURVE);
            assert!(
                beside > 48,
                "arm/angle at {t} ns: curve colour {off} px off the value"
            );
        }
    }

    // light/on: false until 250 ms, true until 750 ms, false after (examples/clips/wave.json).
    let light = panels
        .iter()
        .find(|p| p.target == "light/on")
        .expect("the light panel");
    for (t, colour) in [
        (150.0, FALSE_BAND),
        (400.0, TRUE_BAND),
        (600.0, TRUE_BAND),
        (900.0, FALSE_BAND),
    ] {
        let (x, _) = at(light, t * 1e6, 0.0);
        let y = (oy + light.top + 6.0) * ratio;
        let distance = picture.nearest(x, y, 0, colour);
        assert!(
            distance <= 8,
            "light/on at {t} ms: band colour off by {distance}"
        );
    }
    page.assert_no_errors();
}

/// Broken documents: each example clip with one character deleted, inserted or replaced
/// at a pseudo-random place, and hand-written shape errors. Deterministic (the tests' seeded
/// generator, test-support's `random::seeded`).
fn broken_documents() -> Vec<(String, String)> {
    let bases: Vec<String> = ["wave.json", "handles.json", "blink.json"]
        .iter()
        .map(|name| std::fs::read_to_string(example(name)).expect("an example"))
        .collect();
    let chars: Vec<char> = ",{}[]\":0a-.e 5\n\\tn".chars().collect();
    let mut rng = seeded(20_261_201);
    let mut next = |n: usize| rng.random_range(0..n);
    let mut documents = Vec::new();
    for i in 0..400 {
        let mut text: Vec<char> = bases[i % bases.len()].chars().collect();
        let at = next(text.len());
        match next(3) {
            0 => {
                text.remove(at);
            }
            1 => text.insert(at, chars[next(chars.len())]),
            _ => text[at] = chars[next(chars.len())],
        }
        documents.push((format!("m{i}.json"), text.into_iter().collect()));
    }
    let point = |body: &str| {
        format!(
            "{{\"tracks\": [{{\"id\": \"t\", \"animatableId\": \"x\", \"points\": [\n  {body}]}}]}}"
        )
    };
    let shapes = [
        point(r#"{"id": "k", "timeNs": 1.5, "value": 1}"#),
        point(r#"{"id": "k", "timeNs": "1", "value": 1}"#),
        point(r#"{"id": "k", "timeNs": 9223372036854775808, "value": 1}"#),
        point(r#"{"id": "k", "timeNs": -0, "value": 1}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": null}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": [1, 2]}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": {}}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": 1, "transitions": {"in": 5}}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": 1, "transitions": {"out": {"dtNs": 1}}}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": 1, "transitions": {"pairing": "both"}}"#),
        point(r#"{"id": "k", "timeNs": 0, "value": 1, "transitions": null}"#),
        point(r#"{"id": 5, "timeNs": 0, "value": 1}"#),
        point(r#"{"id": "k", "id": "j", "timeNs": 0, "value": 1}"#),
        point(r#"["k", 0, 1]"#),
        point(r#"["k"]"#),
        r#"{"tracks": [["t", "n", "x", [["a", 0, 1]]]]}"#.to_string(),
        r#"{"name": null, "tracks": []}"#.to_string(),
        r#"{"tracks": 5}"#.to_string(),
        r#"[]"#.to_string(),
        r#"{"a": "\u12"}"#.to_string(),
        r#"{"a": 1e400}"#.to_string(),
    ];
    for (i, text) in shapes.into_iter().enumerate() {
        documents.push((format!("s{i}.json"), text));
    }
    documents
}

#[test]
fn the_page_refuses_a_document_exactly_where_check_does() {
    let page = Page::open();
    let documents = broken_documents();
    let files: Vec<serde_json::Value> = documents
        .iter()
        .map(|(name, text)| serde_json::json!([name, text]))
        .collect();
    let shown = page.script_with_files(files);
    let mut refused = 0;
    for ((name, text), shown) in documents.iter().zip(&shown) {
        let check = check_line(name, text);
        refused += usize::from(!check.is_empty());
        assert_eq!(shown, &check, "{name}:\n{text}");
    }
    // The corpus is fixed: so many of its documents are refused, the rest accepted alike.
    assert_eq!(refused, 287, "refused of {} documents", documents.len());
    page.assert_no_errors();
}

/// How `arora-animation check` reads the file `name` holding `text`: "" when it accepts
/// it, else the line it prints after its "error: ".
fn check_line(name: &str, text: &str) -> String {
    let read = arora_animation_cli::commands::check::check_text(std::path::Path::new(name), text);
    read.err()
        .map(|refusal| refusal.to_string())
        .unwrap_or_default()
}

/// Rules the page's old JavaScript reader never had — a 1.x stamp or a handle that is not
/// finite as an f32 (docs/curves.md §2.2) — and the 1.x document's own, refuse on the page
/// with `check`'s line: a rule
/// is written once, in the engine's reader (engine/src/clip/file/), and changing it there
/// changes what both say, because the page runs that code compiled to WebAssembly.
#[test]
fn a_rule_of_the_engine_refuses_on_the_page_as_in_check() {
    let page = Page::open();
    let v1 = |point: &str| {
        format!(
            "{{\"name\": \"n\", \"duration\": 1000, \"tracks\": [{{\"id\": \"arm\", \
             \"animatableId\": \"arm/angle\", \"points\": [{point}]}}]}}"
        )
    };
    let not_finite = "keypoint \"k0\" of track \"arm\" has a stamp or a handle that is not finite";
    let cases = [
        (
            "stamp.json",
            v1(r#"{"id": "k0", "stamp": 1e39, "value": 1}"#),
            format!("stamp.json: {not_finite}"),
        ),
        (
            "handle.json",
            v1(
                r#"{"id": "k0", "stamp": 0, "value": 1, "transitions": {"out": {"x": 0.5, "y": -1e40}}}"#,
            ),
            format!("handle.json: {not_finite}"),
        ),
        (
            "value.json",
            v1(r#"{"id": "k0", "stamp": 0, "value": null}"#),
            "value.json: track \"arm\" point \"k0\": a value is a number, boolean or string"
                .to_string(),
        ),
        (
            "duration.json",
            r#"{"duration": 5}"#.to_string(),
            "duration.json:1:15: not a 1.x animation: missing field `tracks`".to_string(),
        ),
    ];
    let files = cases
        .iter()
        .map(|(name, text, _)| serde_json::json!([name, text]));
    let shown = page.script_with_files(files.collect());
    for ((name, text, line), shown) in cases.iter().zip(&shown) {
        assert_eq!(shown, line, "{name} on the page");
        assert_eq!(&check_line(name, text), line, "{name} in check");
    }
    // Given through the file input, such a file is shown refused and nothing is loaded.
    let (name, text, line) = &cases[0];
    page.open_file(&write_clip(name, text));
    assert_eq!(&page.error_text(), line);
    assert_eq!(page.clip_count(), 0);
    page.assert_no_errors();
}
