//! `check`: read and validate clip files, one line per file.

use std::io::Write;
use std::path::{Path, PathBuf};

use animation_engine::{Clip, FileClip};

use crate::clip_file::read_text;
use crate::error::CliError;
use crate::number_text::seconds;

/// `check`: read and validate clip files.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The clip files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// The line `check` prints for a file it accepts:
/// `ok: wave.json — 3 tracks, 7 keypoints, 0 s … 1 s` (earliest keypoint, or 0, to the
/// clip's end of docs/curves.md §1.1).
pub fn summary(path: &Path, clip: &Clip) -> String {
    let keypoints: usize = clip.tracks.iter().map(|t| t.keypoints.len()).sum();
    let times = clip.tracks.iter().flat_map(|t| &t.keypoints);
    let earliest = times.map(|k| k.time_ns).min().unwrap_or(0);
    format!(
        "ok: {} — {}, {}, {} … {}",
        path.display(),
        counted(clip.tracks.len(), "track"),
        counted(keypoints, "keypoint"),
        seconds(earliest as f64),
        seconds(clip.end_ns() as f64),
    )
}

/// Checks one file: its summary line, or why it is refused.
pub fn check_file(path: &Path) -> Result<String, CliError> {
    let text = read_text(path)?;
    check_text(path, &text)
}

/// Checks the text of the file `path` with the engine's reader ([`FileClip::read`]). A 1.x
/// animation (a document with a `duration`, which a 2.0 clip does not have) is read as one,
/// converted as `convert` converts it, and said to be one:
/// `ok: nod_v1.json — a 1.x animation, 2 tracks, 5 keypoints, 0 s … 1.5 s`.
pub fn check_text(path: &Path, text: &str) -> Result<String, CliError> {
    let shown = path.display().to_string();
    let file = FileClip::read(&shown, text)?;
    let line = summary(path, &file.valid().clone().into_clip());
    if let FileClip::Document(_) = file {
        return Ok(line);
    }
    let (head, counts) = line.split_once(" — ").unwrap_or((&line, ""));
    Ok(format!("{head} — a 1.x animation, {counts}"))
}

/// Checks every file, printing a line each (accepted to `out`, refused to `err`); the exit
/// status: 0 when all pass, 1 when a file is refused, 2 when one cannot be read.
pub fn run(files: &[impl AsRef<Path>], out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut status = 0;
    for file in files {
        let line = check_file(file.as_ref());
        let written = match &line {
            Ok(ok) => writeln!(out, "{ok}"),
            Err(refused) => writeln!(err, "error: {refused}"),
        };
        let file_status = match &line {
            Ok(_) => 0,
            Err(refused) => refused.exit_status(),
        };
        status = status.max(file_status);
        if written.is_err() {
            return 2;
        }
    }
    status
}

fn counted(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}
