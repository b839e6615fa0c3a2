//! The exact conversions: one number per key (a translation's x, a weight, a hinge's angle)
//! becomes keypoints whose curve is the glTF curve itself (the glTF 2.0 specification, appendix C).
//!
//! - `STEP`: key k holds v(k) until t(k+1), where a keypoint holding v(k) and one starting
//!   v(k+1) share the time — a jump (docs/curves.md §4.6). The engine gives the value arriving
//!   at an interior shared time (v(k) exactly at t(k+1), v(k+1) just after); glTF gives v(k+1)
//!   at t(k+1) itself. A last key that changes the value gets one more keypoint 1 ns later,
//!   because at a clip's latest time the first keypoint there holds (docs/curves.md §4.6).
//! - `LINEAR`: keypoints with `"linear"` sides: both control points on the chord, so the
//!   curve is the straight line between the keys (docs/curves.md §3.3).
//! - `CUBICSPLINE`: with Δt = t(k+1) − t(k), the leave handle of key k is at
//!   (Δt/3, Δt·b(k)/3) from it and the arrive handle of key k+1 at (−Δt/3, −Δt·a(k+1)/3):
//!   the timing runs linearly (control times at thirds), so the value is the cubic Bézier
//!   of the Hermite spline p(s) = (2s³−3s²+1)v(k) + (s³−2s²+s)Δt·b(k) +
//!   (−2s³+3s²)v(k+1) + (s³−s²)Δt·a(k+1) exactly, with velocity b(k) just after key k and
//!   a(k+1) just before key k+1.
//!
//! Δt is taken between the rounded nanosecond times.

use crate::clip::model::{Easing, KeyValue, Keypoint, Pairing, Transition};

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// A number keypoint `id` at `time_ns` with these sides.
pub(crate) fn keypoint(
    id: String,
    time_ns: i64,
    value: f64,
    arrive: Option<Transition>,
    leave: Option<Transition>,
) -> Keypoint {
    Keypoint {
        id,
        time_ns,
        value: KeyValue::Number(value),
        arrive,
        leave,
        pairing: Pairing::None,
    }
}

const LINEAR: Option<Transition> = Some(Transition::Ease(Easing::Linear));

/// `STEP` keys as holds and jumps.
pub(crate) fn step(times_ns: &[i64], values: &[f64]) -> Vec<Keypoint> {
    let mut keypoints = Vec::with_capacity(2 * values.len() + 1);
    for (k, (&t, &v)) in times_ns.iter().zip(values).enumerate() {
        if k > 0 {
            keypoints.push(keypoint(
                format!("k{k}-held"),
                t,
                values[k - 1],
                LINEAR,
                None,
            ));
        }
        keypoints.push(keypoint(format!("k{k}"), t, v, None, LINEAR));
    }
    if let (true, Some(&last), Some(&t_last)) =
        (step_adds_end(values), values.last(), times_ns.last())
    {
        keypoints.push(keypoint("end".into(), t_last + 1, last, LINEAR, None));
    }
    keypoints
}

/// Whether [`step`] adds a keypoint 1 ns after the last key (its last key changes the value).
pub(crate) fn step_adds_end(values: &[f64]) -> bool {
    matches!(values, [.., before, last] if before != last)
}

/// `LINEAR` keys joined by straight lines.
pub(crate) fn linear(times_ns: &[i64], values: &[f64]) -> Vec<Keypoint> {
    let last = values.len().saturating_sub(1);
    let pairs = times_ns.iter().zip(values).enumerate();
    pairs
        .map(|(k, (&t, &v))| {
            let arrive = if k > 0 { LINEAR } else { None };
            let leave = if k < last { LINEAR } else { None };
            keypoint(format!("k{k}"), t, v, arrive, leave)
        })
        .collect()
}

/// `CUBICSPLINE` keys with their exact Bézier handles; `ins` and `outs` are the in- and
/// out-tangents a(k) and b(k) in value units per second.
pub(crate) fn cubic(times_ns: &[i64], values: &[f64], ins: &[f64], outs: &[f64]) -> Vec<Keypoint> {
    let n = values.len();
    (0..n)
        .map(|k| {
            let arrive = (k > 0).then(|| {
                let dt = (times_ns[k] - times_ns[k - 1]) as f64;
                let dv = -(dt / SEC * ins[k] / 3.0);
                Transition::Handle {
                    dt_ns: -(dt / 3.0),
                    dv,
                }
            });
            let leave = (k + 1 < n).then(|| {
                let dt = (times_ns[k + 1] - times_ns[k]) as f64;
                let dv = dt / SEC * outs[k] / 3.0;
                Transition::Handle {
                    dt_ns: dt / 3.0,
                    dv,
                }
            });
            keypoint(format!("k{k}"), times_ns[k], values[k], arrive, leave)
        })
        .collect()
}
