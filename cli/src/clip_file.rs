//! Clip files read from disk. What a file's text means — and every refusal's words and
//! place — is the engine's reader ([`animation_engine::FileClip`]), the same code the
//! authors' page runs compiled to WebAssembly; this file only adds reading the file.
//!
//! This file and `sampling.rs` are the only places the command line calls the engine
//! directly, so a change of the engine's API is adapted here.

use std::path::{Path, PathBuf};

use animation_engine::{Clip, ValidClip, read_clip_document};

/// A clip file that was read and validated.
#[derive(Clone, Debug)]
pub struct ClipFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The clip as authored, for listing and drawing its keypoints and handles.
    pub clip: Clip,
    /// The same clip validated, which the engine compiles and samples.
    pub valid: ValidClip,
}

impl ClipFile {
    /// A file at `path` holding `valid`.
    pub fn new(path: PathBuf, valid: ValidClip) -> ClipFile {
        ClipFile {
            path,
            clip: valid.clone().into_clip(),
            valid,
        }
    }
}

/// Why a clip file is refused: it cannot be read, or the engine's reader refuses its text.
#[derive(Debug, thiserror::Error)]
pub enum ClipFileError {
    /// The file cannot be read (missing, a directory, unreadable).
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file as named.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The text is refused: its syntax, its shape, a rule (the engine's words).
    #[error(transparent)]
    Refused(#[from] animation_engine::ClipFileError),
}

impl ClipFile {
    /// Reads and validates the 2.0 clip document at `path`.
    pub fn read(path: &Path) -> Result<ClipFile, ClipFileError> {
        let shown = path.display().to_string();
        let text = read_text(path)?;
        let valid = parse_clip(&shown, &text)?;
        Ok(ClipFile::new(path.to_path_buf(), valid))
    }
}

/// The text of the file at `path`.
pub fn read_text(path: &Path) -> Result<String, ClipFileError> {
    std::fs::read_to_string(path).map_err(|source| ClipFileError::Read {
        path: path.display().to_string(),
        source,
    })
}

/// Parses and validates the text of a 2.0 clip document; `shown` names it in errors.
pub fn parse_clip(shown: &str, text: &str) -> Result<ValidClip, ClipFileError> {
    Ok(read_clip_document(shown, text)?)
}
