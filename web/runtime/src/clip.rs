//! `readClipFile`: a clip file read by the engine's own reader — the code
//! `arora-animation check` runs — into what the page needs: the refusal line `check`
//! prints, or the contract call that loads it with its record, and the clip to draw.

use animation_engine::{FileClip, KeyValue, Transition, ValidClip};
use arora_animation_module::{animation_clip_record, clip_record};
use arora_types::value::Value;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::exact_json::value_json;

/// How the page reads a clip file.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum PageFile {
    /// Refused: the line `check` prints after its `error: `.
    Refused {
        /// The line.
        refused: String,
    },
    /// Accepted.
    Loadable(Box<Loadable>),
}

/// An accepted clip file: the call that loads it, and what the page draws of it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Loadable {
    /// `"2.0"`, `"1.x"` or `"glTF"` (converted by the engine's `gltf` module).
    format: &'static str,
    /// The contract function that loads it: `load_clip` or `load_animation`.
    load: &'static str,
    /// The record, a `Value` as JSON text arora-web reads back exactly (exact_json.rs).
    record: String,
    /// The clip as played (a 1.x animation or a glTF file converted) as the 2.0 document
    /// the engine's writer gives: what the page edits, saves and checks limits on.
    document: String,
    /// The clip as played (a 1.x animation converted), for drawing.
    tracks: Vec<TrackView>,
    /// The clip's end (docs/curves.md §1.1), in ns.
    end_ns: f64,
    /// What a conversion says the author should know, one line each (glTF only).
    notes: Vec<String>,
}

#[derive(Serialize)]
struct TrackView {
    id: String,
    target: String,
    keypoints: Vec<KeypointView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KeypointView {
    id: String,
    time_ns: f64,
    value: ValueView,
    arrive: Option<HandleView>,
    leave: Option<HandleView>,
    /// What each side holds, as the document names it (`"handle"` for a handle, `null`
    /// when absent): what the editor's transition lists show.
    arrive_kind: Option<&'static str>,
    leave_kind: Option<&'static str>,
}

/// A keypoint value as JavaScript holds one: a number, a boolean or a string.
#[derive(Serialize)]
#[serde(untagged)]
enum ValueView {
    Number(f64),
    Boolean(bool),
    Text(String),
}

/// A handle offset from its keypoint.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HandleView {
    dt_ns: f64,
    dv: f64,
}

/// Reads the clip file `name` holding `text`: `{ refused }` with the line `check` prints
/// for it, or `{ format, load, record, document, tracks, endNs, notes }`. Only a failure to hand the answer
/// to JavaScript throws.
#[wasm_bindgen(js_name = readClipFile)]
pub fn read_clip_file(name: &str, text: &str) -> Result<JsValue, JsError> {
    let file = match FileClip::read(name, text) {
        Ok(file) => PageFile::Loadable(Box::new(loadable(&file))),
        Err(refusal) => PageFile::Refused {
            refused: refusal.to_string(),
        },
    };
    answer(&file)
}

/// `value` handed to JavaScript as plain objects (maps as objects, ±∞ and NaN as `null`):
/// every answer of the page's runtime goes through here.
pub(crate) fn answer(value: &impl Serialize) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    Ok(value.serialize(&serializer)?)
}

fn loadable(file: &FileClip) -> Loadable {
    match file {
        FileClip::Document(valid) => document(valid, "2.0", Vec::new()),
        FileClip::V1 { animation, .. } => {
            let record = Value::from(animation_clip_record(animation));
            drawn(file.valid(), "1.x", "load_animation", &record, Vec::new())
        }
    }
}

/// A 2.0 clip, loaded with `load_clip`; `format` says where it came from.
pub(crate) fn document(valid: &ValidClip, format: &'static str, notes: Vec<String>) -> Loadable {
    let record = Value::from(clip_record(&valid.clone().into_clip()));
    drawn(valid, format, "load_clip", &record, notes)
}

fn drawn(
    valid: &ValidClip,
    format: &'static str,
    load: &'static str,
    record: &Value,
    notes: Vec<String>,
) -> Loadable {
    Loadable {
        format,
        load,
        record: value_json(record),
        document: valid.clone().into_clip().to_json(),
        tracks: tracks(valid),
        end_ns: valid.end_ns() as f64,
        notes,
    }
}

fn tracks(clip: &ValidClip) -> Vec<TrackView> {
    let handle = |side: Option<Transition>| match side {
        Some(Transition::Handle { dt_ns, dv }) => Some(HandleView { dt_ns, dv }),
        _ => None,
    };
    let kind = |side: Option<Transition>| side.map(|t| t.name().unwrap_or("handle"));
    let track = |track: &animation_engine::Track| TrackView {
        id: track.id.clone(),
        target: track.target.clone(),
        keypoints: (track.keypoints.iter())
            .map(|k| KeypointView {
                id: k.id.clone(),
                time_ns: k.time_ns as f64,
                value: match &k.value {
                    KeyValue::Number(x) => ValueView::Number(*x),
                    KeyValue::Boolean(b) => ValueView::Boolean(*b),
                    KeyValue::Text(s) => ValueView::Text(s.clone()),
                },
                arrive: handle(k.arrive),
                leave: handle(k.leave),
                arrive_kind: kind(k.arrive),
                leave_kind: kind(k.leave),
            })
            .collect(),
    };
    clip.tracks().iter().map(|t| track(t.track())).collect()
}
