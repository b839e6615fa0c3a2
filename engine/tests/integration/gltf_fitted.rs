//! glTF curves no keypoint curve holds (issue #27): a hinge under CUBICSPLINE (its angle is
//! 2·atan2 of two cubics) and a rotation about no one axis under LINEAR (slerp) and
//! CUBICSPLINE (a normalised cubic). Each is fitted within the tolerance, the worst error is
//! reported, and the engine's clip, sampled at over 1,000 times, stays within the tolerance
//! of the specification's curve (gltf_reference.rs) — the quaternion up to its sign, q and
//! −q being one rotation.

use animation_engine::Clip;
use animation_engine::gltf::{GltfOptions, clip_from_gltf, no_external_files};
use arora_animation_test_support::gltf_files::GltfFile;

use crate::gltf_fixtures::{file_of, general_rotation, hinge};
use crate::gltf_reference::{Reference, Within, angle_about, played, sample_times, track, wrapped};

fn convert(file: &GltfFile, tolerance: f64) -> (Clip, Vec<String>) {
    let options = GltfOptions {
        tolerance,
        ..GltfOptions::default()
    };
    let converted =
        clip_from_gltf(&file.glb(), &options, &no_external_files).expect("the file converts");
    (converted.clip, converted.notes)
}

/// The worst error a note reports for `label`.
fn reported_worst(notes: &[String], label: &str) -> f64 {
    let note = notes
        .iter()
        .find(|n| n.starts_with(label) && n.contains("fitted with"))
        .expect("a fit note");
    let worst = note
        .split("worst error ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next());
    worst
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no worst error in {note}"))
}

#[test]
fn a_hinge_under_cubicspline_is_fitted_within_the_tolerance_as_one_angle() {
    for tolerance in [1e-6, 1e-9] {
        let sampler = hinge("CUBICSPLINE", [0.0, 0.0, 1.0]);
        let file = file_of(vec![("elbow", "rotation", sampler.clone())]);
        let (clip, notes) = convert(&file, tolerance);
        let worst = reported_worst(&notes, "elbow/rotation (CUBICSPLINE): fitted with ");
        assert!(worst <= tolerance, "reported {worst}");
        let reference = Reference::new(&sampler, 4, true);
        let played_track = track(&clip, "elbow/rotation/z");
        let times = sample_times(&reference.times);
        let mut measured: f64 = 0.0;
        for &t in &times {
            let want = angle_about(&reference.at(t), [0.0, 0.0, 1.0]);
            let error = wrapped(played(&played_track, t).0 - want).abs();
            assert!(
                Within::Tolerance(tolerance).holds(error, want),
                "at {t}: error {error:e}"
            );
            measured = measured.max(error);
        }
        assert!(times.len() >= 1000);
        assert!(measured > 0.0, "a fitted curve is not exact");
    }
}

#[test]
fn a_rotation_about_no_one_axis_under_linear_and_cubicspline_is_fitted_within_the_tolerance() {
    for interpolation in ["LINEAR", "CUBICSPLINE"] {
        let sampler = general_rotation(interpolation);
        let file = file_of(vec![("head", "rotation", sampler.clone())]);
        let tolerance = 1e-6;
        let (clip, notes) = convert(&file, tolerance);
        let label = format!("head/rotation ({interpolation}): fitted with ");
        assert!(reported_worst(&notes, &label) <= tolerance);
        let reference = Reference::new(&sampler, 4, true);
        let tracks: Vec<_> = ["qx", "qy", "qz", "qw"]
            .iter()
            .map(|c| track(&clip, &format!("head/rotation/{c}")))
            .collect();
        let times = sample_times(&reference.times);
        assert!(times.len() >= 1000);
        for &t in &times {
            let want = reference.at(t);
            let got: Vec<f64> = tracks.iter().map(|track| played(track, t).0).collect();
            let error = |sign: f64| {
                got.iter()
                    .zip(&want)
                    .map(|(g, w)| (g - sign * w).abs())
                    .fold(0.0, f64::max)
            };
            let error = error(1.0).min(error(-1.0));
            assert!(
                error <= tolerance,
                "{interpolation} at {t}: {got:?} vs ±{want:?} (error {error:e})"
            );
        }
    }
}
