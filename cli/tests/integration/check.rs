//! `check` through the binary: a line per file, the status of the worst.

use crate::common::{cli, example};

/// Writes `text` to a file named `name` in a fresh directory; its path.
fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn valid_clips_pass_with_a_summary_each() {
    let (wave, blink) = (example("wave.json"), example("blink.json"));
    let output = cli().arg("check").arg(&wave).arg(&blink).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("ok: {} — 3 tracks, 8 keypoints, 0 s … 1 s", wave.display())
    );
    assert!(
        lines[1].ends_with("— 3 tracks, 11 keypoints, 0 s … 2 s"),
        "{}",
        lines[1]
    );
}

#[test]
fn signed_times_show_in_the_summary() {
    let output = cli()
        .arg("check")
        .arg(example("handles.json"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.ends_with("— 2 tracks, 8 keypoints, -0.5 s … 2 s\n"),
        "{stdout}"
    );
}

/// A one-track clip whose second keypoint's value is the JSON `value`.
fn point(value: &str) -> String {
    format!(
        r#"{{"tracks":[{{"id":"arm","animatableId":"a","points":[{{"id":"k1","timeNs":0,"value":1}},{{"id":"k2","timeNs":5,"value":{value}}}]}}]}}"#
    )
}

/// A file of each kind `check` refuses: (its name, its text, what its line says).
fn refused_files() -> Vec<(&'static str, String, &'static str)> {
    vec![
        (
            "syntax.json",
            "{\"tracks\": [\n  {\"id\": \"a\",,}\n]}".to_string(),
            ":2:14: key must be a string",
        ),
        (
            "not_json.json",
            "tracks: []".to_string(),
            ":1:3: expected ident",
        ),
        (
            "missing.json",
            r#"{"tracks":[{"id":"a","points":[]}]}"#.to_string(),
            ":1:33: not a clip: missing field `animatableId`",
        ),
        (
            "float_time.json",
            point("2").replace("\"timeNs\":5", "\"timeNs\":5.0"),
            "not a clip: invalid type: floating point `5.0`, expected i64",
        ),
        (
            "transition.json",
            point("2").replace(
                "\"value\":2",
                "\"value\":2,\"transitions\":{\"in\":\"bouncy\"}",
            ),
            "not a clip: invalid value: string \"bouncy\", expected a transition name",
        ),
        (
            "duplicate.json",
            r#"{"tracks":[],"tracks":[]}"#.to_string(),
            "not a clip: duplicate field `tracks`",
        ),
        ("overflow.json", point("1e400"), ": number out of range"),
        (
            "mixed.json",
            point("true"),
            ": track \"arm\" keypoint \"k2\": value is a boolean but the track's first keypoint is a number",
        ),
    ]
}

#[test]
fn each_kind_of_refusal_is_one_precise_line_and_status_1() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, expected) in refused_files() {
        let path = file(&dir, name, &text);
        let output = cli().args(["check", &path]).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{name}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {path}")),
            "{name}: {stderr}"
        );
        assert!(
            stderr.contains(expected),
            "{name}: {stderr} lacks {expected}"
        );
    }
}

#[test]
fn one_refused_file_among_valid_ones_fails_the_run_but_every_file_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = file(&dir, "bad.json", "[");
    let output = cli()
        .arg("check")
        .arg(example("wave.json"))
        .arg(&bad)
        .arg(example("blink.json"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 2);
}

#[test]
fn a_missing_file_and_a_usage_error_give_status_2() {
    let output = cli().args(["check", "no/such/file.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: no/such/file.json: cannot read:"),
        "{stderr}"
    );
    assert_eq!(cli().arg("check").output().unwrap().status.code(), Some(2));
    assert_eq!(
        cli()
            .args(["check", "--strict", "x.json"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        cli().arg("frobnicate").output().unwrap().status.code(),
        Some(2)
    );
}

#[test]
fn the_wave_example_is_the_bundled_clip_of_module_dir() {
    let file = arora_animation_cli::clip_file::ClipFile::read(&example("wave.json")).unwrap();
    let record = arora_animation_module::clip_record(&file.clip);
    assert_eq!(record, arora_animation_module_dir::bundled_clip());
}

/// The root README's `check examples/clips/*.json` passes on every shipped example,
/// reading the 1.x `nod_v1.json` as a 1.x animation.
#[test]
fn every_shipped_example_passes_and_a_1x_animation_says_so() {
    let dir = example("");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 5, "{files:?}");
    let output = cli().arg("check").args(&files).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let nod = example("nod_v1.json");
    let expected = format!(
        "ok: {} — a 1.x animation, 2 tracks, 7 keypoints, 0 s … 1.5 s",
        nod.display()
    );
    assert!(stdout.lines().any(|line| line == expected), "{stdout}");
    assert_eq!(stdout.lines().count(), 5);
}

/// A 1.x animation that does not convert is refused naming the place, status 1.
#[test]
fn a_broken_1x_animation_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "v1.json",
        "{\"duration\": 1000, \"tracks\": [{\"id\": \"a\"}]}",
    );
    let output = cli().arg("check").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("error: {path}:1:")) && stderr.contains("not a 1.x animation"),
        "{stderr}"
    );
}
