//! The typed API for transport (docs/contract.md §4.8): every command is checked at
//! once; before the first step the engine queues it (docs/playback.md §2.2).

use animation_engine::{DeviceTime, PlayerId, TimelinePosition};

use crate::state::AnimationModule;
use crate::typed::refused::Refused;

impl AnimationModule {
    /// Plays from where the player stands.
    pub fn play(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.play(player)?)
    }

    /// Pauses in place, keeping every flag.
    pub fn pause(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.pause(player)?)
    }

    /// Stops at the lower window bound.
    pub fn stop(&mut self, player: PlayerId) -> Result<(), Refused> {
        Ok(self.engine.stop(player)?)
    }

    /// Moves the playhead to `to`.
    pub fn seek(&mut self, player: PlayerId, to: TimelinePosition) -> Result<(), Refused> {
        Ok(self.engine.seek(player, to)?)
    }

    /// Starts playing at the absolute device time `at`.
    pub fn play_at(&mut self, player: PlayerId, at: DeviceTime) -> Result<(), Refused> {
        Ok(self.engine.play_at(player, at)?)
    }

    /// Sets the speed, widened to f64: finite, with |speed| ≤ 2^20.
    pub fn set_speed(&mut self, player: PlayerId, speed: f32) -> Result<(), Refused> {
        Ok(self.engine.set_speed(player, f64::from(speed))?)
    }

    /// Sets the window as given (no ordering check); the playhead stays.
    pub fn set_window(
        &mut self,
        player: PlayerId,
        start: TimelinePosition,
        end: Option<TimelinePosition>,
    ) -> Result<(), Refused> {
        Ok(self.engine.set_window(player, start, end)?)
    }

    /// Heads against the speed's sign, as a player does after a turn.
    pub fn set_reversed(&mut self, player: PlayerId, reversed: bool) -> Result<(), Refused> {
        Ok(self.engine.set_reversed(player, reversed)?)
    }
}
