//! The core engine (docs/playback.md §1.1): loaded clips, players, instances and the
//! output table. Transport and stepping live in `transport.rs`, bakes in `bake.rs`.

mod bake;
mod transport;

use crate::clip::valid::ValidClip;
use crate::playback::error::PlaybackError;
use crate::playback::ids::{AnimationId, IdCounter, IdKind, InstanceId, PlayerId};
use crate::playback::instance::{Instance, Timing, rate_is_valid, weight_is_valid};
use crate::playback::library::Animations;
use crate::playback::loop_mode::LoopMode;
use crate::playback::output::OutputPosition;
use crate::playback::output_table::OutputTable;
use crate::playback::player::Player;
use crate::playback::records::PlayerSize;
use crate::playback::transport::Command;
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
/// let Some(OutputValue::Number(x)) = step[0].value() else { unreachable!() };
/// assert!((x - 250.0).abs() < 1e-9);
/// assert_eq!(step.positions()[0].key, "x");
/// assert_eq!(engine.position(player), Some(TimelinePosition::from_ns(250_000_000)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Engine {
    pub(crate) animations: Animations,
    /// In creation order, so in increasing id order.
    pub(crate) players: Vec<Player>,
    pub(crate) table: OutputTable,
    pub(crate) clock: Option<DeviceTime>,
    pub(crate) queue: Vec<(PlayerId, Command)>,
    player_ids: IdCounter,
    instance_ids: IdCounter,
}

impl Engine {
    /// An engine with nothing loaded, no players, revision 0 and no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// An engine whose first animation, player and instance ids are all `first`: for tests
    /// of what happens when ids run out, without handing out four billion of them.
    #[doc(hidden)]
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
    /// players holding it are rebuilt.
    pub fn reload(
        &mut self,
        animation: AnimationId,
        clip: &ValidClip,
    ) -> Result<(), PlaybackError> {
        if !self.animations.reload(animation, clip) {
            return Err(PlaybackError::UnknownAnimation(animation));
        }
        self.rebuild_holders(animation, |instances| {
            for instance in instances.iter_mut().filter(|i| i.animation == animation) {
                instance.cursors.clear();
            }
        });
        Ok(())
    }

    /// Unloads a clip and removes every instance of it on every player.
    pub fn unload(&mut self, animation: AnimationId) -> Result<(), PlaybackError> {
        if !self.animations.unload(animation) {
            return Err(PlaybackError::UnknownAnimation(animation));
        }
        self.rebuild_holders(animation, |instances| {
            instances.retain(|instance| instance.animation != animation);
        });
        Ok(())
    }

    /// Creates a player: paused at 0, speed 1, once, window (0, none).
    pub fn create_player(&mut self, name: &str) -> Result<PlayerId, PlaybackError> {
        let id = self.player_ids.take().map(PlayerId::from_raw);
        let id = id.ok_or(PlaybackError::IdsExhausted(IdKind::Player))?;
        let mut player = Player::new(id, name);
        let end = self.table.positions.len();
        player.section = end..end;
        self.players.push(player);
        self.table.edited();
        Ok(id)
    }

    /// Removes a player, its instances and its queued commands.
    pub fn remove_player(&mut self, player: PlayerId) -> Result<(), PlaybackError> {
        let index = self.index(player)?;
        self.table.remove_section(&mut self.players, index);
        self.players.remove(index);
        self.table.edited();
        self.queue.retain(|(queued, _)| *queued != player);
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
        let index = self.index(player)?;
        self.animations
            .get(animation)
            .ok_or(PlaybackError::UnknownAnimation(animation))?;
        check_weight(weight)?;
        check_rate(timing.rate)?;
        let id = self.instance_ids.take().map(InstanceId::from_raw);
        let id = id.ok_or(PlaybackError::IdsExhausted(IdKind::Instance))?;
        self.players[index]
            .instances
            .push(Instance::new(id, animation, weight, timing));
        self.rebuild(index);
        Ok(id)
    }

    /// Removes an instance from the given player (an instance of another
    /// player is unknown).
    pub fn remove_instance(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<(), PlaybackError> {
        let index = self.index(player)?;
        let instances = &mut self.players[index].instances;
        let at = instances.iter().position(|i| i.id == instance);
        let at = at.ok_or(PlaybackError::UnknownInstance { player, instance })?;
        instances.remove(at);
        self.rebuild(index);
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
        let player_ = &self.players[self.index(player)?];
        let found = player_.instances.iter().find(|i| i.id == instance);
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
        let index = self.index(player)?;
        self.players[index].fixed_length = length.map(|l| l.max(TimelinePosition::ZERO));
        Ok(())
    }

    /// Sets the loop mode. Not queued and never moves the player; an ended
    /// player stays ended, a turn already taken still counts.
    pub fn set_mode(&mut self, player: PlayerId, mode: LoopMode) -> Result<(), PlaybackError> {
        let index = self.index(player)?;
        self.players[index].mode = mode;
        Ok(())
    }

    /// The table's revision (wrapping u32, bumped by every structural edit).
    pub fn revision(&self) -> u32 {
        self.table.revision
    }

    /// The output table: key and first track id per position.
    pub fn positions(&self) -> &[OutputPosition] {
        &self.table.positions
    }

    /// The size of each player's record, in creation order, without copying a name.
    pub fn player_sizes(&self) -> impl ExactSizeIterator<Item = PlayerSize> + '_ {
        self.players.iter().map(|player| PlayerSize {
            name_bytes: player.name.len(),
            instances: player.instances.len(),
        })
    }

    /// The device time of the last step; none before the first step.
    pub fn clock(&self) -> Option<DeviceTime> {
        self.clock
    }

    /// Where a player stands in `players`: a binary search, as ids grow with creation.
    pub(crate) fn index(&self, player: PlayerId) -> Result<usize, PlaybackError> {
        self.players
            .binary_search_by_key(&player, |p| p.id)
            .map_err(|_| PlaybackError::UnknownPlayer(player))
    }

    /// The player's length (docs/playback.md §4.4), recomputed from its instances now.
    pub(crate) fn length_at(&self, index: usize) -> TimelinePosition {
        self.players[index].length(|i| self.animations.end(i.animation))
    }

    fn instance_mut(
        &mut self,
        player: PlayerId,
        instance: InstanceId,
    ) -> Result<&mut Instance, PlaybackError> {
        let index = self.index(player)?;
        let instances = &mut self.players[index].instances;
        let found = instances.iter_mut().find(|i| i.id == instance);
        found.ok_or(PlaybackError::UnknownInstance { player, instance })
    }

    /// Rebuilds one player's section, ending a structural edit.
    fn rebuild(&mut self, index: usize) {
        self.table
            .rebuild_section(&mut self.players, index, &self.animations);
        self.table.edited();
    }

    /// Applies `edit` to the instances of every player holding `animation` and rebuilds
    /// those players' sections; the revision is bumped even when no player holds it.
    fn rebuild_holders(&mut self, animation: AnimationId, edit: impl Fn(&mut Vec<Instance>)) {
        for index in 0..self.players.len() {
            let instances = &mut self.players[index].instances;
            if instances.iter().any(|i| i.animation == animation) {
                edit(instances);
                self.table
                    .rebuild_section(&mut self.players, index, &self.animations);
            }
        }
        self.table.edited();
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
