//! The programs and the target the browser tests need, each checked before
//! it is used, so that a missing one fails with what to install rather than
//! with the error of whatever tried to use it.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::paths::runtime_dir;

/// The Debian packages that give `chromium` and `chromedriver`.
pub const CHROMIUM_INSTALL: &str = "apt-get install -y chromium chromium-driver";

/// Something the browser tests need is not on this machine.
#[derive(Debug, thiserror::Error)]
#[error("{what} is missing: {install}")]
pub struct Missing {
    /// What is missing, as a person would name it.
    pub what: String,
    /// The command that installs it.
    pub install: String,
}

/// The `wasm-bindgen` version `web/runtime/Cargo.lock` pins: the CLI that
/// reads the runtime's wasm must be exactly this version, or it refuses the
/// wasm's schema.
pub fn locked_wasm_bindgen_version() -> Result<String, Missing> {
    let lock = runtime_dir().join("Cargo.lock");
    let text = std::fs::read_to_string(&lock).map_err(|e| Missing {
        what: format!("{} ({e})", lock.display()),
        install: "restore it from git: it pins the wasm-bindgen version".into(),
    })?;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            let version = lines.next().and_then(|next| {
                next.trim()
                    .strip_prefix("version = \"")?
                    .strip_suffix('"')
                    .map(str::to_string)
            });
            if let Some(version) = version {
                return Ok(version);
            }
        }
    }
    Err(Missing {
        what: format!("the wasm-bindgen package in {}", lock.display()),
        install: "restore web/runtime/Cargo.lock from git".into(),
    })
}

/// The install command of the wasm-bindgen CLI of `version`.
pub fn wasm_bindgen_install(version: &str) -> String {
    format!("cargo install wasm-bindgen-cli --version {version} --locked")
}

/// The `wasm-bindgen` CLI on the `PATH`, checked to be of `version`.
pub fn wasm_bindgen(version: &str) -> Result<PathBuf, Missing> {
    let missing = |what: String| Missing {
        what,
        install: wasm_bindgen_install(version),
    };
    let program = on_path("wasm-bindgen")
        .ok_or_else(|| missing(format!("wasm-bindgen {version} (the CLI, on the PATH)")))?;
    let output = Command::new(&program)
        .arg("--version")
        .output()
        .map_err(|e| missing(format!("a working {} ({e})", program.display())))?;
    let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if said != format!("wasm-bindgen {version}") {
        return Err(missing(format!(
            "wasm-bindgen {version} ({} says \"{said}\")",
            program.display()
        )));
    }
    Ok(program)
}

/// Checks that the standard library for `triple` is installed in the
/// toolchain `rustc` (the one `cargo` runs here) uses.
pub fn rust_target(triple: &str) -> Result<(), Missing> {
    let missing = || Missing {
        what: format!("the Rust target {triple}"),
        install: format!("rustup target add {triple}"),
    };
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .current_dir(crate::paths::workspace_dir())
        .args(["--print", "sysroot"])
        .output()
        .map_err(|_| missing())?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    if sysroot.join("lib/rustlib").join(triple).is_dir() {
        Ok(())
    } else {
        Err(missing())
    }
}

/// The Chromium browser: `$CHROME` when set, else `chromium` (Debian's
/// name) or `chromium-browser` on the `PATH`.
pub fn chromium() -> Result<PathBuf, Missing> {
    named_or_found("CHROME", &["chromium", "chromium-browser"]).ok_or_else(|| Missing {
        what: "Chromium (chromium on the PATH, or $CHROME)".into(),
        install: CHROMIUM_INSTALL.into(),
    })
}

/// Chromium's WebDriver server: `$CHROMEDRIVER` when set, else
/// `chromedriver` on the `PATH`.
pub fn chromedriver() -> Result<PathBuf, Missing> {
    named_or_found("CHROMEDRIVER", &["chromedriver"]).ok_or_else(|| Missing {
        what: "chromedriver (on the PATH, or $CHROMEDRIVER)".into(),
        install: CHROMIUM_INSTALL.into(),
    })
}

fn named_or_found(variable: &str, names: &[&str]) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(path) => Some(PathBuf::from(path)).filter(|path| path.is_file()),
        None => names.iter().find_map(on_path),
    }
}

/// The first executable file `name` in a `PATH` directory.
fn on_path(name: impl AsRef<OsStr>) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name.as_ref()))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_pins_the_wasm_bindgen_arora_web_was_built_with() {
        assert_eq!(locked_wasm_bindgen_version().unwrap().as_str(), "0.2.129");
    }

    #[test]
    fn a_cli_of_another_version_is_missing_with_its_install_command() {
        let missing = wasm_bindgen("0.0.1").unwrap_err();
        assert_eq!(
            missing.install,
            "cargo install wasm-bindgen-cli --version 0.0.1 --locked"
        );
        assert!(
            missing.to_string().contains("wasm-bindgen 0.0.1"),
            "{missing}"
        );
    }

    #[test]
    fn a_missing_target_says_how_to_add_it() {
        let missing = rust_target("wasm64-nowhere-none").unwrap_err();
        assert_eq!(missing.install, "rustup target add wasm64-nowhere-none");
        assert!(rust_target("wasm32-unknown-unknown").is_ok());
    }

    #[test]
    fn a_program_on_no_path_is_not_found() {
        assert_eq!(
            named_or_found("ARORA_ANIMATION_NO_SUCH_VARIABLE", &["no-such-browser"]),
            None
        );
    }
}
