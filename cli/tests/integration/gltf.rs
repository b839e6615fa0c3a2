//! `convert` on glTF 2.0 files through the binary (issue #27): a `.glb`, a `.gltf` with its
//! buffer beside it and the bundled example convert, print their notes, and the written clip
//! is checked, plotted, baked and played; bad input is one line with status 1 or 2.

use std::path::Path;

use arora_animation_test_support::gltf_files::{Animation, Channel, GltfFile, Sampler};
use serde_json::{Value, json};

use crate::common::{cli, csv_rows, stdout_of};

/// A hinge about z turning 0 → 1 → −0.5 rad (LINEAR), a translation (CUBICSPLINE) and a
/// rotation about no one axis (LINEAR); a second animation, "rest".
fn arm() -> GltfFile {
    let times = [0.0, 0.5, 1.0];
    let about_z = |a: f64| [0.0, 0.0, (a / 2.0).sin(), (a / 2.0).cos()];
    let hinge: Vec<f64> = [0.0, 1.0, -0.5].iter().flat_map(|&a| about_z(a)).collect();
    let reach = [
        [0.0; 3],
        [0.0, 0.1, 0.0],
        [1.0; 3],
        [0.0; 3],
        [0.5, 0.0, 0.0],
        [0.0; 3],
        [0.0; 3],
        [0.2, 0.2, 0.2],
        [0.0; 3],
    ];
    let reach: Vec<f64> = reach.iter().flatten().copied().collect();
    let twist = [0.0, 0.0, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.0, 0.6, 0.0, 0.8];
    let wave = Animation {
        name: Some("wave".into()),
        channels: vec![
            Channel {
                node: 0,
                path: "rotation",
                sampler: Sampler::new("LINEAR", &times, &hinge),
            },
            Channel {
                node: 1,
                path: "translation",
                sampler: Sampler::new("CUBICSPLINE", &times, &reach),
            },
            Channel {
                node: 2,
                path: "rotation",
                sampler: Sampler::new("LINEAR", &times, &twist),
            },
        ],
    };
    let rest = Animation {
        name: Some("rest".into()),
        channels: wave.channels[..1].to_vec(),
    };
    GltfFile {
        nodes: vec![
            Some("shoulder".into()),
            Some("hand".into()),
            Some("wrist".into()),
        ],
        animations: vec![wave, rest],
    }
}

/// Runs `convert input -o output extra…`: its status, standard output and standard error.
fn convert(input: &Path, output: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let run = cli()
        .arg("convert")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(extra)
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (run.status.code(), text(run.stdout), text(run.stderr))
}

/// `arm.glb` converted with the target prefix `robot/` into `arm.json` in `dir`: the clip's
/// path and what `convert` printed.
fn converted(dir: &tempfile::TempDir) -> (std::path::PathBuf, String) {
    let (glb, clip) = (dir.path().join("arm.glb"), dir.path().join("arm.json"));
    std::fs::write(&glb, arm().glb()).unwrap();
    let (status, stdout, stderr) = convert(&glb, &clip, &["--target-prefix", "robot/"]);
    assert_eq!(status, Some(0), "{stderr}");
    (clip, stdout)
}

#[test]
fn a_glb_converts_with_a_note_for_each_choice_it_made() {
    let dir = tempfile::tempdir().unwrap();
    let (_, stdout) = converted(&dir);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "animation 0 \"wave\" converted; the file also has 1 \"rest\" (--animation)"
    );
    assert_eq!(
        lines[1],
        "wrist/rotation: not about one axis: four tracks robot/wrist/rotation/qx, robot/wrist/rotation/qy, robot/wrist/rotation/qz, robot/wrist/rotation/qw"
    );
    assert!(
        lines[2].starts_with("wrist/rotation (LINEAR): fitted with "),
        "{stdout}"
    );
    assert!(lines[2].ends_with(" (tolerance 1e-6)"), "{stdout}");
    assert_eq!(lines.len(), 3);
}

#[test]
fn the_converted_clip_is_checked_plotted_baked_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let (clip, _) = converted(&dir);
    let check = stdout_of(cli().arg("check").arg(&clip));
    assert!(String::from_utf8(check).unwrap().starts_with("ok: "));
    let svg = dir.path().join("arm.svg");
    stdout_of(cli().arg("plot").arg(&clip).arg("-o").arg(&svg));
    assert!(std::fs::metadata(&svg).unwrap().len() > 1000);
    let csv = dir.path().join("arm.csv");
    stdout_of(
        cli()
            .arg("bake")
            .arg(&clip)
            .args(["--rate", "4", "-o"])
            .arg(&csv),
    );
    let rows = csv_rows(&std::fs::read(&csv).unwrap());
    assert_eq!(
        rows[0][..3],
        [
            "time_ns",
            "robot/shoulder/rotation/z",
            "robot/hand/translation/x"
        ]
    );
    // At 0.25 s the hinge is halfway from 0 to 1 rad, linearly: slerp is linear in the angle.
    assert_eq!(rows[2][0], "250000000");
    let angle: f64 = rows[2][1].parse().unwrap();
    assert!((angle - 0.5).abs() < 1e-7, "{angle}");
    let played = stdout_of(cli().arg("play").arg(&clip).args([
        "--rate",
        "2",
        "--duration",
        "1",
        "--format",
        "csv",
    ]));
    let played = csv_rows(&played);
    assert_eq!(played[0][1], "robot/shoulder/rotation/z");
    assert!(played.len() >= 3);
}

#[test]
fn external_buffers_are_read_from_the_files_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (json, bin) = arm().external("arm data.bin");
    let gltf = dir.path().join("arm.gltf");
    std::fs::write(&gltf, json).unwrap();
    std::fs::write(dir.path().join("arm data.bin"), bin).unwrap();
    let clip = dir.path().join("arm.json");
    let (status, _, stderr) = convert(&gltf, &clip, &["--animation", "rest"]);
    assert_eq!(status, Some(0), "{stderr}");
    let written: Value = serde_json::from_slice(&std::fs::read(&clip).unwrap()).unwrap();
    assert_eq!(written["name"], json!("rest"));
    assert_eq!(
        written["tracks"][0]["animatableId"],
        json!("shoulder/rotation/z")
    );

    std::fs::remove_file(dir.path().join("arm data.bin")).unwrap();
    let (status, stdout, stderr) = convert(&gltf, &clip, &[]);
    assert_eq!(status, Some(1));
    assert_eq!(stdout, "");
    let expected = format!(
        "error: {}: buffer 0: \"arm data.bin\": No such file or directory (os error 2)\n",
        gltf.display()
    );
    assert_eq!(stderr, expected);
}

/// The embedded `arm()` with `edit` applied to its JSON.
fn edited(edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut document: Value = serde_json::from_slice(&arm().embedded()).unwrap();
    edit(&mut document);
    document.to_string().into_bytes()
}

/// A bad input: its file name, bytes, extra arguments, status and message.
type Case = (&'static str, Vec<u8>, Vec<&'static str>, i32, &'static str);

/// A bad input of each kind `convert` refuses.
fn bad_inputs() -> Vec<Case> {
    let mut nan = arm();
    nan.animations[0].channels[1].sampler.outputs[4] = f64::NAN;
    let mut repeated = arm();
    repeated.animations[0].channels[0].sampler.times = vec![0.0, 0.5, 0.5];
    vec![
        (
            "version.gltf",
            br#"{"asset": {}}"#.to_vec(),
            vec![],
            1,
            "not a glTF 2.0 file: missing field `version` at line 1 column 12",
        ),
        (
            "range.gltf",
            edited(|d| d["accessors"][1]["count"] = json!(99)),
            vec![],
            1,
            "accessor 1: out of range of buffer view 1",
        ),
        (
            "times.glb",
            repeated.glb(),
            vec![],
            1,
            "channel 0 (shoulder/rotation): key times not increasing: 0.5 s then 0.5 s at key 2",
        ),
        (
            "nan.glb",
            nan.glb(),
            vec![],
            1,
            "channel 1 (hand/translation): output number 4 is not finite",
        ),
        (
            "empty.gltf",
            edited(|d| d["animations"][0]["channels"] = json!([])),
            vec![],
            1,
            "animation 0 \"wave\" has no channel",
        ),
        (
            "none.gltf",
            br#"{"asset": {"version": "2.0"}}"#.to_vec(),
            vec![],
            1,
            "the file has no animation",
        ),
        (
            "pick.glb",
            arm().glb(),
            vec!["--animation", "7"],
            2,
            "no animation 7: the file has 2: 0 \"wave\", 1 \"rest\"",
        ),
        (
            "zero.glb",
            arm().glb(),
            vec!["--tolerance", "0"],
            2,
            "tolerance 0 is not a positive finite number",
        ),
    ]
}

#[test]
fn bad_gltf_input_is_one_line_with_status_1_or_2_and_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, extra, code, message) in bad_inputs() {
        let input = dir.path().join(name);
        std::fs::write(&input, bytes).unwrap();
        let (status, _, stderr) = convert(&input, &dir.path().join("out.json"), &extra);
        assert_eq!(status, Some(code), "{name}: {stderr}");
        assert_eq!(
            stderr,
            format!("error: {}: {message}\n", input.display()),
            "{name}"
        );
    }
    assert!(!dir.path().join("out.json").exists());
    let missing = dir.path().join("missing.glb");
    let (status, _, stderr) = convert(&missing, &dir.path().join("out.json"), &[]);
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn the_bundled_example_converts_as_the_readme_shows() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/gltf/arm.gltf");
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("arm.json");
    let (status, stdout, stderr) = convert(&example, &clip, &["--target-prefix", "robot/"]);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(
        stdout.starts_with(
            "animation 0 \"wave\" converted; the file also has 1 \"rest\" (--animation)\n"
        ),
        "{stdout}"
    );
    let written: Value = serde_json::from_slice(&std::fs::read(&clip).unwrap()).unwrap();
    let targets: Vec<&str> = written["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["animatableId"].as_str().unwrap())
        .collect();
    assert_eq!(
        targets,
        [
            "robot/shoulder/rotation/z",
            "robot/elbow/rotation/y",
            "robot/gripper/translation/x",
            "robot/gripper/translation/y",
            "robot/gripper/translation/z",
            "robot/face/weights/0",
            "robot/face/weights/1",
        ]
    );
}
