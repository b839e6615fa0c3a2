//! What a limits file says: a table per target or glob, each with any of five limits, and
//! which limits apply to a given target.

use super::LimitsError;
use super::glob::Pattern;

/// The five limits a table can set, by their names in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LimitName {
    /// The lowest value allowed.
    Min,
    /// The highest value allowed.
    Max,
    /// The largest |velocity| allowed, in value units per second of clip time.
    MaxVelocity,
    /// The largest |acceleration| allowed, in value units per second².
    MaxAcceleration,
    /// The largest change of velocity allowed at one instant (a corner), in units per second.
    MaxVelocityStep,
}

impl LimitName {
    /// Every limit, in the order a table lists them.
    pub const ALL: [LimitName; 5] = [
        LimitName::Min,
        LimitName::Max,
        LimitName::MaxVelocity,
        LimitName::MaxAcceleration,
        LimitName::MaxVelocityStep,
    ];

    /// The key in the file: `min`, `max`, `max_velocity`, `max_acceleration`,
    /// `max_velocity_step`.
    pub fn key(self) -> &'static str {
        match self {
            LimitName::Min => "min",
            LimitName::Max => "max",
            LimitName::MaxVelocity => "max_velocity",
            LimitName::MaxAcceleration => "max_acceleration",
            LimitName::MaxVelocityStep => "max_velocity_step",
        }
    }

    /// The limit whose key is `key`.
    pub fn from_key(key: &str) -> Option<LimitName> {
        LimitName::ALL.into_iter().find(|name| name.key() == key)
    }

    /// Whether the limit bounds a magnitude (every `max_*` but `max`): it cannot be negative.
    pub fn is_magnitude(self) -> bool {
        !matches!(self, LimitName::Min | LimitName::Max)
    }

    /// Whether a smaller value is the stricter one (everything but `min`).
    fn lower_is_stricter(self) -> bool {
        self != LimitName::Min
    }
}

/// The limits set for one target; `None` where nothing sets that limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TargetLimits {
    /// The lowest value allowed.
    pub min: Option<f64>,
    /// The highest value allowed.
    pub max: Option<f64>,
    /// The largest |velocity|, units/s.
    pub max_velocity: Option<f64>,
    /// The largest |acceleration|, units/s².
    pub max_acceleration: Option<f64>,
    /// The largest velocity step at one instant, units/s.
    pub max_velocity_step: Option<f64>,
}

impl TargetLimits {
    /// The value set for `name`, if any.
    pub fn get(&self, name: LimitName) -> Option<f64> {
        *self.slot(name)
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: LimitName, value: f64) {
        *self.slot_mut(name) = Some(value);
    }

    fn slot(&self, name: LimitName) -> &Option<f64> {
        match name {
            LimitName::Min => &self.min,
            LimitName::Max => &self.max,
            LimitName::MaxVelocity => &self.max_velocity,
            LimitName::MaxAcceleration => &self.max_acceleration,
            LimitName::MaxVelocityStep => &self.max_velocity_step,
        }
    }

    fn slot_mut(&mut self, name: LimitName) -> &mut Option<f64> {
        match name {
            LimitName::Min => &mut self.min,
            LimitName::Max => &mut self.max,
            LimitName::MaxVelocity => &mut self.max_velocity,
            LimitName::MaxAcceleration => &mut self.max_acceleration,
            LimitName::MaxVelocityStep => &mut self.max_velocity_step,
        }
    }
}

/// One table of a limits file: the target or glob in its header and what it sets.
#[derive(Clone, Debug, PartialEq)]
pub struct LimitTable {
    /// The target or glob the table names.
    pub pattern: Pattern,
    /// The line of its header (from 1), for errors about the table as a whole.
    pub line: usize,
    /// What it sets; nothing at all says "this target has no limits", on purpose.
    pub limits: TargetLimits,
}

/// A limits file, read: its tables in the order of their lines.
///
/// Which limits apply to a target ([`Limits::for_target`]): for each of the five, the
/// value of a table naming the target exactly, if one sets it; otherwise the strictest
/// value among the globs matching it (the smallest `max_*` and `max`, the largest `min`).
/// So `["arm/*"]` sets a default for a group and `["arm/elbow"]` overrides it for one
/// joint, whatever their order in the file; two globs that disagree never loosen a limit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// The tables, in file order.
    pub tables: Vec<LimitTable>,
}

impl Limits {
    /// The limits that apply to `target`; `None` when no table names it (exactly or by a
    /// glob) — a target nobody thought of, which checks report rather than pass.
    pub fn for_target(&self, target: &str) -> Option<TargetLimits> {
        let matching: Vec<&LimitTable> = self
            .tables
            .iter()
            .filter(|table| table.pattern.matches(target))
            .collect();
        if matching.is_empty() {
            return None;
        }
        let mut limits = TargetLimits::default();
        for name in LimitName::ALL {
            let exact = matching
                .iter()
                .filter(|table| !table.pattern.is_glob())
                .find_map(|table| table.limits.get(name));
            let globbed = matching
                .iter()
                .filter(|table| table.pattern.is_glob())
                .filter_map(|table| table.limits.get(name))
                .reduce(|a, b| strictest(name, a, b));
            if let Some(value) = exact.or(globbed) {
                limits.set(name, value);
            }
        }
        Some(limits)
    }

    /// The first table (in file order) matching none of `targets`: a typo or a glob that
    /// names nothing, refused like a syntax error.
    pub fn check_matches<'a>(
        &self,
        targets: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Result<(), LimitsError> {
        let unmatched = self.tables.iter().find(|table| {
            let mut all = targets.clone().into_iter();
            !all.any(|target| table.pattern.matches(target))
        });
        match unmatched {
            None => Ok(()),
            Some(table) => Err(LimitsError {
                line: table.line,
                what: format!(
                    "[{:?}] matches no target of the clips checked",
                    table.pattern.as_str()
                ),
            }),
        }
    }
}

fn strictest(name: LimitName, a: f64, b: f64) -> f64 {
    if name.lower_is_stricter() {
        a.min(b)
    } else {
        a.max(b)
    }
}
