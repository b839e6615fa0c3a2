//! The clips of docs/playback.md §9 in the engine's clip model, and the builders they are
//! made with: the engine's playback tests use them as they are, the host's tests as
//! contract records (`clip_record`), so each scenario clip is written once.

use animation_engine::{Clip, Easing, KeyValue, Keypoint, Pairing, Track, Transition};

/// A millisecond, in nanoseconds.
pub const MS: i64 = 1_000_000;
/// A second, in nanoseconds.
pub const S: i64 = 1_000_000_000;

/// A keypoint `k<time_ns>` at `time_ns` holding `value`, with the transitions given.
pub fn key(
    time_ns: i64,
    value: KeyValue,
    arrive: Option<Transition>,
    leave: Option<Transition>,
) -> Keypoint {
    Keypoint {
        id: format!("k{time_ns}"),
        time_ns,
        value,
        arrive,
        leave,
        pairing: Pairing::None,
    }
}

/// A track `id` writing `target`, unnamed.
pub fn track(id: &str, target: &str, keypoints: Vec<Keypoint>) -> Track {
    Track {
        id: id.into(),
        name: String::new(),
        target: target.into(),
        keypoints,
    }
}

/// An unnamed clip of `tracks`, its length automatic.
pub fn clip(tracks: Vec<Track>) -> Clip {
    Clip {
        name: String::new(),
        length_ns: None,
        tracks,
    }
}

/// A linear number track from (0, 0) to (`end`, `to`).
pub fn linear(id: &str, target: &str, end: i64, to: f64) -> Track {
    let lin = Some(Transition::Ease(Easing::Linear));
    track(
        id,
        target,
        vec![
            key(0, KeyValue::Number(0.0), None, lin),
            key(end, KeyValue::Number(to), lin, None),
        ],
    )
}

/// A track holding one number from 0.
pub fn hold(id: &str, target: &str, value: f64) -> Track {
    track(
        id,
        target,
        vec![key(0, KeyValue::Number(value), None, None)],
    )
}

/// R1: `tx: x`, 0 → 1000 over 1 s, linear: the value is the clip-local time in ms.
pub fn r1() -> Clip {
    clip(vec![linear("tx", "x", S, 1000.0)])
}
/// R5: `tx: x`, 0 → 5000 over 5 s, linear.
pub fn r5() -> Clip {
    clip(vec![linear("tx", "x", 5 * S, 5000.0)])
}
/// HALF: `half: x`, 0 → 500 over 500 ms, linear.
pub fn half() -> Clip {
    clip(vec![linear("half", "x", 500 * MS, 500.0)])
}
/// H100: `h100: x` holding 100.
pub fn h100() -> Clip {
    clip(vec![hold("h100", "x", 100.0)])
}
/// H0: `h0: x` holding 0.
pub fn h0() -> Clip {
    clip(vec![hold("h0", "x", 0.0)])
}
/// TEXT: `ts: x`, "a" at 0, "b" at 500 ms.
pub fn text() -> Clip {
    let text = |s: &str| KeyValue::Text(s.into());
    clip(vec![track(
        "ts",
        "x",
        vec![
            key(0, text("a"), None, None),
            key(500 * MS, text("b"), None, None),
        ],
    )])
}
/// CLAIM: two number tracks on `x`, an empty and a text track on `y`, a boolean on `z`.
pub fn claim() -> Clip {
    clip(vec![
        hold("a", "x", 1.0),
        hold("b", "x", 99.0),
        track("c", "y", vec![]),
        track(
            "d",
            "y",
            vec![key(0, KeyValue::Text("no".into()), None, None)],
        ),
        track("e", "z", vec![key(0, KeyValue::Boolean(true), None, None)]),
    ])
}
/// 0 → 1 (`rising`) or 1 → 0 over 1 s with a vertical tangent at 500 ms.
pub fn vertical(rising: bool) -> Clip {
    let (from, to) = if rising { (0.0, 1.0) } else { (1.0, 0.0) };
    let out = Some(Transition::Handle {
        dt_ns: 1e9,
        dv: 0.0,
    });
    let inn = Some(Transition::Handle {
        dt_ns: -1e9,
        dv: 0.0,
    });
    clip(vec![track(
        "v",
        "x",
        vec![
            key(0, KeyValue::Number(from), None, out),
            key(S, KeyValue::Number(to), inn, None),
        ],
    )])
}
