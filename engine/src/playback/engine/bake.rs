//! Bakes through the engine (docs/playback.md §8): a loaded clip sampled over
//! clip-local time; instance timing plays no part.

use crate::bake::{self, Bake, BakePlan};
use crate::playback::engine::Engine;
use crate::playback::error::PlaybackError;
use crate::playback::ids::AnimationId;
use crate::time::ClipTime;

impl Engine {
    /// Bakes a loaded animation's values at `rate` samples per second from `start` (default
    /// 0) to `end` (default the clip's end, raised to the start), in clip-local time.
    ///
    /// Refused when the animation is not loaded, then as [`crate::bake()`] refuses (rate,
    /// samples, text).
    pub fn bake(
        &self,
        animation: AnimationId,
        rate: f64,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<Bake, PlaybackError> {
        let loaded = self.animations.get(animation);
        let loaded = loaded.ok_or(PlaybackError::UnknownAnimation(animation))?;
        Ok(bake::bake(&loaded.compiled, rate, start, end)?)
    }

    /// As [`Engine::bake`], with each number sample's clip-local velocity.
    pub fn bake_with_derivatives(
        &self,
        animation: AnimationId,
        rate: f64,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<Bake, PlaybackError> {
        let loaded = self.animations.get(animation);
        let loaded = loaded.ok_or(PlaybackError::UnknownAnimation(animation))?;
        Ok(bake::bake_with_derivatives(
            &loaded.compiled,
            rate,
            start,
            end,
        )?)
    }

    /// A bake of a loaded animation checked and timed as [`Engine::bake`] would, its samples
    /// not yet taken: [`BakePlan::each`] hands them out track by track.
    pub fn bake_plan(
        &self,
        animation: AnimationId,
        rate: f64,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<BakePlan<'_>, PlaybackError> {
        let loaded = self.animations.get(animation);
        let loaded = loaded.ok_or(PlaybackError::UnknownAnimation(animation))?;
        Ok(bake::plan(&loaded.compiled, rate, start, end)?)
    }
}
