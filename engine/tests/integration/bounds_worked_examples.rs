//! The worked examples of docs/curves.md §8.7, number for number: a linear segment, the peak
//! velocity of a cubic ease in closed form, a jump, a corner, a vertical tangent and a
//! collapsed handle, a window inside a segment, steps, and the bounds as an instance plays.

use animation_engine::{
    At, BoundsWindow, Change, Clip, KeyValue, NumberBounds, Played, TrackBounds, ValidClip,
    VelocityStep, clip_bounds, played_bounds,
};

/// ε = 2^-52.
const EPS: f64 = f64::EPSILON;

fn clip(json: &str) -> ValidClip {
    Clip::from_json(json).unwrap_or_else(|e| panic!("example clip: {e}"))
}

fn numbers(json: &str, window: BoundsWindow) -> NumberBounds {
    match clip_bounds(&clip(json), window).remove(0).bounds {
        TrackBounds::Number(n) => n,
        other => panic!("not a number track: {other:?}"),
    }
}

fn track(points: &str) -> String {
    format!(r#"{{"tracks":[{{"id":"arm","animatableId":"arm/angle","points":[{points}]}}]}}"#)
}

/// 0 → 90 over 0.5 s, `transition` on both sides.
fn zero_to_ninety(transition: &str) -> String {
    track(&format!(
        r#"{{"id":"a","timeNs":0,"value":0,"transitions":{{"out":"{transition}"}}}},
           {{"id":"b","timeNs":500000000,"value":90,"transitions":{{"in":"{transition}"}}}}"#
    ))
}

/// Linear 0 → 10 over the first second, a jump to 5 at 1 s, flat at 5 to 2 s.
fn jump_at_one_second() -> String {
    track(
        r#"{"id":"a","timeNs":0,"value":0,"transitions":{"out":"linear"}},
           {"id":"b","timeNs":1000000000,"value":10,"transitions":{"in":"linear"}},
           {"id":"c","timeNs":1000000000,"value":5,"transitions":{"out":"linear"}},
           {"id":"d","timeNs":2000000000,"value":5,"transitions":{"in":"linear"}}"#,
    )
}

/// The velocity is unbounded at `time_s` and nowhere else: the largest speed is infinite
/// there and the list of unbounded times is that one time.
fn assert_unbounded_velocity_at(n: &NumberBounds, time_s: f64) {
    let infinite = At {
        value: f64::INFINITY,
        time_s,
    };
    assert_eq!(n.max_abs_velocity, infinite);
    assert_eq!(n.unbounded_velocity_at_s, vec![time_s]);
}

/// |a − b| ≤ `ulps`·ε·|b|.
fn near(a: f64, b: f64, ulps: f64) -> bool {
    (a - b).abs() <= ulps * EPS * b.abs()
}

#[test]
fn a_linear_segment_from_0_to_90_over_half_a_second_moves_at_180_units_per_second() {
    let json = zero_to_ninety("linear");
    let n = numbers(&json, BoundsWindow::KEYS);
    assert_eq!(
        n.min,
        At {
            value: 0.0,
            time_s: 0.0
        }
    );
    assert_eq!(
        n.max,
        At {
            value: 90.0,
            time_s: 0.5
        }
    );
    // 180 to the rounding of the control points (29.700000000000003 = 90 × 0.33).
    let v = n.max_abs_velocity;
    assert!(near(v.value, 180.0, 2.0), "{v:?}");
    assert_eq!(n.max_abs_acceleration.value, 0.0);
    assert!(n.jumps.is_empty() && n.velocity_steps.is_empty());
    assert!(n.unbounded_velocity_at_s.is_empty());
}

#[test]
fn a_cubic_ease_peaks_at_its_middle_at_v_over_one_minus_px_times_t() {
    // Cubic both sides: X = [0, 0.65·T, 0.35·T, T], Y = [0, 0, V, V]; symmetric about u = ½,
    // where x′ = 1.5·(1 − 0.65)·T and y′ = 1.5·V: v = V / (0.35·T) = 90 / 0.175.
    let json = track(r#"{"id":"a","timeNs":0,"value":0},{"id":"b","timeNs":500000000,"value":90}"#);
    let n = numbers(&json, BoundsWindow::KEYS);
    let v = n.max_abs_velocity;
    assert!(near(v.value, 90.0 / 0.175, 8.0), "{v:?}");
    assert!((v.time_s - 0.25).abs() <= 1e-9, "{v:?}");
}

#[test]
fn keypoints_sharing_a_time_are_a_jump_not_a_velocity() {
    let json = jump_at_one_second();
    let n = numbers(&json, BoundsWindow::KEYS);
    assert_eq!(n.jumps.len(), 1);
    assert_eq!(
        (n.jumps[0].time_s, n.jumps[0].from, n.jumps[0].to),
        (1.0, 10.0, 5.0)
    );
    assert!(
        near(n.max_abs_velocity.value, 10.0, 4.0),
        "{:?}",
        n.max_abs_velocity
    );
    assert!(n.velocity_steps.is_empty());
    assert_eq!(
        n.max,
        At {
            value: 10.0,
            time_s: 1.0
        }
    );
}

#[test]
fn two_linear_segments_meeting_make_a_velocity_step() {
    let json = track(
        r#"{"id":"a","timeNs":0,"value":0,"transitions":{"out":"linear"}},
           {"id":"b","timeNs":500000000,"value":90,"transitions":{"in":"linear","out":"linear"}},
           {"id":"c","timeNs":1500000000,"value":0,"transitions":{"in":"linear"}}"#,
    );
    let n = numbers(&json, BoundsWindow::KEYS);
    assert_eq!(n.velocity_steps.len(), 1);
    let VelocityStep { time_s, from, to } = n.velocity_steps[0];
    assert_eq!(time_s, 0.5);
    assert!(
        near(from, 180.0, 4.0) && near(to, -90.0, 4.0),
        "{from} {to}"
    );
}

#[test]
fn a_vertical_tangent_is_unbounded_velocity_at_its_time() {
    // docs/curves.md C19: x′ = 0 at u = ½, t = 0.5 s.
    let json = track(
        r#"{"id":"a","timeNs":0,"value":0,"transitions":{"out":{"dtNs":1000000000,"dv":0}}},
           {"id":"b","timeNs":1000000000,"value":10,"transitions":{"in":{"dtNs":-1000000000,"dv":0}}}"#,
    );
    assert_unbounded_velocity_at(&numbers(&json, BoundsWindow::KEYS), 0.5);
}

#[test]
fn a_window_inside_a_segment_clips_it() {
    let json = zero_to_ninety("linear");
    let window = BoundsWindow {
        from_s: Some(0.1),
        to_s: Some(0.2),
    };
    let n = numbers(&json, window);
    assert!(
        near(n.min.value, 18.0, 8.0) && n.min.time_s == 0.1,
        "{:?}",
        n.min
    );
    assert!(
        near(n.max.value, 36.0, 8.0) && n.max.time_s == 0.2,
        "{:?}",
        n.max
    );
}

#[test]
fn a_boolean_track_lists_its_changes() {
    let json = r#"{"tracks":[{"id":"led","animatableId":"led/on","points":[
        {"id":"a","timeNs":0,"value":false},{"id":"b","timeNs":1000000000,"value":true},
        {"id":"c","timeNs":2000000000,"value":true}]}]}"#;
    let TrackBounds::Steps(steps) = clip_bounds(&clip(json), BoundsWindow::KEYS)
        .remove(0)
        .bounds
    else {
        panic!("not steps");
    };
    let change = |time_s, b| Change {
        time_s,
        value: KeyValue::Boolean(b),
    };
    assert_eq!(steps.changes, vec![change(0.0, false), change(1.0, true)]);
}

#[test]
fn played_at_rate_two_doubles_velocity_and_quadruples_acceleration() {
    let json = track(r#"{"id":"a","timeNs":0,"value":0},{"id":"b","timeNs":500000000,"value":90}"#);
    let valid = clip(&json);
    let played = Played {
        rate: 2.0,
        offset_s: 1.0,
        window: BoundsWindow::KEYS,
    };
    let TrackBounds::Number(base) = clip_bounds(&valid, BoundsWindow::KEYS).remove(0).bounds else {
        panic!("number");
    };
    let TrackBounds::Number(p) = played_bounds(&valid, &played).unwrap().remove(0).bounds else {
        panic!("number");
    };
    assert_eq!(p.max_abs_velocity.value, base.max_abs_velocity.value * 2.0);
    assert_eq!(
        p.max_abs_acceleration.value,
        base.max_abs_acceleration.value * 4.0
    );
    assert_eq!(p.max.time_s, 1.25);
    let refused = played_bounds(
        &valid,
        &Played {
            rate: 0.0,
            ..played
        },
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        "rate 0 is not a finite number above 0"
    );
}

/// |a − b| ≤ 1e-12·|b|.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs()
}

#[test]
fn a_back_ease_overshoots_where_y_prime_vanishes_in_closed_form() {
    // Back both sides, 0 → 90 over 0.5 s: Y = [0, −54, 144, 90]. y′ ∝ −54·w² + 396·w·u −
    // 54·u², zero where r = u/w solves r² − (22/3)·r + 1 = 0: r = (11 ± 4√7)/3.
    let json = zero_to_ninety("back");
    let n = numbers(&json, BoundsWindow::KEYS);
    let y = |r: f64| {
        let u = r / (1.0 + r);
        let w = 1.0 - u;
        -54.0 * 3.0 * w * w * u + 144.0 * 3.0 * w * u * u + 90.0 * u * u * u
    };
    let root7 = 7f64.sqrt();
    let (low, high) = (y((11.0 - 4.0 * root7) / 3.0), y((11.0 + 4.0 * root7) / 3.0));
    assert!(close(n.min.value, low) && close(n.max.value, high), "{n:?}");
    assert_eq!(
        (n.min.value, n.min.time_s),
        (-9.42688411332872, 0.10313380477355742)
    );
    assert_eq!(
        (n.max.value, n.max.time_s),
        (99.42688411332873, 0.3968661952264425)
    );
    // Symmetric about u = ½: x′ = 1.5·(1 − 0.68)·T... the peak v = 1.5·198 / (1.5·0.32·0.5)/… =
    // y′(½) / x′(½) = (0.75·(−54) + 1.5·198 + 0.75·(−54)) / (0.75·0.34 + 1.5·(−0.18) + 0.75·0.34)
    let (dy, dx) = (
        0.75 * -54.0 + 1.5 * 198.0 + 0.75 * -54.0,
        0.75 * 0.34 + 1.5 * -0.18 + 0.75 * 0.34,
    );
    assert!(
        close(n.max_abs_velocity.value, dy / dx),
        "{:?}",
        n.max_abs_velocity
    );
    assert_eq!(n.max_abs_velocity.time_s, 0.25);
}

#[test]
fn a_cubic_ease_peaks_in_acceleration_at_a_root_of_the_cubic_m() {
    let json = track(r#"{"id":"a","timeNs":0,"value":0},{"id":"b","timeNs":500000000,"value":90}"#);
    let a = numbers(&json, BoundsWindow::KEYS).max_abs_acceleration;
    assert!(close(a.value, 4572.502288563838), "{a:?}");
    assert!((a.time_s - 0.21199723001785536).abs() <= 1e-12, "{a:?}");
}

#[test]
fn a_fully_collapsed_handle_has_a_finite_velocity_limit_and_unbounded_acceleration() {
    // docs/curves.md C22.
    let json = track(
        r#"{"id":"a","timeNs":0,"value":0,"transitions":{"out":{"dtNs":400000000,"dv":0}}},
           {"id":"b","timeNs":1000000000,"value":10,"transitions":{"in":{"dtNs":0,"dv":0}}},
           {"id":"c","timeNs":2000000000,"value":0}"#,
    );
    let n = numbers(&json, BoundsWindow::KEYS);
    let step = VelocityStep {
        time_s: 1.0,
        from: 16.666666666666668,
        to: 0.0,
    };
    assert_eq!(n.velocity_steps, vec![step]);
    assert_eq!(
        n.max_abs_acceleration,
        At {
            value: f64::INFINITY,
            time_s: 1.0
        }
    );
    assert_eq!(
        n.max_abs_velocity,
        At {
            value: 28.571428571428573,
            time_s: 1.5
        }
    );
    assert!(n.unbounded_velocity_at_s.is_empty());
}

#[test]
fn a_zero_duration_handle_with_height_is_unbounded_velocity_at_its_keypoint() {
    // docs/curves.md C21.
    let json = track(
        r#"{"id":"a","timeNs":0,"value":0,"transitions":{"out":"linear"}},
           {"id":"b","timeNs":1000000000,"value":1,"transitions":{"in":{"dtNs":0,"dv":-0.5}}},
           {"id":"c","timeNs":2000000000,"value":0}"#,
    );
    assert_unbounded_velocity_at(&numbers(&json, BoundsWindow::KEYS), 1.0);
}

#[test]
fn a_window_starting_at_a_shared_time_keeps_the_jump() {
    let json = jump_at_one_second();
    let n = numbers(
        &json,
        BoundsWindow {
            from_s: Some(1.0),
            to_s: None,
        },
    );
    assert_eq!(n.jumps.len(), 1, "{n:?}");
    assert_eq!(
        n.max,
        At {
            value: 10.0,
            time_s: 1.0
        }
    );
    assert_eq!(n.min.value, 5.0);
}
