//! The typed API for clips: load, reload, unload (contract §4.6).

use animation_engine::AnimationId;

use crate::clip1::engine_clip_v1;
use crate::clip2::engine_clip;
use crate::module::AnimationModule;
use crate::records::{AnimationClip, Clip};
use crate::refused::Refused;

impl AnimationModule {
    /// Loads a 1.x clip; its new animation id. A refused clip loads nothing
    /// and uses no id.
    pub fn try_load_animation(&mut self, clip: &AnimationClip) -> Result<AnimationId, Refused> {
        let (clip, narrow) = engine_clip_v1(clip)?;
        Ok(self.engine.load(clip, narrow))
    }

    /// Loads a 2.0 clip (never narrow); its new animation id.
    pub fn try_load_clip(&mut self, clip: &Clip) -> Result<AnimationId, Refused> {
        let clip = engine_clip(clip)?;
        Ok(self.engine.load(clip, Vec::new()))
    }

    /// Replaces a loaded clip by a 1.x clip under the same id; its instances
    /// and players keep their state; the output table is rebuilt.
    pub fn try_reload_animation(
        &mut self,
        anim: AnimationId,
        clip: &AnimationClip,
    ) -> Result<(), Refused> {
        let (clip, narrow) = engine_clip_v1(clip)?;
        let reloaded = self.engine.reload(anim, clip, narrow);
        self.edited(reloaded)
            .then_some(())
            .ok_or(Refused::UnknownAnimation(anim))
    }

    /// Replaces a loaded clip by a 2.0 clip; its narrow flags become false.
    pub fn try_reload_clip(&mut self, anim: AnimationId, clip: &Clip) -> Result<(), Refused> {
        let clip = engine_clip(clip)?;
        let reloaded = self.engine.reload(anim, clip, Vec::new());
        self.edited(reloaded)
            .then_some(())
            .ok_or(Refused::UnknownAnimation(anim))
    }

    /// Unloads a clip and every instance of it on every player.
    pub fn try_unload_animation(&mut self, anim: AnimationId) -> Result<(), Refused> {
        let unloaded = self.engine.unload(anim);
        self.edited(unloaded)
            .then_some(())
            .ok_or(Refused::UnknownAnimation(anim))
    }
}
