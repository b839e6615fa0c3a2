//! A robot's limits file as the commands read it, and the lines they print about it:
//! `limits`, `check --limits` and `plot --limits` read the same file with the engine's
//! reader (`animation_engine::limits`) and write each violation as the same one line.
//!
//! A file that cannot be read, is not a limits file, or has a table matching no target
//! of the clips given is a usage error (status 2): `limits.toml:3: what is wrong`.

use std::path::Path;

use animation_engine::limits::{Breach, Judgement, LimitName, Limits, Unnamed, Violation, judge};
use animation_engine::{BoundsWindow, ClipTrackBounds, FileClip, ValidClip, clip_bounds};

use crate::clip_file::read_text;
use crate::error::CliError;
use crate::number_text::shortest;

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
        let limits = Limits::from_toml(&text)
            .map_err(|e| CliError::Usage(format!("{shown}:{}: {}", e.line, e.what)))?;
        Ok(LimitsFile { shown, limits })
    }

    /// Refuses a table that matches none of `targets` (every target of the clips given).
    pub fn check_matches<'a>(
        &self,
        targets: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Result<(), CliError> {
        self.limits
            .check_matches(targets)
            .map_err(|e| CliError::Usage(format!("{}:{}: {}", self.shown, e.line, e.what)))
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
/// matching no target of any of the clips is refused first.
pub fn judge_clips(
    clips: &[&ValidClip],
    window: BoundsWindow,
    limits: Option<&LimitsFile>,
) -> Result<Vec<(Vec<ClipTrackBounds>, Judgement)>, CliError> {
    if let Some(limits) = limits {
        let tracks = clips.iter().flat_map(|clip| clip.tracks());
        let targets: Vec<&str> = tracks.map(|t| t.track().target.as_str()).collect();
        limits.check_matches(targets.iter().copied())?;
    }
    let judged = clips.iter().map(|clip| {
        let bounds = clip_bounds(clip, window);
        let judgement = limits
            .map(|l| judge(&bounds, &l.limits))
            .unwrap_or_default();
        (bounds, judgement)
    });
    Ok(judged.collect())
}

/// A clip's judgement as lines: each violation, then each unnamed target.
pub fn judgement_lines(file: &str, limits: &LimitsFile, judgement: &Judgement) -> Vec<String> {
    let violations = judgement.violations.iter().map(|v| violation_line(file, v));
    let unnamed = judgement
        .unnamed
        .iter()
        .map(|u| unnamed_line(file, limits, u));
    violations.chain(unnamed).collect()
}

/// A violation as one line:
/// `wave.json: track "arm" (arm/angle): velocity 312.4 units/s at 0.482 s exceeds max_velocity 250`.
pub fn violation_line(file: &str, v: &Violation) -> String {
    let what = match v.breach {
        Breach::Value(x) => format!("value {} at {}", shortest(x), at(v.time_s)),
        Breach::Velocity(x) => format!("velocity {} units/s at {}", shortest(x), at(v.time_s)),
        Breach::Jump(j) => format!(
            "jump from {} to {} at {}",
            shortest(j.from),
            shortest(j.to),
            at(v.time_s)
        ),
        Breach::UnboundedVelocity => format!("unbounded velocity at {}", at(v.time_s)),
        Breach::Acceleration(x) if x.is_infinite() => {
            format!("unbounded acceleration at {}", at(v.time_s))
        }
        Breach::Acceleration(x) => {
            format!("acceleration {} units/s² at {}", shortest(x), at(v.time_s))
        }
        Breach::VelocityStep(s) => format!(
            "velocity step from {} to {} units/s at {}",
            shortest(s.from),
            shortest(s.to),
            at(v.time_s)
        ),
    };
    let verb = match v.limit {
        LimitName::Min => "is below",
        _ => "exceeds",
    };
    format!(
        "{file}: track {:?} ({}): {what} {verb} {} {}",
        v.track,
        v.target,
        v.limit.key(),
        shortest(v.allowed)
    )
}

/// A track no table names, as one line:
/// `wave.json: track "light" (light/on): no table of limits.toml names this target`.
pub fn unnamed_line(file: &str, limits: &LimitsFile, u: &Unnamed) -> String {
    format!(
        "{file}: track {:?} ({}): no table of {} names this target",
        u.track, u.target, limits.shown
    )
}

fn at(time_s: f64) -> String {
    format!("{} s", shortest(time_s))
}
