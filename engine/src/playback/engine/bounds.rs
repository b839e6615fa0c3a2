//! The exact bounds (docs/curves.md §8) of a loaded clip, in clip time or as one of its
//! instances plays it: from the compiled clip the engine already holds.

use crate::bounds::{BoundsWindow, ClipTrackBounds, Played};
use crate::playback::engine::Engine;
use crate::playback::error::PlaybackError;
use crate::playback::ids::{AnimationId, InstanceId, PlayerId};

impl Engine {
    /// The bounds of every track of a loaded animation over a clip-time `window`, in clip
    /// order. Refused when the animation is not loaded.
    pub fn bounds(
        &self,
        animation: AnimationId,
        window: BoundsWindow,
    ) -> Result<Vec<ClipTrackBounds>, PlaybackError> {
        Ok(self.compiled(animation)?.bounds(window))
    }

    /// The bounds of an instance's clip as it plays it, over a `window` of its player's
    /// timeline (seconds): times on the timeline, velocities × its rate, accelerations ×
    /// rate² (docs/curves.md §8.6). Refused when the player or the instance is unknown.
    pub fn instance_bounds(
        &self,
        player: PlayerId,
        instance: InstanceId,
        window: BoundsWindow,
    ) -> Result<Vec<ClipTrackBounds>, PlaybackError> {
        let held = self
            .lookup(player)?
            .instances
            .iter()
            .find(|i| i.id == instance);
        let held = held.ok_or(PlaybackError::UnknownInstance { player, instance })?;
        Played::of(held.timing, window).bounds(&held.clip.compiled)
    }
}
