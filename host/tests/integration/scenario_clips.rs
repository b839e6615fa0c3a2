//! The scenario clips the tests play (test-support's `clips`) are the clips
//! docs/playback.md §9 describes, read from the document's **Clips** table itself, so
//! neither can change without the other.
//!
//! Each row names its clips (`H100 / H0`: two, their descriptions split the same way) and
//! describes their tracks as `` `id: target` `` (`` `target` `` alone where the id does
//! not matter), each followed by its keypoints in the table's words: a value and a time
//! (`(0 ns, 0)`, `"a" at 0`, `0 → 500 over 500 ms`), `no keypoints`, `linear` or `handles`
//! for the curve between them. A row without a track (`the same over 5 s`) has the tracks
//! of the row above. Every track, value and time of a fixture must be written in its row,
//! and every track the row names must be one of the fixture's.

use animation_engine::{Clip, Easing, KeyValue, Transition};
use arora_animation_test_support::clips as fixture;

fn playback() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/playback.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of the Clips table of docs/playback.md §9: `(clip names, description)`.
fn clip_rows(text: &str) -> Vec<(String, String)> {
    let start = text
        .find(" Worked scenarios (all numbers observed)\n")
        .expect("docs/playback.md §9 is the worked scenarios");
    let section = &text[start..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let table = &section[section
        .find("| clip | content |")
        .expect("docs/playback.md §9 has a Clips table")..];
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            match cells[..] {
                ["", names, content, ""] => (names.to_string(), content.to_string()),
                _ => panic!("a malformed row of the Clips table of docs/playback.md §9: {line}"),
            }
        })
        .collect()
}

/// The words and numbers of `text`: a quoted string, a number (`1,000`, `0.5`), a word,
/// or one other character.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let from = at;
        if c.is_whitespace() {
            at += 1;
            continue;
        } else if c == '"' {
            at += 1 + chars[at + 1..]
                .iter()
                .position(|&c| c == '"')
                .map_or(0, |n| n + 1);
        } else if c.is_ascii_digit() {
            while at < chars.len()
                && (chars[at].is_ascii_digit()
                    || (matches!(chars[at], ',' | '.')
                        && chars.get(at + 1).is_some_and(char::is_ascii_digit)))
            {
                at += 1;
            }
        } else if c.is_alphabetic() {
            while at < chars.len() && chars[at].is_alphanumeric() {
                at += 1;
            }
        } else {
            at += 1;
        }
        out.push(chars[from..at].iter().collect());
    }
    out
}

/// Whether `words` (tokens) occur in `text`'s tokens in a row.
fn says(text: &[String], words: &[String]) -> bool {
    text.windows(words.len()).any(|window| window == words)
}

/// A whole number with thousands separators: `1,000`.
fn grouped(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The ways the table writes a time: `0`, `500 ms`, `1,000 ms`, `1 s`.
fn time_words(ns: i64) -> Vec<Vec<String>> {
    let mut ways = Vec::new();
    if ns == 0 {
        ways.push(vec!["0".to_string()]);
    }
    if ns % fixture::S == 0 {
        ways.push(vec![grouped(ns / fixture::S), "s".into()]);
    }
    if ns % fixture::MS == 0 {
        ways.push(vec![grouped(ns / fixture::MS), "ms".into()]);
    }
    ways
}

/// How the table writes a keypoint's value: `1000`, `0.5`, `"a"`, `true`.
fn value_words(value: &KeyValue) -> String {
    match value {
        KeyValue::Number(x) if x.fract() == 0.0 => format!("{}", *x as i64),
        KeyValue::Number(x) => format!("{x}"),
        KeyValue::Text(s) => format!("\"{s}\""),
        KeyValue::Boolean(b) => b.to_string(),
    }
}

/// The tracks a description names, in order, each with the text up to the next one.
fn named_tracks(description: &str) -> Vec<(String, String)> {
    let parts: Vec<&str> = description.split('`').collect();
    (1..parts.len())
        .step_by(2)
        .map(|i| {
            let rest = parts[i + 1..].join("`");
            let until_next = rest.split('`').next().unwrap_or_default().to_string();
            (parts[i].to_string(), until_next)
        })
        .collect()
}

/// Checks `clip` against the tracks `described` (each with its text) and `row`, the text
/// the curve's words are read from.
fn check(name: &str, clip: &Clip, row: &str, described: &[(String, String)]) {
    let named: Vec<&str> = described.iter().map(|(track, _)| track.as_str()).collect();
    let fixture_named: Vec<String> = clip
        .tracks
        .iter()
        .map(|track| {
            if named.iter().all(|named| named.contains(':')) {
                format!("{}: {}", track.id, track.target)
            } else {
                track.target.clone()
            }
        })
        .collect();
    assert_eq!(
        named, fixture_named,
        "{name}: the tracks of docs/playback.md §9 and of the fixture differ"
    );
    let row_words = tokens(row);
    for (track, (_, text)) in clip.tracks.iter().zip(described) {
        let words = tokens(text);
        if track.keypoints.is_empty() {
            assert!(
                text.contains("no keypoints"),
                "{name}: track {} has no keypoints, docs/playback.md §9 says {text:?}",
                track.id
            );
        }
        for keypoint in &track.keypoints {
            let value = value_words(&keypoint.value);
            assert!(
                words.contains(&value),
                "{name}: track {} holds {value}, which docs/playback.md §9 does not say: {text:?}",
                track.id
            );
            assert!(
                time_words(keypoint.time_ns)
                    .iter()
                    .any(|time| says(&words, time)),
                "{name}: track {} has a keypoint at {} ns, which docs/playback.md §9 does not say: {text:?}",
                track.id,
                keypoint.time_ns
            );
            let curve = match keypoint.leave {
                Some(Transition::Ease(Easing::Linear)) => Some("linear"),
                Some(Transition::Handle { .. }) => Some("handles"),
                _ => None,
            };
            if let Some(curve) = curve {
                assert!(
                    says(&row_words, &[curve.to_string()]),
                    "{name}: track {} is {curve}, docs/playback.md §9 does not say so: {row:?}",
                    track.id
                );
            }
        }
    }
}

/// test-support's scenario clips under the names docs/playback.md §9 gives them, in its
/// order.
fn fixtures() -> [(&'static str, Clip); 9] {
    [
        ("R1", fixture::r1()),
        ("R5", fixture::r5()),
        ("HALF", fixture::half()),
        ("H100", fixture::h100()),
        ("H0", fixture::h0()),
        ("TEXT", fixture::text()),
        ("CLAIM", fixture::claim()),
        ("VUP", fixture::vertical(true)),
        ("VDOWN", fixture::vertical(false)),
    ]
}

#[test]
fn the_scenario_clips_are_those_of_docs_playback_section_9() {
    let fixtures = fixtures();
    let text = playback();
    let mut checked = Vec::new();
    let mut above: (Vec<(String, String)>, String) = Default::default();
    for (names, content) in clip_rows(&text) {
        let names: Vec<&str> = names.split(" / ").collect();
        // `H100 / H0`: one description each, split alike; `VUP / VDOWN`: one for both.
        let parts: Vec<&str> = content.split(" / ").collect();
        for (i, name) in names.iter().enumerate() {
            let part = if parts.len() == names.len() {
                parts[i]
            } else {
                &content
            };
            let mut described = named_tracks(part);
            let mut row = part.to_string();
            if described.is_empty() {
                // "the same over 5 s": the tracks and curve of the row above, with this
                // row's numbers.
                described = above
                    .0
                    .iter()
                    .map(|(track, _)| (track.clone(), part.to_string()))
                    .collect();
                row = format!("{part} {}", above.1);
            }
            let (_, clip) = fixtures
                .iter()
                .find(|(fixture, _)| fixture == name)
                .unwrap_or_else(|| {
                    panic!("docs/playback.md §9 names {name}, which has no fixture")
                });
            check(name, clip, &row, &described);
            above = (described, row);
            checked.push(name.to_string());
        }
    }
    let all: Vec<&str> = fixtures.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        checked, all,
        "the clips of docs/playback.md §9's table, in order"
    );
}
