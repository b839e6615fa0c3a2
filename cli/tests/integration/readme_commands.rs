//! Every command the root README and cli/README.md show runs as shown.
//!
//! Each line of a ```sh block that calls the command line — `cargo run -p
//! arora-animation-cli -- …` or `arora-animation …` — is run with the built binary, through
//! `sh -c` so that globs expand, in a fresh directory holding a copy of `examples/` (so
//! that outputs such as `wave.svg` land there, not in the repository). Each must exit with
//! status 0, and each file it names with `-o` or `--plot` must exist and not be empty.
//!
//! Every other line of those blocks, and every call that serves until Ctrl-C (`serve`,
//! `web`: their own tests start, call and stop them), is listed in `EXCLUDED` with the
//! reason it is not run here; the test fails when a line is neither run nor listed, or when a listed line is no
//! longer shown, so nothing is skipped silently.

use std::fs;
use std::path::{Path, PathBuf};

/// The READMEs whose commands are run, relative to the workspace.
const READMES: [&str; 2] = ["README.md", "cli/README.md"];

/// How a README calls the command line through cargo.
const CARGO_PREFIX: &str = "cargo run -p arora-animation-cli -- ";

/// How a README calls the installed command line.
const BINARY_PREFIX: &str = "arora-animation ";

/// The lines of the READMEs' ```sh blocks that are not run here, each with why.
const EXCLUDED: [(&str, &str); 6] = [
    (
        "cargo run --release -p arora-animation-module-dir -- target/animation-module",
        "the module-dir crate's own binary, not the command line; the same library runs \
         here as `module-dir target/animation-module`",
    ),
    (
        "scripts/test",
        "all the workspace's tests, this one among them, after installing what they need",
    ),
    (
        "cargo run -p arora-animation-cli -- serve --tree examples/trees/play_wave.bt",
        "serves until Ctrl-C on port 9000; cli/tests/integration/serve.rs starts serve with \
         this tree on a free port, calls it over the bridge and stops it with SIGINT",
    ),
    (
        "cargo run -p arora-animation-cli -- serve --module-dir target/animation-module --port 9001",
        "serves until Ctrl-C; the same command as the test above, with a module directory",
    ),
    (
        "cargo run -p arora-animation-cli -- web",
        "serves the page until Ctrl-C; browser/tests/integration/page.rs serves the same \
         bundle and drives the page in headless Chromium",
    ),
    (
        "arora --module target/animation-module examples/trees/play_wave.groot.xml",
        "the `arora` runner, installed by `cargo install arora`, is not part of this \
         workspace; tests/tests/integration/tree.rs runs the same Groot tree on an `arora` \
         device",
    ),
];

fn workspace() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The lines inside ```sh blocks of `text`, trimmed, without blank lines and comments.
fn sh_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(fence) = trimmed.strip_prefix("```") {
            in_sh = !in_sh && fence.trim() == "sh";
            continue;
        }
        if in_sh && !trimmed.is_empty() && !trimmed.starts_with('#') {
            lines.push(trimmed.to_string());
        }
    }
    lines
}

/// The arguments of a command-line call, or `None` for any other line.
fn cli_arguments(line: &str) -> Option<&str> {
    line.strip_prefix(CARGO_PREFIX)
        .or_else(|| line.strip_prefix(BINARY_PREFIX))
}

/// Whether the test runs `line`: a command-line call not listed in [`EXCLUDED`] (a call
/// that serves until Ctrl-C is listed there, and tested by its own test).
fn runs(line: &str) -> bool {
    cli_arguments(line).is_some() && !EXCLUDED.iter().any(|(excluded, _)| *excluded == line)
}

/// The files a call names as its outputs: the word after each `-o` or `--plot`.
fn outputs(arguments: &str) -> Vec<&str> {
    let words: Vec<&str> = arguments.split_whitespace().collect();
    words
        .windows(2)
        .filter(|pair| pair[0] == "-o" || pair[0] == "--plot")
        .map(|pair| pair[1])
        .collect()
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every sh line of the READMEs, with the README it is in.
fn shown_lines() -> Vec<(&'static str, String)> {
    READMES
        .iter()
        .flat_map(|readme| {
            let text = fs::read_to_string(workspace().join(readme))
                .unwrap_or_else(|e| panic!("cannot read {readme}: {e}"));
            sh_lines(&text).into_iter().map(move |line| (*readme, line))
        })
        .collect()
}

#[test]
fn every_line_not_run_is_listed_with_its_reason() {
    let mut not_run: Vec<String> = shown_lines()
        .into_iter()
        .map(|(_, line)| line)
        .filter(|line| !runs(line))
        .collect();
    not_run.sort();
    not_run.dedup();
    let mut listed: Vec<String> = EXCLUDED.iter().map(|(line, _)| line.to_string()).collect();
    listed.sort();
    assert_eq!(
        not_run, listed,
        "the sh lines the READMEs show but this test does not run must be exactly EXCLUDED"
    );
}

#[test]
fn every_command_line_call_runs_as_shown() {
    let calls: Vec<(&str, String)> = shown_lines()
        .into_iter()
        .filter(|(_, line)| runs(line))
        .collect();
    assert!(
        calls.len() >= 8,
        "expected the READMEs to show the command line's calls, found {calls:?}"
    );
    let binary = assert_cmd::cargo::cargo_bin("arora-animation");
    let mut failures = Vec::new();
    for (readme, line) in &calls {
        let arguments = cli_arguments(line).unwrap();
        let dir = tempfile::tempdir().unwrap();
        copy_tree(&workspace().join("examples"), &dir.path().join("examples"));
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$ARORA_ANIMATION\" {arguments}"))
            .env("ARORA_ANIMATION", &binary)
            .current_dir(dir.path())
            .output()
            .unwrap();
        if !output.status.success() {
            failures.push(format!(
                "{readme}: `{line}` exited with {}: {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ));
            continue;
        }
        for file in outputs(arguments) {
            let size = fs::metadata(dir.path().join(file)).map(|m| m.len());
            if !matches!(size, Ok(n) if n > 0) {
                failures.push(format!(
                    "{readme}: `{line}` did not write {file} ({size:?})"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
