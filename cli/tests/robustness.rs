//! No file, however broken, panics the command line: random JSON and randomly mutated
//! example documents go to `check`, `plot` and `bake` (in-process, for speed) and each
//! answers a one-line error with status 1, or — a mutation that is still a clip — works.

mod common;

use std::path::PathBuf;

use arora_animation_cli::bake::{BakePlan, Progress};
use arora_animation_cli::bake_out::{write_csv, write_json};
use arora_animation_cli::clip_file::{ClipFile, parse_clip};
use arora_animation_cli::error::CliError;
use arora_animation_cli::picture::render_svg;
use arora_animation_cli::plot::clip_figure;
use arora_animation_cli::sampling::Sampler;
use proptest::prelude::*;

/// Feeds `text` to check, plot and bake as they run in the binary.
fn feed(text: &str) {
    let clip = match parse_clip("fuzz.json", text) {
        Ok(clip) => clip,
        Err(error) => {
            let error = CliError::from(error);
            let message = error.to_string();
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{message:?}"
            );
            assert_eq!(error.exit_status(), 1, "{message}");
            return;
        }
    };
    // Still a clip: plot it and bake a bounded window of it.
    let file = ClipFile::new(PathBuf::from("fuzz.json"), clip);
    if let Ok(figure) = clip_figure(&file, &[], None, None, 200) {
        render_svg(&figure, (200, 150)).expect("a figure draws");
    }
    let sampler = Sampler::new(&file.valid);
    if let Ok(plan) = BakePlan::new(sampler.end_ns(), 60.0, None, None)
        && plan.samples() <= 10_000
    {
        let mut progress = Progress::new(plan.samples());
        write_csv(&sampler, &plan, true, std::io::sink(), &mut progress).unwrap();
        write_json(&sampler, &plan, true, std::io::sink(), &mut progress).unwrap();
    }
}

fn examples() -> Vec<String> {
    ["wave.json", "blink.json", "handles.json", "nod_v1.json"]
        .iter()
        .map(|name| std::fs::read_to_string(common::example(name)).unwrap())
        .collect()
}

/// JSON of any shape, a few levels deep, with the keys a clip has among others.
fn any_json() -> impl Strategy<Value = serde_json::Value> {
    let key = prop_oneof![
        Just("tracks".to_string()),
        Just("points".to_string()),
        Just("id".to_string()),
        Just("animatableId".to_string()),
        Just("timeNs".to_string()),
        Just("value".to_string()),
        Just("transitions".to_string()),
        Just("lengthNs".to_string()),
        "[a-z]{1,3}",
    ];
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(serde_json::Value::from),
        "[a-z-]{0,8}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::Array),
            prop::collection::vec((key.clone(), inner), 0..5)
                .prop_map(|fields| serde_json::Value::Object(fields.into_iter().collect())),
        ]
    })
}

/// One edit of a document's text.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Number(usize, String),
}

fn edit() -> impl Strategy<Value = Edit> {
    let piece = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\"".to_string()),
        Just(",".to_string()),
        Just(":".to_string()),
        Just("null".to_string()),
        Just("true".to_string()),
        Just("\"x\"".to_string()),
        Just("-".to_string()),
        Just("e9".to_string()),
    ];
    let number = prop_oneof![
        Just("9223372036854775807".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("1e308".to_string()),
        Just("-1e308".to_string()),
        Just("0".to_string()),
        Just("1e400".to_string()),
        Just("5e-324".to_string()),
        Just("1.5".to_string()),
        Just("\"linear\"".to_string()),
        Just("true".to_string()),
    ];
    prop_oneof![
        (any::<usize>(), 1..6usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), piece).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), number).prop_map(|(at, s)| Edit::Number(at, s)),
    ]
}

/// Applies `edits` to `text`, at char boundaries (positions taken modulo the length).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let len = chars.len().max(1);
        match edit {
            Edit::Delete(at, n) => {
                let at = at % len;
                chars.drain(at..(at + n).min(chars.len()));
            }
            Edit::Insert(at, s) => {
                let at = at % (chars.len() + 1);
                chars.splice(at..at, s.chars());
            }
            Edit::Number(at, s) => {
                // Replace the number literal at or after `at`, if any.
                let start = (at % len..chars.len()).find(|&i| chars[i].is_ascii_digit());
                if let Some(start) = start {
                    let end = (start..chars.len())
                        .find(|&i| !matches!(chars[i], '0'..='9' | '.' | 'e' | 'E' | '-' | '+'))
                        .unwrap_or(chars.len());
                    chars.splice(start..end, s.chars());
                }
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_json_never_panics(json in any_json()) {
        feed(&json.to_string());
    }

    #[test]
    fn mutated_examples_never_panic(which in 0..4usize, edits in prop::collection::vec(edit(), 1..6)) {
        let text = mutate(&examples()[which], &edits);
        feed(&text);
    }
}

#[test]
fn broken_files_through_the_binary_are_status_1_and_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let wave = &examples()[0];
    let broken = [
        wave[..wave.len() / 2].to_string(),
        wave.replace("\"timeNs\": 500000000", "\"timeNs\": \"soon\""),
        wave.replace("\"value\": 90.0", "\"value\": [90]"),
        wave.replace("\"value\": 90.0", "\"value\": true"),
        "\u{feff}{}".to_string(),
        String::new(),
    ];
    for (i, text) in broken.iter().enumerate() {
        let path = dir.path().join(format!("broken{i}.json"));
        std::fs::write(&path, text).unwrap();
        let out = dir.path().join("out.svg");
        let runs: [Vec<&std::ffi::OsStr>; 3] = [
            vec!["check".as_ref(), path.as_os_str()],
            vec![
                "plot".as_ref(),
                path.as_os_str(),
                "-o".as_ref(),
                out.as_os_str(),
            ],
            vec!["bake".as_ref(), path.as_os_str()],
        ];
        for args in runs {
            let output = common::cli().args(&args).output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(1),
                "{args:?} on {text:?}: {stderr}"
            );
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
}
