//! `convert`: a 1.x stored animation (the editor's 1.x JSON, read by the engine's
//! [`read_v1_document`]) written as a 2.0 clip document through the conversion of
//! docs/curves.md §2.2, so the written clip samples as the 1.x clip does.

use std::path::{Path, PathBuf};

use animation_engine::{ClipFileError, read_v1_document};

use crate::clip_file::read_text;
use crate::error::CliError;

/// `convert`: a 1.x stored animation to a 2.0 clip document.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The 1.x stored animation (duration in ms, normalized stamps, `{x, y}` handles).
    pub input: PathBuf,
    /// The 2.0 clip document to write.
    #[arg(short, long)]
    pub output: PathBuf,
}

/// The 2.0 document of the 1.x document `text`: converted (docs/curves.md §2.2)
/// and validated (docs/curves.md §1.5).
pub fn convert_text(shown: &str, text: &str) -> Result<String, CliError> {
    let v1 = read_v1_document(shown, text)?;
    let clip = v1.to_valid_clip().map_err(|error| ClipFileError::Convert {
        path: shown.to_string(),
        error,
    })?;
    Ok(clip.into_clip().to_json())
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    let shown = args.input.display().to_string();
    let text = read_text(&args.input)?;
    let document = convert_text(&shown, &text)?;
    write_file(&args.output, &(document + "\n"))
}

/// Writes `text` to `path`.
pub fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::write(path, e))
}
