//! The loaded clips ("animations") of an engine, by id (docs/playback.md §7).

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Arc;

use crate::clip::valid_clip::ValidClip;
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
}

impl Animation {
    fn new(clip: &ValidClip) -> Arc<Self> {
        let compiled = CompiledClip::compile(clip);
        Arc::new(Self {
            end: ClipTime::from_ns(compiled.end_ns().max(0)),
            played: played_tracks(&compiled),
            compiled,
        })
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

/// A loaded clip and the players holding an instance of it.
#[derive(Debug)]
struct Loaded {
    /// Shared with each instance of it, which samples it without a lookup.
    animation: Arc<Animation>,
    /// A reload or unload visits these players, not every player.
    holders: BTreeSet<PlayerId>,
}

/// Loaded animations by id; ids count up and are never reused.
///
/// Only what is loaded is kept: unloading a clip frees it (once its instances, which it
/// removes, are gone), so loading and unloading for days holds no more than loading once.
#[derive(Debug, Default)]
pub(crate) struct Animations {
    loaded: BTreeMap<AnimationId, Loaded>,
    ids: IdCounter,
}

impl Animations {
    /// No animations; the first id handed out is `first`.
    #[cfg(any(test, feature = "testing"))]
    pub fn starting_at(first: u32) -> Self {
        Self {
            loaded: BTreeMap::new(),
            ids: IdCounter::starting_at(first),
        }
    }

    /// Loads a clip under a new id; none once the ids are used up.
    pub fn load(&mut self, clip: &ValidClip) -> Option<AnimationId> {
        let id = AnimationId::from_raw(self.ids.take()?);
        let loaded = Loaded {
            animation: Animation::new(clip),
            holders: BTreeSet::new(),
        };
        self.loaded.insert(id, loaded);
        Some(id)
    }

    /// Replaces a loaded clip, keeping its holders: answers the new clip, for the holders'
    /// instances to take, and the holders; none (nothing changes) if `id` is not loaded.
    pub fn reload(
        &mut self,
        id: AnimationId,
        clip: &ValidClip,
    ) -> Option<(&Arc<Animation>, &BTreeSet<PlayerId>)> {
        let loaded = self.loaded.get_mut(&id)?;
        loaded.animation = Animation::new(clip);
        Some((&loaded.animation, &loaded.holders))
    }

    /// Unloads a clip and answers its holders; none if `id` is not loaded.
    pub fn unload(&mut self, id: AnimationId) -> Option<BTreeSet<PlayerId>> {
        Some(self.loaded.remove(&id)?.holders)
    }

    /// A loaded animation.
    pub fn get(&self, id: AnimationId) -> Option<&Arc<Animation>> {
        self.loaded.get(&id).map(|loaded| &loaded.animation)
    }

    /// Records that `player` holds an instance of a loaded `id` (again, perhaps).
    pub fn hold(&mut self, id: AnimationId, player: PlayerId) {
        if let Some(loaded) = self.loaded.get_mut(&id) {
            loaded.holders.insert(player);
        }
    }

    /// Records that `player` holds no instance of `id` any more.
    pub fn release(&mut self, id: AnimationId, player: PlayerId) {
        if let Some(loaded) = self.loaded.get_mut(&id) {
            loaded.holders.remove(&player);
        }
    }
}
