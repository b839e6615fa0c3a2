//! Bakes through the engine (playback §8): a loaded clip sampled over
//! clip-local time; instance timing plays no part.

use crate::bake::{Bake, bake};
use crate::playback::engine::Engine;
use crate::playback::instance::AnimationId;

impl Engine {
    /// Bakes a loaded animation at `rate` samples per second from `start`
    /// (default 0) to `end` (default the clip's end, raised to the start),
    /// with clip-local velocities when `with_derivatives`.
    ///
    /// None when the animation is not loaded, the rate is not finite and
    /// `> 0`, or the bake would exceed 2^20 frames or samples (curves §5).
    pub fn bake(
        &self,
        animation: AnimationId,
        rate: f64,
        start: Option<i64>,
        end: Option<i64>,
        with_derivatives: bool,
    ) -> Option<Bake> {
        let animation = self.animations.get(animation)?;
        bake(&animation.compiled, rate, start, end, with_derivatives).ok()
    }
}
