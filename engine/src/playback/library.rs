//! The loaded clips ("animations") of an engine, by id (playback §7).

use crate::clip::model::Clip;
use crate::curve::track::CompiledClip;
use crate::playback::instance::AnimationId;

/// One loaded clip, compiled, with what playback needs to know of its tracks.
#[derive(Debug)]
pub(crate) struct Animation {
    pub clip: Clip,
    pub compiled: CompiledClip,
    /// Per track: report numbers as single precision (1.x `F32` tracks).
    pub narrow: Vec<bool>,
    /// Per track: the first track on its target, with at least one keypoint.
    pub played: Vec<bool>,
    /// The clip's end (§4.4): its length, else its latest keypoint, at least 0.
    pub end: i64,
}

impl Animation {
    fn new(clip: Clip, mut narrow: Vec<bool>) -> Self {
        narrow.resize(clip.tracks.len(), false);
        let compiled = CompiledClip::compile(&clip);
        let end = compiled.end_ns().max(0);
        let played = played_tracks(&clip);
        Self {
            clip,
            compiled,
            narrow,
            played,
            end,
        }
    }
}

/// Within a clip the first track on each target claims it; it plays only if it
/// has a keypoint, and later tracks on that target never play (§5.1).
fn played_tracks(clip: &Clip) -> Vec<bool> {
    let mut claimed = std::collections::HashSet::new();
    clip.tracks
        .iter()
        .map(|track| claimed.insert(track.target.as_str()) && !track.keypoints.is_empty())
        .collect()
}

/// Loaded animations indexed by id; ids count up from 0 and are never reused.
#[derive(Debug, Default)]
pub(crate) struct Animations {
    slots: Vec<Option<Animation>>,
}

impl Animations {
    pub fn load(&mut self, clip: Clip, narrow: Vec<bool>) -> AnimationId {
        self.slots.push(Some(Animation::new(clip, narrow)));
        (self.slots.len() - 1) as AnimationId
    }

    /// Replaces a loaded clip; false (nothing changes) if `id` is not loaded.
    pub fn reload(&mut self, id: AnimationId, clip: Clip, narrow: Vec<bool>) -> bool {
        match self.slots.get_mut(id as usize) {
            Some(slot @ Some(_)) => {
                *slot = Some(Animation::new(clip, narrow));
                true
            }
            _ => false,
        }
    }

    pub fn unload(&mut self, id: AnimationId) -> bool {
        self.slots
            .get_mut(id as usize)
            .is_some_and(|slot| slot.take().is_some())
    }

    #[inline]
    pub fn get(&self, id: AnimationId) -> Option<&Animation> {
        self.slots.get(id as usize).and_then(Option::as_ref)
    }

    /// The end of a loaded clip, 0 if it is not loaded.
    #[inline]
    pub fn end(&self, id: AnimationId) -> i64 {
        self.get(id).map_or(0, |animation| animation.end)
    }
}
