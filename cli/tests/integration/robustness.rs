//! No file, however broken, panics the command line: random JSON and randomly mutated
//! example documents go to `check`, `plot` and `bake` (in-process, for speed) and each
//! answers a one-line error with status 1, or — a mutation that is still a clip — works,
//! and the document written of it reads back as the same clip. Mutated 1.x documents go
//! to `convert`, which refuses them or writes a clip `check` accepts.

use std::path::PathBuf;

use animation_engine::{Clip, KeyValue, Keypoint, Track, Transition, ValidClip};
use arora_animation_cli::clip_file::{ClipFile, parse_clip};
use arora_animation_cli::commands::bake::out::{Baking, write_csv, write_json};
use arora_animation_cli::commands::bake::plan::StreamedBake;
use arora_animation_cli::commands::bake::progress::Progress;
use arora_animation_cli::commands::convert::convert_text;
use arora_animation_cli::commands::plot::clip_figure;
use arora_animation_cli::error::CliError;
use arora_animation_cli::figure::picture::render_svg;
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
    reads_back(&clip);
    // Still a clip: plot it and bake a bounded window of it.
    let file = ClipFile::new(PathBuf::from("fuzz.json"), clip);
    if let Ok(figure) = clip_figure(&file, &[], None, None, 200) {
        render_svg(&figure, (200, 150)).expect("a figure draws");
    }
    let sampler = Sampler::new(&file.valid);
    if let Ok(plan) = StreamedBake::new(sampler.end_ns(), 60.0, None, None)
        && plan.samples() <= 10_000
    {
        let mut progress = Progress::new(plan.samples());
        let bake = Baking {
            sampler: &sampler,
            plan: &plan,
            derivatives: true,
        };
        write_csv(bake, std::io::sink(), &mut progress).unwrap();
        write_json(bake, std::io::sink(), &mut progress).unwrap();
    }
}

/// A clip accepted is written (as `convert` writes one) to a document that reads back as
/// the same clip: the same text, ids, times and kinds, and each number within [`ULPS`] of
/// the one written.
fn reads_back(clip: &ValidClip) {
    let clip = clip.clone().into_clip();
    let written = clip.to_json();
    let again = parse_clip("written.json", &written)
        .unwrap_or_else(|e| panic!("{written} is refused: {e}"))
        .into_clip();
    assert!(
        same_clip(&clip, &again),
        "{written} reads back as {again:?}"
    );
}

/// How far a number read back may be from the one written: the reader's decimal
/// conversion is the reference's fast one, off by an ulp or two for some 17-digit
/// literals (docs/curves.md §1.6; engine/tests/integration/curves_document.rs measures
/// the bound).
const ULPS: u64 = 2;

fn same_number(a: f64, b: f64) -> bool {
    a == b || (a.signum() == b.signum() && a.to_bits().abs_diff(b.to_bits()) <= ULPS)
}

fn same_transition(a: &Option<Transition>, b: &Option<Transition>) -> bool {
    match (a, b) {
        (
            Some(Transition::Handle { dt_ns, dv }),
            Some(Transition::Handle {
                dt_ns: dt_ns_b,
                dv: dv_b,
            }),
        ) => same_number(*dt_ns, *dt_ns_b) && same_number(*dv, *dv_b),
        _ => a == b,
    }
}

fn same_keypoint(a: &Keypoint, b: &Keypoint) -> bool {
    let value = match (&a.value, &b.value) {
        (KeyValue::Number(x), KeyValue::Number(y)) => same_number(*x, *y),
        (x, y) => x == y,
    };
    (a.id == b.id && a.time_ns == b.time_ns && a.pairing == b.pairing && value)
        && same_transition(&a.arrive, &b.arrive)
        && same_transition(&a.leave, &b.leave)
}

fn same_clip(a: &Clip, b: &Clip) -> bool {
    let same_track = |(x, y): (&Track, &Track)| {
        (x.id == y.id && x.name == y.name && x.target == y.target)
            && x.keypoints.len() == y.keypoints.len()
            && x.keypoints
                .iter()
                .zip(&y.keypoints)
                .all(|(p, q)| same_keypoint(p, q))
    };
    (a.name == b.name && a.length_ns == b.length_ns && a.tracks.len() == b.tracks.len())
        && a.tracks.iter().zip(&b.tracks).all(same_track)
}

fn examples() -> Vec<String> {
    ["wave.json", "blink.json", "handles.json", "nod_v1.json"]
        .iter()
        .map(|name| std::fs::read_to_string(crate::common::example(name)).unwrap())
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

    #[test]
    fn a_mutated_1x_document_converts_to_a_clip_or_is_refused_in_one_line(
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let text = mutate(&examples()[3], &edits);
        match convert_text("fuzz_v1.json", &text) {
            Ok(written) => {
                let clip = parse_clip("converted.json", &written);
                prop_assert!(clip.is_ok(), "{written}: {:?}", clip.err());
            }
            Err(error) => {
                let message = error.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'), "{:?}", message);
                prop_assert_eq!(error.exit_status(), 1, "{}", message);
            }
        }
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
            let output = crate::common::cli().args(&args).output().unwrap();
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
