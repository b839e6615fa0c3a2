//! The glTF curves no keypoint curve holds exactly (the glTF 2.0 specification, appendix C), as
//! [`SegmentCurve`]s the fitter approximates: a hinge's angle under `CUBICSPLINE`, a
//! quaternion under `LINEAR` (slerp) and under `CUBICSPLINE` (the normalised Hermite spline).
//! Each gives its value and its derivative in the segment's parameter u ∈ [0, 1]; Δt, the
//! span that scales tangents, is taken between the rounded nanosecond key times.

use crate::gltf::channel::Channel;
use crate::gltf::fit::SegmentCurve;
use crate::gltf::hinge::{Axis, wrap};
use libm::{atan2, cos, sin};

/// The cubic Hermite spline on [0, 1] from p0 (slope m0) to p1 (slope m1) at s, and its
/// derivative: p(s) = (2s³−3s²+1)p0 + (s³−2s²+s)m0 + (−2s³+3s²)p1 + (s³−s²)m1.
pub(crate) fn hermite(p0: f64, m0: f64, p1: f64, m1: f64, s: f64) -> (f64, f64) {
    let (s2, s3) = (s * s, s * s * s);
    let value = (2.0 * s3 - 3.0 * s2 + 1.0) * p0
        + (s3 - 2.0 * s2 + s) * m0
        + (-2.0 * s3 + 3.0 * s2) * p1
        + (s3 - s2) * m1;
    let slope = (6.0 * s2 - 6.0 * s) * p0
        + (3.0 * s2 - 4.0 * s + 1.0) * m0
        + (-6.0 * s2 + 6.0 * s) * p1
        + (3.0 * s2 - 2.0 * s) * m1;
    (value, slope)
}

/// Δt of segment k in seconds.
fn span_s(channel: &Channel, k: usize) -> f64 {
    (channel.times_ns[k + 1] - channel.times_ns[k]) as f64 / 1e9
}

/// Component `c` of segment `k`'s Hermite spline at u, with its derivative in u.
fn component(channel: &Channel, k: usize, c: usize, u: f64) -> (f64, f64) {
    let dt = span_s(channel, k);
    let (p0, p1) = (channel.value(k)[c], channel.value(k + 1)[c]);
    let (m0, m1) = (
        dt * channel.out_tangent(k)[c],
        dt * channel.in_tangent(k + 1)[c],
    );
    hermite(p0, m0, p1, m1, u)
}

/// Anchors a hinge segment is unwrapped at: the angle is followed continuously from one to
/// the next, so a segment may turn by up to this many half-turns of its quaternion.
const ANCHORS: usize = 64;

/// A hinge under `CUBICSPLINE`: s(u) and c(u), the splines of the vector part along the axis
/// and of w, give θ(u) = 2·atan2(s, c), followed continuously from θ(0) ∈ [−π, π] across
/// segments; θ′ = 2(c·s′ − s·c′)/(s² + c²).
pub(crate) struct HingeSpline<'a> {
    channel: &'a Channel,
    axis: Axis,
    /// Per segment, the (s, c, θ) at u = j / ANCHORS, j = 0 … ANCHORS.
    anchors: Vec<Vec<(f64, f64, f64)>>,
}

impl<'a> HingeSpline<'a> {
    /// The hinge spline of `channel` about `axis`.
    pub(crate) fn new(channel: &'a Channel, axis: Axis) -> HingeSpline<'a> {
        let mut spline = HingeSpline {
            channel,
            axis,
            anchors: Vec::new(),
        };
        let q0 = channel.value(0);
        let mut angle = wrap(2.0 * atan2(spline.axis.along(q0), q0[3]));
        for k in 0..channel.keys().saturating_sub(1) {
            let mut anchors: Vec<(f64, f64, f64)> = Vec::with_capacity(ANCHORS + 1);
            for j in 0..=ANCHORS {
                let (s, c) = spline.sc(k, j as f64 / ANCHORS as f64);
                if let Some(&(s0, c0, a0)) = anchors.last() {
                    angle = a0 + 2.0 * atan2(c0 * s.0 - s0 * c.0, c0 * c.0 + s0 * s.0);
                }
                anchors.push((s.0, c.0, angle));
            }
            spline.anchors.push(anchors);
        }
        spline
    }

    /// (s, s′) and (c, c′) at u of segment k.
    fn sc(&self, k: usize, u: f64) -> ((f64, f64), (f64, f64)) {
        let n = self.axis.direction;
        let (mut s, mut ds) = (0.0, 0.0);
        for (i, n) in n.iter().enumerate() {
            let (v, d) = component(self.channel, k, i, u);
            s += v * n;
            ds += d * n;
        }
        ((s, ds), component(self.channel, k, 3, u))
    }
}

impl SegmentCurve for HingeSpline<'_> {
    fn width(&self) -> usize {
        1
    }

    fn eval(&self, k: usize, u: f64, value: &mut [f64], slope: &mut [f64]) {
        let ((s, ds), (c, dc)) = self.sc(k, u);
        let j = ((u * ANCHORS as f64).floor().max(0.0) as usize).min(ANCHORS);
        let (s0, c0, a0) = self.anchors[k][j];
        value[0] = a0 + 2.0 * atan2(c0 * s - s0 * c, c0 * c + s0 * s);
        slope[0] = 2.0 * (c * ds - s * dc) / (s * s + c * c);
    }
}

/// `q` divided by its length.
fn normalized(q: &[f64]) -> [f64; 4] {
    let l = q.iter().map(|x| x * x).sum::<f64>().sqrt();
    [q[0] / l, q[1] / l, q[2] / l, q[3] / l]
}

fn dot(a: &[f64; 4], b: &[f64; 4]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
}

/// A general rotation's keys normalised, each negated when that brings it nearer its
/// predecessor (q and −q are one rotation), so the components run on without jumping.
pub(crate) fn aligned_keys(channel: &Channel) -> Vec<[f64; 4]> {
    let mut keys: Vec<[f64; 4]> = Vec::with_capacity(channel.keys());
    for k in 0..channel.keys() {
        let mut q = normalized(channel.value(k));
        if keys.last().is_some_and(|p| dot(p, &q) < 0.0) {
            q = q.map(|x| -x);
        }
        keys.push(q);
    }
    keys
}

/// Slerp between aligned unit keys: with Ω = 2·atan2(|a − b|, |a + b|) the angle between
/// them, q(u) = (sin((1−u)Ω)·a + sin(uΩ)·b) / sin Ω — the shorter way, as glTF's slerp takes
/// it (its sign s only negates the result); a + u(b − a) when Ω is 0.
pub(crate) struct Slerp {
    keys: Vec<[f64; 4]>,
}

impl Slerp {
    /// The slerp curve through `keys` (from [`aligned_keys`]).
    pub(crate) fn new(keys: Vec<[f64; 4]>) -> Slerp {
        Slerp { keys }
    }
}

impl SegmentCurve for Slerp {
    fn width(&self) -> usize {
        4
    }

    fn eval(&self, k: usize, u: f64, value: &mut [f64], slope: &mut [f64]) {
        let (a, b) = (self.keys[k], self.keys[k + 1]);
        let diff: f64 = (0..4).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt();
        let sum: f64 = (0..4).map(|i| (a[i] + b[i]).powi(2)).sum::<f64>().sqrt();
        let omega = 2.0 * atan2(diff, sum);
        let sin_omega = sin(omega);
        for i in 0..4 {
            if sin_omega == 0.0 {
                value[i] = a[i] + u * (b[i] - a[i]);
                slope[i] = b[i] - a[i];
            } else {
                let (wa, wb) = (
                    sin((1.0 - u) * omega) / sin_omega,
                    sin(u * omega) / sin_omega,
                );
                let (da, db) = (
                    -omega * cos((1.0 - u) * omega) / sin_omega,
                    omega * cos(u * omega) / sin_omega,
                );
                value[i] = wa * a[i] + wb * b[i];
                slope[i] = da * a[i] + db * b[i];
            }
        }
    }
}

/// A quaternion under `CUBICSPLINE`: p(u), the Hermite spline of each component, normalised:
/// q = p/|p|, q′ = (p′ − q(q·p′))/|p|.
pub(crate) struct QuaternionSpline<'a> {
    channel: &'a Channel,
}

impl<'a> QuaternionSpline<'a> {
    /// The normalised spline of `channel`.
    pub(crate) fn new(channel: &'a Channel) -> QuaternionSpline<'a> {
        QuaternionSpline { channel }
    }
}

impl SegmentCurve for QuaternionSpline<'_> {
    fn width(&self) -> usize {
        4
    }

    fn eval(&self, k: usize, u: f64, value: &mut [f64], slope: &mut [f64]) {
        let parts: Vec<(f64, f64)> = (0..4).map(|c| component(self.channel, k, c, u)).collect();
        let p = [parts[0].0, parts[1].0, parts[2].0, parts[3].0];
        let dp = [parts[0].1, parts[1].1, parts[2].1, parts[3].1];
        let r = dot(&p, &p).sqrt();
        let q = p.map(|x| x / r);
        let radial = dot(&q, &dp);
        for i in 0..4 {
            value[i] = q[i];
            slope[i] = (dp[i] - q[i] * radial) / r;
        }
    }
}
