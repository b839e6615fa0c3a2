//! `ClipEditor`: the engine's clip editor (`EditedClip`, docs/curves.md §9) for the page, so
//! that its JavaScript turns pointer moves into edits and draws, and never reads, validates
//! or writes a clip itself.
//!
//! An edit goes in as its JSON form (docs/curves.md §9.1); what comes back is what
//! `readClipFile` answers for an accepted 2.0 document — the record to `reload_clip`, the
//! document text, the tracks to draw, the end — or `{ refused }` with the engine's reason,
//! the clip then left exactly as it was.

use animation_engine::{Easing, Edit, EditedClip, FrameRate, Snap, Transition};
use wasm_bindgen::prelude::*;

use crate::clip::{PageFile, answer, document};

/// One clip open for editing on the page: the engine's document with its undo and redo.
#[wasm_bindgen]
pub struct ClipEditor {
    edited: EditedClip,
}

#[wasm_bindgen]
impl ClipEditor {
    /// Opens the 2.0 document `text` (a clip's `document`, as `readClipFile` answers it: a
    /// 1.x or glTF file already converted); it is clean. A document the engine refuses
    /// throws its reason.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<ClipEditor, JsError> {
        let edited = EditedClip::read(text).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(ClipEditor { edited })
    }

    /// Applies the edit `json` as a new step of history: the edited clip, or `{ refused }`.
    pub fn apply(&mut self, json: &str) -> Result<JsValue, JsError> {
        let done = Edit::from_json(json).and_then(|edit| self.edited.apply(&edit));
        self.answer_or(done.map_err(|e| e.to_string()))
    }

    /// Applies the edit `json` as part of the last step (a drag's later moves), so one undo
    /// takes back the whole gesture: the edited clip, or `{ refused }`.
    pub fn amend(&mut self, json: &str) -> Result<JsValue, JsError> {
        let done = Edit::from_json(json).and_then(|edit| self.edited.amend(&edit));
        self.answer_or(done.map_err(|e| e.to_string()))
    }

    /// Takes back the last step: the clip as it then is, or `null` when there is none.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        if !self.edited.undo() {
            return Ok(JsValue::NULL);
        }
        self.answer_or(Ok(()))
    }

    /// Makes the last undone step again: the clip as it then is, or `null` when there is none.
    pub fn redo(&mut self) -> Result<JsValue, JsError> {
        if !self.edited.redo() {
            return Ok(JsValue::NULL);
        }
        self.answer_or(Ok(()))
    }

    /// How many steps `undo` can take back.
    #[wasm_bindgen(js_name = undoLength)]
    pub fn undo_length(&self) -> usize {
        self.edited.undo_len()
    }

    /// How many steps `redo` can make again.
    #[wasm_bindgen(js_name = redoLength)]
    pub fn redo_length(&self) -> usize {
        self.edited.redo_len()
    }

    /// Whether the clip's document differs from the one last saved (or opened).
    #[wasm_bindgen(js_name = isDirty)]
    pub fn is_dirty(&self) -> bool {
        self.edited.is_dirty()
    }

    /// The 2.0 document of the clip as edited now: it reads back to exactly that clip.
    pub fn save(&self) -> String {
        self.edited.save()
    }

    /// Records the clip as edited now as saved: clean until the next edit.
    #[wasm_bindgen(js_name = markSaved)]
    pub fn mark_saved(&mut self) {
        self.edited.mark_saved();
    }

    /// The edited clip as `readClipFile` answers a 2.0 document, or `{ refused }` with
    /// `reason`.
    fn answer_or(&self, done: Result<(), String>) -> Result<JsValue, JsError> {
        let file = match done.and_then(|()| {
            let clip = self.edited.clip().clone();
            clip.validate().map_err(|e| e.to_string())
        }) {
            Ok(valid) => PageFile::Loadable(Box::new(document(&valid, "2.0", Vec::new()))),
            Err(refused) => PageFile::Refused { refused },
        };
        answer(&file)
    }
}

/// A keypoint time for a pointer at `ms` milliseconds (the engine's `Snap`,
/// docs/curves.md §9.4): whole nanoseconds, or the nearest whole frame at `fps` when given. A time or rate
/// the engine refuses throws its reason.
#[wasm_bindgen(js_name = snapTime)]
pub fn snap_time(ms: f64, fps: Option<f64>) -> Result<f64, JsError> {
    let snap = match fps {
        None => Snap::Off,
        Some(fps) => Snap::Frames(FrameRate::new(fps).map_err(|e| JsError::new(&e.to_string()))?),
    };
    let ns = snap.time_ns(ms).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(ns as f64)
}

/// The document names of the transitions a side can be set to from a list, besides a
/// handle and absent: the nine easings, then `explicit-handles` and
/// `inferred-auto-clamped` (docs/curves.md §1.4).
#[wasm_bindgen(js_name = transitionNames)]
pub fn transition_names() -> Vec<String> {
    let named = Easing::ALL.into_iter().map(Transition::Ease);
    named
        .chain([Transition::Inferred, Transition::InferredAutoClamped])
        .filter_map(|t| t.name().map(str::to_string))
        .collect()
}
