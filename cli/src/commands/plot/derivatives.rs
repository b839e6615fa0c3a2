//! `plot --velocity`, `--acceleration` and `--limits`: a panel under each number track with
//! its velocity or acceleration, and a robot's limits drawn on the panels they bound.
//!
//! The velocity is the engine's exact velocity (docs/curves.md §4.4), sampled between
//! consecutive keypoint times — never across one, so a corner shows as a step. The
//! acceleration is the **central finite difference of those exact velocities**
//! ((v[i+1] − v[i−1]) / (t[i+1] − t[i−1]), one-sided at a stretch's ends): an error of
//! O(h²) at the drawing's spacing h, invisible at the picture's resolution; the numbers
//! a check reports are the engine's exact bounds (`limits`), marked on the curve.

use animation_engine::limits::{Breach, Judgement, LimitName, TargetLimits, Violation};

use crate::figure::model::{Content, Guides, Quantity};
use crate::sampling::Sampler;

/// Points per pixel of width, as for the value curve.
const POINTS_PER_PIXEL: f64 = 2.0;

/// The fraction of a stretch left out at each end, so that a sample never lands on a
/// keypoint time, where the engine gives one side's velocity only (docs/curves.md §4.5).
const INSIDE: f64 = 1e-9;

/// A derivative panel's content: the curve of `quantity` for number track `index` over
/// `cuts` (ns: the window's ends and the keypoint times inside it), a run per stretch.
pub fn derivative_curve(
    sampler: &Sampler,
    index: usize,
    cuts: &[f64],
    quantity: Quantity,
    pixels: f64,
) -> Content {
    let span = cuts.last().unwrap_or(&0.0) - cuts.first().unwrap_or(&0.0);
    let mut runs = Vec::new();
    for pair in cuts.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let share = if span > 0.0 { (b - a) / span } else { 1.0 };
        let count = ((share * pixels * POINTS_PER_PIXEL).ceil() as usize).clamp(3, 100_000);
        let inset = (b - a) * INSIDE;
        let last = (count - 1) as f64;
        let times: Vec<f64> = (0..count)
            .map(|i| a + inset + (b - a - 2.0 * inset) * (i as f64 / last))
            .collect();
        let velocities = sampler.velocities(index, &times);
        let values = match quantity {
            Quantity::Acceleration => differences(&times, &velocities),
            _ => velocities,
        };
        let run = times.iter().map(|t| t / 1e9).zip(values).collect();
        runs.push(run);
    }
    Content::Curve {
        runs,
        keypoints: Vec::new(),
        handles: Vec::new(),
        quantity,
        guides: Guides::default(),
    }
}

/// Central differences of `v` over `t` (ns), per second: one-sided at the ends.
fn differences(t: &[f64], v: &[f64]) -> Vec<f64> {
    let n = v.len().min(t.len());
    (0..n)
        .map(|i| {
            let (lo, hi) = (i.saturating_sub(1), (i + 1).min(n - 1));
            let dt = (t[hi] - t[lo]) / 1e9;
            if dt > 0.0 { (v[hi] - v[lo]) / dt } else { 0.0 }
        })
        .collect()
}

/// The guides of a panel of `quantity` for one track: its band from `limits`, and the
/// `judgement`'s violations of that track which that panel shows, each marked on the curve
/// (the sign of a velocity or acceleration maximum taken from the nearest point drawn).
pub fn guides(
    quantity: Quantity,
    track: &str,
    limits: &TargetLimits,
    judgement: &Judgement,
    runs: &[Vec<(f64, f64)>],
) -> Guides {
    let band = |limit: Option<f64>| (limit.map(|m| -m), limit);
    let (low, high) = match quantity {
        Quantity::Value => (limits.min, limits.max),
        Quantity::Velocity => band(limits.max_velocity),
        Quantity::Acceleration => band(limits.max_acceleration),
    };
    let mut guides = Guides {
        low,
        high,
        ..Guides::default()
    };
    let mine = judgement.violations.iter().filter(|v| v.track == track);
    for v in mine.filter(|v| shown_on(quantity, v)) {
        match v.breach {
            Breach::Value(x) => guides.marks.push((v.time_s, x)),
            Breach::Velocity(x) | Breach::Acceleration(x) if x.is_finite() => {
                let sign = nearest(runs, v.time_s).map_or(1.0, f64::signum);
                guides.marks.push((v.time_s, sign * x));
            }
            _ => guides.instants.push(v.time_s),
        }
    }
    guides
}

/// Whether the panel of `quantity` shows violation `v`: min and max on the value, velocity
/// limits (jumps, unbounded velocities and steps included) on the velocity, acceleration on
/// the acceleration.
fn shown_on(quantity: Quantity, v: &Violation) -> bool {
    match v.limit {
        LimitName::Min | LimitName::Max => quantity == Quantity::Value,
        LimitName::MaxVelocity | LimitName::MaxVelocityStep => quantity == Quantity::Velocity,
        LimitName::MaxAcceleration => quantity == Quantity::Acceleration,
    }
}

/// The value of the drawn point nearest `time_s`.
fn nearest(runs: &[Vec<(f64, f64)>], time_s: f64) -> Option<f64> {
    let points = runs.iter().flatten();
    let distance = |p: &&(f64, f64)| (p.0 - time_s).abs();
    points
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .map(|p| p.1)
}
