//! The samplers the glTF tests convert: key times exact in f32 and in nanoseconds, values
//! from fixed formulas, one node per channel so every target is its own.

use arora_animation_test_support::gltf_files::{Animation, Channel, GltfFile, Sampler};

/// Key times, seconds: dyadic, so f32 and whole nanoseconds hold them exactly; uneven gaps.
pub const TIMES: [f32; 6] = [0.0, 0.25, 0.5, 1.0, 1.125, 2.0];

/// The three interpolations.
pub const INTERPOLATIONS: [&str; 3] = ["STEP", "LINEAR", "CUBICSPLINE"];

/// `width` numbers a key for every key of [`TIMES`], three elements a key under
/// CUBICSPLINE (in-tangent, value, out-tangent), from `seed`.
pub fn numbers(interpolation: &str, width: usize, seed: usize) -> Vec<f64> {
    let per_key = if interpolation == "CUBICSPLINE" { 3 } else { 1 };
    let count = TIMES.len() * per_key * width;
    (0..count)
        .map(|i| 2.5 * ((i * 7 + seed * 13) as f64 * 0.37).sin())
        .collect()
}

/// Quaternion (x, y, z, w) turning by `angle` about the unit `axis`.
pub fn about(axis: [f64; 3], angle: f64) -> [f64; 4] {
    let s = (angle / 2.0).sin();
    [s * axis[0], s * axis[1], s * axis[2], (angle / 2.0).cos()]
}

/// Hinge angles per key: crossing ±π, and a step of more than π that slerp takes the
/// shorter way.
pub const HINGE_ANGLES: [f64; 6] = [0.3, 2.0, 4.0, 5.5, 1.0, -2.5];

/// A hinge sampler about `axis`: the keys of [`HINGE_ANGLES`]; under CUBICSPLINE tangents
/// along the axis and w.
pub fn hinge(interpolation: &'static str, axis: [f64; 3]) -> Sampler {
    let mut outputs = Vec::new();
    for (k, &angle) in HINGE_ANGLES.iter().enumerate() {
        let tangent = |sign: f64| {
            let along = sign * (0.8 + 0.1 * k as f64);
            [
                along * axis[0],
                along * axis[1],
                along * axis[2],
                -0.3 * sign,
            ]
        };
        if interpolation == "CUBICSPLINE" {
            outputs.extend(tangent(1.0));
        }
        outputs.extend(about(axis, angle));
        if interpolation == "CUBICSPLINE" {
            outputs.extend(tangent(-0.5));
        }
    }
    Sampler::new(interpolation, &TIMES, &outputs)
}

/// A rotation about a different axis at each key; under CUBICSPLINE tangents of all four
/// components.
pub fn general_rotation(interpolation: &'static str) -> Sampler {
    let mut outputs = Vec::new();
    for k in 0..TIMES.len() {
        let kf = k as f64;
        let axis = [1.0, kf - 2.0, 0.5 * kf];
        let length = axis.iter().map(|x| x * x).sum::<f64>().sqrt();
        let axis = axis.map(|x| x / length);
        let tangent = [0.2 * kf - 0.4, 0.3, -0.1 * kf, 0.25];
        if interpolation == "CUBICSPLINE" {
            outputs.extend(tangent);
        }
        outputs.extend(about(axis, 0.4 + 1.1 * kf));
        if interpolation == "CUBICSPLINE" {
            outputs.extend(tangent.map(|x| -x));
        }
    }
    Sampler::new(interpolation, &TIMES, &outputs)
}

/// A file of one animation, one node per sampler, named as given.
pub fn file_of(channels: Vec<(&str, &'static str, Sampler)>) -> GltfFile {
    let nodes = channels
        .iter()
        .map(|(name, _, _)| Some(name.to_string()))
        .collect();
    let channels = channels
        .into_iter()
        .enumerate()
        .map(|(node, (_, path, sampler))| Channel {
            node,
            path,
            sampler,
        })
        .collect();
    GltfFile {
        nodes,
        animations: vec![Animation {
            name: Some("take".into()),
            channels,
        }],
    }
}
