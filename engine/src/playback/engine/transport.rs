//! Transport commands, stepping and reading the players (playback §2, §3, §6).

use crate::playback::clock::speed_is_valid;
use crate::playback::engine::Engine;
use crate::playback::instance::PlayerId;
use crate::playback::output::Output;
use crate::playback::output_table;
use crate::playback::records::PlayerRecord;
use crate::playback::transport::Command;

impl Engine {
    /// Plays from where the player stands, anchored now; clears reversed,
    /// turned, entered and ended. `true` iff the player exists.
    pub fn play(&mut self, player: PlayerId) -> bool {
        self.command(player, Command::Play)
    }

    /// Pauses, keeping every flag and cancelling any play_at wait.
    pub fn pause(&mut self, player: PlayerId) -> bool {
        self.command(player, Command::Pause)
    }

    /// Stops: the playhead goes to the lower window bound; flags cleared.
    pub fn stop(&mut self, player: PlayerId) -> bool {
        self.command(player, Command::Stop)
    }

    /// Plays from device time `start`, holding until then (§3.3).
    pub fn play_at(&mut self, player: PlayerId, start: i64) -> bool {
        self.command(player, Command::PlayAt(start))
    }

    /// Moves the playhead to `position`; re-anchors a running player.
    pub fn seek(&mut self, player: PlayerId, position: i64) -> bool {
        self.command(player, Command::Seek(position))
    }

    /// Sets the signed speed (finite, `|s| <= 2^20`); re-anchors a running
    /// player; clears the flags only when the sign class changes.
    pub fn set_speed(&mut self, player: PlayerId, speed: f64) -> bool {
        speed_is_valid(speed) && self.command(player, Command::SetSpeed(speed))
    }

    /// Sets the window (end none = the length); only "entered" is reset.
    pub fn set_window(&mut self, player: PlayerId, start: i64, end: Option<i64>) -> bool {
        self.command(player, Command::SetWindow { start, end })
    }

    /// Sets the reversed flag; `true` also marks the player as turned.
    pub fn set_reversed(&mut self, player: PlayerId, reversed: bool) -> bool {
        self.command(player, Command::SetReversed(reversed))
    }

    /// Applies a command at the engine clock, or queues it before the first step.
    fn command(&mut self, player: PlayerId, command: Command) -> bool {
        let Some(index) = self.index(player) else {
            return false;
        };
        match self.clock {
            Some(at) => self.apply(index, command, at),
            None => self.queue.push((player, command)),
        }
        true
    }

    fn apply(&mut self, index: usize, command: Command, at: i64) {
        let length = self.length_at(index);
        self.players[index].apply(command, at, length);
    }

    /// Advances the device clock to `now` and every player with it, then
    /// returns one output per position (§2.3). On the first step the queued
    /// commands apply first, at `now − dt` (saturating).
    pub fn step(&mut self, now: i64, dt: i64) -> &[Output] {
        if self.clock.is_none() {
            let start = now.saturating_sub(dt);
            for (player, command) in std::mem::take(&mut self.queue) {
                if let Some(index) = self.index(player) {
                    self.apply(index, command, start);
                }
            }
        }
        self.clock = Some(now);
        for index in 0..self.players.len() {
            let length = self.length_at(index);
            self.players[index].advance(now, length);
        }
        self.outputs()
    }

    /// The outputs where the players stand now, without moving them.
    pub fn outputs(&mut self) -> &[Output] {
        output_table::evaluate(&mut self.players, &self.animations, &mut self.outputs);
        &self.outputs
    }

    /// One record per player, in creation order. Queued commands are not
    /// yet reflected before the first step.
    pub fn players(&self) -> Vec<PlayerRecord> {
        (0..self.players.len())
            .map(|index| PlayerRecord::of(&self.players[index], self.length_at(index)))
            .collect()
    }

    /// Where a player's playhead stands; a cheap read for every frame.
    pub fn position(&self, player: PlayerId) -> Option<i64> {
        Some(self.players[self.index(player)?].head.position)
    }

    /// One player's record.
    pub fn player(&self, player: PlayerId) -> Option<PlayerRecord> {
        let index = self.index(player)?;
        Some(PlayerRecord::of(
            &self.players[index],
            self.length_at(index),
        ))
    }
}
