//! Bad glTF input gets one clear error and never a panic (issue #27): a file that is not
//! glTF, a missing external buffer, an accessor out of range or of the wrong type, key times
//! not increasing, values that are not finite, an animation without channels, an unknown
//! animation, a bad tolerance; and mutated files (proptest) always give a clip or an error.

use animation_engine::gltf::{
    AnimationChoice, GltfError, GltfOptions, clip_from_gltf, no_external_files,
};
use arora_animation_test_support::gltf_files::{Animation, Channel, GltfFile, Sampler, glb};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::gltf_fixtures::{TIMES, file_of, general_rotation, hinge, numbers};

fn walk(sampler: Sampler) -> GltfFile {
    let channels = vec![Channel {
        node: 0,
        path: "translation",
        sampler,
    }];
    GltfFile {
        nodes: vec![Some("hips".into())],
        animations: vec![Animation {
            name: Some("walk".into()),
            channels,
        }],
    }
}

fn linear() -> GltfFile {
    walk(Sampler::new("LINEAR", &TIMES, &numbers("LINEAR", 3, 1)))
}

fn error_of(bytes: &[u8]) -> String {
    match clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files) {
        Ok(converted) => panic!("converted: {:?}", converted.notes),
        Err(error) => error.to_string(),
    }
}

/// The embedded file with `edit` applied to its JSON.
fn edited(file: &GltfFile, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut document: Value = serde_json::from_slice(&file.embedded()).expect("JSON");
    edit(&mut document);
    document.to_string().into_bytes()
}

#[test]
fn a_file_that_is_not_gltf_is_refused_in_one_line() {
    let not_json = error_of(b"hello");
    assert!(not_json.starts_with("not a glTF 2.0 file: "), "{not_json}");
    assert!(!not_json.contains('\n'));
    assert_eq!(
        error_of(b"glTF\x02\x00\x00\x00\x04\x00\x00\x00"),
        "not a glTF 2.0 file: a .glb header shorter than 12 bytes"
    );
    let truncated = linear().glb();
    let message = error_of(&truncated[..truncated.len() / 2]);
    assert!(message.starts_with("not a glTF 2.0 file: "), "{message}");
    let clip = br#"{"name": "c", "tracks": []}"#;
    assert!(error_of(clip).starts_with("not a glTF 2.0 file: "));
}

#[test]
fn a_missing_external_buffer_names_the_buffer_and_the_file() {
    let (json, _) = linear().external("walk.bin");
    assert_eq!(
        error_of(&json),
        "buffer 0: \"walk.bin\": external file \"walk.bin\" cannot be read here: use a .glb or a .gltf with embedded buffers"
    );
    let missing = |_: &str| Err("No such file or directory (os error 2)".to_string());
    let error = clip_from_gltf(&json, &GltfOptions::default(), &missing).expect_err("missing");
    assert_eq!(
        error.to_string(),
        "buffer 0: \"walk.bin\": No such file or directory (os error 2)"
    );
    let short = |_: &str| Ok(vec![0; 8]);
    let error = clip_from_gltf(&json, &GltfOptions::default(), &short).expect_err("short");
    // 6 key times of 4 bytes, then 6 keys of three 4-byte numbers.
    assert_eq!(error.to_string(), "buffer 0: has 8 bytes, declares 96");
    let not_base64 = edited(&linear(), |d| {
        d["buffers"][0]["uri"] = json!("data:application/octet-stream,abc")
    });
    assert_eq!(
        error_of(&not_base64),
        "buffer 0: a data: URI that is not base64"
    );
}

#[test]
fn an_accessor_out_of_range_or_of_the_wrong_type_is_named() {
    // (the JSON pointer edited, its new value, the error).
    let cases = [
        (
            "/accessors/1/count",
            json!(1000),
            "accessor 1: out of range of buffer view 1",
        ),
        (
            "/bufferViews/0/byteOffset",
            json!(4000),
            "accessor 0: buffer view 0 out of range of buffer 0",
        ),
        (
            "/accessors/1/type",
            json!("VEC4"),
            "accessor 1: Vec4 where Vec3 is read",
        ),
        (
            "/accessors/0/componentType",
            json!(5123),
            "accessor 0: U16 cannot hold Times",
        ),
        (
            "/bufferViews/1/byteStride",
            json!(4),
            "accessor 1: stride 4 under element size 12",
        ),
        ("/accessors/0/count", json!(0), "accessor 0: no element"),
        (
            "/accessors/1/count",
            json!(5),
            "channel 0 (hips/translation): 15 output numbers for 6 keys of 1 × 3",
        ),
    ];
    let file = linear();
    for (pointer, value, error) in cases {
        let bad = edited(&file, |d| set(d, pointer, value));
        assert_eq!(error_of(&bad), error, "{pointer}");
    }
}

/// Sets the member at `pointer` (RFC 6901) of `document`, adding it if its parent lacks it.
fn set(document: &mut Value, pointer: &str, value: Value) {
    let (parent, name) = pointer.rsplit_once('/').expect("a pointer");
    let parent = document.pointer_mut(parent).expect("the parent exists");
    match parent {
        Value::Object(members) => {
            members.insert(name.to_string(), value);
        }
        _ => panic!("{pointer}: the parent is no object"),
    }
}

#[test]
fn key_times_not_increasing_and_numbers_not_finite_are_refused() {
    let times = [0.0, 0.5, 0.5, 1.0, 1.5, 2.0];
    let repeated = walk(Sampler::new("LINEAR", &times, &numbers("LINEAR", 3, 1)));
    assert_eq!(
        error_of(&repeated.glb()),
        "channel 0 (hips/translation): key times not increasing: 0.5 s then 0.5 s at key 2"
    );
    let nan_time = walk(Sampler::new(
        "STEP",
        &[0.0, f32::NAN, 1.0, 2.0, 3.0, 4.0],
        &numbers("STEP", 3, 1),
    ));
    assert_eq!(
        error_of(&nan_time.glb()),
        "channel 0 (hips/translation): key time 1 is not finite"
    );
    let mut values = numbers("CUBICSPLINE", 3, 1);
    values[4] = f64::NAN;
    let nan_value = walk(Sampler::new("CUBICSPLINE", &TIMES, &values));
    assert_eq!(
        error_of(&nan_value.glb()),
        "channel 0 (hips/translation): output number 4 is not finite"
    );
}

#[test]
fn no_animation_no_channel_an_unknown_animation_and_a_bad_tolerance_are_refused() {
    assert_eq!(
        error_of(br#"{"asset": {"version": "2.0"}}"#),
        "the file has no animation"
    );
    let no_channel = edited(&linear(), |d| d["animations"][0]["channels"] = json!([]));
    assert_eq!(error_of(&no_channel), "animation 0 \"walk\" has no channel");
    let options = GltfOptions {
        animation: Some(AnimationChoice::Name("run".into())),
        ..GltfOptions::default()
    };
    let error = clip_from_gltf(&linear().glb(), &options, &no_external_files).expect_err("unknown");
    assert_eq!(
        error,
        GltfError::UnknownAnimation {
            asked: "\"run\"".into(),
            available: "1: 0 \"walk\"".into()
        }
    );
    let refusals = [
        (0.0, "tolerance 0 is not a positive finite number"),
        (-1.0, "tolerance -1 is not a positive finite number"),
        (f64::NAN, "tolerance NaN is not a positive finite number"),
        (
            f64::INFINITY,
            "tolerance inf is not a positive finite number",
        ),
    ];
    for (tolerance, message) in refusals {
        let options = GltfOptions {
            tolerance,
            ..GltfOptions::default()
        };
        let error =
            clip_from_gltf(&linear().glb(), &options, &no_external_files).expect_err("tolerance");
        assert_eq!(error.to_string(), message);
        assert!(error.is_usage());
    }
}

/// Every path and interpolation, fitted rotations included: the file the mutations start from.
fn everything() -> GltfFile {
    file_of(vec![
        (
            "a",
            "translation",
            Sampler::new("CUBICSPLINE", &TIMES, &numbers("CUBICSPLINE", 3, 1)),
        ),
        (
            "b",
            "scale",
            Sampler::new("STEP", &TIMES, &numbers("STEP", 3, 2)),
        ),
        (
            "c",
            "weights",
            Sampler::new("LINEAR", &TIMES, &numbers("LINEAR", 2, 3)),
        ),
        ("d", "rotation", hinge("CUBICSPLINE", [0.0, 1.0, 0.0])),
        ("e", "rotation", general_rotation("LINEAR")),
    ])
}

/// The JSON numbers a mutation may write.
fn interesting() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..64).prop_map(|n| json!(n)),
        Just(json!(-1)),
        Just(json!(4_294_967_295u64)),
        Just(json!(18_446_744_073_709_551_615u64)),
        Just(json!(5120)),
        Just(json!(5126)),
        Just(json!("VEC2")),
        Just(json!("CUBICSPLINE")),
        Just(json!(0.5)),
        Just(json!(null)),
        Just(json!("rotation")),
        Just(json!("weights")),
        Just(json!("pointer")),
    ]
}

/// Where a mutation writes: a field of an accessor, view, buffer, sampler or channel
/// target, as the parent object's JSON pointer and the field.
fn places() -> impl Strategy<Value = (String, String)> {
    let fields = [
        ("/accessors", "count"),
        ("/accessors", "byteOffset"),
        ("/accessors", "componentType"),
        ("/accessors", "type"),
        ("/accessors", "bufferView"),
        ("/accessors", "normalized"),
        ("/bufferViews", "byteOffset"),
        ("/bufferViews", "byteLength"),
        ("/bufferViews", "byteStride"),
        ("/bufferViews", "buffer"),
        ("/buffers", "byteLength"),
        ("/animations/0/samplers", "input"),
        ("/animations/0/samplers", "output"),
        ("/animations/0/samplers", "interpolation"),
        ("/animations/0/channels", "sampler"),
        ("/animations/0/channels/{}/target", "node"),
        ("/animations/0/channels/{}/target", "path"),
    ];
    (0..fields.len(), 0usize..10).prop_map(move |(f, i)| {
        let (parent, field) = fields[f];
        let pointer = if parent.contains("{}") {
            parent.replace("{}", &i.to_string())
        } else {
            format!("{parent}/{i}")
        };
        (pointer, field.to_string())
    })
}

fn converts_or_refuses(bytes: &[u8]) {
    if let Ok(converted) = clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files) {
        let document = converted.clip.to_json();
        assert!(
            animation_engine::Clip::from_json(&document).is_ok(),
            "{document}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn mutated_json_fields_give_a_clip_or_an_error(edits in prop::collection::vec((places(), interesting()), 1..4)) {
        let mut document: Value = serde_json::from_slice(&everything().embedded()).expect("JSON");
        for ((pointer, field), value) in edits {
            if let Some(object) = document.pointer_mut(&pointer).and_then(Value::as_object_mut) {
                object.insert(field, value);
            }
        }
        converts_or_refuses(document.to_string().as_bytes());
    }

    #[test]
    fn mutated_glb_bytes_give_a_clip_or_an_error(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let (document, bin) = everything().json(None);
        let mut bytes = glb(&document, &bin);
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        converts_or_refuses(&bytes);
        bytes.truncate(cut.index(bytes.len()));
        converts_or_refuses(&bytes);
    }
}
