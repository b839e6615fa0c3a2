//! Players and their instances: creating, removing, weights and timing.

use super::answer::{boolean, id, one_or_zero};
use super::{
    AnimationClient, AnimationId, Caller, ClientError, InstanceId, PlayerId, TimelinePosition,
    optional,
};
use crate::animation::ids;

impl<C: Caller> AnimationClient<C> {
    /// `create_player`: a new looping player told to play, named `name` (`""` when
    /// `None`); `None` when ids are used up.
    pub fn create_player(&mut self, name: Option<&str>) -> Result<Option<PlayerId>, ClientError> {
        use ids::create_player as f;
        let args = vec![(f::NAME, optional(name.map(str::to_string)))];
        let answer = self.send("create_player", f::FUNCTION, args)?;
        id("create_player", answer, PlayerId::from_raw)
    }

    /// `remove_player`: whether `player` existed (it and its instances are gone).
    pub fn remove_player(&mut self, player: PlayerId) -> Result<bool, ClientError> {
        use ids::remove_player as f;
        let args = vec![(f::PLAYER, player.raw().into())];
        let answer = self.send("remove_player", f::FUNCTION, args)?;
        boolean("remove_player", answer)
    }

    /// `add_instance`: `anim` on `player` at weight 1; the new instance, or `None`.
    pub fn add_instance(
        &mut self,
        player: PlayerId,
        anim: AnimationId,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::add_instance as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::ANIM, anim.raw().into()),
        ];
        let answer = self.send("add_instance", f::FUNCTION, args)?;
        id("add_instance", answer, InstanceId::from_raw)
    }

    /// `add_instance_with_weight`: `anim` on `player` at `weight`; the new instance, or
    /// `None`.
    pub fn add_instance_with_weight(
        &mut self,
        player: PlayerId,
        anim: AnimationId,
        weight: f32,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::add_instance_with_weight as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::ANIM, anim.raw().into()),
            (f::WEIGHT, weight.into()),
        ];
        let answer = self.send("add_instance_with_weight", f::FUNCTION, args)?;
        id("add_instance_with_weight", answer, InstanceId::from_raw)
    }

    /// `remove_instance`: whether `instance` was on `player`.
    pub fn remove_instance(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<bool, ClientError> {
        use ids::remove_instance as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::INSTANCE, instance.raw().into()),
        ];
        let answer = self.send("remove_instance", f::FUNCTION, args)?;
        one_or_zero("remove_instance", answer)
    }

    /// `set_weight`: the instance, or `None` when unknown or the weight is refused.
    pub fn set_weight(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        weight: f32,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::set_weight as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::INSTANCE, instance.raw().into()),
            (f::WEIGHT, weight.into()),
        ];
        let answer = self.send("set_weight", f::FUNCTION, args)?;
        id("set_weight", answer, InstanceId::from_raw)
    }

    /// `set_start_offset`: where the clip's 0 falls on the player's timeline.
    pub fn set_start_offset(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        offset: TimelinePosition,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::set_start_offset as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::INSTANCE, instance.raw().into()),
            (f::OFFSET_NS, offset.ns().into()),
        ];
        let answer = self.send("set_start_offset", f::FUNCTION, args)?;
        id("set_start_offset", answer, InstanceId::from_raw)
    }

    /// `set_rate`: the clip-local rate (finite, > 0).
    pub fn set_rate(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        rate: f64,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::set_rate as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::INSTANCE, instance.raw().into()),
            (f::RATE, rate.into()),
        ];
        let answer = self.send("set_rate", f::FUNCTION, args)?;
        id("set_rate", answer, InstanceId::from_raw)
    }

    /// `set_time_scale`: the rate set to `1 / time_scale` (finite, > 0).
    pub fn set_time_scale(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        time_scale: f32,
    ) -> Result<Option<InstanceId>, ClientError> {
        use ids::set_time_scale as f;
        let args = vec![
            (f::PLAYER, player.raw().into()),
            (f::INSTANCE, instance.raw().into()),
            (f::TIME_SCALE, time_scale.into()),
        ];
        let answer = self.send("set_time_scale", f::FUNCTION, args)?;
        id("set_time_scale", answer, InstanceId::from_raw)
    }
}
