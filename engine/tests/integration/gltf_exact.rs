//! glTF samplers the clip's curves hold exactly (issue #27): translation, scale and weights
//! under STEP, LINEAR and CUBICSPLINE, hinge rotations under STEP and LINEAR, any rotation
//! under STEP. Each converted track, sampled by the engine at over 1,000 times, plays the
//! specification's value within 1e-9 relative (`Within::Exact`), the appendix C formulas
//! evaluated by gltf_reference.rs.

use animation_engine::gltf::{GltfOptions, clip_from_gltf, no_external_files};
use animation_engine::{Clip, KeyValue};
use arora_animation_test_support::gltf_files::{Sampler, Storage};

use crate::gltf_fixtures::{
    HINGE_ANGLES, INTERPOLATIONS, TIMES, file_of, general_rotation, hinge, numbers,
};
use crate::gltf_reference::{
    Reference, Within, angle_about, assert_plays, played, sample_times, track,
};

fn convert(file: &arora_animation_test_support::gltf_files::GltfFile) -> (Clip, Vec<String>) {
    let converted = clip_from_gltf(
        &file.embedded(),
        &GltfOptions::default(),
        &no_external_files,
    )
    .expect("the file converts");
    (converted.clip, converted.notes)
}

/// The value the engine gives at `t`: the specification's, except exactly at an interior
/// STEP key, where a jump gives the value arriving there (docs/curves.md §4.6).
fn engine_reading(reference: &Reference, t: f64) -> Vec<f64> {
    let at_key = reference.times[1..].contains(&t);
    if reference.kind == "STEP" && at_key {
        reference.at(t - 0.5)
    } else {
        reference.at(t)
    }
}

#[test]
fn translation_scale_and_weights_play_the_specification_under_every_interpolation() {
    let mut channels = Vec::new();
    for (p, (path, width)) in [("translation", 3), ("scale", 3), ("weights", 2)]
        .into_iter()
        .enumerate()
    {
        for (i, interpolation) in INTERPOLATIONS.into_iter().enumerate() {
            let sampler = Sampler::new(
                interpolation,
                &TIMES,
                &numbers(interpolation, width, 3 * p + i),
            );
            channels.push((path, width, interpolation, sampler));
        }
    }
    let names: Vec<String> = channels
        .iter()
        .map(|(p, _, i, _)| format!("{p}-{i}"))
        .collect();
    let file = file_of(
        channels
            .iter()
            .zip(&names)
            .map(|((path, _, _, s), name)| (name.as_str(), *path, s.clone()))
            .collect(),
    );
    let (clip, notes) = convert(&file);
    assert_eq!(clip.tracks.len(), 3 * 3 + 3 * 3 + 3 * 2);
    for ((path, width, _, sampler), name) in channels.iter().zip(&names) {
        let reference = Reference::new(sampler, *width, false);
        let suffixes: Vec<String> = match *path {
            "weights" => (0..*width).map(|c| c.to_string()).collect(),
            _ => ["x", "y", "z"].map(String::from).to_vec(),
        };
        for (c, suffix) in suffixes.iter().enumerate() {
            let played = track(&clip, &format!("{name}/{path}/{suffix}"));
            let times = sample_times(&reference.times);
            let expected = |t| engine_reading(&reference, t)[c];
            let checked = assert_plays(&played, &times, &expected, Within::Exact, false);
            assert!(checked >= 1000, "{checked} samples");
        }
    }
    // The STEP channels' last values change, so each STEP track ends 1 ns after its last key.
    let moved = notes
        .iter()
        .filter(|n| n.contains("its last STEP value plays from 1 ns"))
        .count();
    assert_eq!(moved, 3 + 3 + 2);
    assert_eq!(clip.end_ns(), 2_000_000_001);
}

#[test]
fn cubic_spline_velocity_is_the_out_tangent_after_a_key_and_the_in_tangent_before_the_next() {
    let sampler = Sampler::new("CUBICSPLINE", &TIMES, &numbers("CUBICSPLINE", 3, 5));
    let file = file_of(vec![("arm", "translation", sampler.clone())]);
    let (clip, _) = convert(&file);
    let reference = Reference::new(&sampler, 3, false);
    for (c, axis) in ["x", "y", "z"].iter().enumerate() {
        let played_track = track(&clip, &format!("arm/translation/{axis}"));
        for k in 0..TIMES.len() - 1 {
            let (t0, t1) = (reference.times[k], reference.times[k + 1]);
            // 1e-6 ns on: the acceleration (here up to 1.5e-6 units/s a ns) moves the
            // velocity by under 1e-11 over it.
            let (_, after) = played(&played_track, t0 + 1e-6);
            let (_, before) = played(&played_track, t1 - 1e-6);
            let (b, a) = (reference.outs[k][c], reference.ins[k + 1][c]);
            assert!(
                (after - b).abs() <= 1e-9 * b.abs().max(1.0),
                "{axis} after key {k}: {after} vs b {b}"
            );
            assert!(
                (before - a).abs() <= 1e-9 * a.abs().max(1.0),
                "{axis} before key {}: {before} vs a {a}",
                k + 1
            );
        }
    }
}

/// −y: a hinge about it is named about +y, its angle's sign folded in.
const MINUS_Y: [f64; 3] = [0.0, -1.0, 0.0];

/// Four hinges: (node, interpolation, axis, the target its angle plays on).
fn hinges() -> [(&'static str, &'static str, [f64; 3], &'static str); 4] {
    let z = [0.0, 0.0, 1.0];
    let diagonal = [
        std::f64::consts::FRAC_1_SQRT_2,
        std::f64::consts::FRAC_1_SQRT_2,
        0.0,
    ];
    [
        ("lid", "STEP", z, "lid/rotation/z"),
        ("jaw", "LINEAR", z, "jaw/rotation/z"),
        ("knee", "LINEAR", MINUS_Y, "knee/rotation/y"),
        (
            "wrist",
            "LINEAR",
            diagonal,
            "wrist/rotation/axis(0.7071067811865476,0.7071067811865476,0)",
        ),
    ]
}

/// The file of [`hinges`], converted: each about one axis, so no note says otherwise.
fn hinge_clip() -> Clip {
    let file = file_of(
        hinges()
            .iter()
            .map(|(n, i, axis, _)| (*n, "rotation", hinge(i, *axis)))
            .collect(),
    );
    let (clip, notes) = convert(&file);
    assert!(
        !notes.iter().any(|n| n.contains("not about one axis")),
        "{notes:?}"
    );
    clip
}

/// The numbers of the keys the file gave `target` (not the holds and the end the
/// conversion adds).
fn key_numbers(clip: &Clip, target: &str) -> Vec<f64> {
    let track = clip
        .tracks
        .iter()
        .find(|t| t.target == target)
        .expect("the track");
    let numbers = track
        .keypoints
        .iter()
        .filter(|k| !k.id.ends_with("-held") && k.id != "end");
    numbers
        .map(|k| match k.value {
            KeyValue::Number(v) => v,
            _ => f64::NAN,
        })
        .collect()
}

#[test]
fn hinge_rotations_under_step_and_linear_play_the_specification_as_one_angle() {
    let clip = hinge_clip();
    for (_, interpolation, axis, target) in hinges() {
        let reference = Reference::new(&hinge(interpolation, axis), 4, true);
        let named = if axis == MINUS_Y {
            [0.0, 1.0, 0.0]
        } else {
            axis
        };
        let played_track = track(&clip, target);
        let times = sample_times(&reference.times);
        let expected = |t| angle_about(&engine_reading(&reference, t), named);
        assert!(assert_plays(&played_track, &times, &expected, Within::Exact, true) >= 1000);
    }
}

/// Unwrapped: the keys' angles, each the one nearest its predecessor; about −y the sign is
/// folded into the angle.
#[test]
fn hinge_angles_are_unwrapped_each_nearest_its_predecessor() {
    let clip = hinge_clip();
    let two_pi = 2.0 * std::f64::consts::PI;
    let unwrapped = [0.3, 2.0, 4.0, 5.5, 1.0 + two_pi, -2.5 + 2.0 * two_pi];
    for (got, want) in key_numbers(&clip, "jaw/rotation/z").iter().zip(unwrapped) {
        assert!((got - want).abs() < 1e-6, "{got} vs {want}");
    }
    for (got, want) in key_numbers(&clip, "knee/rotation/y").iter().zip(unwrapped) {
        assert!((got + want).abs() < 1e-6, "{got} vs −{want}");
    }
    assert_eq!(
        key_numbers(&clip, "lid/rotation/z").len(),
        HINGE_ANGLES.len()
    );
}

#[test]
fn a_rotation_about_no_one_axis_under_step_plays_its_keys_as_four_components() {
    let sampler = general_rotation("STEP");
    let file = file_of(vec![("head", "rotation", sampler.clone())]);
    let (clip, notes) = convert(&file);
    assert!(notes.contains(&"head/rotation: not about one axis: four tracks head/rotation/qx, head/rotation/qy, head/rotation/qz, head/rotation/qw".to_string()), "{notes:?}");
    let reference = Reference::new(&sampler, 4, true);
    for (c, component) in ["qx", "qy", "qz", "qw"].iter().enumerate() {
        let played_track = track(&clip, &format!("head/rotation/{component}"));
        let times = sample_times(&reference.times);
        let expected = |t| engine_reading(&reference, t)[c];
        assert!(assert_plays(&played_track, &times, &expected, Within::Exact, false) >= 1000);
    }
}

/// Two weights (u8, normalised) whose second key is 51 / 255.
fn weights_u8() -> Sampler {
    Sampler {
        storage: Storage::U8,
        ..Sampler::new(
            "LINEAR",
            &TIMES,
            &[
                0.0, 255.0, 51.0, 200.0, 17.0, 128.0, 99.0, 1.0, 250.0, 3.0, 64.0, 192.0,
            ],
        )
    }
}

/// One cubic-spline weight in i16, normalised.
fn weights_i16() -> Sampler {
    Sampler {
        storage: Storage::I16,
        ..Sampler::new(
            "CUBICSPLINE",
            &TIMES,
            &numbers("CUBICSPLINE", 1, 9)
                .iter()
                .map(|x| (x * 13000.0).round())
                .collect::<Vec<_>>(),
        )
    }
}

/// The hinge angles about z as i16 normalised quaternions.
fn rotation_i16() -> Sampler {
    let turns: Vec<f64> = HINGE_ANGLES
        .iter()
        .flat_map(|&a| {
            [
                0.0,
                0.0,
                ((a / 2.0).sin() * 32767.0).round(),
                ((a / 2.0).cos() * 32767.0).round(),
            ]
        })
        .collect();
    Sampler {
        storage: Storage::I16,
        ..Sampler::new("LINEAR", &TIMES, &turns)
    }
}

#[test]
fn normalised_integer_weights_and_rotations_decode_as_the_specification_says() {
    let (weights_u8, weights_i16, rotation_i16) = (weights_u8(), weights_i16(), rotation_i16());
    let file = file_of(vec![
        ("face", "weights", weights_u8.clone()),
        ("brow", "weights", weights_i16.clone()),
        ("neck", "rotation", rotation_i16.clone()),
    ]);
    let (clip, _) = convert(&file);
    let cases = [
        (weights_u8, 2, "face/weights/", false),
        (weights_i16, 1, "brow/weights/", false),
        (rotation_i16, 4, "neck/rotation/z", true),
    ];
    for (sampler, width, target, rotation) in cases {
        let reference = Reference::new(&sampler, width, rotation);
        let times = sample_times(&reference.times);
        if rotation {
            let expected = |t| angle_about(&reference.at(t), [0.0, 0.0, 1.0]);
            assert_plays(
                &track(&clip, target),
                &times,
                &expected,
                Within::Exact,
                true,
            );
            continue;
        }
        for c in 0..width {
            let expected = |t| reference.at(t)[c];
            assert_plays(
                &track(&clip, &format!("{target}{c}")),
                &times,
                &expected,
                Within::Exact,
                false,
            );
        }
    }
    // 51 / 255 = 0.2 exactly as the specification's formula gives it, not f32's 0.2.
    let face = clip
        .tracks
        .iter()
        .find(|t| t.target == "face/weights/0")
        .expect("face/weights/0");
    assert_eq!(face.keypoints[1].value, KeyValue::Number(51.0 / 255.0));
}
