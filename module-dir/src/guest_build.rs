//! Building the guest crate for a wasm target, from inside another cargo run.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Target;

/// The guest's package, as cargo names it.
const GUEST_PACKAGE: &str = "arora-animation-guest";
/// The file the guest cdylib compiles to.
const GUEST_FILE: &str = "arora_animation_guest.wasm";
/// The workspace profile the guest is built with (root `Cargo.toml`): small,
/// LTO, `panic = "abort"`.
const GUEST_PROFILE: &str = "guest";

/// Why the guest could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// Cargo could not be started.
    #[error("could not run `{cargo}`: {source}")]
    Spawn {
        /// The cargo program run.
        cargo: String,
        /// Why it did not start.
        source: std::io::Error,
    },
    /// Cargo ran and failed.
    #[error(
        "`{command}` failed ({status}); is the {target} target installed (rustup target add {target})?\n{stderr}"
    )]
    Cargo {
        /// The command line run.
        command: String,
        /// How it exited.
        status: std::process::ExitStatus,
        /// The target built for.
        target: Target,
        /// What it wrote to stderr.
        stderr: String,
    },
    /// The build succeeded but its output does not read.
    #[error("the guest built, but {path} does not read: {source}")]
    Read {
        /// The guest's `.wasm`.
        path: PathBuf,
        /// Why it does not read.
        source: std::io::Error,
    },
}

/// The workspace this crate belongs to: the guest is built from it.
pub fn workspace_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the workspace")
}

/// Where guest builds go: a target directory of their own, so a build run
/// from inside `cargo run` or `cargo test` never waits on the lock of the
/// target directory the outer cargo holds.
pub fn guest_target_dir() -> PathBuf {
    workspace_dir().join("target").join("guest")
}

/// Build the guest for `target` and answer the wasm file's bytes: a core
/// module for `wasm32-wasip1`, a component for `wasm32-wasip2`.
///
/// Runs the cargo that runs this program (`$CARGO`), else `cargo` on the
/// `PATH`, in the workspace, so the pinned toolchain builds it.
pub fn build_guest(target: Target) -> Result<Vec<u8>, BuildError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let target_dir = guest_target_dir();
    let mut command = Command::new(&cargo);
    command
        .current_dir(workspace_dir())
        .args(["build", "-p", GUEST_PACKAGE, "--target", target.triple()])
        .args(["--profile", GUEST_PROFILE, "--target-dir"])
        .arg(&target_dir);
    let output = command.output().map_err(|source| BuildError::Spawn {
        cargo: cargo.to_string_lossy().into_owned(),
        source,
    })?;
    if !output.status.success() {
        return Err(BuildError::Cargo {
            command: format!("{command:?}"),
            status: output.status,
            target,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    let path = target_dir
        .join(target.triple())
        .join(GUEST_PROFILE)
        .join(GUEST_FILE);
    std::fs::read(&path).map_err(|source| BuildError::Read { path, source })
}
