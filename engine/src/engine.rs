//! The core engine (playback §1.1): loaded clips, players, instances and the
//! output table. Transport and stepping live in `engine_transport.rs`, bakes
//! in `engine_bake.rs`.

use crate::animations::Animations;
use crate::clip::Clip;
use crate::instance::{AnimationId, Instance, InstanceId, PlayerId, Timing, weight_is_valid};
use crate::loop_mode::LoopMode;
use crate::output::{Output, OutputPosition};
use crate::player::Player;
use crate::table;
use crate::transport::Command;

/// Loaded clips, players with their instances, and the output table.
///
/// Structural edits (load … set_length, set_mode) take effect at once;
/// transport commands apply at the engine clock, or are queued until the first
/// step (playback §2.2).
///
/// ```
/// use animation_engine::{Clip, Easing, Engine, KeyValue, Keypoint, LoopMode, OutputValue};
/// use animation_engine::{Pairing, Timing, Track, Transition};
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
/// let mut engine = Engine::new();
/// let clip = engine.load(Clip { name: "r1".into(), length_ns: None, tracks: vec![track] }, vec![]);
/// let player = engine.create_player("p");
/// engine.add_instance(player, clip, 1.0, Timing::default()).unwrap();
/// engine.set_mode(player, LoopMode::Loop);
/// engine.play(player); // queued: applies at the first step's start, now − dt = 0
/// let outputs = engine.step(250_000_000, 250_000_000);
/// let OutputValue::Number(x) = outputs[0].value().unwrap() else { unreachable!() };
/// assert!((x - 250.0).abs() < 1e-9);
/// assert_eq!(engine.position(player), Some(250_000_000));
/// assert_eq!(engine.output_keys(), (2, vec!["x"]));
/// ```
#[derive(Debug, Default)]
pub struct Engine {
    pub(crate) animations: Animations,
    pub(crate) players: Vec<Player>,
    pub(crate) positions: Vec<OutputPosition>,
    pub(crate) outputs: Vec<Output>,
    pub(crate) revision: u32,
    pub(crate) clock: Option<i64>,
    pub(crate) queue: Vec<(PlayerId, Command)>,
    next_player: PlayerId,
    next_instance: InstanceId,
}

impl Engine {
    /// An engine with nothing loaded, no players, revision 0 and no clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// Loads a clip (assumed valid) with per-track narrow flags (missing
    /// flags are false); returns its new id. Does not change the revision.
    pub fn load(&mut self, clip: Clip, narrow: Vec<bool>) -> AnimationId {
        self.animations.load(clip, narrow)
    }

    /// Replaces a loaded clip under the same id; its instances keep their
    /// weights and timings, players keep their transport. Rebuilds the table.
    /// `false` (nothing changes) if `animation` is not loaded.
    pub fn reload(&mut self, animation: AnimationId, clip: Clip, narrow: Vec<bool>) -> bool {
        if !self.animations.reload(animation, clip, narrow) {
            return false;
        }
        for instance in self.players.iter_mut().flat_map(|p| &mut p.instances) {
            if instance.animation == animation {
                instance.cursors.clear();
            }
        }
        self.rebuild();
        true
    }

    /// Unloads a clip and removes every instance of it on every player.
    /// Rebuilds the table. `false` if not loaded.
    pub fn unload(&mut self, animation: AnimationId) -> bool {
        if !self.animations.unload(animation) {
            return false;
        }
        for player in &mut self.players {
            player
                .instances
                .retain(|instance| instance.animation != animation);
        }
        self.rebuild();
        true
    }

    /// Creates a player: paused at 0, speed 1, once, window (0, none).
    /// Rebuilds the table.
    pub fn create_player(&mut self, name: &str) -> PlayerId {
        let id = self.next_player;
        self.next_player += 1;
        self.players.push(Player::new(id, name));
        self.rebuild();
        id
    }

    /// Removes a player, its instances and its queued commands. Rebuilds the
    /// table. `false` if unknown.
    pub fn remove_player(&mut self, player: PlayerId) -> bool {
        let Some(index) = self.index(player) else {
            return false;
        };
        self.players.remove(index);
        self.queue.retain(|(queued, _)| *queued != player);
        self.rebuild();
        true
    }

    /// Adds an instance of a loaded animation to a player. None (no id
    /// consumed) if the player or animation is unknown, the weight is not
    /// finite and `>= 0`, or the rate is not finite and `> 0`.
    pub fn add_instance(
        &mut self,
        player: PlayerId,
        animation: AnimationId,
        weight: f64,
        timing: Timing,
    ) -> Option<InstanceId> {
        let index = self.index(player)?;
        self.animations.get(animation)?;
        if !weight_is_valid(weight) || !timing.is_valid() {
            return None;
        }
        let id = self.next_instance;
        self.next_instance += 1;
        self.players[index]
            .instances
            .push(Instance::new(id, animation, weight, timing));
        self.rebuild();
        Some(id)
    }

    /// Removes an instance from the given player (an instance of another
    /// player is unknown). Rebuilds the table. `false` if unknown.
    pub fn remove_instance(&mut self, player: PlayerId, instance: InstanceId) -> bool {
        let Some(index) = self.index(player) else {
            return false;
        };
        let instances = &mut self.players[index].instances;
        let Some(at) = instances.iter().position(|i| i.id == instance) else {
            return false;
        };
        instances.remove(at);
        self.rebuild();
        true
    }

    /// Sets an instance's weight (finite, `>= 0`). `false` if refused or unknown.
    pub fn set_weight(&mut self, player: PlayerId, instance: InstanceId, weight: f64) -> bool {
        if !weight_is_valid(weight) {
            return false;
        }
        self.instance_mut(player, instance)
            .map(|i| i.weight = weight)
            .is_some()
    }

    /// Sets an instance's offset and rate (rate finite, `> 0`). `false` if
    /// refused or unknown.
    pub fn set_timing(&mut self, player: PlayerId, instance: InstanceId, timing: Timing) -> bool {
        if !timing.is_valid() {
            return false;
        }
        self.instance_mut(player, instance)
            .map(|i| i.timing = timing)
            .is_some()
    }

    /// An instance's current timing, looked up on the given player.
    pub fn timing(&self, player: PlayerId, instance: InstanceId) -> Option<Timing> {
        let player = &self.players[self.index(player)?];
        player
            .instances
            .iter()
            .find(|i| i.id == instance)
            .map(|i| i.timing)
    }

    /// Sets (stored as `max(l, 0)`) or clears the player's length. Not queued;
    /// the next step measures its whole interval with it.
    pub fn set_length(&mut self, player: PlayerId, length: Option<i64>) -> bool {
        let Some(index) = self.index(player) else {
            return false;
        };
        self.players[index].fixed_length = length.map(|l| l.max(0));
        true
    }

    /// Sets the loop mode. Not queued and never moves the player; an ended
    /// player stays ended, a turn already taken still counts.
    pub fn set_mode(&mut self, player: PlayerId, mode: LoopMode) -> bool {
        let Some(index) = self.index(player) else {
            return false;
        };
        self.players[index].mode = mode;
        true
    }

    /// How many players there are: what a caller's limit on players reads
    /// without building their records.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The table's revision (wrapping u32, bumped by every rebuild).
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// The revision and the key of every output position.
    pub fn output_keys(&self) -> (u32, Vec<&str>) {
        (
            self.revision,
            self.positions.iter().map(|p| p.key.as_str()).collect(),
        )
    }

    /// The id of the track that first writes each output position.
    pub fn output_tracks(&self) -> Vec<&str> {
        self.positions.iter().map(|p| p.track_id.as_str()).collect()
    }

    /// The output table: key and first track id per position.
    pub fn positions(&self) -> &[OutputPosition] {
        &self.positions
    }

    /// The device time of the last step; none before the first step.
    pub fn clock(&self) -> Option<i64> {
        self.clock
    }

    /// The narrow flags a loaded animation was loaded with, one per track.
    pub fn narrow_flags(&self, animation: AnimationId) -> Option<&[bool]> {
        self.animations.get(animation).map(|a| a.narrow.as_slice())
    }

    pub(crate) fn index(&self, player: PlayerId) -> Option<usize> {
        self.players.iter().position(|p| p.id == player)
    }

    /// The player's length (§4.4), recomputed from its instances now.
    pub(crate) fn length_at(&self, index: usize) -> i64 {
        self.players[index].length(|i| self.animations.end(i.animation))
    }

    fn instance_mut(&mut self, player: PlayerId, instance: InstanceId) -> Option<&mut Instance> {
        let index = self.index(player)?;
        self.players[index]
            .instances
            .iter_mut()
            .find(|i| i.id == instance)
    }

    fn rebuild(&mut self) {
        self.positions = table::rebuild(&mut self.players, &self.animations);
        self.outputs
            .resize_with(self.positions.len(), Output::default);
        self.revision = self.revision.wrapping_add(1);
    }
}
