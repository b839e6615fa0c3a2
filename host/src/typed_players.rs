//! The typed API for players and instances (contract §4.7, playback §1.2).

use animation_engine::{AnimationId, InstanceId, LoopMode, PlayerId, Timing, weight_is_valid};

use crate::module::{AnimationModule, ns};
use crate::refused::Refused;

impl AnimationModule {
    /// Creates a player named `name`, set to loop and told to play (a queued
    /// command before the first step); its new id. Never fails.
    pub fn create_player(&mut self, name: &str) -> PlayerId {
        let player = self.engine.create_player(name);
        self.edited(true);
        self.engine.set_mode(player, LoopMode::Loop);
        self.engine.play(player);
        player
    }

    /// Removes a player and its instances; clips stay loaded.
    pub fn try_remove_player(&mut self, player: PlayerId) -> Result<(), Refused> {
        let removed = self.engine.remove_player(player);
        self.edited(removed)
            .then_some(())
            .ok_or(Refused::UnknownPlayer(player))
    }

    /// Puts a loaded clip on a player at `weight` (finite, ≥ 0), offset 0,
    /// rate 1; the new instance id. A refusal uses no id.
    pub fn try_add_instance(
        &mut self,
        player: PlayerId,
        anim: AnimationId,
        weight: f32,
    ) -> Result<InstanceId, Refused> {
        let weight = f64::from(weight);
        if !weight_is_valid(weight) {
            return Err(Refused::Weight(weight));
        }
        let Some(added) = self
            .engine
            .add_instance(player, anim, weight, Timing::default())
        else {
            return Err(match self.engine.player(player) {
                None => Refused::UnknownPlayer(player),
                Some(_) => Refused::UnknownAnimation(anim),
            });
        };
        self.edited(true);
        Ok(added)
    }

    /// Removes an instance from the player it belongs to.
    pub fn try_remove_instance(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<(), Refused> {
        let removed = self.engine.remove_instance(player, instance);
        self.edited(removed)
            .then_some(())
            .ok_or(Refused::UnknownInstance { player, instance })
    }

    /// Sets an instance's weight (finite, ≥ 0; 0 silences it).
    pub fn try_set_weight(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        weight: f32,
    ) -> Result<(), Refused> {
        let weight = f64::from(weight);
        if !weight_is_valid(weight) {
            return Err(Refused::Weight(weight));
        }
        self.engine
            .set_weight(player, instance, weight)
            .then_some(())
            .ok_or(Refused::UnknownInstance { player, instance })
    }

    /// Sets where the clip's 0 falls on the player's timeline; keeps the rate.
    pub fn try_set_start_offset(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        offset_ns: i64,
    ) -> Result<(), Refused> {
        let timing = self.timing(player, instance)?;
        self.set_timing(player, instance, offset_ns, timing.rate)
    }

    /// Sets the clip-local rate (finite, > 0); keeps the offset. The instance
    /// is looked up first, then the rate checked.
    pub fn try_set_rate(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        rate: f64,
    ) -> Result<(), Refused> {
        let timing = self.timing(player, instance)?;
        self.set_timing(player, instance, timing.offset, rate)
    }

    /// Sets the rate to `1 / time_scale` in f64; the time scale (finite, > 0)
    /// is checked before anything is looked up.
    pub fn try_set_time_scale(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        time_scale: f32,
    ) -> Result<(), Refused> {
        if !time_scale.is_finite() || time_scale <= 0.0 {
            return Err(Refused::TimeScale(time_scale));
        }
        self.try_set_rate(player, instance, 1.0 / f64::from(time_scale))
    }

    /// Sets the loop mode by name: exactly `once`, `loop`, `bounce` or
    /// `ping_pong`. Takes effect at once, even before the first step.
    pub fn try_set_loop(&mut self, player: PlayerId, mode: &str) -> Result<(), Refused> {
        let mode = LoopMode::from_name(mode).ok_or_else(|| Refused::LoopMode(mode.to_string()))?;
        self.engine
            .set_mode(player, mode)
            .then_some(())
            .ok_or(Refused::UnknownPlayer(player))
    }

    /// Sets the player's timeline length, or returns it to the latest end of
    /// its instances. Takes effect at once.
    pub fn try_set_length(
        &mut self,
        player: PlayerId,
        length_ns: Option<u64>,
    ) -> Result<(), Refused> {
        self.engine
            .set_length(player, length_ns.map(ns))
            .then_some(())
            .ok_or(Refused::UnknownPlayer(player))
    }

    fn timing(&self, player: PlayerId, instance: InstanceId) -> Result<Timing, Refused> {
        self.engine
            .timing(player, instance)
            .ok_or(Refused::UnknownInstance { player, instance })
    }

    fn set_timing(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        offset: i64,
        rate: f64,
    ) -> Result<(), Refused> {
        let timing = Timing { offset, rate };
        if !timing.is_valid() {
            return Err(Refused::Rate(rate));
        }
        self.engine
            .set_timing(player, instance, timing)
            .then_some(())
            .ok_or(Refused::UnknownInstance { player, instance })
    }
}
