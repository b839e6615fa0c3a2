//! `check`: read and validate clip files, one line per file.

use std::io::Write;
use std::path::{Path, PathBuf};

use animation_engine::{BoundsWindow, Clip, FileClip, ValidClip};

use crate::clip_file::read_text;
use crate::error::CliError;
use crate::limits_file::{LimitsFile, judge_clips, judgement_lines, read_clip};
use crate::number_text::seconds;

/// `check`: read and validate clip files.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The clip files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// A limits file (TOML, as `limits --limits`): a file that breaks a limit, or has a
    /// target no table names, is refused with a line each.
    #[arg(long, value_name = "FILE")]
    pub limits: Option<PathBuf>,
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
/// status: 0 when all pass, 1 when a file is refused, 2 when one cannot be read. With
/// `--limits`, a file that breaks its limits is refused with the lines `limits` prints
/// for it (crate::limits_file), and a bad limits file is one line and status 2.
pub fn run(args: &CheckArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let lines: Vec<Result<String, CliError>> = args.files.iter().map(|f| check_file(f)).collect();
    let broken = match &args.limits {
        None => vec![Vec::new(); lines.len()],
        Some(limits) => match broken_limits(limits, &args.files, &lines) {
            Ok(broken) => broken,
            Err(refused) => return writeln!(err, "error: {refused}").map_or(2, |()| 2),
        },
    };
    let mut status = 0;
    for (line, broken) in lines.iter().zip(&broken) {
        let written = match line {
            Ok(_) if !broken.is_empty() => writeln!(err, "{}", broken.join("\n")),
            Ok(ok) => writeln!(out, "{ok}"),
            Err(refused) => writeln!(err, "error: {refused}"),
        };
        let file_status = match line {
            Ok(_) if !broken.is_empty() => 1,
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

/// For each file, the lines saying how it breaks the limits file `limits` (none for a file
/// that keeps them or is refused anyway); a bad limits file is the error.
fn broken_limits(
    limits: &Path,
    files: &[PathBuf],
    lines: &[Result<String, CliError>],
) -> Result<Vec<Vec<String>>, CliError> {
    let limits = LimitsFile::read(limits)?;
    let read: Vec<Option<ValidClip>> = files
        .iter()
        .zip(lines)
        .map(|(file, line)| line.as_ref().ok().and_then(|_| read_clip(file).ok()))
        .collect();
    let clips: Vec<&ValidClip> = read.iter().flatten().collect();
    let mut judged = judge_clips(&clips, BoundsWindow::default(), Some(&limits))?.into_iter();
    let each = files.iter().zip(&read).map(|(file, clip)| {
        match clip.as_ref().and_then(|_| judged.next()) {
            Some((_, judgement)) => {
                judgement_lines(&file.display().to_string(), &limits, &judgement)
            }
            None => Vec::new(),
        }
    });
    Ok(each.collect())
}

fn counted(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}
