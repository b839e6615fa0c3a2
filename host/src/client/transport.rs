//! The transport of a player: play, pause, stop, seek, speed, loop mode, window, length,
//! direction. Each answers the player, or `None` when it is unknown or the setting is
//! refused.
//!
//! A time before 0 crosses the interface as 0: the contract's times are unsigned
//! (docs/contract.md §4.10).

use arora_types::Uuid;
use arora_types::value::Value;

use super::answer::id;
use super::{
    AnimationClient, Caller, ClientError, DeviceTime, LoopMode, PlayerId, TimelinePosition,
    optional,
};
use crate::animation::ids;
use crate::convert::time::unsigned;

impl<C: Caller> AnimationClient<C> {
    /// `play`: play from where the player stands.
    pub fn play(&mut self, player: PlayerId) -> Result<Option<PlayerId>, ClientError> {
        use ids::play as f;
        self.on_player("play", f::FUNCTION, f::PLAYER, player, vec![])
    }

    /// `pause`: pause in place.
    pub fn pause(&mut self, player: PlayerId) -> Result<Option<PlayerId>, ClientError> {
        use ids::pause as f;
        self.on_player("pause", f::FUNCTION, f::PLAYER, player, vec![])
    }

    /// `stop`: stop at the lower window bound.
    pub fn stop(&mut self, player: PlayerId) -> Result<Option<PlayerId>, ClientError> {
        use ids::stop as f;
        self.on_player("stop", f::FUNCTION, f::PLAYER, player, vec![])
    }

    /// `seek`: move the playhead to `to`.
    pub fn seek(
        &mut self,
        player: PlayerId,
        to: TimelinePosition,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::seek as f;
        let more = vec![(f::TIME_NS, unsigned(to.ns()).into())];
        self.on_player("seek", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `play_at`: start playing at the device time `at`.
    pub fn play_at(
        &mut self,
        player: PlayerId,
        at: DeviceTime,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::play_at as f;
        let more = vec![(f::TIME_NS, unsigned(at.ns()).into())];
        self.on_player("play_at", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `set_speed`: a finite speed of at most 2²⁰ in magnitude, negative to play backwards.
    pub fn set_speed(
        &mut self,
        player: PlayerId,
        speed: f32,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::set_speed as f;
        let more = vec![(f::SPEED, speed.into())];
        self.on_player("set_speed", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `set_loop`: the loop mode, sent by its contract name.
    pub fn set_loop(
        &mut self,
        player: PlayerId,
        mode: LoopMode,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::set_loop as f;
        let more = vec![(f::MODE, mode.name().to_string().into())];
        self.on_player("set_loop", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `set_window`: play within `[start, end]`; to the timeline's end when `end` is `None`.
    pub fn set_window(
        &mut self,
        player: PlayerId,
        start: TimelinePosition,
        end: Option<TimelinePosition>,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::set_window as f;
        let more = vec![
            (f::START_NS, unsigned(start.ns()).into()),
            (f::END_NS, optional(end.map(|end| unsigned(end.ns())))),
        ];
        self.on_player("set_window", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `set_length`: the timeline ends at `length`; back to the instances' extent when
    /// `None`.
    pub fn set_length(
        &mut self,
        player: PlayerId,
        length: Option<TimelinePosition>,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::set_length as f;
        let more = vec![(f::LENGTH_NS, optional(length.map(|l| unsigned(l.ns()))))];
        self.on_player("set_length", f::FUNCTION, f::PLAYER, player, more)
    }

    /// `set_reversed`: head against the speed's sign, as after a turn.
    pub fn set_reversed(
        &mut self,
        player: PlayerId,
        reversed: bool,
    ) -> Result<Option<PlayerId>, ClientError> {
        use ids::set_reversed as f;
        let more = vec![(f::REVERSED, reversed.into())];
        self.on_player("set_reversed", f::FUNCTION, f::PLAYER, player, more)
    }

    /// A call on one player, its id under `parameter` first, answering the player.
    fn on_player(
        &mut self,
        name: &'static str,
        function: Uuid,
        parameter: Uuid,
        player: PlayerId,
        more: Vec<(Uuid, Value)>,
    ) -> Result<Option<PlayerId>, ClientError> {
        let mut args = Vec::with_capacity(1 + more.len());
        args.push((parameter, player.raw().into()));
        args.extend(more);
        let answer = self.send(name, function, args)?;
        id(name, answer, PlayerId::from_raw)
    }
}
