//! arora-web for the page: `web/runtime/` built for `wasm32-unknown-unknown`,
//! then given its JavaScript glue by the `wasm-bindgen` CLI.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::error::BundleError;
use crate::paths::{runtime_dir, web_target_dir};
use crate::tools;

/// The target arora-web is built for.
pub const WEB_TARGET: &str = "wasm32-unknown-unknown";
/// The name `wasm-bindgen` gives its output: `pkg/arora_web.js` and
/// `pkg/arora_web_bg.wasm`, the names arora-web's own README imports.
pub const OUT_NAME: &str = "arora_web";
/// The file `cargo build` writes for `web/runtime/`.
const RUNTIME_WASM: &str = "arora_animation_web_runtime.wasm";

/// Build `web/runtime/` (release, into `target/web/`) and answer its wasm.
/// Cargo answers at once when nothing changed.
pub fn build_runtime() -> Result<PathBuf, BundleError> {
    tools::rust_target(WEB_TARGET)?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let target_dir = web_target_dir();
    let mut command = Command::new(&cargo);
    command
        .current_dir(runtime_dir())
        .args(["build", "--release", "--locked", "--target", WEB_TARGET])
        .arg("--target-dir")
        .arg(&target_dir);
    run(&mut command)?;
    Ok(target_dir
        .join(WEB_TARGET)
        .join("release")
        .join(RUNTIME_WASM))
}

/// Write `wasm`'s JavaScript glue and the processed wasm into `out` (made
/// afresh), unless `out` already holds them from this `wasm` (no older than it).
pub fn bindgen(wasm: &Path, out: &Path) -> Result<(), BundleError> {
    let glue = out.join(format!("{OUT_NAME}_bg.wasm"));
    if modified(&glue).is_some_and(|made| modified(wasm).is_some_and(|built| made >= built)) {
        return Ok(());
    }
    let version = tools::locked_wasm_bindgen_version()?;
    let program = tools::wasm_bindgen(&version)?;
    // Written beside `out` and renamed into place, so a reader never sees
    // half a package.
    let fresh = out.with_extension("new");
    remove_dir(&fresh)?;
    let mut command = Command::new(program);
    command
        .args(["--target", "web", "--out-name", OUT_NAME, "--out-dir"])
        .arg(&fresh)
        .arg(wasm);
    run(&mut command)?;
    remove_dir(out)?;
    std::fs::rename(&fresh, out).map_err(|source| BundleError::Io {
        path: out.to_path_buf(),
        source,
    })
}

fn modified(path: &Path) -> Option<SystemTime> {
    path.metadata().and_then(|meta| meta.modified()).ok()
}

/// Remove `dir` and all it holds; nothing to do when it is missing.
pub fn remove_dir(dir: &Path) -> Result<(), BundleError> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(BundleError::Io {
            path: dir.to_path_buf(),
            source: e,
        }),
        _ => Ok(()),
    }
}

fn run(command: &mut Command) -> Result<(), BundleError> {
    let shown = format!("{command:?}");
    let output = command.output().map_err(|source| BundleError::Spawn {
        command: shown.clone(),
        source,
    })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(BundleError::Failed {
            command: shown,
            status: output.status,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        })
    }
}
