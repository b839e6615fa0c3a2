//! Bakes through the engine (docs/playback.md §8): a loaded clip sampled over
//! clip-local time; instance timing plays no part.

use crate::bake::{self, Bake, BakePlan, BakeSamples};
use crate::playback::engine::Engine;
use crate::playback::error::PlaybackError;
use crate::playback::ids::AnimationId;
use crate::time::ClipTime;

impl Engine {
    /// Bakes a loaded animation's values at `rate` samples per second from `start` (default
    /// 0) to `end` (default the clip's end, raised to the start), in clip-local time.
    ///
    /// Keeps of each number sample what `S` says ([`crate::bake::bake_as`]): its value
    /// ([`Values`](crate::bake::Values): the contract's `bake`), or its value and clip-local
    /// velocity ([`WithVelocities`](crate::bake::WithVelocities): `bake_with_derivatives`).
    ///
    /// Refused when the animation is not loaded, then as [`crate::bake()`] refuses (rate,
    /// samples, text).
    pub fn bake<S: BakeSamples>(
        &self,
        animation: AnimationId,
        rate: f64,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<Bake, PlaybackError> {
        Ok(bake::bake_as::<S>(
            self.compiled(animation)?,
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
        Ok(bake::plan(self.compiled(animation)?, rate, start, end)?)
    }
}
