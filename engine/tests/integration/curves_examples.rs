//! Every worked example of docs/curves.md §6.1, read from
//! `engine/tests/data/curves_examples.json` (extracted from the spec's text): each clip is
//! read from exactly the JSON shown, its played segments compared with the printed
//! effective control points and its samples with the printed values and velocities, within
//! 1e-12 relative.

use animation_engine::{Clip, CompiledClip, CompiledTrack, Cursor, Sample};
use serde_json::Value;

const RELATIVE: f64 = 1e-12;

fn close(actual: f64, expected: f64) -> bool {
    if expected.is_nan() {
        return actual.is_nan();
    }
    actual == expected || (actual - expected).abs() <= RELATIVE * expected.abs().max(actual.abs())
}

fn number(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("not a number in the data: {text}"))
}

fn examples() -> Vec<Value> {
    let text = include_str!("../data/curves_examples.json");
    serde_json::from_str::<Value>(text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn track<'a>(clip: &'a CompiledClip, id: Option<&str>) -> &'a CompiledTrack {
    match id {
        Some(id) => clip.tracks.iter().find(|t| t.id() == id).unwrap(),
        None => &clip.tracks[0],
    }
}

/// The failures of one sample row, as readable lines.
fn check_sample(name: &str, track: &CompiledTrack, row: &Value, failures: &mut Vec<String>) {
    let t = number(row["t"].as_str().unwrap());
    let (value, velocity) = (
        row["value"].as_str().unwrap(),
        row["velocity"].as_str().unwrap(),
    );
    let got = track.sample(t, &mut Cursor::default());
    let ok = match (got, value) {
        (None, "no sample") => true,
        (Some(Sample::Boolean(b)), "true" | "false") => {
            b.to_string() == value && velocity == "none"
        }
        (Some(Sample::Text(s)), v) if v.starts_with('"') => {
            format!("\"{s}\"") == v && velocity == "none"
        }
        (
            Some(Sample::Number {
                value: v,
                velocity: vel,
            }),
            _,
        ) if velocity != "none" => close(v, number(value)) && close(vel, number(velocity)),
        _ => false,
    };
    if !ok {
        failures.push(format!(
            "{name} at {t}: got {got:?}, expected ({value}, {velocity})"
        ));
    }
}

fn check_segments(name: &str, track: &CompiledTrack, rows: &[Value], failures: &mut Vec<String>) {
    let played = track.played_segments();
    if played.len() != rows.len() {
        failures.push(format!(
            "{name}: {} segments, expected {}",
            played.len(),
            rows.len()
        ));
        return;
    }
    for (segment, row) in played.iter().zip(rows) {
        let point = |key: &str, k: usize| number(row[key][k].as_str().unwrap());
        let expected = [
            (point("p1", 0), point("p1", 1)),
            (point("p2", 0), point("p2", 1)),
        ];
        let ends = segment.start_ns == row["start"].as_i64().unwrap()
            && segment.end_ns == row["end"].as_i64().unwrap();
        let inner = segment.points[1..3]
            .iter()
            .zip(expected)
            .all(|(&(t, v), (et, ev))| close(t, et) && close(v, ev));
        if !ends || !inner {
            failures.push(format!("{name}: segment {segment:?}, expected {row}"));
        }
    }
}

#[test]
fn every_format_2_example_plays_the_printed_segments_and_samples() {
    let mut failures = Vec::new();
    let all = examples();
    assert_eq!(all.len(), 53, "the spec has 53 format 2.0 examples");
    for example in &all {
        let name = example["name"].as_str().unwrap();
        let clip = Clip::from_json(example["document"].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let compiled = CompiledClip::compile(&clip);
        let curve_track = track(&compiled, if name == "D1" { Some("t1") } else { None });
        check_segments(
            name,
            curve_track,
            example["segments"].as_array().unwrap(),
            &mut failures,
        );
        for row in example["samples"].as_array().unwrap() {
            let t = track(&compiled, row["track"].as_str());
            check_sample(name, t, row, &mut failures);
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_printed_format_2_document_writes_back_unchanged() {
    for example in examples() {
        let text = example["document"].as_str().unwrap();
        let clip = Clip::from_json(text).unwrap().into_clip();
        let written = clip.to_json();
        assert_eq!(
            Clip::from_json(&written).unwrap().into_clip(),
            clip,
            "{}",
            example["name"]
        );
        if example["name"] == "D1" {
            assert_eq!(written, text, "D1 is already in written form");
        }
    }
}
