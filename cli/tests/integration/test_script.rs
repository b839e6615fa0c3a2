//! `scripts/test`, the README's test command, deciding what to install (issue #29): run with
//! stand-ins first on its PATH for the commands it calls to install or to test (`rustup`,
//! `cargo`, `wasm-bindgen`, `apt-get`, `sudo`, `id`) — each records its arguments and does
//! nothing — so a case can be a machine without root, with everything, or missing a tool,
//! and nothing is installed on this one.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A machine as the script sees it.
struct Machine {
    /// Whether `id -u` answers 0.
    root: bool,
    /// Whether `sudo -n true` succeeds.
    sudo: bool,
    /// Whether Chromium and chromedriver are on the PATH.
    chromium: bool,
    /// The version `wasm-bindgen --version` prints, if it is there.
    bindgen: Option<String>,
}

/// What a run of the script did.
struct Run {
    status: i32,
    stderr: String,
    /// Each stand-in's call, `<command> <arguments>`, in order.
    calls: Vec<String>,
}

/// The wasm-bindgen version web/runtime/Cargo.lock pins, read here from the lock's
/// `[[package]]` tables.
fn pinned_bindgen() -> String {
    let lock = std::fs::read_to_string(repo().join("web/runtime/Cargo.lock")).expect("the lock");
    let lock: toml::Table = lock.parse().expect("a TOML lock file");
    let packages = lock["package"].as_array().expect("packages");
    let bindgen = packages
        .iter()
        .find(|p| p["name"].as_str() == Some("wasm-bindgen"))
        .expect("wasm-bindgen is locked");
    bindgen["version"].as_str().expect("a version").to_string()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Writes an executable stand-in `name` into `bin`: it records its call and runs `body`.
fn stand_in(bin: &Path, name: &str, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = bin.join(name);
    let script = format!("#!/bin/sh\necho \"{name} $*\" >> \"$CALLS\"\n{body}\n");
    std::fs::write(&path, script).expect("a stand-in");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("mode");
}

/// Runs `scripts/test` with `args` on `machine`.
fn run(machine: &Machine, args: &[&str]) -> Run {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).expect("bin");
    let calls = dir.path().join("calls");
    std::fs::write(&calls, "").expect("the calls file");
    stand_in(
        &bin,
        "id",
        if machine.root { "echo 0" } else { "echo 1000" },
    );
    stand_in(&bin, "sudo", if machine.sudo { "exit 0" } else { "exit 1" });
    stand_in(&bin, "rustup", "exit 0");
    stand_in(&bin, "cargo", "exit 0");
    stand_in(&bin, "apt-get", "exit 0");
    if let Some(version) = &machine.bindgen {
        stand_in(
            &bin,
            "wasm-bindgen",
            &format!("echo 'wasm-bindgen {version}'"),
        );
    }
    // The script looks for `$CHROME` and `$CHROMEDRIVER`: names of stand-ins, or of nothing
    // (this machine's own /usr/bin/chromium is on the PATH).
    let (chrome, driver) = ("test-script-chromium", "test-script-chromedriver");
    if machine.chromium {
        stand_in(&bin, chrome, "exit 0");
        stand_in(&bin, driver, "exit 0");
    }
    let out = Command::new("bash")
        .arg(repo().join("scripts/test"))
        .args(args)
        // The stand-ins, then only the system's own tools (sed, grep, tr, dirname).
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .env("CALLS", &calls)
        .env("CHROME", chrome)
        .env("CHROMEDRIVER", driver)
        .output()
        .expect("bash runs the script");
    let recorded = std::fs::read_to_string(&calls).expect("the calls");
    // `id -u`, `sudo -n true` and `wasm-bindgen --version` are questions, not installs or
    // tests.
    let questions = ["id -u", "sudo -n true", "wasm-bindgen --version"];
    let calls = recorded
        .lines()
        .filter(|c| !questions.contains(c))
        .map(str::to_string)
        .collect();
    Run {
        status: out.status.code().expect("an exit status"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
        calls,
    }
}

/// The toolchain's calls the script always makes first: rustup reads rust-toolchain.toml.
fn toolchain_calls() -> Vec<String> {
    vec![
        "rustup toolchain install".to_string(),
        "rustup target add wasm32-wasip1 wasm32-wasip2 wasm32-unknown-unknown".to_string(),
    ]
}

#[test]
fn with_everything_there_nothing_is_installed_and_every_test_runs() {
    let machine = Machine {
        root: false,
        sudo: false,
        chromium: true,
        bindgen: Some(pinned_bindgen()),
    };
    let run = run(&machine, &["--", "--nocapture"]);
    let mut expected = toolchain_calls();
    expected.push("cargo test --workspace -- --nocapture".to_string());
    assert_eq!(run.calls, expected, "{}", run.stderr);
    assert_eq!(run.status, 0);
    assert_eq!(run.stderr, "");
}

#[test]
fn without_root_or_sudo_one_line_names_the_packages_the_rest_runs_and_it_fails() {
    let machine = Machine {
        root: false,
        sudo: false,
        chromium: false,
        bindgen: Some(pinned_bindgen()),
    };
    let run = run(&machine, &[]);
    let mut expected = toolchain_calls();
    expected.push("cargo test --workspace --exclude arora-animation-browser".to_string());
    assert_eq!(run.calls, expected);
    assert_eq!(run.status, 1);
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [
            "scripts/test: missing chromium and chromium-driver: run 'apt-get install -y \
             chromium chromium-driver' as root (no root and no sudo here)",
            "scripts/test: the browser tests (arora-animation-browser) did not run: install \
             what is missing above",
        ]
    );
}

#[test]
fn what_is_missing_is_installed_as_root_through_sudo_and_from_crates_io() {
    let version = pinned_bindgen();
    let apt = [
        "apt-get update -qq".to_string(),
        "apt-get install -y -qq chromium chromium-driver".to_string(),
    ];
    let bindgen = format!("cargo install wasm-bindgen-cli --version {version} --locked");
    let cases = [
        // As root, with an older CLI: both installed.
        (true, false, Some("0.2.100".to_string())),
        // Through sudo, with no CLI at all.
        (false, true, None),
    ];
    for (root, sudo, installed) in cases {
        let machine = Machine {
            root,
            sudo,
            chromium: false,
            bindgen: installed,
        };
        let run = run(&machine, &[]);
        let mut expected = toolchain_calls();
        // The sudo stand-in records what it is asked to run and runs nothing.
        let prefix = if sudo { "sudo -n " } else { "" };
        expected.extend(apt.iter().map(|c| format!("{prefix}{c}")));
        expected.push(bindgen.clone());
        expected.push("cargo test --workspace".to_string());
        assert_eq!(run.calls, expected, "root {root}, sudo {sudo}");
        assert_eq!(run.status, 0, "root {root}, sudo {sudo}");
    }
}
