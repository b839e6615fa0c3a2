//! The typed API for players and instances (docs/contract.md §4.7, docs/playback.md §1.2).

use animation_engine::{AnimationId, InstanceId, LoopMode, PlayerId, TimelinePosition, Timing};

use crate::state::AnimationModule;
use crate::typed::refused::Refused;

impl AnimationModule {
    /// Creates a player named `name`, set to loop and told to play (a queued
    /// command before the first step); its new id. Refused only once player
    /// ids run out.
    pub fn create_player(&mut self, name: &str) -> Result<PlayerId, Refused> {
        let player = self.engine.create_player(name)?;
        self.engine.set_mode(player, LoopMode::Loop)?;
        self.engine.play(player)?;
        Ok(player)
    }

    /// Removes a player and its instances; clips stay loaded.
    pub fn remove_player(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.remove_player(player)?)
    }

    /// Puts a loaded clip on a player at `weight` (finite, ≥ 0), offset 0,
    /// rate 1; the new instance id. A refusal uses no id.
    pub fn add_instance(
        &mut self,
        player: PlayerId,
        anim: AnimationId,
        weight: f32,
    ) -> Result<InstanceId, Refused> {
        let weight = f64::from(weight);
        Ok(self
            .engine
            .add_instance(player, anim, weight, Timing::default())?)
    }

    /// Removes an instance from the player it belongs to.
    pub fn remove_instance(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<(), Refused> {
        Ok(self.engine.remove_instance(player, instance)?)
    }

    /// Sets an instance's weight (finite, ≥ 0; 0 silences it).
    pub fn set_weight(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        weight: f32,
    ) -> Result<(), Refused> {
        Ok(self
            .engine
            .set_weight(player, instance, f64::from(weight))?)
    }

    /// Sets where the clip's 0 falls on the player's timeline; keeps the rate.
    pub fn set_start_offset(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        offset: TimelinePosition,
    ) -> Result<(), Refused> {
        self.retime(player, instance, |timing| Timing { offset, ..timing })
    }

    /// Sets the clip-local rate (finite, > 0); keeps the offset. The instance
    /// is looked up first, then the rate checked.
    pub fn set_rate(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        rate: f64,
    ) -> Result<(), Refused> {
        self.retime(player, instance, |timing| Timing { rate, ..timing })
    }

    /// An instance's timing changed as `change` says: the instance looked up first, then
    /// the new timing checked (its rate finite, > 0) and set.
    fn retime(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        change: impl FnOnce(Timing) -> Timing,
    ) -> Result<(), Refused> {
        let timing = change(self.engine.timing(player, instance)?);
        Ok(self.engine.set_timing(player, instance, timing)?)
    }

    /// Sets the rate to `1 / time_scale` in f64; the time scale (finite, > 0)
    /// is checked before anything is looked up.
    pub fn set_time_scale(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        time_scale: f32,
    ) -> Result<(), Refused> {
        if !time_scale.is_finite() || time_scale <= 0.0 {
            return Err(Refused::TimeScale(time_scale));
        }
        self.set_rate(player, instance, 1.0 / f64::from(time_scale))
    }

    /// Sets the loop mode. Takes effect at once, even before the first step.
    pub fn set_loop(&mut self, player: PlayerId, mode: LoopMode) -> Result<(), Refused> {
        Ok(self.engine.set_mode(player, mode)?)
    }

    /// Sets the player's timeline length, or returns it to the latest end of
    /// its instances. Takes effect at once.
    pub fn set_length(
        &mut self,
        player: PlayerId,
        length: Option<TimelinePosition>,
    ) -> Result<(), Refused> {
        Ok(self.engine.set_length(player, length)?)
    }
}
