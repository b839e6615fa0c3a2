//! Channels to tracks, named so a robot maps them to keys (`P` the target prefix, `node` the
//! node's `name`, else `node<index>`):
//!
//! - `translation` and `scale` → `P<node>/translation/x`, `…/y`, `…/z` (likewise `scale`);
//! - `weights` → `P<node>/weights/<i>`, one per morph target;
//! - `rotation` about one axis (hinge.rs) → `P<node>/rotation/<axis>`, the angle in radians;
//!   any other → `P<node>/rotation/qx`, `qy`, `qz`, `qw`.
//!
//! STEP, LINEAR and CUBICSPLINE on single numbers and hinge angles under STEP and LINEAR are
//! exact (keys.rs); a hinge under CUBICSPLINE and a general rotation under LINEAR or
//! CUBICSPLINE are fitted (fit.rs). Every channel says in a note what was not plain.

use gltf_crate::animation::Interpolation;

use crate::clip::model::{Keypoint, Track};
use crate::gltf::channel::{Channel, PathKind};
use crate::gltf::curves::{HingeSpline, QuaternionSpline, Slerp, aligned_keys};
use crate::gltf::error::GltfError;
use crate::gltf::fit::{self, SegmentCurve};
use crate::gltf::{hinge, keys};

use ::gltf as gltf_crate;

/// A channel's tracks and what the caller should be told about them.
pub(crate) struct Converted {
    /// The tracks, in component order.
    pub tracks: Vec<Track>,
    /// One line each: a general rotation, a fitted curve and its worst error, keys sharing a
    /// nanosecond, a STEP end moved 1 ns on.
    pub notes: Vec<String>,
}

/// The interpolation's name in the file.
pub(crate) fn interpolation_name(interpolation: Interpolation) -> &'static str {
    match interpolation {
        Interpolation::Step => "STEP",
        Interpolation::Linear => "LINEAR",
        Interpolation::CubicSpline => "CUBICSPLINE",
    }
}

/// Converts one channel; `prefix` starts every target, `tolerance` bounds fitted curves.
pub(crate) fn convert(
    channel: &Channel,
    prefix: &str,
    tolerance: f64,
) -> Result<Converted, GltfError> {
    let mut converted = Converted {
        tracks: Vec::new(),
        notes: Vec::new(),
    };
    let label = channel.label();
    for k in channel.coincident_keys() {
        let t = channel.times_ns[k];
        converted.notes.push(format!(
            "{label}: keys {k} and {} land on one nanosecond ({t} ns): a jump there",
            k + 1
        ));
    }
    let target = |suffix: &str| format!("{prefix}{label}/{suffix}");
    match channel.path {
        PathKind::Translation | PathKind::Scale => {
            for (c, suffix) in ["x", "y", "z"].iter().enumerate() {
                exact(
                    &mut converted,
                    channel,
                    &target(suffix),
                    &component(channel, c),
                );
            }
        }
        PathKind::Weights => {
            for c in 0..channel.width {
                exact(
                    &mut converted,
                    channel,
                    &target(&c.to_string()),
                    &component(channel, c),
                );
            }
        }
        PathKind::Rotation => rotation(&mut converted, channel, &target, tolerance)?,
    }
    Ok(converted)
}

/// Number `c` of every key, with its tangents under CUBICSPLINE.
fn component(channel: &Channel, c: usize) -> [Vec<f64>; 3] {
    let cubic = channel.interpolation == Interpolation::CubicSpline;
    let each = |f: fn(&Channel, usize) -> &[f64]| -> Vec<f64> {
        (0..channel.keys()).map(|k| f(channel, k)[c]).collect()
    };
    let values = each(Channel::value);
    if cubic {
        [
            values,
            each(Channel::in_tangent),
            each(Channel::out_tangent),
        ]
    } else {
        [values, Vec::new(), Vec::new()]
    }
}

/// One number per key converted exactly (keys.rs), pushed as the track `target`.
fn exact(
    into: &mut Converted,
    channel: &Channel,
    target: &str,
    [values, ins, outs]: &[Vec<f64>; 3],
) {
    let times = &channel.times_ns;
    let keypoints = match channel.interpolation {
        Interpolation::Step => {
            if keys::step_adds_end(values) {
                into.notes.push(format!(
                    "{target}: its last STEP value plays from 1 ns after the last key"
                ));
            }
            keys::step(times, values)
        }
        Interpolation::Linear => keys::linear(times, values),
        Interpolation::CubicSpline => keys::cubic(times, values, ins, outs),
    };
    into.tracks.push(track(target, keypoints));
}

fn track(target: &str, keypoints: Vec<Keypoint>) -> Track {
    Track {
        id: target.to_string(),
        name: target.to_string(),
        target: target.to_string(),
        keypoints,
    }
}

fn rotation(
    into: &mut Converted,
    channel: &Channel,
    target: &dyn Fn(&str) -> String,
    tolerance: f64,
) -> Result<(), GltfError> {
    let fitted = channel.keys() > 1 && channel.interpolation != Interpolation::Step;
    if let Some(axis) = hinge::axis(channel) {
        let name = target(&axis.name);
        if fitted && channel.interpolation == Interpolation::CubicSpline {
            let curve = HingeSpline::new(channel, axis);
            return fit_tracks(into, channel, &curve, &[name], tolerance);
        }
        let angles = hinge::key_angles(channel, &axis);
        exact(into, channel, &name, &[angles, Vec::new(), Vec::new()]);
        return Ok(());
    }
    let names: Vec<String> = ["qx", "qy", "qz", "qw"].iter().map(|s| target(s)).collect();
    into.notes.push(format!(
        "{}: not about one axis: four tracks {}",
        channel.label(),
        names.join(", ")
    ));
    if !fitted {
        for (c, name) in names.iter().enumerate() {
            let values = component(channel, c);
            exact(into, channel, name, &values);
        }
        return Ok(());
    }
    match channel.interpolation {
        Interpolation::Linear => {
            let curve = Slerp::new(aligned_keys(channel));
            fit_tracks(into, channel, &curve, &names, tolerance)
        }
        _ => fit_tracks(
            into,
            channel,
            &QuaternionSpline::new(channel),
            &names,
            tolerance,
        ),
    }
}

/// Fits `curve` and pushes one track per name, with a note of the worst error; refused when
/// the engine's clip misses the curve by more than `tolerance` somewhere.
fn fit_tracks(
    into: &mut Converted,
    channel: &Channel,
    curve: &dyn SegmentCurve,
    names: &[String],
    tolerance: f64,
) -> Result<(), GltfError> {
    let refused = |worst: f64| GltfError::Fit {
        target: names.join(", "),
        worst,
        tolerance,
    };
    let fitted = fit::fit(curve, &channel.times_ns, tolerance).map_err(refused)?;
    let worst = fit::worst_error(curve, &channel.times_ns, &fitted);
    if worst.is_nan() || worst > tolerance {
        return Err(refused(worst));
    }
    into.notes.push(format!(
        "{} ({}): fitted with {} Bézier pieces, worst error {worst:.3e} (tolerance {tolerance:e})",
        channel.label(),
        interpolation_name(channel.interpolation),
        fitted.pieces.len()
    ));
    for (name, keypoints) in names.iter().zip(fitted.keypoints) {
        into.tracks.push(track(name, keypoints));
    }
    Ok(())
}
