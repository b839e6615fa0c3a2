//! The transport and setter calls of a [`Device`], through the typed client.
//!
//! Each answers the contract's `u32` (`u32::MAX` for a refusal) or `bool`. A time
//! past `i64::MAX`, which the engine's time types cannot hold, is sent as the
//! contract carries it (a `u64`) by `call_raw`: the module holds it at `i64::MAX`.

use arora_animation_module::animation::ids;
use arora_animation_module::client::{
    AnimationId, ClientError, DeviceTime, InstanceId, LoopMode, PlayerId, TimelinePosition,
};
use arora_animation_module::records::Clip;
use arora_types::value::Value;

use super::{Client, Device};

impl Device {
    pub fn play(&mut self, player: u32) -> u32 {
        let answer = self.client().play(id(player));
        player_answer(answer)
    }

    pub fn pause(&mut self, player: u32) -> u32 {
        let answer = self.client().pause(id(player));
        player_answer(answer)
    }

    pub fn stop(&mut self, player: u32) -> u32 {
        let answer = self.client().stop(id(player));
        player_answer(answer)
    }

    pub fn seek(&mut self, player: u32, time_ns: u64) -> u32 {
        use ids::seek as f;
        let Some(to) = position(time_ns) else {
            let more = vec![(f::TIME_NS, Value::U64(time_ns))];
            return self.on_player(f::FUNCTION, (f::PLAYER, player), more);
        };
        let answer = self.client().seek(id(player), to);
        player_answer(answer)
    }

    pub fn play_at(&mut self, player: u32, time_ns: u64) -> u32 {
        use ids::play_at as f;
        let Ok(at) = i64::try_from(time_ns) else {
            let more = vec![(f::TIME_NS, Value::U64(time_ns))];
            return self.on_player(f::FUNCTION, (f::PLAYER, player), more);
        };
        let answer = self.client().play_at(id(player), DeviceTime::from_ns(at));
        player_answer(answer)
    }

    pub fn speed(&mut self, player: u32, speed: f32) -> u32 {
        let answer = self.client().set_speed(id(player), speed);
        player_answer(answer)
    }

    /// `set_loop` by the mode's contract name (one of the four).
    pub fn mode(&mut self, player: u32, mode: &str) -> u32 {
        let mode = LoopMode::from_name(mode).expect("a loop mode's name");
        let answer = self.client().set_loop(id(player), mode);
        player_answer(answer)
    }

    pub fn window(&mut self, player: u32, start_ns: u64, end_ns: Option<u64>) -> u32 {
        use ids::set_window as f;
        if let (Some(start), Some(end)) = (position(start_ns), optional_position(end_ns)) {
            let answer = self.client().set_window(id(player), start, end);
            return player_answer(answer);
        }
        let mut more = vec![(f::START_NS, Value::U64(start_ns))];
        more.extend(end_ns.map(|end| (f::END_NS, Value::U64(end))));
        self.on_player(f::FUNCTION, (f::PLAYER, player), more)
    }

    pub fn length(&mut self, player: u32, length_ns: Option<u64>) -> u32 {
        use ids::set_length as f;
        let Some(length) = optional_position(length_ns) else {
            let more = length_ns.map(|length| (f::LENGTH_NS, Value::U64(length)));
            return self.on_player(f::FUNCTION, (f::PLAYER, player), more.into_iter().collect());
        };
        let answer = self.client().set_length(id(player), length);
        player_answer(answer)
    }

    pub fn reversed(&mut self, player: u32, reversed: bool) -> u32 {
        let answer = self.client().set_reversed(id(player), reversed);
        player_answer(answer)
    }

    pub fn weight(&mut self, player: u32, instance: u32, weight: f32) -> u32 {
        self.on_instance(player, instance, |client, p, i| {
            client.set_weight(p, i, weight)
        })
    }

    pub fn offset(&mut self, player: u32, instance: u32, offset_ns: i64) -> u32 {
        let offset = TimelinePosition::from_ns(offset_ns);
        self.on_instance(player, instance, |client, p, i| {
            client.set_start_offset(p, i, offset)
        })
    }

    pub fn rate(&mut self, player: u32, instance: u32, rate: f64) -> u32 {
        self.on_instance(player, instance, |client, p, i| client.set_rate(p, i, rate))
    }

    pub fn time_scale(&mut self, player: u32, instance: u32, time_scale: f32) -> u32 {
        self.on_instance(player, instance, |client, p, i| {
            client.set_time_scale(p, i, time_scale)
        })
    }

    /// A setter on `instance` of `player`, answering the instance (`u32::MAX` for a
    /// refusal).
    fn on_instance(
        &mut self,
        player: u32,
        instance: u32,
        set: impl FnOnce(
            &mut Client<'_>,
            PlayerId,
            InstanceId,
        ) -> Result<Option<InstanceId>, ClientError>,
    ) -> u32 {
        let answer = set(
            &mut self.client(),
            id(player),
            InstanceId::from_raw(instance),
        );
        instance_answer(answer)
    }

    pub fn add_weighted(&mut self, player: u32, anim: u32, weight: f32) -> u32 {
        let answer =
            self.client()
                .add_instance_with_weight(id(player), AnimationId::from_raw(anim), weight);
        instance_answer(answer)
    }

    /// `remove_instance`'s `1` or `0`.
    pub fn remove_instance(&mut self, player: u32, instance: u32) -> u32 {
        let removed = self
            .client()
            .remove_instance(id(player), InstanceId::from_raw(instance));
        u32::from(super::answered(removed))
    }

    pub fn remove_player(&mut self, player: u32) -> bool {
        let removed = self.client().remove_player(id(player));
        super::answered(removed)
    }

    pub fn unload(&mut self, anim: u32) -> bool {
        let unloaded = self.client().unload_animation(AnimationId::from_raw(anim));
        super::answered(unloaded)
    }

    pub fn reload_clip(&mut self, anim: u32, clip: Clip) -> bool {
        let reloaded = self
            .client()
            .reload_clip(AnimationId::from_raw(anim), &clip);
        super::answered(reloaded)
    }
}

fn id(player: u32) -> PlayerId {
    PlayerId::from_raw(player)
}

/// A timeline position; `None` past `i64::MAX`.
fn position(ns: u64) -> Option<TimelinePosition> {
    i64::try_from(ns).ok().map(TimelinePosition::from_ns)
}

/// An optional timeline position; `None` when it is past `i64::MAX`.
fn optional_position(ns: Option<u64>) -> Option<Option<TimelinePosition>> {
    match ns {
        None => Some(None),
        Some(ns) => position(ns).map(Some),
    }
}

fn player_answer(answer: Result<Option<PlayerId>, ClientError>) -> u32 {
    super::raw(super::answered(answer), PlayerId::raw)
}

fn instance_answer(answer: Result<Option<InstanceId>, ClientError>) -> u32 {
    super::raw(super::answered(answer), InstanceId::raw)
}
