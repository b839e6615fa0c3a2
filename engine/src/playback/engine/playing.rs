//! Transport commands, stepping and reading the players (docs/playback.md §2, §3, §6).

use crate::playback::batch::Batch;
use crate::playback::clock::MAX_SPEED;
use crate::playback::engine::Engine;
use crate::playback::error::PlaybackError;
use crate::playback::evaluate;
use crate::playback::ids::PlayerId;
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
        let held = self.players.get_mut(&player);
        let held = held.ok_or(PlaybackError::UnknownPlayer(player))?;
        match self.clock {
            Some(at) => held.apply(command, at, held.length()),
            None => held.queued.push(command),
        }
        Ok(())
    }

    /// Advances the device clock to `now` and every player with it, then
    /// evaluates every output position (docs/playback.md §2.3). On the first step the queued
    /// commands apply first, at `now − dt` (saturating).
    pub fn step(&mut self, now: DeviceTime, dt: DeviceSpan) -> Step<'_> {
        let first = self.clock.is_none();
        self.clock = Some(now);
        // One walk: each player advanced, then evaluated while its state is in cache.
        let mut batch = Batch::new();
        for player in self.players.values_mut() {
            if first {
                let start = now.saturating_sub(dt);
                for command in std::mem::take(&mut player.queued) {
                    player.apply(command, start, player.length());
                }
            }
            player.advance(now, player.length());
            evaluate::evaluate_player(player, &mut batch);
        }
        Step::of(&self.players, &self.table)
    }

    /// Evaluates the outputs where the players stand now, without moving them.
    pub fn evaluate(&mut self) -> Step<'_> {
        evaluate::evaluate(&mut self.players);
        Step::of(&self.players, &self.table)
    }

    /// One record per player, in creation order. Queued commands are not
    /// yet reflected before the first step.
    pub fn players(&self) -> Vec<PlayerRecord> {
        self.players
            .values()
            .map(|player| PlayerRecord::of(player, player.length()))
            .collect()
    }

    /// Where a player's playhead stands on its timeline; a cheap read for every frame.
    pub fn position(&self, player: PlayerId) -> Option<TimelinePosition> {
        let held = self.players.get(&player)?;
        Some(TimelinePosition::from_ns(held.head.position))
    }

    /// One player's record.
    pub fn player(&self, player: PlayerId) -> Result<PlayerRecord, PlaybackError> {
        let held = self.lookup(player)?;
        Ok(PlayerRecord::of(held, held.length()))
    }
}
