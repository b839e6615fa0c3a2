//! What a command answers when it fails, and the exit status each failure gives:
//! 2 for a usage error (an impossible option value, a missing input, an unwritable
//! output), 1 for data a command refuses.

use std::path::Path;

use crate::clip_file::ClipFileError;

/// Why a command failed; its message is one line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// An option value the command cannot use (`--rate 0`, `--from 3 --to 1`).
    #[error("{0}")]
    Usage(String),
    /// A clip file that cannot be read or is refused.
    #[error("{0}")]
    Clip(#[from] ClipFileError),
    /// An input that is not what the command reads (a 1.x animation, a module directory).
    #[error("{path}: {what}")]
    Data {
        /// The file as named.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// An output that cannot be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file as named.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The contract refuses a call; `what` names the call and its arguments.
    #[error("refused: {0}")]
    Refused(String),
    /// A device or what it needs (a module directory, a browser bundle) cannot be made.
    #[error("device: {0}")]
    Device(String),
    /// A contract call fails or answers what the contract does not return (on the
    /// module directory's device, or a host registration).
    #[error("{0}")]
    Call(#[from] arora_animation_module::client::ClientError),
}

impl From<animation_engine::ClipFileError> for CliError {
    /// The engine's reader refused a file's text.
    fn from(refused: animation_engine::ClipFileError) -> CliError {
        CliError::Clip(ClipFileError::Refused(refused))
    }
}

impl CliError {
    /// The exit status: 2 for usage, 1 for refused data.
    pub fn exit_status(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Write { .. } => 2,
            CliError::Clip(ClipFileError::Read { .. }) => 2,
            _ => 1,
        }
    }

    /// A write error on `path`.
    pub fn write(path: &Path, source: std::io::Error) -> CliError {
        let path = path.display().to_string();
        CliError::Write { path, source }
    }
}
