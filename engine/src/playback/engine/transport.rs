//! Transport commands, stepping and reading the players (docs/playback.md §2, §3, §6).

use crate::playback::clock::MAX_SPEED;
use crate::playback::engine::Engine;
use crate::playback::error::PlaybackError;
use crate::playback::ids::PlayerId;
use crate::playback::output_table;
use crate::playback::records::PlayerRecord;
use crate::playback::step::Step;
use crate::playback::transport::Command;
use crate::time::{DeviceSpan, DeviceTime, TimelinePosition};

impl Engine {
    /// Plays from where the player stands, anchored now; clears reversed,
    /// turned, entered and ended.
    pub fn play(&mut self, player: PlayerId) -> Result<(), PlaybackError> {
        self.command(player, Command::Play)
    }

    /// Pauses, keeping every flag and cancelling any play_at wait.
    pub fn pause(&mut self, player: PlayerId) -> Result<(), PlaybackError> {
        self.command(player, Command::Pause)
    }

    /// Stops: the playhead goes to the lower window bound; flags cleared.
    pub fn stop(&mut self, player: PlayerId) -> Result<(), PlaybackError> {
        self.command(player, Command::Stop)
    }

    /// Plays from device time `start`, holding until then (docs/playback.md §3.3).
    pub fn play_at(&mut self, player: PlayerId, start: DeviceTime) -> Result<(), PlaybackError> {
        self.command(player, Command::PlayAt(start))
    }

    /// Moves the playhead to `position`; re-anchors a running player.
    pub fn seek(
        &mut self,
        player: PlayerId,
        position: TimelinePosition,
    ) -> Result<(), PlaybackError> {
        self.command(player, Command::Seek(position))
    }

    /// Sets the signed speed (finite, `|s| <= 2^20`, checked before the player is looked
    /// up); re-anchors a running player; clears the flags only when the sign class changes.
    pub fn set_speed(&mut self, player: PlayerId, speed: f64) -> Result<(), PlaybackError> {
        if !speed.is_finite() {
            return Err(PlaybackError::SpeedNotFinite(speed));
        }
        if speed.abs() > MAX_SPEED {
            return Err(PlaybackError::SpeedTooLarge(speed));
        }
        self.command(player, Command::SetSpeed(speed))
    }

    /// Sets the window on the timeline (end none = the length; not sorted: an end before
    /// the start is kept as given, docs/playback.md §3.4); only "entered" is reset.
    pub fn set_window(
        &mut self,
        player: PlayerId,
        start: TimelinePosition,
        end: Option<TimelinePosition>,
    ) -> Result<(), PlaybackError> {
        self.command(player, Command::SetWindow { start, end })
    }

    /// Sets the reversed flag; `true` also marks the player as turned.
    pub fn set_reversed(&mut self, player: PlayerId, reversed: bool) -> Result<(), PlaybackError> {
        self.command(player, Command::SetReversed(reversed))
    }

    /// Applies a command at the engine clock, or queues it before the first step.
    fn command(&mut self, player: PlayerId, command: Command) -> Result<(), PlaybackError> {
        let index = self.index(player)?;
        match self.clock {
            Some(at) => self.apply(index, command, at),
            None => self.queue.push((player, command)),
        }
        Ok(())
    }

    fn apply(&mut self, index: usize, command: Command, at: DeviceTime) {
        let length = self.length_at(index);
        self.players[index].apply(command, at, length);
    }

    /// Advances the device clock to `now` and every player with it, then
    /// evaluates every output position (docs/playback.md §2.3). On the first step the queued
    /// commands apply first, at `now − dt` (saturating).
    pub fn step(&mut self, now: DeviceTime, dt: DeviceSpan) -> Step<'_> {
        if self.clock.is_none() {
            let start = now.saturating_sub(dt);
            for (player, command) in std::mem::take(&mut self.queue) {
                if let Ok(index) = self.index(player) {
                    self.apply(index, command, start);
                }
            }
        }
        self.clock = Some(now);
        for index in 0..self.players.len() {
            let length = self.length_at(index);
            self.players[index].advance(now, length);
        }
        self.evaluate()
    }

    /// Evaluates the outputs where the players stand now, without moving them.
    pub fn evaluate(&mut self) -> Step<'_> {
        output_table::evaluate(&mut self.players, &self.animations, &mut self.table.outputs);
        Step::of(&self.table)
    }

    /// One record per player, in creation order. Queued commands are not
    /// yet reflected before the first step.
    pub fn players(&self) -> Vec<PlayerRecord> {
        (0..self.players.len())
            .map(|index| PlayerRecord::of(&self.players[index], self.length_at(index)))
            .collect()
    }

    /// Where a player's playhead stands on its timeline; a cheap read for every frame.
    pub fn position(&self, player: PlayerId) -> Option<TimelinePosition> {
        let index = self.index(player).ok()?;
        Some(TimelinePosition::from_ns(self.players[index].head.position))
    }

    /// One player's record.
    pub fn player(&self, player: PlayerId) -> Result<PlayerRecord, PlaybackError> {
        let index = self.index(player)?;
        Ok(PlayerRecord::of(
            &self.players[index],
            self.length_at(index),
        ))
    }
}
