//! The typed API for transport (docs/contract.md §4.8): every command is checked at
//! once; before the first step the engine queues it (docs/playback.md §2.2).

use animation_engine::PlayerId;

use crate::convert::time::{device_time, position};
use crate::module::AnimationModule;
use crate::typed::refused::Refused;

impl AnimationModule {
    /// Plays from where the player stands.
    pub fn try_play(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.play(player)?)
    }

    /// Pauses in place, keeping every flag.
    pub fn try_pause(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.pause(player)?)
    }

    /// Stops at the lower window bound.
    pub fn try_stop(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.stop(player)?)
    }

    /// Moves the playhead to `time_ns`.
    pub fn try_seek(&mut self, player: PlayerId, time_ns: u64) -> Result<(), Refused> {
        Ok(self.engine.seek(player, position(time_ns))?)
    }

    /// Starts playing at the absolute device time `time_ns`.
    pub fn try_play_at(&mut self, player: PlayerId, time_ns: u64) -> Result<(), Refused> {
        Ok(self.engine.play_at(player, device_time(time_ns))?)
    }

    /// Sets the speed, widened to f64: finite, with |speed| ≤ 2^20.
    pub fn try_set_speed(&mut self, player: PlayerId, speed: f32) -> Result<(), Refused> {
        Ok(self.engine.set_speed(player, f64::from(speed))?)
    }

    /// Sets the window as given (no ordering check); the playhead stays.
    pub fn try_set_window(
        &mut self,
        player: PlayerId,
        start_ns: u64,
        end_ns: Option<u64>,
    ) -> Result<(), Refused> {
        Ok(self
            .engine
            .set_window(player, position(start_ns), end_ns.map(position))?)
    }

    /// Heads against the speed's sign, as a player does after a turn.
    pub fn try_set_reversed(&mut self, player: PlayerId, reversed: bool) -> Result<(), Refused> {
        Ok(self.engine.set_reversed(player, reversed)?)
    }
}
