//! Judging a clip's exact bounds against a robot's limits.
//!
//! Per number track and limit, one violation at the extreme: `min` at the lowest value,
//! `max` at the highest, `max_velocity` at the largest |velocity|, `max_acceleration` at
//! the largest |acceleration|. Events are judged one by one: each velocity step whose
//! |to − from| exceeds `max_velocity_step`, and — when a `max_velocity` applies — each jump
//! and each unbounded velocity, since a joint cannot move a finite distance in no time: a
//! jump breaks any velocity limit (its velocity is infinite), however small the jump.
//! A jump is not also a velocity step or an acceleration: `bounds/` lists it apart.
//!
//! A limit is exceeded only beyond [`LIMIT_SLACK`] of it: the bounds are exact to about
//! 1e-9 relative (docs/curves.md §8), so a ramp of 90 over 0.5 s, whose velocity the curve
//! math gives as 180.00000000000003, keeps a `max_velocity` of 180. Boolean and string tracks have no value range or velocity, so no
//! limit applies to them; like every track, they are reported when no table names
//! their target (see [`Judgement::unnamed`]).

use super::table::{LimitName, Limits, TargetLimits};
use crate::bounds::{ClipTrackBounds, Jump, NumberBounds, TrackBounds, VelocityStep};

/// What broke a limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Breach {
    /// A value below `min` or above `max`.
    Value(f64),
    /// A |velocity| above `max_velocity`, units/s.
    Velocity(f64),
    /// A jump (infinite velocity) where a `max_velocity` applies.
    Jump(Jump),
    /// An unbounded velocity (a vertical tangent) where a `max_velocity` applies.
    UnboundedVelocity,
    /// An |acceleration| above `max_acceleration`, units/s² (+∞ where time stalls).
    Acceleration(f64),
    /// A velocity step larger than `max_velocity_step`.
    VelocityStep(VelocityStep),
}

/// One broken limit of one track.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    /// The track's id.
    pub track: String,
    /// Its target.
    pub target: String,
    /// The limit broken.
    pub limit: LimitName,
    /// What broke it.
    pub breach: Breach,
    /// Where, in seconds of clip time.
    pub time_s: f64,
    /// The limit's value.
    pub allowed: f64,
}

impl Violation {
    /// The number compared with the limit: the value, |velocity| or |acceleration|; +∞ for a
    /// jump or an unbounded velocity; |to − from| for a velocity step.
    pub fn value(&self) -> f64 {
        match self.breach {
            Breach::Value(x) | Breach::Velocity(x) | Breach::Acceleration(x) => x,
            Breach::Jump(_) | Breach::UnboundedVelocity => f64::INFINITY,
            Breach::VelocityStep(step) => (step.to - step.from).abs(),
        }
    }
}

/// A track whose target no table of the limits file names: nothing was checked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unnamed {
    /// The track's id.
    pub track: String,
    /// Its target.
    pub target: String,
}

/// What the limits say of a clip: the violations in track order (each track's in the
/// order min, max, velocity, jumps, unbounded velocities, acceleration, velocity steps),
/// and the tracks no table names. A clip keeps its limits when both are empty: a target
/// left out of the file is not taken as free to do anything — an empty table
/// (`["light/on"]`) says so on purpose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judgement {
    /// Every broken limit.
    pub violations: Vec<Violation>,
    /// Every track with keypoints whose target no table names.
    pub unnamed: Vec<Unnamed>,
}

impl Judgement {
    /// Whether the clip keeps its limits: nothing broken, nothing unnamed.
    pub fn passes(&self) -> bool {
        self.violations.is_empty() && self.unnamed.is_empty()
    }
}

/// Judges a clip's bounds (`clip_bounds`) against `limits`.
pub fn judge(bounds: &[ClipTrackBounds], limits: &Limits) -> Judgement {
    let mut judgement = Judgement::default();
    for track in bounds {
        if track.bounds == TrackBounds::Empty {
            continue;
        }
        let Some(applied) = limits.for_target(&track.target) else {
            judgement.unnamed.push(Unnamed {
                track: track.id.clone(),
                target: track.target.clone(),
            });
            continue;
        };
        if let TrackBounds::Number(number) = &track.bounds {
            let named = |(limit, breach, time_s, allowed)| Violation {
                track: track.id.clone(),
                target: track.target.clone(),
                limit,
                breach,
                time_s,
                allowed,
            };
            let found = number_violations(number, &applied);
            judgement.violations.extend(found.into_iter().map(named));
        }
    }
    judgement
}

type Found = (LimitName, Breach, f64, f64);

/// How far past a limit, relative to the larger magnitude of value and limit, a value may
/// lie and still keep it: the bounds' own precision (1e-9 relative), so rounding in the
/// curve math never reports a curve that reaches its limit exactly.
pub const LIMIT_SLACK: f64 = 1e-9;

/// Whether `value` exceeds `allowed` by more than [`LIMIT_SLACK`].
fn exceeds(value: f64, allowed: f64) -> bool {
    value > allowed + LIMIT_SLACK * allowed.abs().max(value.abs())
}

/// The broken limits of one number track, as (limit, breach, time, allowed).
fn number_violations(b: &NumberBounds, limits: &TargetLimits) -> Vec<Found> {
    let mut found = Vec::new();
    if let Some(min) = limits.min
        && exceeds(-b.min.value, -min)
    {
        found.push((
            LimitName::Min,
            Breach::Value(b.min.value),
            b.min.time_s,
            min,
        ));
    }
    if let Some(max) = limits.max
        && exceeds(b.max.value, max)
    {
        found.push((
            LimitName::Max,
            Breach::Value(b.max.value),
            b.max.time_s,
            max,
        ));
    }
    if let Some(allowed) = limits.max_velocity {
        found.extend(velocity_violations(b, allowed));
    }
    let a = b.max_abs_acceleration;
    if let Some(allowed) = limits.max_acceleration
        && exceeds(a.value, allowed)
    {
        let breach = Breach::Acceleration(a.value);
        found.push((LimitName::MaxAcceleration, breach, a.time_s, allowed));
    }
    if let Some(allowed) = limits.max_velocity_step {
        let steps = b.velocity_steps.iter();
        let over = steps.filter(|s| exceeds((s.to - s.from).abs(), allowed));
        let named = over.map(|s| {
            (
                LimitName::MaxVelocityStep,
                Breach::VelocityStep(*s),
                s.time_s,
                allowed,
            )
        });
        found.extend(named);
    }
    found
}

/// `max_velocity`'s violations: the largest finite |velocity| if above, every jump and every
/// unbounded velocity.
fn velocity_violations(b: &NumberBounds, allowed: f64) -> Vec<Found> {
    let limit = LimitName::MaxVelocity;
    let mut found = Vec::new();
    let v = b.max_abs_velocity;
    // An infinite maximum is an unbounded velocity, listed with its times below.
    if exceeds(v.value, allowed) && v.value.is_finite() {
        found.push((limit, Breach::Velocity(v.value), v.time_s, allowed));
    }
    let jumps = b
        .jumps
        .iter()
        .map(|j| (limit, Breach::Jump(*j), j.time_s, allowed));
    found.extend(jumps);
    let unbounded = b.unbounded_velocity_at_s.iter();
    found.extend(unbounded.map(|&t| (limit, Breach::UnboundedVelocity, t, allowed)));
    if v.value.is_infinite() && b.unbounded_velocity_at_s.is_empty() {
        found.push((limit, Breach::UnboundedVelocity, v.time_s, allowed));
    }
    found
}
