//! A clip being edited (docs/curves.md §9.3): the clip opened, the clip now, the edits that
//! can be undone and redone, and the document last saved.
//!
//! Every edit changes one track, so a step of history is that track's index and the track
//! as it was on the other side of the step: undoing swaps it back in and keeps the swapped
//! out one for redo. Nothing is recomputed, so undoing everything gives back the opened
//! clip bit for bit.

use std::mem;

use crate::clip::error::{ClipError, ConvertError};
use crate::clip::model::{Clip, Track};
use crate::clip::v1::ClipV1;
use crate::clip::valid_clip::ValidClip;
use crate::edit::edits::Edit;
use crate::edit::refused::EditRefused;

/// One step of history: a track index and that track on the other side of the step.
#[derive(Clone, Debug)]
struct Step {
    track: usize,
    other: Track,
}

/// A clip open for editing, with undo and redo.
///
/// Only edits change it: previewing (playing, scrubbing) reads [`EditedClip::clip`] and
/// changes nothing. It always holds a valid clip (docs/curves.md §1.5): an edit whose result
/// is refused leaves it, its history and its dirty mark exactly as they were.
#[derive(Clone, Debug)]
pub struct EditedClip {
    opened: Clip,
    current: Clip,
    /// The 2.0 document last saved (or opened): what [`EditedClip::is_dirty`] compares with.
    saved: String,
    undo: Vec<Step>,
    redo: Vec<Step>,
}

impl EditedClip {
    /// Opens a valid clip for editing; it is clean.
    pub fn open(clip: ValidClip) -> EditedClip {
        let clip = clip.into_clip();
        EditedClip {
            saved: clip.to_json(),
            opened: clip.clone(),
            current: clip,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Reads a 2.0 clip document ([`Clip::from_json`]) and opens it.
    pub fn read(text: &str) -> Result<EditedClip, ClipError> {
        Ok(EditedClip::open(Clip::from_json(text)?))
    }

    /// Opens a 1.x clip as the 2.0 clip its conversion gives (docs/curves.md §2.2, what
    /// `arora-animation convert` writes); it saves as 2.0.
    pub fn open_v1(clip: &ClipV1) -> Result<EditedClip, ConvertError> {
        Ok(EditedClip::open(clip.to_valid_clip()?))
    }

    /// Applies an edit as a new step of history (the redo steps are dropped), or refuses it
    /// and changes nothing.
    pub fn apply(&mut self, edit: &Edit) -> Result<(), EditRefused> {
        let (track, edited) = edit.edited_track(&self.current)?;
        let other = mem::replace(&mut self.current.tracks[track], edited);
        self.undo.push(Step { track, other });
        self.redo.clear();
        Ok(())
    }

    /// Applies an edit as part of the last step — a drag's later moves — so that one undo
    /// takes back the whole gesture. When the last step changed another track, or was
    /// undone or redone since, this is [`EditedClip::apply`].
    pub fn amend(&mut self, edit: &Edit) -> Result<(), EditRefused> {
        let (track, edited) = edit.edited_track(&self.current)?;
        match self.undo.last() {
            Some(last) if last.track == track && self.redo.is_empty() => {
                self.current.tracks[track] = edited;
            }
            _ => {
                let other = mem::replace(&mut self.current.tracks[track], edited);
                self.undo.push(Step { track, other });
                self.redo.clear();
            }
        }
        Ok(())
    }

    /// Takes back the last step; false when there is none.
    pub fn undo(&mut self) -> bool {
        swap_step(&mut self.current, &mut self.undo, &mut self.redo)
    }

    /// Makes the last undone step again; false when there is none.
    pub fn redo(&mut self) -> bool {
        swap_step(&mut self.current, &mut self.redo, &mut self.undo)
    }

    /// How many steps [`EditedClip::undo`] can take back.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// How many steps [`EditedClip::redo`] can make again.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The clip as edited now.
    pub fn clip(&self) -> &Clip {
        &self.current
    }

    /// The clip as opened.
    pub fn opened(&self) -> &Clip {
        &self.opened
    }

    /// The 2.0 document of the clip as edited now ([`Clip::to_json`]): [`Clip::read_json`]
    /// reads it back to exactly [`EditedClip::clip`], every time, value and handle bit for
    /// bit (shortest round-trip writing, correctly rounded reading: docs/curves.md §1.6).
    pub fn save(&self) -> String {
        self.current.to_json()
    }

    /// Records the clip as edited now as the one saved: it is clean until the next edit that
    /// changes its document.
    pub fn mark_saved(&mut self) {
        self.saved = self.save();
    }

    /// Whether the clip's document differs from the one last saved (or opened). Compared as
    /// documents, so an edit undone, or one that changed nothing, leaves it clean, and −0.0
    /// against 0.0 counts as a change.
    pub fn is_dirty(&self) -> bool {
        self.save() != self.saved
    }
}

/// Pops a step from `from`, swaps its track into `clip` and pushes the swapped-out track onto
/// `to`; false when `from` is empty.
fn swap_step(clip: &mut Clip, from: &mut Vec<Step>, to: &mut Vec<Step>) -> bool {
    let Some(mut step) = from.pop() else {
        return false;
    };
    mem::swap(&mut clip.tracks[step.track], &mut step.other);
    to.push(step);
    true
}
