//! Fitting what no keypoint curve holds exactly — a hinge's angle under `CUBICSPLINE`, a
//! general rotation's quaternion under `LINEAR` or `CUBICSPLINE` — with Bézier pieces, then
//! checking the clip the engine plays against the glTF curve.
//!
//! Each glTF segment [t(k), t(k+1)] is cut into pieces [a, b] at whole nanoseconds. A piece
//! is the cubic Hermite interpolant of the curve: its ends' values, its handles at (±(b−a)/3,
//! ±(b−a)·f′/3) with f′ the curve's slope there, so the timing runs linearly and the piece
//! matches the curve to O((b−a)⁴). A piece whose error at 15 inner points exceeds a quarter of
//! the tolerance is halved, down to 1 ns. The clip is then compiled by the engine and sampled
//! at 32 points a piece; the worst difference from the curve is reported and must not exceed
//! the tolerance.

use crate::clip::model::{Keypoint, Track, Transition};
use crate::curve::track::{CompiledTrack, Cursor, Sample};
use crate::gltf::keys::keypoint;

/// A curve given per glTF segment: its value and its slope per unit of the segment's
/// parameter u ∈ [0, 1] (u = (t − t(k)) / (t(k+1) − t(k))), `width` numbers each.
pub(crate) trait SegmentCurve {
    /// Numbers a value.
    fn width(&self) -> usize;
    /// The value at `u` of segment `k` into `value`, its derivative in u into `slope`.
    fn eval(&self, k: usize, u: f64, value: &mut [f64], slope: &mut [f64]);
}

/// Inner points a piece is measured at while fitting.
const FIT_POINTS: usize = 16;
/// Points a piece is sampled at when the engine's clip is checked.
const CHECK_POINTS: usize = 32;
/// Pieces a channel may take before it is refused as not fittable.
const MAX_PIECES: usize = 200_000;

/// A fitted channel: one keypoint list per number of the curve, the pieces, and the
/// worst error the engine's clip shows against the curve.
pub(crate) struct Fitted {
    /// One track's keypoints per number of the curve.
    pub keypoints: Vec<Vec<Keypoint>>,
    /// The pieces of every segment, as (segment, start ns, end ns).
    pub pieces: Vec<(usize, i64, i64)>,
}

/// One point of the fitted curve: its value and its slope per second.
struct Knot {
    value: Vec<f64>,
    slope: Vec<f64>,
}

fn knot(curve: &dyn SegmentCurve, times: &[i64], k: usize, t: i64) -> Knot {
    let span = (times[k + 1] - times[k]) as f64;
    let u = (t - times[k]) as f64 / span;
    let mut value = vec![0.0; curve.width()];
    let mut slope = vec![0.0; curve.width()];
    curve.eval(k, u, &mut value, &mut slope);
    let per_second = slope.iter().map(|s| s / (span / 1e9)).collect();
    Knot {
        value,
        slope: per_second,
    }
}

/// The worst difference, over the curve's numbers and `FIT_POINTS − 1` inner points, between
/// the Hermite piece [a, b] and the curve.
fn piece_error(curve: &dyn SegmentCurve, times: &[i64], k: usize, a: i64, b: i64) -> f64 {
    let (start, end) = (knot(curve, times, k, a), knot(curve, times, k, b));
    let d = (b - a) as f64 / 1e9;
    let span = (times[k + 1] - times[k]) as f64;
    let mut worst: f64 = 0.0;
    let (mut value, mut slope) = (vec![0.0; curve.width()], vec![0.0; curve.width()]);
    for j in 1..FIT_POINTS {
        let s = j as f64 / FIT_POINTS as f64;
        let u = ((a - times[k]) as f64 + s * (b - a) as f64) / span;
        curve.eval(k, u, &mut value, &mut slope);
        for (c, exact) in value.iter().enumerate() {
            let p1 = start.value[c] + d * start.slope[c] / 3.0;
            let p2 = end.value[c] - d * end.slope[c] / 3.0;
            let bez = bezier(start.value[c], p1, p2, end.value[c], s);
            worst = worst.max((bez - exact).abs());
        }
    }
    worst
}

/// The cubic Bézier with control values p0…p3 at parameter s (Bernstein form).
fn bezier(p0: f64, p1: f64, p2: f64, p3: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    r * r * r * p0 + 3.0 * r * r * s * p1 + 3.0 * r * s * s * p2 + s * s * s * p3
}

/// The pieces of segment `k`, halved until each is within `goal` or 1 ns long.
fn pieces_of(
    curve: &dyn SegmentCurve,
    times: &[i64],
    k: usize,
    goal: f64,
    out: &mut Vec<(usize, i64, i64)>,
) -> Result<(), f64> {
    let mut stack = vec![(times[k], times[k + 1])];
    let mut done = Vec::new();
    while let Some((a, b)) = stack.pop() {
        let error = piece_error(curve, times, k, a, b);
        if error.is_nan() {
            return Err(f64::NAN);
        }
        if error <= goal || b - a < 2 {
            done.push((k, a, b));
        } else {
            let mid = a + (b - a) / 2;
            stack.push((mid, b));
            stack.push((a, mid));
        }
        if done.len() + out.len() > MAX_PIECES {
            return Err(error);
        }
    }
    out.extend(done);
    Ok(())
}

/// Fits `curve` over the channel's key times within `tolerance`; `Err(worst)` when the
/// pieces would exceed [`MAX_PIECES`] or the curve is not finite.
pub(crate) fn fit(curve: &dyn SegmentCurve, times: &[i64], tolerance: f64) -> Result<Fitted, f64> {
    let mut pieces = Vec::new();
    for k in 0..times.len().saturating_sub(1) {
        if times[k] < times[k + 1] {
            pieces_of(curve, times, k, tolerance / 4.0, &mut pieces)?;
        }
    }
    let mut keypoints = vec![Vec::new(); curve.width()];
    let mut previous_end = None;
    for (i, &(k, a, b)) in pieces.iter().enumerate() {
        let (start, end) = (knot(curve, times, k, a), knot(curve, times, k, b));
        let third = (b - a) as f64 / 3.0;
        let d = (b - a) as f64 / 1e9;
        for (c, track) in keypoints.iter_mut().enumerate() {
            let leave = Transition::Handle {
                dt_ns: third,
                dv: d * start.slope[c] / 3.0,
            };
            let arrive = Transition::Handle {
                dt_ns: -third,
                dv: -(d * end.slope[c] / 3.0),
            };
            let last: Option<&mut Keypoint> = track.last_mut();
            match last {
                Some(last) if previous_end == Some(a) && last.leave.is_none() => {
                    last.leave = Some(leave);
                }
                _ => track.push(keypoint(
                    format!("p{i}"),
                    a,
                    start.value[c],
                    None,
                    Some(leave),
                )),
            }
            track.push(keypoint(
                format!("p{}", i + 1),
                b,
                end.value[c],
                Some(arrive),
                None,
            ));
        }
        previous_end = Some(b);
    }
    Ok(Fitted { keypoints, pieces })
}

/// The worst difference between the engine's tracks and `curve`, sampled at
/// [`CHECK_POINTS`] points a piece (the first piece's start included).
pub(crate) fn worst_error(curve: &dyn SegmentCurve, times: &[i64], fitted: &Fitted) -> f64 {
    let tracks: Vec<CompiledTrack> = fitted
        .keypoints
        .iter()
        .map(|keypoints| {
            CompiledTrack::compile(&Track {
                keypoints: keypoints.clone(),
                ..Track::default()
            })
        })
        .collect();
    let mut cursors = vec![Cursor::default(); tracks.len()];
    let (mut value, mut slope) = (vec![0.0; curve.width()], vec![0.0; curve.width()]);
    let mut worst: f64 = 0.0;
    for (i, &(k, a, b)) in fitted.pieces.iter().enumerate() {
        let span = (times[k + 1] - times[k]) as f64;
        let first = if i == 0 { 0 } else { 1 };
        for j in first..=CHECK_POINTS {
            let t = a as f64 + (b - a) as f64 * j as f64 / CHECK_POINTS as f64;
            curve.eval(k, (t - times[k] as f64) / span, &mut value, &mut slope);
            for (c, track) in tracks.iter().enumerate() {
                let played = match track.sample(t, &mut cursors[c]) {
                    Some(Sample::Number { value, .. }) => value,
                    _ => f64::NAN,
                };
                let error = (played - value[c]).abs();
                worst = if error.is_nan() {
                    f64::INFINITY
                } else {
                    worst.max(error)
                };
            }
        }
    }
    worst
}
