//! The loaded clips ("animations") of an engine, by id (docs/playback.md §7).

use std::collections::HashSet;

use crate::clip::valid::ValidClip;
use crate::curve::track::CompiledClip;
use crate::playback::ids::{AnimationId, IdCounter};
use crate::time::ClipTime;

/// One loaded clip, compiled, with what playback needs to know of its tracks.
#[derive(Debug)]
pub(crate) struct Animation {
    pub compiled: CompiledClip,
    /// Per track: the first track on its target, with at least one keypoint.
    pub played: Vec<bool>,
    /// The clip's end (docs/playback.md §4.4): its length, else its latest keypoint, at least 0.
    pub end: ClipTime,
}

impl Animation {
    fn new(clip: &ValidClip) -> Self {
        let compiled = CompiledClip::compile(clip);
        Self {
            end: ClipTime::from_ns(compiled.end_ns().max(0)),
            played: played_tracks(&compiled),
            compiled,
        }
    }
}

/// Within a clip the first track on each target claims it; it plays only if it
/// has a keypoint, and later tracks on that target never play (docs/playback.md §5.1).
fn played_tracks(clip: &CompiledClip) -> Vec<bool> {
    let mut claimed = HashSet::new();
    clip.tracks
        .iter()
        .map(|track| claimed.insert(track.target()) && track.kind().is_some())
        .collect()
}

/// Loaded animations indexed by id; ids count up and are never reused.
///
/// Slot `i` holds id `first + i`, so a lookup is an index, whatever was loaded before.
#[derive(Debug, Default)]
pub(crate) struct Animations {
    first: u32,
    slots: Vec<Option<Animation>>,
    ids: IdCounter,
}

impl Animations {
    /// No animations; the first id handed out is `first`.
    pub fn starting_at(first: u32) -> Self {
        Self {
            first,
            slots: Vec::new(),
            ids: IdCounter::starting_at(first),
        }
    }

    /// Loads a clip under a new id; none once the ids are used up.
    pub fn load(&mut self, clip: &ValidClip) -> Option<AnimationId> {
        let id = self.ids.take()?;
        self.slots.push(Some(Animation::new(clip)));
        Some(AnimationId::from_raw(id))
    }

    /// Replaces a loaded clip; false (nothing changes) if `id` is not loaded.
    pub fn reload(&mut self, id: AnimationId, clip: &ValidClip) -> bool {
        match self.slot(id) {
            Some(slot @ Some(_)) => {
                *slot = Some(Animation::new(clip));
                true
            }
            _ => false,
        }
    }

    /// Unloads a clip; false if `id` is not loaded.
    pub fn unload(&mut self, id: AnimationId) -> bool {
        self.slot(id).is_some_and(|slot| slot.take().is_some())
    }

    /// A loaded animation.
    #[inline]
    pub fn get(&self, id: AnimationId) -> Option<&Animation> {
        let index = id.raw().checked_sub(self.first)? as usize;
        self.slots.get(index).and_then(Option::as_ref)
    }

    /// The end of a loaded clip, 0 if it is not loaded.
    #[inline]
    pub fn end(&self, id: AnimationId) -> ClipTime {
        self.get(id)
            .map_or(ClipTime::ZERO, |animation| animation.end)
    }

    fn slot(&mut self, id: AnimationId) -> Option<&mut Option<Animation>> {
        let index = id.raw().checked_sub(self.first)? as usize;
        self.slots.get_mut(index)
    }
}
