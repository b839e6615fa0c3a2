//! The transport and setter calls of a [`Device`].

use arora_animation_module::animation::ids;
use arora_animation_module::records::Clip;
use arora_types::value::Value;

use super::Device;

/// Each answers the contract's `u32` (or `bool`).
impl Device {
    pub fn play(&mut self, player: u32) -> u32 {
        self.on_player(ids::play::FUNCTION, (ids::play::PLAYER, player), vec![])
    }

    pub fn pause(&mut self, player: u32) -> u32 {
        self.on_player(ids::pause::FUNCTION, (ids::pause::PLAYER, player), vec![])
    }

    pub fn stop(&mut self, player: u32) -> u32 {
        self.on_player(ids::stop::FUNCTION, (ids::stop::PLAYER, player), vec![])
    }

    pub fn seek(&mut self, player: u32, time_ns: u64) -> u32 {
        let more = vec![(ids::seek::TIME_NS, Value::U64(time_ns))];
        self.on_player(ids::seek::FUNCTION, (ids::seek::PLAYER, player), more)
    }

    pub fn play_at(&mut self, player: u32, time_ns: u64) -> u32 {
        let more = vec![(ids::play_at::TIME_NS, Value::U64(time_ns))];
        self.on_player(ids::play_at::FUNCTION, (ids::play_at::PLAYER, player), more)
    }

    pub fn speed(&mut self, player: u32, speed: f32) -> u32 {
        let more = vec![(ids::set_speed::SPEED, Value::F32(speed))];
        self.on_player(
            ids::set_speed::FUNCTION,
            (ids::set_speed::PLAYER, player),
            more,
        )
    }

    pub fn mode(&mut self, player: u32, mode: &str) -> u32 {
        let more = vec![(ids::set_loop::MODE, Value::String(mode.to_string()))];
        self.on_player(
            ids::set_loop::FUNCTION,
            (ids::set_loop::PLAYER, player),
            more,
        )
    }

    pub fn window(&mut self, player: u32, start_ns: u64, end_ns: Option<u64>) -> u32 {
        let mut more = vec![(ids::set_window::START_NS, Value::U64(start_ns))];
        more.extend(end_ns.map(|end| (ids::set_window::END_NS, Value::U64(end))));
        self.on_player(
            ids::set_window::FUNCTION,
            (ids::set_window::PLAYER, player),
            more,
        )
    }

    pub fn length(&mut self, player: u32, length_ns: Option<u64>) -> u32 {
        let more = length_ns
            .map(|length| (ids::set_length::LENGTH_NS, Value::U64(length)))
            .into_iter()
            .collect();
        self.on_player(
            ids::set_length::FUNCTION,
            (ids::set_length::PLAYER, player),
            more,
        )
    }

    pub fn reversed(&mut self, player: u32, reversed: bool) -> u32 {
        let more = vec![(ids::set_reversed::REVERSED, Value::Boolean(reversed))];
        self.on_player(
            ids::set_reversed::FUNCTION,
            (ids::set_reversed::PLAYER, player),
            more,
        )
    }

    pub fn weight(&mut self, player: u32, instance: u32, weight: f32) -> u32 {
        let args = vec![
            (ids::set_weight::PLAYER, Value::U32(player)),
            (ids::set_weight::INSTANCE, Value::U32(instance)),
            (ids::set_weight::WEIGHT, Value::F32(weight)),
        ];
        self.u32(ids::set_weight::FUNCTION, args)
    }

    pub fn offset(&mut self, player: u32, instance: u32, offset_ns: i64) -> u32 {
        let args = vec![
            (ids::set_start_offset::PLAYER, Value::U32(player)),
            (ids::set_start_offset::INSTANCE, Value::U32(instance)),
            (ids::set_start_offset::OFFSET_NS, Value::I64(offset_ns)),
        ];
        self.u32(ids::set_start_offset::FUNCTION, args)
    }

    pub fn rate(&mut self, player: u32, instance: u32, rate: f64) -> u32 {
        let args = vec![
            (ids::set_rate::PLAYER, Value::U32(player)),
            (ids::set_rate::INSTANCE, Value::U32(instance)),
            (ids::set_rate::RATE, Value::F64(rate)),
        ];
        self.u32(ids::set_rate::FUNCTION, args)
    }

    pub fn time_scale(&mut self, player: u32, instance: u32, time_scale: f32) -> u32 {
        let args = vec![
            (ids::set_time_scale::PLAYER, Value::U32(player)),
            (ids::set_time_scale::INSTANCE, Value::U32(instance)),
            (ids::set_time_scale::TIME_SCALE, Value::F32(time_scale)),
        ];
        self.u32(ids::set_time_scale::FUNCTION, args)
    }

    pub fn add_weighted(&mut self, player: u32, anim: u32, weight: f32) -> u32 {
        let args = vec![
            (ids::add_instance_with_weight::PLAYER, Value::U32(player)),
            (ids::add_instance_with_weight::ANIM, Value::U32(anim)),
            (ids::add_instance_with_weight::WEIGHT, Value::F32(weight)),
        ];
        self.u32(ids::add_instance_with_weight::FUNCTION, args)
    }

    pub fn remove_instance(&mut self, player: u32, instance: u32) -> u32 {
        let args = vec![
            (ids::remove_instance::PLAYER, Value::U32(player)),
            (ids::remove_instance::INSTANCE, Value::U32(instance)),
        ];
        self.u32(ids::remove_instance::FUNCTION, args)
    }

    pub fn remove_player(&mut self, player: u32) -> bool {
        self.bool(
            ids::remove_player::FUNCTION,
            vec![(ids::remove_player::PLAYER, Value::U32(player))],
        )
    }

    pub fn unload(&mut self, anim: u32) -> bool {
        self.bool(
            ids::unload_animation::FUNCTION,
            vec![(ids::unload_animation::ANIM, Value::U32(anim))],
        )
    }

    pub fn reload_clip(&mut self, anim: u32, clip: Clip) -> bool {
        let args = vec![
            (ids::reload_clip::ANIM, Value::U32(anim)),
            (ids::reload_clip::CLIP, clip.into()),
        ];
        self.bool(ids::reload_clip::FUNCTION, args)
    }
}
