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

/// Whether a wasm build may use the 128-bit SIMD instructions (`simd128`).
///
/// The guest is built with them ([`Simd::On`], what [`build_guest`] does): the
/// fast solve then runs its four lanes as two `f64x2` vectors
/// (`engine/src/curve/fast_solve/simd.rs`), with the scalar build's bits.
/// wasmtime (the `arora` device) and every current browser run `simd128`;
/// [`Simd::Off`] is the build without it, for comparing the two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Simd {
    /// `-C target-feature=+simd128`.
    #[default]
    On,
    /// No target feature beyond the target's own.
    Off,
}

impl Simd {
    /// The rustc flags of a wasm build, as cargo's `CARGO_ENCODED_RUSTFLAGS` holds
    /// them (separated by 0x1f).
    ///
    /// Set in the nested cargo's environment, they apply to the wasm artifacts only
    /// (with `--target`, cargo gives no rustflags to build scripts and proc
    /// macros), in a target directory of the build's own, so no other build of
    /// the workspace is rebuilt for them. `CARGO_ENCODED_RUSTFLAGS` rather than
    /// `RUSTFLAGS` or a `[target]` setting: it takes precedence over both, so a
    /// `RUSTFLAGS` in the caller's environment can neither drop the feature nor
    /// leak into the guest. (`#[target_feature(enable = "simd128")]` on the
    /// solve alone would keep it from being inlined into its callers, and
    /// `cfg(target_feature = "simd128")` would not see it.)
    pub fn encoded_rustflags(self) -> &'static str {
        match self {
            Self::On => "-Ctarget-feature=+simd128",
            Self::Off => "",
        }
    }
}

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

/// Where wasm builds with `simd` go: [`guest_target_dir`] for the guest's
/// own flags, `target/guest-no-simd` for the others (their flags differ, so
/// sharing a directory would rebuild everything in it at each switch).
pub fn wasm_target_dir(simd: Simd) -> PathBuf {
    match simd {
        Simd::On => guest_target_dir(),
        Simd::Off => workspace_dir().join("target").join("guest-no-simd"),
    }
}

/// Build the guest for `target` and answer the wasm file's bytes: a core
/// module for `wasm32-wasip1`, a component for `wasm32-wasip2`. Built with
/// `simd128` ([`Simd::On`]).
///
/// Runs the cargo that runs this program (`$CARGO`), else `cargo` on the
/// `PATH`, in the workspace, so the pinned toolchain builds it.
pub fn build_guest(target: Target) -> Result<Vec<u8>, BuildError> {
    build_guest_with(target, Simd::On)
}

/// [`build_guest`] with or without `simd128`.
pub fn build_guest_with(target: Target, simd: Simd) -> Result<Vec<u8>, BuildError> {
    build_wasm(&["-p", GUEST_PACKAGE], GUEST_FILE, target, simd)
}

/// A binary of a workspace package built for `target` with the guest's
/// profile and `simd` flags, with `features`: the wasm program's bytes (the
/// tests crate runs the engine's `wasm_fast_solve` this way).
pub fn build_wasm_bin(
    package: &str,
    bin: &str,
    features: &str,
    target: Target,
    simd: Simd,
) -> Result<Vec<u8>, BuildError> {
    let file = format!("{bin}.wasm");
    let args = ["-p", package, "--bin", bin, "--features", features];
    build_wasm(&args, &file, target, simd)
}

/// `cargo build <args>` for `target` with the guest profile and `simd`'s
/// flags in [`wasm_target_dir`], then the bytes of `file` it wrote.
fn build_wasm(
    args: &[&str],
    file: &str,
    target: Target,
    simd: Simd,
) -> Result<Vec<u8>, BuildError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let target_dir = wasm_target_dir(simd);
    let mut command = Command::new(&cargo);
    command
        .current_dir(workspace_dir())
        .env("CARGO_ENCODED_RUSTFLAGS", simd.encoded_rustflags())
        .arg("build")
        .args(args)
        .args(["--target", target.triple()])
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
        .join(file);
    std::fs::read(&path).map_err(|source| BuildError::Read { path, source })
}
