//! `player_states` (docs/contract.md §4.11, docs/playback.md §6.2): the engine's player
//! records as `PlayerState`s.

use animation_engine::{InstanceRecord, PlayerRecord, TransportState};

use crate::answer::{Output, Records};
use crate::budget::AnswerTooLarge;
use crate::convert::time::unsigned;
use crate::records::{InstanceState, PlayerState};
use crate::state::AnimationModule;
use crate::typed::answer_size;

impl AnimationModule {
    /// One state per player, in creation order. Before the first step,
    /// queued transport commands are not yet reflected. Refused when an
    /// [`AnswerBudget`](crate::AnswerBudget) has no room for the list.
    pub fn player_states(&self) -> Result<Vec<PlayerState>, AnswerTooLarge> {
        self.player_states_to(&mut Records)
    }

    /// [`player_states`](Self::player_states), written to `out`.
    pub fn player_states_to<O: Output>(
        &self,
        out: &mut O,
    ) -> Result<O::PlayerStates, AnswerTooLarge> {
        self.admits(|| answer_size::player_states(self.engine.player_sizes()))?;
        let players = self.engine.players().into_iter().map(player_state);
        Ok(out.player_states(players.collect()))
    }
}

fn player_state(record: PlayerRecord) -> PlayerState {
    PlayerState {
        player: record.id.raw(),
        state: match record.state {
            TransportState::Playing => "playing",
            TransportState::Paused => "paused",
            TransportState::Stopped => "stopped",
        }
        .to_string(),
        time_ns: unsigned(record.position.ns()),
        duration_ns: unsigned(record.length.ns()),
        speed: record.speed as f32,
        name: record.name,
        instances: record.instances.iter().map(instance_state).collect(),
        loop_mode: record.mode.name().to_string(),
        ended: record.ended,
        window_start_ns: unsigned(record.window.start.ns()),
        window_end_ns: record.window.end.map(|end| unsigned(end.ns())),
        reversed: record.reversed,
        waiting: record.waiting,
    }
}

fn instance_state(record: &InstanceRecord) -> InstanceState {
    InstanceState {
        instance: record.id.raw(),
        anim: record.animation.raw(),
        weight: record.weight as f32,
        start_offset_ns: record.timing.offset.ns(),
        time_scale: (1.0 / record.timing.rate) as f32,
        rate: record.timing.rate,
    }
}
