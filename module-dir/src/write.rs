//! Writing the module directory a device loads (docs/contract.md §3.3).

use std::path::{Path, PathBuf};

use arora_animation_module::animation;
use arora_registry::local::LocalRegistry;
use arora_registry::local_yaml::write_records_to_yaml_dir;
use arora_types::module::low::Executor;

use crate::componentize::{ComponentizeError, componentize};

/// The header's file name in a module directory.
pub const HEADER_FILE: &str = "header.json";
/// The artifact's file name; a device finds it by its `.wasm` extension.
pub const ARTIFACT_FILE: &str = "animation.wasm";
/// The directory of the module's records, in arora-registry's layout.
pub const RECORDS_DIR: &str = "records";
/// The executor a device runs the guest component with.
pub const EXECUTOR: &str = "wasm-component";

/// Why the module directory could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The guest does not become a component.
    #[error(transparent)]
    Componentize(#[from] ComponentizeError),
    /// A file could not be written.
    #[error("could not write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why it was not written.
        source: std::io::Error,
    },
    /// The header does not serialize.
    #[error("the header does not serialize: {0}")]
    Header(#[from] serde_json::Error),
    /// The module's records do not build or serialize.
    #[error("the module's records do not {what}: {message}")]
    Records {
        /// What they failed to do.
        what: &'static str,
        /// Why.
        message: String,
    },
}

/// The executor the header names: the component executor, any version.
pub fn wasm_component_executor() -> Executor {
    Executor {
        name: EXECUTOR.to_string(),
        min_version: None,
        max_version: None,
    }
}

/// The header as the module directory holds it: pretty JSON, two-space
/// indent, no trailing newline (docs/contract.md Appendix A).
pub fn header_json() -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(&animation::header(wasm_component_executor()))
}

/// Write the module directory `dir` around `guest`, a component or a
/// `wasm32-wasip1` core module (made a component here): `header.json`,
/// `animation.wasm` and `records/`, the last written afresh so no record of
/// an earlier version lingers. `dir` is created when missing.
pub fn write(dir: &Path, guest: &[u8]) -> Result<(), WriteError> {
    let component = componentize(guest)?;
    write_description(dir)?;
    write_file(&dir.join(ARTIFACT_FILE), &component)
}

/// Write what describes the module in `dir`, without the artifact:
/// `header.json` and `records/`. Both depend on the declaration alone, so
/// they are the same whichever target the guest was built for.
pub fn write_description(dir: &Path) -> Result<(), WriteError> {
    create_dir(dir)?;
    write_file(&dir.join(HEADER_FILE), header_json()?.as_bytes())?;
    write_records(&dir.join(RECORDS_DIR))
}

/// The module's record and every record it names, as arora-registry writes a
/// registry holding only them: the `arora` folder, the module record at
/// 3.0.0, and the sixteen structures (docs/contract.md Appendix B).
fn write_records(records: &Path) -> Result<(), WriteError> {
    let mut registry = LocalRegistry::new();
    // A local registry is in memory: the future completes without waiting.
    futures::executor::block_on(
        registry.add_declared_module::<animation::Module>(module_version()),
    )
    .map_err(|e| WriteError::Records {
        what: "add up to the module",
        message: e.to_string(),
    })?;
    match std::fs::remove_dir_all(records) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(WriteError::Io {
                path: records.to_path_buf(),
                source: e,
            });
        }
        _ => {}
    }
    write_records_to_yaml_dir(&registry, records).map_err(|e| WriteError::Records {
        what: "write",
        message: e.to_string(),
    })
}

/// The module version, as a registry versions records.
fn module_version() -> semver::Version {
    let version = animation::VERSION;
    semver::Version::new(
        version.major.into(),
        version.minor.into(),
        version.patch.into(),
    )
}

fn create_dir(dir: &Path) -> Result<(), WriteError> {
    std::fs::create_dir_all(dir).map_err(|source| WriteError::Io {
        path: dir.to_path_buf(),
        source,
    })
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    std::fs::write(path, bytes).map_err(|source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    })
}
