//! Loading, reloading, unloading and baking clips.

use arora_types::value::Value;

use super::answer::{boolean, id, optional_record};
use super::{AnimationClient, AnimationId, Caller, ClientError, ClipTime, optional};
use crate::animation::ids;
use crate::convert::time::unsigned;
use crate::records::{AnimationClip, BakedAnimation, Clip};

impl<C: Caller> AnimationClient<C> {
    /// `load_clip`: the new animation's id, or `None` when the clip does not convert or
    /// validate.
    pub fn load_clip(&mut self, clip: &Clip) -> Result<Option<AnimationId>, ClientError> {
        use ids::load_clip as f;
        let answer = self.send(
            "load_clip",
            f::FUNCTION,
            vec![(f::CLIP, clip.clone().into())],
        )?;
        id("load_clip", answer, AnimationId::from_raw)
    }

    /// `load_animation`: a 1.x clip's new animation id, or `None` when refused.
    pub fn load_animation(
        &mut self,
        clip: &AnimationClip,
    ) -> Result<Option<AnimationId>, ClientError> {
        use ids::load_animation as f;
        let args = vec![(f::CLIP, clip.clone().into())];
        let answer = self.send("load_animation", f::FUNCTION, args)?;
        id("load_animation", answer, AnimationId::from_raw)
    }

    /// `reload_clip`: whether the loaded clip `anim` was replaced.
    pub fn reload_clip(&mut self, anim: AnimationId, clip: &Clip) -> Result<bool, ClientError> {
        use ids::reload_clip as f;
        let args = vec![(f::ANIM, anim.raw().into()), (f::CLIP, clip.clone().into())];
        let answer = self.send("reload_clip", f::FUNCTION, args)?;
        boolean("reload_clip", answer)
    }

    /// `reload_animation`: whether the loaded clip `anim` was replaced by the 1.x `clip`.
    pub fn reload_animation(
        &mut self,
        anim: AnimationId,
        clip: &AnimationClip,
    ) -> Result<bool, ClientError> {
        use ids::reload_animation as f;
        let args = vec![(f::ANIM, anim.raw().into()), (f::CLIP, clip.clone().into())];
        let answer = self.send("reload_animation", f::FUNCTION, args)?;
        boolean("reload_animation", answer)
    }

    /// `unload_animation`: whether `anim` was loaded (it and its instances are gone).
    pub fn unload_animation(&mut self, anim: AnimationId) -> Result<bool, ClientError> {
        use ids::unload_animation as f;
        let answer = self.send(
            "unload_animation",
            f::FUNCTION,
            vec![(f::ANIM, anim.raw().into())],
        )?;
        boolean("unload_animation", answer)
    }

    /// `bake`: `anim` sampled at `frame_rate` (60 when `None`) over `[start, end]`
    /// (the clip when `None`); `None` when refused.
    pub fn bake(
        &mut self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<Option<BakedAnimation>, ClientError> {
        use ids::bake as f;
        let args = bake_args(
            [f::ANIM, f::FRAME_RATE, f::START_NS, f::END_NS],
            anim,
            frame_rate,
            [start, end],
        );
        let answer = self.send("bake", f::FUNCTION, args)?;
        optional_record("bake", answer)
    }

    /// `bake_with_derivatives`: [`bake`](Self::bake) with each number sample's clip-local
    /// velocity.
    pub fn bake_with_derivatives(
        &mut self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<Option<BakedAnimation>, ClientError> {
        use ids::bake_with_derivatives as f;
        let args = bake_args(
            [f::ANIM, f::FRAME_RATE, f::START_NS, f::END_NS],
            anim,
            frame_rate,
            [start, end],
        );
        let answer = self.send("bake_with_derivatives", f::FUNCTION, args)?;
        optional_record("bake_with_derivatives", answer)
    }
}

/// The two bakes' arguments under their parameter ids. A clip time before 0 crosses as 0:
/// the contract's bake window is unsigned.
fn bake_args(
    params: [arora_types::Uuid; 4],
    anim: AnimationId,
    frame_rate: Option<f32>,
    window: [Option<ClipTime>; 2],
) -> Vec<(arora_types::Uuid, Value)> {
    let [anim_id, rate_id, start_id, end_id] = params;
    let [start, end] = window.map(|time| time.map(|time| unsigned(time.ns())));
    vec![
        (anim_id, anim.raw().into()),
        (rate_id, optional(frame_rate)),
        (start_id, optional(start)),
        (end_id, optional(end)),
    ]
}
