//! Hinge rotations: a rotation channel whose every key turns about one fixed axis becomes a
//! single angle in radians.
//!
//! A unit quaternion about axis n by angle θ is (sin(θ/2)·n, cos(θ/2)), so a key is about n
//! when its vector part is parallel to n. The axis is the direction of the longest vector part
//! among the keys (and, under `CUBICSPLINE`, the tangents); every other one must lie within
//! [`ON_AXIS`] of the line through it, an identity key (vector part within [`ON_AXIS`] of 0)
//! fitting any axis. An axis within [`ON_AXIS`] of ±x, ±y or ±z is that coordinate axis,
//! named `x`, `y` or `z`, its sign folded into the angle; any other is named
//! `axis(ax,ay,az)`, its first non-zero component positive. A channel of identity keys only
//! turns about `x`.
//!
//! Key angles are θ(k) = 2·atan2(v(k)·n, w(k)), unwrapped: θ(0) in [−π, π], then each key
//! the representative nearest the previous one, so no step is a 2π jump. Slerp takes the
//! shorter way (the glTF 2.0 specification, appendix C), which turns by that nearest difference, linearly in
//! time: a hinge under `LINEAR` is exactly linear in its angle.

use std::f64::consts::PI;

use gltf_crate::animation::Interpolation;

use crate::gltf::channel::Channel;

use ::gltf as gltf_crate;

/// How far a vector part may stray from the hinge's axis (in quaternion units, relative to
/// the vector's length past 1).
pub(crate) const ON_AXIS: f64 = 1e-9;

/// A hinge's axis: its unit direction and its name in targets.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Axis {
    /// The unit direction n.
    pub direction: [f64; 3],
    /// `x`, `y`, `z` or `axis(ax,ay,az)`.
    pub name: String,
}

impl Axis {
    /// The signed length of `v` along the axis: v·n.
    pub(crate) fn along(&self, v: &[f64]) -> f64 {
        let n = self.direction;
        v[0] * n[0] + v[1] * n[1] + v[2] * n[2]
    }
}

fn length(v: &[f64]) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

/// The vector parts a hinge must keep on its axis: each key's, and its tangents' under
/// `CUBICSPLINE`.
fn vector_parts(channel: &Channel) -> Vec<&[f64]> {
    let cubic = channel.interpolation == Interpolation::CubicSpline;
    let mut parts = Vec::new();
    for k in 0..channel.keys() {
        parts.push(&channel.value(k)[..3]);
        if cubic {
            parts.push(&channel.in_tangent(k)[..3]);
            parts.push(&channel.out_tangent(k)[..3]);
        }
    }
    parts
}

/// The axis every key of a rotation channel turns about, or `None` when it has none.
pub(crate) fn axis(channel: &Channel) -> Option<Axis> {
    let parts = vector_parts(channel);
    let longest = parts
        .iter()
        .copied()
        .max_by(|a, b| length(a).total_cmp(&length(b)))?;
    let axis = named_axis(longest);
    let on_axis = |v: &&[f64]| {
        let s = axis.along(v);
        let n = axis.direction;
        let off = [v[0] - s * n[0], v[1] - s * n[1], v[2] - s * n[2]];
        length(&off) <= ON_AXIS * length(v).max(1.0)
    };
    parts.iter().all(on_axis).then_some(axis)
}

/// The axis through `v`: a coordinate axis when `v` is within [`ON_AXIS`] of one (or
/// shorter than that: `x`), else `v`'s direction with its first non-zero component positive.
fn named_axis(v: &[f64]) -> Axis {
    let l = length(v);
    let names = ["x", "y", "z"];
    for i in 0..3 {
        let others = (0..3).filter(|&j| j != i).map(|j| v[j].abs());
        if others.fold(0.0_f64, f64::max) <= ON_AXIS * l.max(1.0) && (l <= ON_AXIS || v[i] != 0.0) {
            let mut direction = [0.0; 3];
            direction[i] = 1.0;
            return Axis {
                direction,
                name: names[i].into(),
            };
        }
    }
    let first = v.iter().find(|c| c.abs() > ON_AXIS).copied().unwrap_or(1.0);
    let sign = if first < 0.0 { -1.0 } else { 1.0 };
    let direction = [sign * v[0] / l, sign * v[1] / l, sign * v[2] / l];
    let [ax, ay, az] = direction;
    Axis {
        direction,
        name: format!("axis({ax},{ay},{az})"),
    }
}

/// `x` moved by a multiple of 2π into [−π, π].
pub(crate) fn wrap(x: f64) -> f64 {
    x - 2.0 * PI * (x / (2.0 * PI)).round()
}

/// The key angles θ(k) = 2·atan2(v(k)·n, w(k)), unwrapped (module docs).
pub(crate) fn key_angles(channel: &Channel, axis: &Axis) -> Vec<f64> {
    let mut angles: Vec<f64> = Vec::with_capacity(channel.keys());
    for k in 0..channel.keys() {
        let q = channel.value(k);
        let raw = 2.0 * libm::atan2(axis.along(q), q[3]);
        let angle = match angles.last() {
            None => wrap(raw),
            Some(&previous) => previous + wrap(raw - previous),
        };
        angles.push(angle);
    }
    angles
}
