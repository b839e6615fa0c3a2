//! The core engine (docs/playback.md §1.1): loaded clips, players, instances and the
//! output table. Transport and stepping live in `playing.rs`, bakes in `bake.rs`.

mod bake;
mod bounds;
mod playing;

use std::sync::Arc;

use crate::clip::valid_clip::ValidClip;
use crate::curve::track::CompiledClip;
use crate::playback::error::PlaybackError;
use crate::playback::ids::{AnimationId, IdCounter, IdKind, InstanceId, PlayerId};
use crate::playback::instance::{Instance, Timing, rate_is_valid, weight_is_valid};
use crate::playback::library::Animations;
use crate::playback::loop_mode::LoopMode;
use crate::playback::output::OutputPosition;
use crate::playback::output_table::OutputTable;
use crate::playback::player::{Player, Players};
use crate::playback::records::PlayerSize;
use crate::playback::step::Step;
use crate::time::{DeviceTime, TimelinePosition};

/// Loaded clips, players with their instances, and the output table.
///
/// Structural edits (load … set_length, set_mode) take effect at once;
/// transport commands apply at the engine clock, or are queued until the first
/// step (docs/playback.md §2.2). Every refusal is a [`PlaybackError`] naming its reason;
/// nothing changes on a refusal.
///
/// ```
/// use animation_engine::{Clip, DeviceSpan, DeviceTime, Easing, Engine, KeyValue, Keypoint};
/// use animation_engine::{LoopMode, OutputValue, Pairing, TimelinePosition, Timing, Track};
/// use animation_engine::Transition;
///
/// let key = |time_ns, v| Keypoint {
///     id: String::new(),
///     time_ns,
///     value: KeyValue::Number(v),
///     arrive: Some(Transition::Ease(Easing::Linear)),
///     leave: Some(Transition::Ease(Easing::Linear)),
///     pairing: Pairing::None,
/// };
/// let keypoints = vec![key(0, 0.0), key(1_000_000_000, 1000.0)];
/// let track = Track { id: "tx".into(), name: String::new(), target: "x".into(), keypoints };
/// let clip = Clip { name: "r1".into(), length_ns: None, tracks: vec![track] };
/// let mut engine = Engine::new();
/// let clip = engine.load(&clip.validate()?)?;
/// let player = engine.create_player("p")?;
/// engine.add_instance(player, clip, 1.0, Timing::default())?;
/// engine.set_mode(player, LoopMode::Loop)?;
/// engine.play(player)?; // queued: applies at the first step's start, now − dt = 0
/// let step = engine.step(DeviceTime::from_ns(250_000_000), DeviceSpan::from_ns(250_000_000));
/// let (position, output) = step.iter().next().expect("one position");
/// let Some(OutputValue::Number(x)) = output.value() else { unreachable!() };
/// assert!((x - 250.0).abs() < 1e-9);
/// assert_eq!(position.key, "x");
/// assert_eq!(engine.position(player), Some(TimelinePosition::from_ns(250_000_000)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Engine {
    pub(crate) animations: Animations,
    pub(crate) players: Players,
    pub(crate) table: OutputTable,
    pub(crate) clock: Option<DeviceTime>,
    player_ids: IdCounter,
    instance_ids: IdCounter,
}

impl Engine {
    /// An engine with nothing loaded, no players, revision 0 and no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// An engine whose first animation, player and instance ids are all `first`: for tests
    /// of what happens when ids run out, without handing out four billion of them (the
    /// `testing` feature).
    #[cfg(any(test, feature = "testing"))]
    pub fn with_first_ids(first: u32) -> Self {
        Self {
            animations: Animations::starting_at(first),
            player_ids: IdCounter::starting_at(first),
            instance_ids: IdCounter::starting_at(first),
            ..Self::default()
        }
    }

    /// Loads a validated clip under a new id. Does not change the revision.
    pub fn load(&mut self, clip: &ValidClip) -> Result<AnimationId, PlaybackError> {
        self.animations
            .load(clip)
            .ok_or(PlaybackError::IdsExhausted(IdKind::Animation))
    }

    /// Replaces a loaded clip under the same id; its instances keep their
    /// weights and timings, players keep their transport. The sections of the
    /// players holding it are rebuilt, and no other player is visited.
    pub fn reload(
        &mut self,
        animation: AnimationId,
        clip: &ValidClip,
    ) -> Result<(), PlaybackError> {
        let reloaded = self.animations.reload(animation, clip);
        let (clip, holders) = reloaded.ok_or(PlaybackError::UnknownAnimation(animation))?;
        for player in holders {
            if let Some(player) = self.players.get_mut(player) {
                let instances = player.instances.iter_mut();
                for instance in instances.filter(|i| i.animation == animation) {
                    instance.clip = Arc::clone(clip);
                }
                self.table.rebuild_section(player);
            }
        }
        self.table.edited();
        Ok(())
    }

    /// Unloads a clip and removes every instance of it from the players holding it.
    pub fn unload(&mut self, animation: AnimationId) -> Result<(), PlaybackError> {
        let holders = self.animations.unload(animation);
        let holders = holders.ok_or(PlaybackError::UnknownAnimation(animation))?;
        for player in &holders {
            if let Some(player) = self.players.get_mut(player) {
                player.instances.retain(|i| i.animation != animation);
                self.table.rebuild_section(player);
            }
        }
        self.table.edited();
        Ok(())
    }

    /// Creates a player: paused at 0, speed 1, once, window (0, none).
    pub fn create_player(&mut self, name: &str) -> Result<PlayerId, PlaybackError> {
        let id = self.player_ids.take().map(PlayerId::from_raw);
        let id = id.ok_or(PlaybackError::IdsExhausted(IdKind::Player))?;
        self.players.insert(id, Box::new(Player::new(id, name)));
        self.table.edited();
        Ok(id)
    }

    /// Removes a player, its instances and its queued commands.
    pub fn remove_player(&mut self, player: PlayerId) -> Result<(), PlaybackError> {
        let removed = self.players.remove(&player);
        let removed = removed.ok_or(PlaybackError::UnknownPlayer(player))?;
        self.table.remove_section(&removed);
        for instance in &removed.instances {
            self.animations.release(instance.animation, player);
        }
        self.table.edited();
        Ok(())
    }

    /// Adds an instance of a loaded animation to a player. Checked in this order: the
    /// player, the animation, the weight (finite, `>= 0`), the rate (finite, `> 0`).
    pub fn add_instance(
        &mut self,
        player: PlayerId,
        animation: AnimationId,
        weight: f64,
        timing: Timing,
    ) -> Result<InstanceId, PlaybackError> {
        let held = self.players.get_mut(&player);
        let held = held.ok_or(PlaybackError::UnknownPlayer(player))?;
        let clip = self.animations.get(animation);
        let clip = clip.ok_or(PlaybackError::UnknownAnimation(animation))?;
        check_weight(weight)?;
        check_rate(timing.rate)?;
        let id = self.instance_ids.take().map(InstanceId::from_raw);
        let id = id.ok_or(PlaybackError::IdsExhausted(IdKind::Instance))?;
        let instance = Instance::new(id, animation, Arc::clone(clip), weight, timing);
        held.instances.push(instance);
        self.animations.hold(animation, player);
        self.table.rebuild_section(held);
        self.table.edited();
        Ok(id)
    }

    /// Removes an instance from the given player (an instance of another
    /// player is unknown).
    pub fn remove_instance(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<(), PlaybackError> {
        let held = self.players.get_mut(&player);
        let held = held.ok_or(PlaybackError::UnknownPlayer(player))?;
        let at = held.instances.iter().position(|i| i.id == instance);
        let at = at.ok_or(PlaybackError::UnknownInstance { player, instance })?;
        let animation = held.instances.remove(at).animation;
        if !held.instances.iter().any(|i| i.animation == animation) {
            self.animations.release(animation, player);
        }
        self.table.rebuild_section(held);
        self.table.edited();
        Ok(())
    }

    /// Sets an instance's weight (finite, `>= 0`), checked before the instance is looked up.
    pub fn set_weight(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        weight: f64,
    ) -> Result<(), PlaybackError> {
        check_weight(weight)?;
        self.instance_mut(player, instance)?.weight = weight;
        Ok(())
    }

    /// Sets an instance's offset and rate (rate finite, `> 0`), checked before the instance
    /// is looked up.
    pub fn set_timing(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
        timing: Timing,
    ) -> Result<(), PlaybackError> {
        check_rate(timing.rate)?;
        self.instance_mut(player, instance)?.timing = timing;
        Ok(())
    }

    /// An instance's current timing, looked up on the given player.
    pub fn timing(&self, player: PlayerId, instance: InstanceId) -> Result<Timing, PlaybackError> {
        let found = self
            .lookup(player)?
            .instances
            .iter()
            .find(|i| i.id == instance);
        found
            .map(|i| i.timing)
            .ok_or(PlaybackError::UnknownInstance { player, instance })
    }

    /// Sets (stored as `max(l, 0)`) or clears the player's length: where its timeline ends.
    /// Not queued; the next step measures its whole interval with it.
    pub fn set_length(
        &mut self,
        player: PlayerId,
        length: Option<TimelinePosition>,
    ) -> Result<(), PlaybackError> {
        self.lookup_mut(player)?.fixed_length = length.map(|l| l.max(TimelinePosition::ZERO));
        Ok(())
    }

    /// Sets the loop mode. Not queued and never moves the player; an ended
    /// player stays ended, a turn already taken still counts.
    pub fn set_mode(&mut self, player: PlayerId, mode: LoopMode) -> Result<(), PlaybackError> {
        self.lookup_mut(player)?.mode = mode;
        Ok(())
    }

    /// The table's revision (wrapping u32, bumped by every structural edit).
    pub fn revision(&self) -> u32 {
        self.table.revision
    }

    /// The output table: key and first track id per position, in table order.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &OutputPosition> + '_ {
        Step::of(&self.players, &self.table).positions()
    }

    /// The size of each player's record, in creation order, without copying a name.
    pub fn player_sizes(&self) -> impl ExactSizeIterator<Item = PlayerSize> + '_ {
        self.players.values().map(|player| PlayerSize {
            name_bytes: player.name.len(),
            instances: player.instances.len(),
        })
    }

    /// The device time of the last step; none before the first step.
    pub fn clock(&self) -> Option<DeviceTime> {
        self.clock
    }

    /// A player, by id.
    pub(crate) fn lookup(&self, player: PlayerId) -> Result<&Player, PlaybackError> {
        let found = self.players.get(&player).map(|player| &**player);
        found.ok_or(PlaybackError::UnknownPlayer(player))
    }

    /// A loaded animation's compiled clip, by id: what its bakes and bounds read.
    pub(crate) fn compiled(&self, animation: AnimationId) -> Result<&CompiledClip, PlaybackError> {
        let loaded = self.animations.get(animation);
        let loaded = loaded.ok_or(PlaybackError::UnknownAnimation(animation))?;
        Ok(&loaded.compiled)
    }

    /// A player, by id, to change.
    pub(crate) fn lookup_mut(&mut self, player: PlayerId) -> Result<&mut Player, PlaybackError> {
        let found = self.players.get_mut(&player).map(|player| &mut **player);
        found.ok_or(PlaybackError::UnknownPlayer(player))
    }

    fn instance_mut(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<&mut Instance, PlaybackError> {
        let instances = &mut self.lookup_mut(player)?.instances;
        let found = instances.iter_mut().find(|i| i.id == instance);
        found.ok_or(PlaybackError::UnknownInstance { player, instance })
    }
}

fn check_weight(weight: f64) -> Result<(), PlaybackError> {
    if weight_is_valid(weight) {
        Ok(())
    } else {
        Err(PlaybackError::InvalidWeight(weight))
    }
}

fn check_rate(rate: f64) -> Result<(), PlaybackError> {
    if rate_is_valid(rate) {
        Ok(())
    } else {
        Err(PlaybackError::InvalidRate(rate))
    }
}
