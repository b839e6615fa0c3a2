//! A robot's limits and the clips that break them: the limits file (TOML, a table per
//! target or glob), which limits apply to a target, and the violations of a clip's exact
//! bounds (`bounds/`). The command line's `limits`, `check --limits` and `plot --limits`
//! and the page all use this one reading and this one judgement.
//!
//! - `file.rs` reads the TOML, naming the line of each refusal;
//! - `glob.rs` matches targets against `*` / `?` patterns;
//! - `table.rs` holds what the file says and which value wins for a target;
//! - `violations.rs` judges a clip's bounds against it, `clips.rs` several clips at once;
//! - `lines.rs` writes a judgement as the lines a person reads, `report.rs` as JSON.

mod clips;
mod error;
mod file;
mod glob;
mod lines;
mod report;
mod table;
mod violations;

#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod violations_tests;

pub use clips::judge_clips;
pub use error::LimitsError;
pub use glob::Pattern;
pub use lines::{judgement_lines, unnamed_line, violation_line};
pub use report::{kind_name, report_json};
pub use table::{LimitName, LimitTable, Limits, TargetLimits};
pub use violations::{Breach, Judgement, LIMIT_SLACK, Unnamed, Violation, judge};
