//! How a glTF file reaches the converter and what the clip is called (issue #27): the same
//! animation from a `.gltf` with an embedded buffer, a `.gltf` with an external one and a
//! `.glb` gives one clip; several animations, chosen by name or index, the others named in
//! a note; targets from node names (or `node<index>`) under a prefix; key times rounded to
//! the nearest nanosecond, keys landing on one reported.

use std::cell::RefCell;

use animation_engine::gltf::{
    AnimationChoice, GltfClip, GltfError, GltfOptions, clip_from_gltf, is_gltf, no_external_files,
};
use animation_engine::{KeyValue, Transition};
use arora_animation_test_support::gltf_files::{Animation, Channel, GltfFile, Sampler};

use crate::gltf_fixtures::{TIMES, file_of, hinge, numbers};
use crate::gltf_reference::targets;

fn two_animations() -> GltfFile {
    let walk = Animation {
        name: Some("walk".into()),
        channels: vec![Channel {
            node: 0,
            path: "translation",
            sampler: Sampler::new("LINEAR", &TIMES, &numbers("LINEAR", 3, 1)),
        }],
    };
    let wave = Animation {
        name: None,
        channels: vec![Channel {
            node: 1,
            path: "scale",
            sampler: Sampler::new("STEP", &TIMES, &numbers("STEP", 3, 2)),
        }],
    };
    GltfFile {
        nodes: vec![Some("hips".into()), None],
        animations: vec![walk, wave],
    }
}

fn convert(bytes: &[u8], options: &GltfOptions) -> Result<GltfClip, GltfError> {
    clip_from_gltf(bytes, options, &no_external_files)
}

#[test]
fn embedded_external_and_glb_files_give_one_clip() {
    let file = two_animations();
    let options = GltfOptions::default();
    let embedded = convert(&file.embedded(), &options).expect("embedded");
    let glb = convert(&file.glb(), &options).expect("glb");
    let (json, bin) = file.external("walk.bin");
    let asked = RefCell::new(Vec::new());
    let resolver = |uri: &str| {
        asked.borrow_mut().push(uri.to_string());
        Ok(bin.clone())
    };
    let external = clip_from_gltf(&json, &options, &resolver).expect("external");
    assert_eq!(asked.into_inner(), ["walk.bin"]);
    assert_eq!(embedded, glb);
    assert_eq!(embedded, external);
    assert!(is_gltf(&json) && is_gltf(&file.glb()) && is_gltf(&file.embedded()));
    assert!(!is_gltf(br#"{"name": "clip", "tracks": []}"#));
}

/// `converted` is the clip `name`, its first note `note`, its tracks the x, y and z of
/// `vector` (`node/path`).
fn assert_converted(converted: &GltfClip, name: &str, note: &str, vector: &str) {
    assert_eq!(converted.clip.name, name);
    assert_eq!(converted.notes[0], note);
    let xyz = ["x", "y", "z"].map(|axis| format!("{vector}/{axis}"));
    assert_eq!(targets(&converted.clip), xyz);
}

/// The default options but the animation chosen.
fn choosing(choice: AnimationChoice) -> GltfOptions {
    GltfOptions {
        animation: Some(choice),
        ..GltfOptions::default()
    }
}

#[test]
fn the_first_animation_is_converted_by_default_and_the_others_are_named() {
    let file = two_animations();
    let first = convert(&file.glb(), &GltfOptions::default()).expect("converts");
    assert_converted(
        &first,
        "walk",
        "animation 0 \"walk\" converted; the file also has 1 (--animation)",
        "hips/translation",
    );
    let by_index = choosing(AnimationChoice::parse("1"));
    let second = convert(&file.glb(), &by_index).expect("converts");
    assert_converted(
        &second,
        "animation1",
        "animation 1 converted; the file also has 0 \"walk\" (--animation)",
        "node1/scale",
    );
    let by_name = choosing(AnimationChoice::parse("walk"));
    assert_eq!(convert(&file.glb(), &by_name).expect("converts"), first);
    let unknown = choosing(AnimationChoice::parse("run"));
    let error = convert(&file.glb(), &unknown).expect_err("no such animation");
    assert_eq!(
        error.to_string(),
        "no animation \"run\": the file has 2: 0 \"walk\", 1"
    );
    assert!(error.is_usage());
    let past = choosing(AnimationChoice::Index(2));
    assert_eq!(
        convert(&file.glb(), &past)
            .expect_err("no such index")
            .to_string(),
        "no animation 2: the file has 2: 0 \"walk\", 1"
    );
}

#[test]
fn the_target_prefix_starts_every_target_and_the_clip_document_is_the_engines() {
    let file = file_of(vec![
        ("arm", "rotation", hinge("LINEAR", [1.0, 0.0, 0.0])),
        (
            "face",
            "weights",
            Sampler::new("LINEAR", &TIMES, &numbers("LINEAR", 2, 4)),
        ),
    ]);
    let options = GltfOptions {
        target_prefix: "robot/".into(),
        ..GltfOptions::default()
    };
    let converted = convert(&file.embedded(), &options).expect("converts");
    assert_eq!(
        targets(&converted.clip),
        [
            "robot/arm/rotation/x",
            "robot/face/weights/0",
            "robot/face/weights/1"
        ]
    );
    let document = converted.clip.to_json();
    let read =
        animation_engine::Clip::from_json(&document).expect("the engine reads its own document");
    assert_eq!(read.into_clip(), converted.clip);
}

#[test]
fn a_hinge_whose_cubicspline_tangents_leave_its_axis_is_a_general_rotation() {
    let mut sampler = hinge("CUBICSPLINE", [0.0, 0.0, 1.0]);
    sampler.outputs[0] = 1e-3; // key 0's in-tangent turns about x a little
    let file = file_of(vec![("elbow", "rotation", sampler)]);
    let converted = convert(&file.glb(), &GltfOptions::default()).expect("converts");
    assert_eq!(
        targets(&converted.clip),
        [
            "elbow/rotation/qx",
            "elbow/rotation/qy",
            "elbow/rotation/qz",
            "elbow/rotation/qw"
        ]
    );
    // An identity key fits any axis: the same hinge with an identity first key stays one.
    let mut identity = hinge("LINEAR", [0.0, 1.0, 0.0]);
    identity.outputs[..4].copy_from_slice(&[0.0, 0.0, 0.0, 1.0]);
    let converted = convert(
        &file_of(vec![("knee", "rotation", identity)]).glb(),
        &GltfOptions::default(),
    )
    .expect("converts");
    assert_eq!(targets(&converted.clip), ["knee/rotation/y"]);
}

#[test]
fn key_times_round_to_the_nearest_nanosecond_and_keys_on_one_nanosecond_are_reported() {
    // 0.1 f32 is 0.100000001490116… s; 1e-10 and 4e-10 s both round to 0 ns.
    let times = [1e-10, 4e-10, 0.1, 0.75];
    // Per key: in-tangent, value, out-tangent, the same for x, y and z.
    let per_key = [
        [0.0, 1.0, 0.5],
        [0.0, 2.0, 0.5],
        [1.0, 3.0, -1.0],
        [0.0, 4.0, 0.0],
    ];
    let outputs: Vec<f64> = per_key.iter().flatten().flat_map(|&x| [x, x, x]).collect();
    let sampler = Sampler::new("CUBICSPLINE", &times, &outputs);
    let file = file_of(vec![("hand", "translation", sampler)]);
    let converted = convert(&file.glb(), &GltfOptions::default()).expect("converts");
    let x = &converted.clip.tracks[0];
    let keys: Vec<i64> = x.keypoints.iter().map(|k| k.time_ns).collect();
    assert_eq!(keys, [0, 0, 100_000_001, 750_000_000]);
    assert!(
        converted.notes.contains(
            &"hand/translation: keys 0 and 1 land on one nanosecond (0 ns): a jump there"
                .to_string()
        ),
        "{:?}",
        converted.notes
    );
    // Key 2's arrive handle: a third of the rounded span back, Δt·a/3 down (a = 1 per s).
    assert_eq!(
        x.keypoints[2].arrive,
        Some(Transition::Handle {
            dt_ns: -(100_000_001.0 / 3.0),
            dv: -(0.100000001 * 1.0 / 3.0)
        })
    );
    assert_eq!(x.keypoints[2].value, KeyValue::Number(3.0));
}
