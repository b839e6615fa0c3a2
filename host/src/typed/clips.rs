//! The typed API for clips: load, reload, unload (docs/contract.md §4.6).

use animation_engine::AnimationId;

use crate::convert::animation_clip::engine_clip_v1;
use crate::convert::clip::engine_clip;
use crate::records::{AnimationClip, Clip};
use crate::state::AnimationModule;
use crate::typed::refused::Refused;

impl AnimationModule {
    /// Loads a 1.x clip; its new animation id. A refused clip loads nothing
    /// and uses no id.
    pub fn load_animation(&mut self, clip: &AnimationClip) -> Result<AnimationId, Refused> {
        let clip = engine_clip_v1(clip)?;
        Ok(self.engine.load(&clip)?)
    }

    /// Loads a 2.0 clip (every track double precision); its new animation id.
    pub fn load_clip(&mut self, clip: &Clip) -> Result<AnimationId, Refused> {
        let clip = engine_clip(clip)?;
        Ok(self.engine.load(&clip)?)
    }

    /// Replaces a loaded clip by a 1.x clip under the same id; its instances
    /// and players keep their state; the output table is rebuilt.
    pub fn reload_animation(
        &mut self,
        anim: AnimationId,
        clip: &AnimationClip,
    ) -> Result<(), Refused> {
        let clip = engine_clip_v1(clip)?;
        Ok(self.engine.reload(anim, &clip)?)
    }

    /// Replaces a loaded clip by a 2.0 clip; its tracks become double precision.
    pub fn reload_clip(&mut self, anim: AnimationId, clip: &Clip) -> Result<(), Refused> {
        let clip = engine_clip(clip)?;
        Ok(self.engine.reload(anim, &clip)?)
    }

    /// Unloads a clip and every instance of it on every player.
    pub fn unload_animation(&mut self, anim: AnimationId) -> Result<(), Refused> {
        Ok(self.engine.unload(anim)?)
    }
}
