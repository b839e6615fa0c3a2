//! `limits`: the exact range, velocity and acceleration of every track of clip files
//! (the engine's bounds, docs/curves.md §8), and with `--limits FILE` every broken limit,
//! one line each.

use std::io::Write;
use std::path::{Path, PathBuf};

use animation_engine::limits::{Judgement, kind_name, report_json};
use animation_engine::{
    BoundsWindow, ClipTrackBounds, KeyValue, NumberBounds, TrackBounds, ValidClip, VelocityStep,
};

use crate::error::CliError;
use crate::limits_file::{LimitsFile, judge_clips, judgement_lines, read_clip};
use crate::number_text::shortest;

/// `limits`: the bounds of clip files, checked against a limits file.
#[derive(Debug, clap::Args)]
pub struct LimitsArgs {
    /// The clip files (2.0 documents or 1.x animations).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// A limits file (TOML): a table per target or glob with any of `min`, `max`,
    /// `max_velocity`, `max_acceleration`, `max_velocity_step`.
    #[arg(long, value_name = "FILE")]
    pub limits: Option<PathBuf>,
    /// Where the window starts, in seconds of clip time (default: each track's first keypoint).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub from: Option<f64>,
    /// Where it ends, in seconds (default: each track's last keypoint).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub to: Option<f64>,
    /// A table per file, or one JSON object per file, one a line.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// How `limits` writes a file's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table per file, then the violations, one line each.
    Table,
    /// One JSON object per file, one line each.
    Json,
}

/// Runs `limits`: writes each file's bounds to `out`, a refused clip's line to `err`.
/// The status: 0 when every clip keeps its limits, 1 when one breaks a limit, has a target
/// the limits file does not name, or is refused, 2 when a file cannot be read. A bad option
/// or limits file is an error before any clip is written.
pub fn run(args: &LimitsArgs, out: &mut impl Write, err: &mut impl Write) -> Result<u8, CliError> {
    let window = window(args.from, args.to)?;
    let limits = args.limits.as_deref().map(LimitsFile::read).transpose()?;
    let mut status = 0;
    let mut clips = Vec::new();
    for path in &args.files {
        match read_clip(path) {
            Ok(valid) => clips.push((path, valid)),
            Err(refused) => {
                writeln!(err, "error: {refused}")
                    .map_err(|e| CliError::write(Path::new("-"), e))?;
                status = status.max(refused.exit_status());
            }
        }
    }
    let valid: Vec<&ValidClip> = clips.iter().map(|(_, valid)| valid).collect();
    let judged = judge_clips(&valid, window, limits.as_ref())?;
    for ((path, _), (bounds, judgement)) in clips.iter().zip(&judged) {
        let shown = path.display().to_string();
        let text = match args.format {
            Format::Table => table(&shown, bounds, judgement, limits.as_ref()),
            Format::Json => json(&shown, bounds, judgement)?,
        };
        write!(out, "{text}").map_err(|e| CliError::write(Path::new("-"), e))?;
        if !judgement.passes() {
            status = status.max(1);
        }
    }
    Ok(status)
}

/// The bounds window; both ends finite, `from` before `to`.
fn window(from: Option<f64>, to: Option<f64>) -> Result<BoundsWindow, CliError> {
    for (option, s) in [("--from", from), ("--to", to)] {
        if let Some(s) = s.filter(|s| !s.is_finite()) {
            return Err(CliError::Usage(format!("{option} {s}: not a time")));
        }
    }
    if let (Some(from), Some(to)) = (from, to)
        && from >= to
    {
        return Err(CliError::Usage(format!(
            "--from {} s is not before --to {} s",
            shortest(from),
            shortest(to)
        )));
    }
    Ok(BoundsWindow {
        from_s: from,
        to_s: to,
    })
}

/// A file's table: a block per track, then its violations and unnamed targets, a line each.
fn table(
    shown: &str,
    bounds: &[ClipTrackBounds],
    judgement: &Judgement,
    limits: Option<&LimitsFile>,
) -> String {
    let mut text = format!("{shown}\n");
    for track in bounds {
        let head = format!("  track {:?} ({})", track.id, track.target);
        match &track.bounds {
            TrackBounds::Number(n) => text += &format!("{head}: number\n{}", number_rows(n)),
            TrackBounds::Steps(steps) => {
                let kind = steps
                    .changes
                    .first()
                    .map_or("steps", |c| kind_name(&c.value));
                let changes: Vec<String> = steps
                    .changes
                    .iter()
                    .map(|c| format!("{} at {} s", value_text(&c.value), shortest(c.time_s)))
                    .collect();
                text += &format!(
                    "{head}: {kind}\n    changes         {}\n",
                    changes.join(", ")
                );
            }
            TrackBounds::Empty => text += &format!("{head}: no keypoints\n"),
        }
    }
    for line in limits
        .map(|l| judgement_lines(shown, l, judgement))
        .unwrap_or_default()
    {
        text += &format!("{line}\n");
    }
    text
}

fn number_rows(n: &NumberBounds) -> String {
    let at = |value: f64, time_s: f64, unit: &str| {
        format!("{}{unit} at {} s", shortest(value), shortest(time_s))
    };
    let mut rows = vec![
        ("min", at(n.min.value, n.min.time_s, "")),
        ("max", at(n.max.value, n.max.time_s, "")),
        (
            "|velocity|",
            at(
                n.max_abs_velocity.value,
                n.max_abs_velocity.time_s,
                " units/s",
            ),
        ),
        (
            "|acceleration|",
            at(
                n.max_abs_acceleration.value,
                n.max_abs_acceleration.time_s,
                " units/s²",
            ),
        ),
    ];
    let jumps: Vec<String> = n
        .jumps
        .iter()
        .map(|j| {
            format!(
                "{} → {} at {} s",
                shortest(j.from),
                shortest(j.to),
                shortest(j.time_s)
            )
        })
        .collect();
    rows.push(("jumps", listed(jumps)));
    rows.push(("velocity steps", velocity_steps(&n.velocity_steps)));
    if !n.unbounded_velocity_at_s.is_empty() {
        let times = n
            .unbounded_velocity_at_s
            .iter()
            .map(|t| format!("{} s", shortest(*t)));
        rows.push(("unbounded at", listed(times.collect())));
    }
    rows.iter()
        .map(|(name, value)| format!("    {name:<15} {value}\n"))
        .collect()
}

/// The velocity steps: each when there are a few, else their count and the largest
/// (`--format json` lists them all).
fn velocity_steps(steps: &[VelocityStep]) -> String {
    let text = |s: &VelocityStep| {
        let (from, to, at) = (shortest(s.from), shortest(s.to), shortest(s.time_s));
        format!("{from} → {to} units/s at {at} s")
    };
    let size = |s: &&VelocityStep| (s.to - s.from).abs();
    match steps.iter().max_by(|a, b| size(a).total_cmp(&size(b))) {
        Some(largest) if steps.len() > FEW_STEPS => {
            format!("{}, the largest {}", steps.len(), text(largest))
        }
        _ => listed(steps.iter().map(text).collect()),
    }
}

/// How many velocity steps the table lists one by one.
const FEW_STEPS: usize = 3;

fn listed(items: Vec<String>) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

fn value_text(value: &KeyValue) -> String {
    match value {
        KeyValue::Number(x) => shortest(*x),
        KeyValue::Boolean(b) => b.to_string(),
        KeyValue::Text(s) => format!("{s:?}"),
    }
}

/// A file's JSON object (the shape of issue #26, the engine's `report_json`), one line.
fn json(
    shown: &str,
    bounds: &[ClipTrackBounds],
    judgement: &Judgement,
) -> Result<String, CliError> {
    let line = report_json(shown, bounds, judgement).map_err(|e| CliError::Data {
        path: shown.to_string(),
        what: format!("cannot write JSON: {e}"),
    })?;
    Ok(line + "\n")
}
