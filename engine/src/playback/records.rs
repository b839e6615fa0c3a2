//! Reports of players and their instances (docs/playback.md §6.1).

use crate::playback::ids::{AnimationId, InstanceId, PlayerId};
use crate::playback::instance::Timing;
use crate::playback::loop_mode::LoopMode;
use crate::playback::player::Player;
use crate::playback::transport::TransportState;
use crate::playback::travel::Window;
use crate::time::TimelinePosition;

/// One player as reported by [`Engine::players`](crate::Engine::players).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    /// The player.
    pub id: PlayerId,
    /// Its name.
    pub name: String,
    /// `Playing` also while waiting and while ended.
    pub state: TransportState,
    /// The playhead on the player's timeline.
    pub position: TimelinePosition,
    /// Where the timeline ends: the set length, else the automatic one; never negative
    /// (docs/playback.md §4.4).
    pub length: TimelinePosition,
    /// The speed exactly as set (−0.0 stays −0.0).
    pub speed: f64,
    /// The playhead's signed velocity: 0 unless moving, negated when reversed.
    pub velocity: f64,
    /// Heading against the speed's sign.
    pub reversed: bool,
    /// The loop mode.
    pub mode: LoopMode,
    /// Stopped at a bound by `once` or a finished `bounce`.
    pub ended: bool,
    /// Waiting for a `play_at` start time.
    pub waiting: bool,
    /// The window as set (not sorted).
    pub window: Window,
    /// Its instances, in the order added.
    pub instances: Vec<InstanceRecord>,
}

/// One instance as reported inside a [`PlayerRecord`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InstanceRecord {
    /// The instance.
    pub id: InstanceId,
    /// The animation it plays.
    pub animation: AnimationId,
    /// Its blend weight.
    pub weight: f64,
    /// Where its clip sits on the timeline.
    pub timing: Timing,
}

/// How much a [`PlayerRecord`] holds, read without building it: what a caller that must
/// know the size of a list of every player (a guest with capped memory) counts first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerSize {
    /// The bytes of the player's name.
    pub name_bytes: usize,
    /// How many instances it has.
    pub instances: usize,
}

impl PlayerRecord {
    pub(crate) fn of(player: &Player, length: TimelinePosition) -> Self {
        Self {
            id: player.id,
            name: player.name.clone(),
            state: player.state,
            position: TimelinePosition::from_ns(player.head.position),
            length,
            speed: player.speed,
            velocity: player.velocity(),
            reversed: player.head.reversed,
            mode: player.mode,
            ended: player.head.ended,
            waiting: player.waiting(),
            window: player.window,
            instances: player
                .instances
                .iter()
                .map(|i| InstanceRecord {
                    id: i.id,
                    animation: i.animation,
                    weight: i.weight,
                    timing: i.timing,
                })
                .collect(),
        }
    }
}
