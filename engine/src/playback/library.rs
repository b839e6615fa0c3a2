//! The loaded clips ("animations") of an engine, by id (docs/playback.md §7).

use std::collections::{BTreeSet, HashSet};

use crate::clip::valid::ValidClip;
use crate::curve::track::CompiledClip;
use crate::playback::ids::{AnimationId, IdCounter, PlayerId};
use crate::time::ClipTime;

/// One loaded clip, compiled, with what playback needs to know of its tracks.
#[derive(Debug)]
pub(crate) struct Animation {
    pub compiled: CompiledClip,
    /// Per track: the first track on its target, with at least one keypoint.
    pub played: Vec<bool>,
    /// The clip's end (docs/playback.md §4.4): its length, else its latest keypoint, at least 0.
    pub end: ClipTime,
    /// The players holding an instance of it: a reload or unload visits these, not every
    /// player.
    pub holders: BTreeSet<PlayerId>,
}

impl Animation {
    fn new(clip: &ValidClip, holders: BTreeSet<PlayerId>) -> Self {
        let compiled = CompiledClip::compile(clip);
        Self {
            end: ClipTime::from_ns(compiled.end_ns().max(0)),
            played: played_tracks(&compiled),
            compiled,
            holders,
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
        self.slots.push(Some(Animation::new(clip, BTreeSet::new())));
        Some(AnimationId::from_raw(id))
    }

    /// Replaces a loaded clip, keeping its holders; false (nothing changes) if `id` is not
    /// loaded.
    pub fn reload(&mut self, id: AnimationId, clip: &ValidClip) -> bool {
        let Some(Some(animation)) = self.slot(id) else {
            return false;
        };
        let holders = std::mem::take(&mut animation.holders);
        *animation = Animation::new(clip, holders);
        true
    }

    /// Unloads a clip and answers its holders; none if `id` is not loaded.
    pub fn unload(&mut self, id: AnimationId) -> Option<BTreeSet<PlayerId>> {
        Some(self.slot(id)?.take()?.holders)
    }

    /// Records that `player` holds an instance of a loaded `id` (again, perhaps).
    pub fn hold(&mut self, id: AnimationId, player: PlayerId) {
        if let Some(Some(animation)) = self.slot(id) {
            animation.holders.insert(player);
        }
    }

    /// Records that `player` holds no instance of `id` any more.
    pub fn release(&mut self, id: AnimationId, player: PlayerId) {
        if let Some(Some(animation)) = self.slot(id) {
            animation.holders.remove(&player);
        }
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
