//! The exact save (docs/curves.md §9.3) on every example clip: after each of 300 random
//! edits (rand's StdRng, seeded) the saved document reads back to exactly the edited clip;
//! undoing all of them gives back the opened clip, redoing them the last one, bit for bit.

use std::path::Path;

use animation_engine::{
    Clip, Edit, EditedClip, FileClip, Inserted, KeyValue, KeypointAt, Move, Side, Transition,
    ValueKind,
};
use arora_animation_test_support::random::{RngExt, StdRng, seeded};

use crate::edit_support::{assert_reads_back, first_difference};

const EDITS: usize = 300;

/// Any finite double, or a short decimal: both must read back to their bits.
fn number(rng: &mut StdRng) -> f64 {
    if rng.random::<bool>() {
        return f64::from(rng.random_range(-2000..2000_i32)) / 8.0;
    }
    loop {
        let x = f64::from_bits(rng.random::<u64>());
        if x.is_finite() {
            return x;
        }
    }
}

fn time(rng: &mut StdRng) -> i64 {
    rng.random_range(-1_000_000_000..4_000_000_000)
}

fn value(rng: &mut StdRng, kind: Option<ValueKind>) -> KeyValue {
    match kind {
        Some(ValueKind::Boolean) => KeyValue::Boolean(rng.random()),
        Some(ValueKind::Text) => KeyValue::Text(format!("s{}\"\\é", rng.random::<u16>())),
        _ => KeyValue::Number(number(rng)),
    }
}

/// A random edit of `clip` naming an existing keypoint, on a track with one.
fn random_edit(rng: &mut StdRng, clip: &Clip) -> Edit {
    let track = rng.random_range(0..clip.tracks.len());
    let keypoints = &clip.tracks[track].keypoints;
    let kind = keypoints.first().map(|k| ValueKind::of(&k.value));
    let at = KeypointAt {
        track,
        keypoint: rng.random_range(0..keypoints.len().max(1)),
    };
    let side = if rng.random() {
        Side::Arrive
    } else {
        Side::Leave
    };
    match rng.random_range(0..8) {
        0 => Edit::Move {
            at,
            to: Move::Time { time_ns: time(rng) },
        },
        1 => Edit::Move {
            at,
            to: Move::Value(value(rng, kind)),
        },
        2 => Edit::Move {
            at,
            to: Move::TimeAndValue {
                time_ns: time(rng),
                value: number(rng),
            },
        },
        3 => Edit::MoveHandle {
            at,
            side,
            dt_ns: number(rng),
            dv: number(rng),
        },
        4 => {
            let handle = Transition::Handle {
                dt_ns: number(rng),
                dv: number(rng),
            };
            let names = ["sine", "back", "explicit-handles", "inferred-auto-clamped"];
            let name = Transition::named(names[rng.random_range(0..names.len())]);
            let transition = [Some(handle), name, None][rng.random_range(0..3)];
            Edit::SetTransition {
                at,
                side,
                transition,
            }
        }
        5 => Edit::Insert {
            track,
            time_ns: time(rng),
            value: Inserted::OnCurve,
        },
        6 => Edit::Insert {
            track,
            time_ns: time(rng),
            value: Inserted::Value(value(rng, kind)),
        },
        _ => Edit::Delete { at },
    }
}

/// Random edits on `doc`; every accepted one saves exactly. Returns how many were accepted.
fn edit_at_random(doc: &mut EditedClip, rng: &mut StdRng) -> usize {
    let mut accepted = 0;
    for _ in 0..EDITS {
        let edit = random_edit(rng, doc.clip());
        let before = doc.undo_len();
        match doc.apply(&edit) {
            Ok(()) => accepted += 1,
            Err(_) => assert_eq!(doc.undo_len(), before, "a refusal adds no step"),
        }
        assert_reads_back(&doc.save(), doc.clip());
    }
    accepted
}

#[test]
fn every_example_saves_exactly_after_random_edits_and_undoes_to_the_opened_clip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/clips");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/clips")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 5, "{files:?}");
    let mut rng = seeded(28);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.display().to_string();
        let file = FileClip::read(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let mut doc = EditedClip::open(file.valid().clone());
        assert_reads_back(&doc.save(), doc.opened());
        let accepted = edit_at_random(&mut doc, &mut rng);
        assert!(
            accepted > EDITS / 2,
            "{name}: only {accepted} edits accepted"
        );
        assert_eq!(doc.undo_len(), accepted);
        let last = doc.clip().clone();
        while doc.undo() {}
        assert_eq!(first_difference(doc.clip(), doc.opened()), None, "{name}");
        assert_reads_back(&doc.save(), doc.opened());
        while doc.redo() {}
        assert_eq!(first_difference(doc.clip(), &last), None, "{name}");
    }
}
