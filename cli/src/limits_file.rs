//! A robot's limits file as the commands read it, and the lines they print about it:
//! `limits`, `check --limits` and `plot --limits` read the same file with the engine's
//! reader (`animation_engine::limits`) and write each violation as the same one line.
//!
//! A file that cannot be read, is not a limits file, or has a table matching no target
//! of the clips given is a usage error (status 2): `limits.toml:3: what is wrong`.

use std::path::Path;

use animation_engine::limits::{self, Judgement, Limits, LimitsError};
use animation_engine::{BoundsWindow, ClipTrackBounds, FileClip, ValidClip};

use crate::clip_file::read_text;
use crate::error::CliError;

/// A limits file, read.
#[derive(Clone, Debug)]
pub struct LimitsFile {
    /// The file as named, for errors.
    pub shown: String,
    /// What it says.
    pub limits: Limits,
}

impl LimitsFile {
    /// Reads the limits file at `path`; its refusal names the file and the line.
    pub fn read(path: &Path) -> Result<LimitsFile, CliError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("{shown}: cannot read: {e}")))?;
        let limits = Limits::from_toml(&text).map_err(|e| CliError::Usage(e.line_in(&shown)))?;
        Ok(LimitsFile { shown, limits })
    }

    /// Refuses a table that matches none of `targets` (every target of the clips given).
    pub fn check_matches<'a>(
        &self,
        targets: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Result<(), CliError> {
        self.limits
            .check_matches(targets)
            .map_err(|e| CliError::Usage(e.line_in(&self.shown)))
    }
}

/// A clip file as `check` reads it — a 2.0 document or a 1.x animation, through the
/// engine's reader — validated.
pub fn read_clip(path: &Path) -> Result<ValidClip, CliError> {
    let text = read_text(path)?;
    let file = FileClip::read(&path.display().to_string(), &text)?;
    Ok(file.valid().clone())
}

/// The bounds of each clip over `window` and, with limits, their judgement: a table
/// matching no target of any of the clips is refused first (the engine's `judge_clips`).
pub fn judge_clips(
    clips: &[&ValidClip],
    window: BoundsWindow,
    limits: Option<&LimitsFile>,
) -> Result<Vec<(Vec<ClipTrackBounds>, Judgement)>, CliError> {
    let refused = |e: LimitsError| {
        let shown = limits.map_or("", |l| l.shown.as_str());
        CliError::Usage(e.line_in(shown))
    };
    limits::judge_clips(clips, window, limits.map(|l| &l.limits)).map_err(refused)
}

/// A clip's judgement as lines (the engine's `judgement_lines`, the page's too): each
/// violation, then each unnamed target.
pub fn judgement_lines(file: &str, limits: &LimitsFile, judgement: &Judgement) -> Vec<String> {
    limits::judgement_lines(file, &limits.shown, judgement)
}
