//! `plot`: the SVG renders, the curve passes through every keypoint, a boolean band changes
//! where its keypoints are, and the committed picture of the README is what `plot` writes.

use crate::common::{cli, example};
use arora_animation_cli::clip_file::ClipFile;
use arora_animation_cli::commands::plot::clip_figure;
use arora_animation_cli::figure::picture::{CURVE, OFF, ON, rasterize, render_svg};
use resvg::tiny_skia::Pixmap;

const SIZE: (u32, u32) = (800, 600);

fn pixel(pixmap: &Pixmap, x: i32, y: i32) -> Option<(u8, u8, u8)> {
    let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
    let p = pixmap.pixel(x, y)?.demultiply();
    Some((p.red(), p.green(), p.blue()))
}

fn near(a: (u8, u8, u8), b: (u8, u8, u8), tolerance: i32) -> bool {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).abs();
    d(a.0, b.0) <= tolerance && d(a.1, b.1) <= tolerance && d(a.2, b.2) <= tolerance
}

#[test]
fn the_curve_passes_through_every_keypoint_of_every_number_track() {
    for name in ["wave.json", "handles.json", "blink.json"] {
        let file = ClipFile::read(&example(name)).unwrap();
        let figure = clip_figure(&file, &[], None, None, SIZE.0).unwrap();
        let (svg, panels) = render_svg(&figure, SIZE).unwrap();
        let pixmap = rasterize(&svg).expect("the SVG renders");
        let curve = (CURVE.0, CURVE.1, CURVE.2);
        let mut checked = 0;
        for (x, y) in panels.iter().flat_map(|p| &p.keypoints) {
            let found = (-2..=2).any(|dx| {
                (-2..=2)
                    .any(|dy| pixel(&pixmap, x + dx, y + dy).is_some_and(|p| near(p, curve, 48)))
            });
            assert!(
                found,
                "{name}: no curve pixel within 2 px of the keypoint at ({x}, {y})"
            );
            checked += 1;
        }
        assert!(checked >= 3, "{name}: {checked} keypoints");
    }
}

#[test]
fn a_boolean_band_changes_where_its_keypoints_are() {
    let file = ClipFile::read(&example("blink.json")).unwrap();
    let figure = clip_figure(&file, &["eyes".to_string()], None, None, SIZE.0).unwrap();
    let (svg, panels) = render_svg(&figure, SIZE).unwrap();
    let pixmap = rasterize(&svg).unwrap();
    let bands = &panels[0].bands;
    // open, shut at 0.8 s, open at 0.95 s, shut at 1.6 s, open at 1.7 s.
    assert_eq!(bands.len(), 5);
    let on = (ON.0, ON.1, ON.2);
    let off = (OFF.0, OFF.1, OFF.2);
    for (i, pair) in bands.windows(2).enumerate() {
        let (left, right) = (pair[0], pair[1]);
        assert!((left.1 - right.0).abs() <= 1, "bands meet");
        let row = left.2 + 12; // below the written value
        let before = pixel(&pixmap, left.1 - 3, row).unwrap();
        let after = pixel(&pixmap, right.0 + 3, row).unwrap();
        let (was, becomes) = if i % 2 == 0 { (on, off) } else { (off, on) };
        assert!(
            near(before, was, 8) && near(after, becomes, 8),
            "band {i}: {before:?} → {after:?}"
        );
    }
    // Each change sits on a keypoint: 0.8 s is 40 % of the 2 s axis from the first band's left.
    let (first, last) = (bands[0].0, bands[4].1);
    let at = |s: f64| first as f64 + (last - first) as f64 * s / 2.0;
    assert!((f64::from(bands[1].0) - at(0.8)).abs() <= 2.0);
    assert!((f64::from(bands[4].0) - at(1.7)).abs() <= 2.0);
}

#[test]
fn plot_writes_svg_and_png_and_refuses_what_it_cannot_draw() {
    let dir = tempfile::tempdir().unwrap();
    let wave = example("wave.json");
    let svg = dir.path().join("wave.svg");
    let png = dir.path().join("wave.png");
    assert!(
        cli()
            .arg("plot")
            .arg(&wave)
            .arg("-o")
            .arg(&svg)
            .output()
            .unwrap()
            .status
            .success()
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let status = cli()
        .arg("plot")
        .arg(&wave)
        .arg("-o")
        .arg(&png)
        .args(["--size", "400x300"])
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    for args in [
        vec!["-o", "x.gif"],
        vec!["-o", "x.svg", "--track", "nope"],
        vec!["-o", "x.svg", "--from", "3", "--to", "1"],
        vec!["-o", "x.svg", "--size", "big"],
        vec!["-o", "/no/such/dir/x.svg"],
    ] {
        let output = cli()
            .arg("plot")
            .arg(&wave)
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn the_readme_picture_is_what_plot_writes_for_the_wave() {
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("wave.svg");
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/wave.svg");
    // Run from the workspace, with the README's relative path, so the title is the same.
    let status = cli()
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["plot", "examples/clips/wave.json", "-o"])
        .arg(&written)
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    let (written, committed) = (
        std::fs::read(written).unwrap(),
        std::fs::read(committed).unwrap(),
    );
    assert!(
        written == committed,
        "docs/wave.svg is not what `plot examples/clips/wave.json` writes: run \
         `cargo run -p arora-animation-cli -- plot examples/clips/wave.json -o docs/wave.svg`"
    );
}
