//! Why a bundle could not be built: shared by the bundle and the runtime build it runs.

use std::path::PathBuf;

use crate::tools::Missing;

/// Why a bundle could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// A program or target the build needs is not installed.
    #[error(transparent)]
    Missing(#[from] Missing),
    /// A program could not be started.
    #[error("could not run {command}: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why it did not start.
        source: std::io::Error,
    },
    /// A program ran and failed.
    #[error("{command} failed ({status}):\n{stderr}")]
    Failed {
        /// The command line.
        command: String,
        /// How it exited.
        status: std::process::ExitStatus,
        /// What it wrote to stderr.
        stderr: String,
    },
    /// The guest did not build.
    #[error(transparent)]
    Guest(#[from] arora_animation_module_dir::BuildError),
    /// The module directory could not be written.
    #[error(transparent)]
    ModuleDir(#[from] arora_animation_module_dir::WriteError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}
