//! `limits`, `check --limits` and `plot --limits`: the exact bounds of each track, a line
//! per broken limit, one JSON object per file, and one precise line for each bad limits file.
//!
//! The clip `ramp.json` is made so that its numbers are known by hand: `arm` (arm/angle)
//! rises linearly from 0 to 100 over the first second (100 units/s, every control point
//! exact in binary), then to 120 at 1.5 s (40 units/s), jumps to 0 at 1.5 s and stays flat
//! to 2 s; `light` (light/on) turns on at 0.5 s and off at 1 s, its last keypoint.

use std::path::Path;

use arora_animation_cli::clip_file::ClipFile;
use arora_animation_cli::commands::plot::{Extras, clip_figure_with};
use arora_animation_cli::figure::model::{Content, Quantity};
use arora_animation_cli::limits_file::LimitsFile;
use serde_json::Value as Json;

use crate::common::{cli, example};

const RAMP: &str = r#"{"name":"ramp","tracks":[
  {"id":"arm","animatableId":"arm/angle","points":[
    {"id":"a","timeNs":0,"value":0,"transitions":{"out":"linear"}},
    {"id":"b","timeNs":1000000000,"value":100,"transitions":{"in":"linear","out":"linear"}},
    {"id":"c","timeNs":1500000000,"value":120,"transitions":{"in":"linear"}},
    {"id":"d","timeNs":1500000000,"value":0,"transitions":{"out":"linear"}},
    {"id":"e","timeNs":2000000000,"value":0,"transitions":{"in":"linear"}}]},
  {"id":"light","animatableId":"light/on","points":[
    {"id":"off","timeNs":0,"value":false},{"id":"on","timeNs":500000000,"value":true},
    {"id":"off2","timeNs":1000000000,"value":false}]}]}"#;

/// A fresh directory holding `ramp.json` and `limits.toml` with `limits`.
fn ramp_with(limits: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ramp.json"), RAMP).unwrap();
    std::fs::write(dir.path().join("limits.toml"), limits).unwrap();
    dir
}

/// `limits ramp.json --limits limits.toml --format json` in `dir`: (status, stdout, stderr).
fn limits_json(dir: &Path) -> (i32, String, String) {
    run_in(
        dir,
        &[
            "limits",
            "ramp.json",
            "--limits",
            "limits.toml",
            "--format",
            "json",
        ],
    )
}

/// Runs the command line in `dir`: (status, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = cli().current_dir(dir).args(args).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (
        output.status.code().unwrap_or(-1),
        text(output.stdout),
        text(output.stderr),
    )
}

#[test]
fn a_table_lists_each_number_tracks_bounds_and_each_step_tracks_changes() {
    let dir = example("wave.json");
    let clips = dir.parent().unwrap();
    let (status, stdout, stderr) = run_in(clips, &["limits", "wave.json"]);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "wave.json");
    assert_eq!(lines[1], "  track \"arm\" (arm/angle): number");
    // The keypoints' own values: 0 at 0 s, 90 at 0.5 s, back to 0 at 1 s.
    assert_eq!(lines[2], "    min             0 at 0 s");
    assert_eq!(lines[3], "    max             90 at 0.5 s");
    assert!(lines[4].starts_with("    |velocity|      "), "{stdout}");
    assert!(lines[5].starts_with("    |acceleration|  "), "{stdout}");
    assert_eq!(lines[6], "    jumps           none");
    // A step track's window is its key range (the engine's default): the value its last
    // keypoint sets plays only after that time, so it is not a change inside the window.
    let face = lines
        .iter()
        .position(|l| l.contains("track \"face\""))
        .unwrap();
    assert_eq!(
        &lines[face - 2..],
        [
            "  track \"light\" (light/on): boolean",
            "    changes         false at 0 s, true at 0.25 s",
            "  track \"face\" (face/expression): string",
            "    changes         \"idle\" at 0 s",
        ]
    );
}

#[test]
fn each_broken_limit_is_one_exact_line_and_the_status_is_1() {
    let dir = ramp_with(
        "[\"arm/*\"]\nmax = 110\nmax_velocity = 99.5\nmax_velocity_step = 1000\n\n[\"light/on\"]\n",
    );
    let (status, stdout, stderr) = run_in(
        dir.path(),
        &["limits", "ramp.json", "--limits", "limits.toml"],
    );
    assert_eq!((status, stderr.as_str()), (1, ""));
    let broken: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("ramp.json:"))
        .collect();
    // 100 over 1 s is 100 units/s, reached from the ramp's start; 120 is the value held
    // at 1.5 s; the jump from 120 to 0 at 1.5 s has no finite velocity.
    assert_eq!(
        broken,
        [
            "ramp.json: track \"arm\" (arm/angle): value 120 at 1.5 s exceeds max 110",
            "ramp.json: track \"arm\" (arm/angle): velocity 100 units/s at 0 s exceeds max_velocity 99.5",
            "ramp.json: track \"arm\" (arm/angle): jump from 120 to 0 at 1.5 s exceeds max_velocity 99.5",
        ]
    );
}

#[test]
fn a_target_no_table_names_is_reported_and_fails() {
    let dir = ramp_with("[\"arm/angle\"]\nmax = 200\n");
    let (status, stdout, _) = run_in(
        dir.path(),
        &["limits", "ramp.json", "--limits", "limits.toml"],
    );
    assert_eq!(status, 1);
    assert_eq!(
        stdout.lines().last(),
        Some("ramp.json: track \"light\" (light/on): no table of limits.toml names this target")
    );
}

/// `limits --format json` of the ramp under `max = 110` for `arm/*` (light unlimited): its
/// one line and the object it holds.
fn ramp_json_at_max_110() -> (String, Json) {
    let dir = ramp_with("[\"arm/*\"]\nmax = 110\n[\"light/*\"]\n");
    let (status, stdout, _) = limits_json(dir.path());
    assert_eq!(status, 1);
    assert_eq!(stdout.lines().count(), 1);
    let json: Json = serde_json::from_str(&stdout).unwrap();
    (stdout, json)
}

/// The names of an object's members.
fn keys(value: &Json) -> Vec<String> {
    value.as_object().unwrap().keys().cloned().collect()
}

#[test]
fn json_gives_a_number_track_s_bounds_in_the_issues_shape() {
    let (_, json) = ramp_json_at_max_110();
    assert_eq!(json["file"], "ramp.json");
    let arm = &json["tracks"][0];
    let mut arm_keys = keys(arm);
    arm_keys.sort();
    assert_eq!(
        arm_keys,
        [
            "id",
            "jumps",
            "kind",
            "max",
            "max_abs_acceleration",
            "max_abs_velocity",
            "min",
            "target",
            "unbounded_velocity_at_s",
            "velocity_steps",
        ]
    );
    assert_eq!(
        (&arm["id"], &arm["target"], &arm["kind"]),
        (&"arm".into(), &"arm/angle".into(), &"number".into())
    );
    assert_eq!(arm["min"], serde_json::json!({"value": 0.0, "time_s": 0.0}));
    assert_eq!(
        arm["max"],
        serde_json::json!({"value": 120.0, "time_s": 1.5})
    );
    assert_eq!(
        arm["max_abs_velocity"],
        serde_json::json!({"value": 100.0, "time_s": 0.0})
    );
    assert_eq!(
        arm["jumps"],
        serde_json::json!([{"time_s": 1.5, "from": 120.0, "to": 0.0}])
    );
    assert_eq!(arm["unbounded_velocity_at_s"], serde_json::json!([]));
    // The corner at 1 s: 100 units/s in, 20 / 0.5 = 40 out, to 1e-12 relative (the
    // second segment's control points round).
    let step = &arm["velocity_steps"][0];
    assert_eq!(step["time_s"], 1.0);
    assert_eq!(step["from"], 100.0);
    let to = step["to"].as_f64().unwrap();
    assert!((to - 40.0).abs() <= 40.0 * 1e-12, "{step}");
}

#[test]
fn json_gives_the_changes_the_violations_and_the_members_in_the_issues_order() {
    let (stdout, json) = ramp_json_at_max_110();
    let light = &json["tracks"][1];
    assert_eq!(
        *light,
        serde_json::json!({"id": "light", "target": "light/on", "kind": "boolean",
            "changes": [{"time_s": 0.0, "value": false}, {"time_s": 0.5, "value": true}]})
    );
    assert_eq!(
        json["violations"],
        serde_json::json!([{"track": "arm", "target": "arm/angle", "limit": "max",
            "value": 120.0, "time_s": 1.5, "allowed": 110.0}])
    );
    assert_eq!(json["unnamed"], serde_json::json!([]));
    // The members in the issue's order (serde_json's Value sorts them, so the text is read).
    let at = |key: &str| stdout.find(&format!("\"{key}\":")).unwrap();
    assert!(
        stdout.starts_with(r#"{"file":"ramp.json","tracks":[{"id":"arm""#),
        "{stdout}"
    );
    assert!(at("tracks") < at("violations") && at("violations") < at("unnamed"));
    assert_eq!(keys(&json).len(), 4);
    // Shortest round-trip numbers: 1.5 is written `1.5`, 120 as `120.0`.
    assert!(
        stdout.contains(r#""max":{"value":120.0,"time_s":1.5}"#),
        "{stdout}"
    );
}

#[test]
fn a_jumps_velocity_is_written_as_null() {
    let dir = ramp_with("[\"arm/*\"]\nmax_velocity = 500\n[\"light/*\"]\n");
    let (_, stdout, _) = limits_json(dir.path());
    let json: Json = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["violations"],
        serde_json::json!([{"track": "arm", "target": "arm/angle", "limit": "max_velocity",
            "value": null, "time_s": 1.5, "allowed": 500.0}])
    );
}

#[test]
fn each_bad_limits_file_is_one_line_naming_file_and_line_with_status_2() {
    let cases = [
        (
            "[\"arm/*\"]\nmax = = 3\n",
            "limits.toml:2: not TOML: extra `=`, expected nothing",
        ),
        (
            "[\"arm/*\"]\nmax_velocity = -250\n",
            "limits.toml:2: max_velocity is -250: a limit on a magnitude cannot be negative",
        ),
        (
            "[\"arm/*\"]\nmax_speed = 3\n",
            "limits.toml:2: unknown key \"max_speed\" in [\"arm/*\"] (a table sets any of min, \
             max, max_velocity, max_acceleration, max_velocity_step)",
        ),
        (
            "[\"arm/*\"]\nmax = 3\n\n[\"leg/*\"]\nmax = 1\n",
            "limits.toml:4: [\"leg/*\"] matches no target of the clips checked",
        ),
    ];
    for (text, message) in cases {
        let dir = ramp_with(text);
        for command in ["limits", "check"] {
            let (status, stdout, stderr) = run_in(
                dir.path(),
                &[command, "ramp.json", "--limits", "limits.toml"],
            );
            assert_eq!(status, 2, "{command}: {stderr}");
            assert_eq!(stderr, format!("error: {message}\n"), "{command}");
            assert_eq!(stdout, "", "{command}");
        }
    }
}

#[test]
fn check_with_limits_passes_a_clip_that_keeps_them() {
    let dir = ramp_with("[\"*\"]\nmin = 0\nmax = 120\n[\"arm/angle\"]\nmax_velocity_step = 60\n");
    let (status, stdout, stderr) = run_in(
        dir.path(),
        &["check", "ramp.json", "--limits", "limits.toml"],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, "ok: ramp.json — 2 tracks, 8 keypoints, 0 s … 2 s\n");
}

#[test]
fn check_with_limits_refuses_a_clip_that_breaks_them_with_the_same_lines() {
    let dir = ramp_with("[\"arm/angle\"]\nmin = 1\n");
    let (status, stdout, stderr) = run_in(
        dir.path(),
        &["check", "ramp.json", "--limits", "limits.toml"],
    );
    assert_eq!((status, stdout.as_str()), (1, ""));
    assert_eq!(
        stderr,
        "ramp.json: track \"arm\" (arm/angle): value 0 at 0 s is below min 1\n\
         ramp.json: track \"light\" (light/on): no table of limits.toml names this target\n"
    );
}

#[test]
fn the_examples_check_against_one_limits_file() {
    let clips = example("wave.json");
    let clips = clips.parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let limits = dir.path().join("robot.toml");
    std::fs::write(&limits, "[\"*\"]\nmin = -100\nmax = 100\n").unwrap();
    let (status, stdout, stderr) = run_in(
        clips,
        &[
            "check",
            "wave.json",
            "blink.json",
            "handles.json",
            "--limits",
            limits.to_str().unwrap(),
        ],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
}

#[test]
fn plot_adds_a_velocity_and_an_acceleration_panel_under_each_number_track() {
    let file = ClipFile::read(&example("wave.json")).unwrap();
    let extras = Extras {
        derivatives: vec![Quantity::Velocity, Quantity::Acceleration],
        limits: None,
    };
    let figure = clip_figure_with(&file, &[], None, None, 800, &extras).unwrap();
    let names: Vec<&str> = figure.panels.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "arm (arm/angle)",
            "arm (arm/angle): units/s",
            "arm (arm/angle): units/s²",
            "light (light/on)",
            "face (face/expression)",
        ]
    );
}

#[test]
fn plot_draws_limits_and_marks_violations_in_the_warning_colour() {
    let dir = ramp_with("[\"arm/*\"]\nmax = 110\nmax_velocity = 99.5\n[\"light/*\"]\n");
    let file = ClipFile::read(&dir.path().join("ramp.json")).unwrap();
    let extras = Extras {
        derivatives: vec![Quantity::Velocity],
        limits: Some(LimitsFile::read(&dir.path().join("limits.toml")).unwrap()),
    };
    let figure = clip_figure_with(&file, &[], None, None, 800, &extras).unwrap();
    let Content::Curve { guides, .. } = &figure.panels[0].content else {
        panic!("a curve")
    };
    assert_eq!((guides.low, guides.high), (None, Some(110.0)));
    assert_eq!(guides.marks, [(1.5, 120.0)]);
    let Content::Curve { guides, runs, .. } = &figure.panels[1].content else {
        panic!("a curve")
    };
    assert_eq!((guides.low, guides.high), (Some(-99.5), Some(99.5)));
    assert_eq!(guides.marks, [(0.0, 100.0)]);
    assert_eq!(guides.instants, [1.5]);
    // The velocity drawn: 100 on the first second, 40 to 1.5 s, 0 after.
    let first = runs[0][runs[0].len() / 2].1;
    assert!((first - 100.0).abs() <= 1e-9, "{first}");
    let output = dir.path().join("ramp.svg");
    let (status, _, stderr) = run_in(
        dir.path(),
        &[
            "plot",
            "ramp.json",
            "-o",
            "ramp.svg",
            "--velocity",
            "--acceleration",
            "--limits",
            "limits.toml",
        ],
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    let svg = std::fs::read_to_string(output).unwrap();
    assert!(svg.contains("#FF0000"), "the warning colour is drawn");
}
