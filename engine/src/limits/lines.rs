//! A judgement as the lines a person reads: each violation and each target no table names,
//! one line each. `arora-animation limits`, `check --limits` and the page print these very
//! lines, so a violation reads the same wherever it is found.

use super::LimitsError;
use super::table::LimitName;
use super::violations::{Breach, Judgement, Unnamed, Violation};
use crate::number_text::shortest;

impl LimitsError {
    /// The refusal as one line naming the file as shown: `robot.toml:3: what is wrong`.
    pub fn line_in(&self, file: &str) -> String {
        format!("{file}:{}: {}", self.line, self.what)
    }
}

/// A clip's judgement as lines: each violation, then each unnamed target. `file` is the
/// clip file as shown, `limits_file` the limits file as shown.
pub fn judgement_lines(file: &str, limits_file: &str, judgement: &Judgement) -> Vec<String> {
    let violations = judgement.violations.iter().map(|v| violation_line(file, v));
    let unnamed = judgement
        .unnamed
        .iter()
        .map(|u| unnamed_line(file, limits_file, u));
    violations.chain(unnamed).collect()
}

/// A violation as one line:
/// `wave.json: track "arm" (arm/angle): velocity 312.4 units/s at 0.482 s exceeds max_velocity 250`.
/// Every number in shortest round-trip form, so it reads back as the engine's.
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
pub fn unnamed_line(file: &str, limits_file: &str, u: &Unnamed) -> String {
    format!(
        "{file}: track {:?} ({}): no table of {limits_file} names this target",
        u.track, u.target
    )
}

fn at(time_s: f64) -> String {
    format!("{} s", shortest(time_s))
}
