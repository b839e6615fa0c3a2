//! `convert` through the binary: the written 2.0 clip samples as the 1.x clip does.

use crate::common::{cli, example, stdout_of};
use arora_animation_module::records::{AnimTrack, AnimationClip, Keypoint, TransitionHandle};
use arora_animation_module::{Animation, ContractModule};
use arora_types::value::Value;

/// The 1.x example as the contract's record, by hand from the same numbers.
fn nod_record() -> AnimationClip {
    let handle = |x: f32, y: f32| vec![TransitionHandle { x, y }];
    let point =
        |id: &str, stamp: f32, value: Value, arrive: Vec<TransitionHandle>, leave| Keypoint {
            id: id.into(),
            stamp,
            value,
            transitions_in: arrive,
            transitions_out: leave,
        };
    AnimationClip {
        name: "nod".into(),
        duration: 1500,
        tracks: vec![
            AnimTrack {
                id: "head".into(),
                name: "head pitch".into(),
                animatable_id: "head/pitch".into(),
                points: vec![
                    point("p0", 0.0, Value::F64(0.0), vec![], vec![]),
                    point(
                        "p1",
                        0.3333333,
                        Value::F64(20.0),
                        handle(0.7, 1.1),
                        handle(0.2, 0.0),
                    ),
                    point("p2", 0.6666667, Value::F64(-5.0), handle(0.9, 1.0), vec![]),
                    point("p3", 1.0, Value::F64(0.0), handle(0.58, 1.0), vec![]),
                ],
            },
            AnimTrack {
                id: "blink".into(),
                name: "blink".into(),
                animatable_id: "eyes/open".into(),
                points: vec![
                    point("b0", 0.0, Value::Boolean(true), vec![], vec![]),
                    point("b1", 0.5, Value::Boolean(false), vec![], vec![]),
                    point("b2", 0.6, Value::Boolean(true), vec![], vec![]),
                ],
            },
        ],
    }
}

#[test]
fn the_written_clip_samples_within_1e_9_of_the_1x_clip() {
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("nod.json");
    stdout_of(
        cli()
            .arg("convert")
            .arg(example("nod_v1.json"))
            .arg("-o")
            .arg(&written),
    );
    let check = cli().arg("check").arg(&written).output().unwrap();
    assert_eq!(check.status.code(), Some(0));

    let clip = arora_animation_cli::clip_file::ClipFile::read(&written)
        .unwrap()
        .clip;
    let mut module = ContractModule::new();
    let v1 = module.load_animation(nod_record());
    let v2 = module.load_clip(arora_animation_module::clip_record(&clip));
    assert!(v1 != u32::MAX && v2 != u32::MAX);
    let baked1 = module.bake(v1, Some(1000.0), None, None).unwrap();
    let baked2 = module.bake(v2, Some(1000.0), None, None).unwrap();
    assert_eq!(baked1.end_ns, 1_500_000_000);
    assert_eq!(baked2.end_ns, baked1.end_ns);
    for (a, b) in baked1.tracks.iter().zip(&baked2.tracks) {
        let (Value::ArrayValue(a), Value::ArrayValue(b)) = (&a.values, &b.values) else {
            panic!()
        };
        assert_eq!(a.len(), 1501);
        for (x, y) in a.iter().zip(b) {
            match (x, y) {
                (Value::F64(x), Value::F64(y)) => assert!((x - y).abs() <= 1e-9, "{x} vs {y}"),
                (x, y) => assert_eq!(x, y),
            }
        }
    }
}

#[test]
fn a_document_that_is_not_1x_is_refused_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let output = cli()
        .arg("convert")
        .arg(example("wave.json"))
        .arg("-o")
        .arg(dir.path().join("x.json"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("wave.json:") && stderr.contains(": not a 1.x animation: "),
        "{stderr}"
    );
}
