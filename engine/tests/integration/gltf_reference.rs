//! The glTF 2.0 specification, appendix C, read independently of the converter: the value a sampler gives at a
//! time (step, lerp, slerp, cubic Hermite spline, normalised for rotations), the times a
//! converted track is sampled at, and the comparison of a converted clip with it.

use std::f64::consts::PI;

use animation_engine::{Clip, CompiledTrack, Cursor, Sample};
use arora_animation_test_support::gltf_files::Sampler;

/// A sampler as the specification reads it: key times in ns (f32 seconds × 1e9, rounded to
/// the nearest), decoded values, tangents under CUBICSPLINE.
pub struct Reference {
    /// Key times, ns.
    pub times: Vec<f64>,
    /// The interpolation's name.
    pub kind: &'static str,
    /// Whether the values are quaternions (slerp, normalised splines).
    pub rotation: bool,
    /// Per key: value; under CUBICSPLINE also in-tangent a and out-tangent b.
    pub values: Vec<Vec<f64>>,
    /// In-tangents a(k) (CUBICSPLINE).
    pub ins: Vec<Vec<f64>>,
    /// Out-tangents b(k) (CUBICSPLINE).
    pub outs: Vec<Vec<f64>>,
}

impl Reference {
    /// The reading of `sampler`, `width` numbers a value.
    pub fn new(sampler: &Sampler, width: usize, rotation: bool) -> Reference {
        let decoded = sampler.decoded();
        let elements: Vec<Vec<f64>> = decoded.chunks(width).map(<[f64]>::to_vec).collect();
        let cubic = sampler.interpolation == "CUBICSPLINE";
        let pick = |i: usize| -> Vec<Vec<f64>> {
            if cubic {
                elements.iter().skip(i).step_by(3).cloned().collect()
            } else if i == 1 {
                elements.clone()
            } else {
                Vec::new()
            }
        };
        Reference {
            times: sampler
                .times
                .iter()
                .map(|&t| (f64::from(t) * 1e9).round())
                .collect(),
            kind: sampler.interpolation,
            rotation,
            values: pick(1),
            ins: pick(0),
            outs: pick(2),
        }
    }

    /// The sampler's value at `t` ns: the first value before the first key, the last after
    /// the last; inside, the interpolation of the segment t(k) ≤ t < t(k+1).
    pub fn at(&self, t: f64) -> Vec<f64> {
        let n = self.times.len();
        if t <= self.times[0] {
            return self.key(0);
        }
        if t >= self.times[n - 1] {
            return self.key(n - 1);
        }
        let k = self
            .times
            .iter()
            .rposition(|&tk| tk <= t)
            .expect("t is past the first key");
        let dt = self.times[k + 1] - self.times[k];
        let s = (t - self.times[k]) / dt;
        match self.kind {
            "STEP" => self.values[k].clone(),
            "LINEAR" if self.rotation => {
                slerp(&unit(&self.values[k]), &unit(&self.values[k + 1]), s)
            }
            "LINEAR" => {
                let (a, b) = (&self.values[k], &self.values[k + 1]);
                a.iter()
                    .zip(b)
                    .map(|(a, b)| a * (1.0 - s) + b * s)
                    .collect()
            }
            _ => {
                let seconds = dt / 1e9;
                let p: Vec<f64> = (0..self.values[k].len())
                    .map(|c| {
                        let (s2, s3) = (s * s, s * s * s);
                        (2.0 * s3 - 3.0 * s2 + 1.0) * self.values[k][c]
                            + (s3 - 2.0 * s2 + s) * seconds * self.outs[k][c]
                            + (-2.0 * s3 + 3.0 * s2) * self.values[k + 1][c]
                            + (s3 - s2) * seconds * self.ins[k + 1][c]
                    })
                    .collect();
                if self.rotation { unit(&p) } else { p }
            }
        }
    }

    fn key(&self, k: usize) -> Vec<f64> {
        let lerped_rotation = self.rotation && self.kind != "STEP";
        if lerped_rotation {
            unit(&self.values[k])
        } else {
            self.values[k].clone()
        }
    }
}

/// `q / |q|`.
pub fn unit(q: &[f64]) -> Vec<f64> {
    let length = q.iter().map(|x| x * x).sum::<f64>().sqrt();
    q.iter().map(|x| x / length).collect()
}

/// appendix C's slerp: a = acos(|d|), s = d/|d|, (sin(a(1−t))·q0 + s·sin(a·t)·q1) / sin(a).
pub fn slerp(q0: &[f64], q1: &[f64], t: f64) -> Vec<f64> {
    let d: f64 = q0.iter().zip(q1).map(|(a, b)| a * b).sum();
    let a = d.abs().min(1.0).acos();
    let s = if d < 0.0 { -1.0 } else { 1.0 };
    if a == 0.0 {
        return q0.to_vec();
    }
    let (w0, w1) = ((a * (1.0 - t)).sin() / a.sin(), s * (a * t).sin() / a.sin());
    q0.iter()
        .zip(q1)
        .map(|(x0, x1)| w0 * x0 + w1 * x1)
        .collect()
}

/// The angle of quaternion `q` about the unit `axis`: 2·atan2(v·axis, w).
pub fn angle_about(q: &[f64], axis: [f64; 3]) -> f64 {
    let along = q[0] * axis[0] + q[1] * axis[1] + q[2] * axis[2];
    2.0 * along.atan2(q[3])
}

/// `x` moved by a multiple of 2π into [−π, π].
pub fn wrapped(x: f64) -> f64 {
    let turns = (x / (2.0 * PI)).round();
    x - turns * 2.0 * PI
}

/// The times a track is sampled at (at least 1,000): every key, 1 ns and 0.25 ns either side
/// of it, 1,000 evenly between the first and last key, and 1 s and 1 ns before the first and
/// after the last.
pub fn sample_times(keys: &[f64]) -> Vec<f64> {
    let (first, last) = (keys[0], keys[keys.len() - 1]);
    let mut times = vec![first - 1e9, first - 1.0, last + 1.0, last + 1e9];
    for &k in keys {
        times.extend([k, k - 1.0, k + 1.0, k - 0.25, k + 0.25]);
    }
    times.extend((0..=1000).map(|i| first + (last - first) * f64::from(i) / 1000.0));
    times
}

/// The compiled track of `clip` on `target`.
pub fn track(clip: &Clip, target: &str) -> CompiledTrack {
    let found = clip.tracks.iter().find(|t| t.target == target);
    let track = found.unwrap_or_else(|| panic!("no track on {target}: {:?}", targets(clip)));
    CompiledTrack::compile(track)
}

/// The targets of `clip`, in order.
pub fn targets(clip: &Clip) -> Vec<String> {
    clip.tracks.iter().map(|t| t.target.clone()).collect()
}

/// The value and velocity of `track` at `t` ns.
pub fn played(track: &CompiledTrack, t: f64) -> (f64, f64) {
    match track.sample(t, &mut Cursor::default()) {
        Some(Sample::Number { value, velocity }) => (value, velocity),
        other => panic!("{} at {t}: {other:?}", track.target()),
    }
}

/// How close a played value must be.
#[derive(Clone, Copy, Debug)]
pub enum Within {
    /// |played − expected| ≤ 1e-9 · max(1, |expected|): the exact kinds.
    Exact,
    /// |played − expected| ≤ this: the fitted kinds.
    Tolerance(f64),
}

impl Within {
    /// Whether `error` is within this bound of a value of size `expected`.
    pub fn holds(self, error: f64, expected: f64) -> bool {
        match self {
            Within::Exact => error <= 1e-9 * expected.abs().max(1.0),
            Within::Tolerance(tolerance) => error <= tolerance,
        }
    }
}

/// Asserts that `track` plays `expected(t)` at each of `times`, within `within`; `angle`
/// compares modulo 2π. Returns how many times were checked.
pub fn assert_plays(
    track: &CompiledTrack,
    times: &[f64],
    expected: &dyn Fn(f64) -> f64,
    within: Within,
    angle: bool,
) -> usize {
    for &t in times {
        let (value, _) = played(track, t);
        let want = expected(t);
        let error = if angle {
            wrapped(value - want).abs()
        } else {
            (value - want).abs()
        };
        assert!(
            within.holds(error, want),
            "{} at {t} ns: played {value}, the specification gives {want} (error {error:e})",
            track.target()
        );
    }
    times.len()
}
