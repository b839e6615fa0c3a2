//! Judging exact bounds against limits, on clips whose numbers are known by hand.

use super::*;
use crate::bounds::{BoundsWindow, Jump, VelocityStep, clip_bounds};
use crate::clip::model::Clip;

/// `arm` (arm/angle): linear 0 → 90 over 0.5 s, then linear back to 0 at 1 s (a corner:
/// +180 → −180 units/s), then a jump to 5 at 1 s and a flat line to 1.5 s; `light` (light/on): a
/// boolean.
const CLIP: &str = r#"{"tracks":[
  {"id":"arm","animatableId":"arm/angle","points":[
    {"id":"a","timeNs":0,"value":0,"transitions":{"out":"linear"}},
    {"id":"b","timeNs":500000000,"value":90,"transitions":{"in":"linear","out":"linear"}},
    {"id":"c","timeNs":1000000000,"value":0,"transitions":{"in":"linear"}},
    {"id":"d","timeNs":1000000000,"value":5,"transitions":{"out":"linear"}},
    {"id":"e","timeNs":1500000000,"value":5,"transitions":{"in":"linear"}}]},
  {"id":"light","animatableId":"light/on","points":[
    {"id":"off","timeNs":0,"value":false},{"id":"on","timeNs":250000000,"value":true}]}]}"#;

fn judged(limits: &str) -> Judgement {
    let clip = Clip::from_json(CLIP).unwrap();
    let bounds = clip_bounds(&clip, BoundsWindow::default());
    judge(&bounds, &Limits::from_toml(limits).unwrap())
}

fn violation(limit: LimitName, breach: Breach, time_s: f64, allowed: f64) -> Violation {
    Violation {
        track: "arm".into(),
        target: "arm/angle".into(),
        limit,
        breach,
        time_s,
        allowed,
    }
}

#[test]
fn a_linear_ramp_of_90_in_half_a_second_breaks_max_velocity_at_180() {
    let judgement = judged("[\"arm/angle\"]\nmax_velocity = 179.5\n[\"light/on\"]\n");
    // 90 units over 0.5 s: 180 units/s, at the ramp's start (both ramps reach it).
    let jump = Jump {
        time_s: 1.0,
        from: 0.0,
        to: 5.0,
    };
    assert_eq!(judgement.violations.len(), 2, "{judgement:?}");
    let first = &judgement.violations[0];
    assert_eq!(first.limit, LimitName::MaxVelocity);
    // 180 exactly, up to the curve math's rounding (1e-12 relative, stated).
    assert!((first.value() - 180.0).abs() <= 180.0 * 1e-12, "{first:?}");
    assert!(matches!(first.breach, Breach::Velocity(_)));
    assert_eq!(first.allowed, 179.5);
    assert_eq!(
        judgement.violations[1],
        violation(LimitName::MaxVelocity, Breach::Jump(jump), 1.0, 179.5)
    );
    assert_eq!(judgement.violations[1].value(), f64::INFINITY);
    assert!(judgement.unnamed.is_empty());
}

#[test]
fn a_limit_reached_exactly_is_kept_but_a_jump_breaks_any_velocity_limit() {
    let judgement =
        judged("[\"arm/angle\"]\nmax_velocity = 180\nmin = 0\nmax = 90\n[\"light/on\"]\n");
    let jump = Jump {
        time_s: 1.0,
        from: 0.0,
        to: 5.0,
    };
    assert_eq!(
        judgement.violations,
        [violation(
            LimitName::MaxVelocity,
            Breach::Jump(jump),
            1.0,
            180.0
        )]
    );
}

#[test]
fn range_and_corner_limits_name_their_extremes() {
    let judgement =
        judged("[\"arm/*\"]\nmin = 1\nmax = 89\nmax_velocity_step = 359\n[\"light/on\"]\n");
    let corner = VelocityStep {
        time_s: 0.5,
        from: 180.0,
        to: -180.0,
    };
    let found: Vec<(LimitName, f64, f64)> = judgement
        .violations
        .iter()
        .map(|v| (v.limit, v.value(), v.time_s))
        .collect();
    assert_eq!(
        found[..2],
        [(LimitName::Min, 0.0, 0.0), (LimitName::Max, 90.0, 0.5)]
    );
    assert_eq!(found.len(), 3, "{judgement:?}");
    assert_eq!((found[2].0, found[2].2), (LimitName::MaxVelocityStep, 0.5));
    // +180 → −180 units/s, up to the curve math's rounding (1e-12 relative, stated).
    let Breach::VelocityStep(step) = judgement.violations[2].breach else {
        panic!("{judgement:?}")
    };
    assert_eq!(step.time_s, corner.time_s);
    assert!((step.from - corner.from).abs() <= 180.0 * 1e-12, "{step:?}");
    assert!((step.to - corner.to).abs() <= 180.0 * 1e-12, "{step:?}");
}

#[test]
fn a_target_no_table_names_is_reported_whatever_its_kind() {
    let judgement = judged("[\"arm/angle\"]\nmax = 100\n");
    assert!(judgement.violations.is_empty());
    assert_eq!(
        judgement.unnamed,
        [Unnamed {
            track: "light".into(),
            target: "light/on".into()
        }]
    );
    assert!(!judgement.passes());
    assert!(judged("[\"arm/angle\"]\nmax = 100\n[\"light/*\"]\n").passes());
}
