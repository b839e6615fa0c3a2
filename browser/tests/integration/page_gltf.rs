//! glTF 2.0 files on the authors' page (issue #27, part 6): a `.glb` chosen through the file
//! input and a `.gltf` with an embedded buffer dropped on the page, as a person does, are
//! converted by the engine's `gltf` module compiled to wasm and play as the same file
//! converted natively by the same function plays on the native device (the clips bit for
//! bit, the values within [`ULPS`]); the conversion's notes are shown beside the file's row;
//! a file the conversion refuses is shown refused with the line `convert` prints, and the
//! page keeps working. Every test fails on console errors.

use animation_engine::Clip;
use animation_engine::gltf::{GltfClip, GltfOptions, clip_from_gltf, no_external_files};
use arora_animation_module::clip_record;
use arora_animation_test_support::gltf_files::{Animation, Channel, GltfFile, Sampler};

use crate::page::{FRAME_NS, Mirror, play_both, step_and_compare_within, write_clip};
use crate::page_support::Page;

/// How far a value the page shows may lie from the native device's, in units in the last
/// place. The page converts the file to the very clip the native conversion gives (checked
/// key by key below), and the guest under wasmtime plays it bit for bit as the native host
/// does (`arora-animation play --module-dir`); but Chromium's run of the same guest answered
/// `arm/translation/x` at 46 frames 2 ulps from both (−0.12293061855230601 against
/// −0.12293061855230596; the exact curve value lies midway). The fast solve's allowance,
/// docs/curves.md §0, is 1e-12 of the value; this is far inside it.
const ULPS: u64 = 4;

/// Key times, seconds: dyadic, so f32 and whole nanoseconds hold them exactly.
const TIMES: [f32; 4] = [0.0, 0.25, 0.5, 1.0];

/// Quaternion (x, y, z, w) turning by `angle` about the unit `axis`.
fn about(axis: [f64; 3], angle: f64) -> [f64; 4] {
    let s = (angle / 2.0).sin();
    [s * axis[0], s * axis[1], s * axis[2], (angle / 2.0).cos()]
}

/// A file of two animations (the second only named in the notes): a cubic translation, a
/// linear hinge about z and a step scale — the kinds converted exactly — and a general
/// rotation, fitted (its slerp runs libm's `sin`, the same on the page as natively).
fn robot() -> GltfFile {
    let translation: Vec<f64> = (0..TIMES.len() * 3 * 3)
        .map(|i| 1.5 * (i as f64 * 0.61).sin())
        .collect();
    let hinge: Vec<f64> = [0.3, 2.0, 4.0, 1.0]
        .iter()
        .flat_map(|&angle| about([0.0, 0.0, 1.0], angle))
        .collect();
    let turn: Vec<f64> = [0.3, 1.2, -0.7, 2.5]
        .iter()
        .flat_map(|&angle| about([0.6, 0.0, 0.8], angle))
        .collect();
    let scale: Vec<f64> = (0..TIMES.len() * 3)
        .map(|i| 1.0 + 0.25 * i as f64)
        .collect();
    let channel = |node, path, sampler| Channel {
        node,
        path,
        sampler,
    };
    GltfFile {
        nodes: vec![Some("arm".into()), None],
        animations: vec![
            Animation {
                name: Some("wave".into()),
                channels: vec![
                    channel(
                        0,
                        "translation",
                        Sampler::new("CUBICSPLINE", &TIMES, &translation),
                    ),
                    channel(0, "rotation", Sampler::new("LINEAR", &TIMES, &hinge)),
                    channel(1, "scale", Sampler::new("STEP", &TIMES, &scale)),
                    channel(1, "rotation", Sampler::new("LINEAR", &TIMES, &turn)),
                ],
            },
            Animation {
                name: Some("idle".into()),
                channels: vec![channel(1, "scale", Sampler::new("STEP", &TIMES, &scale))],
            },
        ],
    }
}

/// The file converted natively, by the function the page runs, with the page's options.
fn native(bytes: &[u8]) -> GltfClip {
    clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files)
        .unwrap_or_else(|e| panic!("the test's glTF file converts natively: {e}"))
}

/// The notes the page shows beside clip row `index`.
fn notes_shown(page: &Page, index: usize) -> String {
    let shown = page.script(&format!(
        "return document.querySelectorAll('#clips li .clip-notes')[{index}].textContent"
    ));
    shown.as_str().expect("text").to_string()
}

/// Opens `name` holding `bytes` on the page and loads its native conversion on `mirror`:
/// both then have it as clip `index`, of weight 1. The page's conversion (its clip as
/// played, written as a 2.0 document and read back by the engine) is the native one, every
/// number bit for bit.
fn open_both(page: &Page, mirror: &mut Mirror, index: usize, name: &str, bytes: &[u8]) -> GltfClip {
    // The first file is chosen in the file input, the second dropped on the page.
    let file = write_clip(name, bytes);
    if index == 0 {
        page.open_file(&file);
    } else {
        page.drop_file(&file);
    }
    assert_eq!(page.error_text(), "", "{name} is accepted");
    let converted = native(bytes);
    let valid = (converted.clip.clone().validate()).expect("a valid clip");
    let on_page = page.script(&format!("return window.__animation.document({index}).text"));
    let on_page = Clip::from_json(on_page.as_str().expect("a document"))
        .unwrap_or_else(|e| panic!("{name}: the page's clip reads back: {e}"));
    // Debug text tells every f64 apart by its bits (−0.0 and 0.0 included).
    assert_eq!(
        format!("{:?}", on_page.into_clip()),
        format!("{:?}", valid.clone().into_clip()),
        "{name}: the page converts it to the native clip"
    );
    mirror.load_record(&clip_record(&valid.into_clip()));
    converted
}

/// [`step_and_compare_within`] [`ULPS`], at 60 frames a second.
fn step_and_compare(page: &Page, mirror: &mut Mirror, frames: u32, when: &str) {
    step_and_compare_within(page, mirror, frames, FRAME_NS, when, ULPS);
}

#[test]
fn a_gltf_file_converts_and_plays_on_the_page_as_natively() {
    let page = Page::open();
    let mut mirror = Mirror::new();
    let file = robot();

    let glb = open_both(&page, &mut mirror, 0, "robot.glb", &file.glb());
    assert_eq!(page.clip_count(), 1);
    assert_eq!(notes_shown(&page, 0), glb.notes.join("\n"));
    assert!(
        glb.notes[0].contains("idle"),
        "the notes name the other animation: {:?}",
        glb.notes
    );

    play_both(&page, &mut mirror);
    step_and_compare(&page, &mut mirror, 1, "the .glb, 1 frame");
    step_and_compare(&page, &mut mirror, 20, "the .glb, 21 frames");
    step_and_compare(&page, &mut mirror, 25, "the .glb, 46 frames");

    // The same animation as a .gltf with an embedded buffer.
    let embedded = open_both(
        &page,
        &mut mirror,
        1,
        "robot-embedded.gltf",
        &file.embedded(),
    );
    assert_eq!(page.clip_count(), 2);
    assert_eq!(notes_shown(&page, 1), embedded.notes.join("\n"));
    step_and_compare(&page, &mut mirror, 25, "both files");
    step_and_compare(&page, &mut mirror, 40, "past the end");
    page.assert_no_errors();
}

#[test]
fn a_broken_gltf_file_is_refused_with_the_line_convert_prints() {
    let page = Page::open();
    let file = robot();
    let glb = file.glb();
    // A .glb cut short; a .gltf whose buffer is a file the page cannot read.
    let cases = [
        ("cut.glb", glb[..glb.len() - 9].to_vec()),
        ("external.gltf", file.external("robot.bin").0),
    ];
    for (name, bytes) in &cases {
        let error = clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files)
            .expect_err("the conversion refuses it");
        page.open_file(&write_clip(name, bytes));
        assert_eq!(page.error_text(), format!("{name}: {error}"), "{name}");
        assert_eq!(page.clip_count(), 0, "{name} is not loaded");
    }
    assert!(
        page.error_text().contains("\"robot.bin\""),
        "the refusal names the buffer: {}",
        page.error_text()
    );

    // The page keeps working: the whole file loads, clears the refusal and plays.
    let mut mirror = Mirror::new();
    open_both(&page, &mut mirror, 0, "robot.glb", &glb);
    assert_eq!(page.clip_count(), 1);
    play_both(&page, &mut mirror);
    step_and_compare(&page, &mut mirror, 12, "after the refusals");
    page.assert_no_errors();
}
