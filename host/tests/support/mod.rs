//! A real Arora engine with `@arora/animation` registered, and the clips of
//! playback §9. Calls go through `arora_call`, buffers and all.
#![allow(dead_code)] // each test file uses its own part of the support

use arora_animation_module::records::{
    Clip, ClipKeypoint, ClipTrack, ClipTransition, OutputKeys, PlayerState, StepSamples, StepValues,
};
use arora_animation_module::{AnimationModule, animation, animation::ids, exports};
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::module::HostModule;
use arora_types::Uuid;
use arora_types::call::{Call, CallBridge, CallError};
use arora_types::value::{StructureField, Value};

/// One millisecond in nanoseconds.
pub const MS: u64 = 1_000_000;

/// A device: an engine with one fresh registration of the module.
pub struct Device {
    engine: PinnedEngine,
    /// Every function called so far, to show a session covers them all.
    pub called: std::collections::BTreeSet<Uuid>,
}

impl Device {
    pub fn new() -> Self {
        let mut engine = EngineBuilder::new().build();
        let module = HostModule::from_exports(ids::MODULE, exports(AnimationModule::new()));
        engine.register_module(module.id(), Box::new(module));
        Self {
            engine,
            called: Default::default(),
        }
    }

    /// Calls `function` with `args` under their parameter ids.
    pub fn call(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> Result<Value, CallError> {
        let args = args
            .into_iter()
            .map(|(id, value)| StructureField {
                id,
                value: Box::new(value),
            })
            .collect();
        self.called.insert(function);
        let call = Call {
            module_id: Some(animation::ids::MODULE),
            id: function,
            args,
        };
        self.engine.arora_call(call).map(|result| result.ret)
    }

    /// A call that must succeed.
    pub fn ret(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> Value {
        self.call(function, args)
            .unwrap_or_else(|error| panic!("call {function} failed: {error:?}"))
    }

    /// A call returning a `u32`.
    pub fn u32(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> u32 {
        match self.ret(function, args) {
            Value::U32(x) => x,
            other => panic!("expected a u32, got {other:?}"),
        }
    }

    /// A call returning a `bool`.
    pub fn bool(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> bool {
        match self.ret(function, args) {
            Value::Boolean(b) => b,
            other => panic!("expected a bool, got {other:?}"),
        }
    }

    pub fn load_clip(&mut self, clip: Clip) -> u32 {
        self.u32(
            ids::load_clip::FUNCTION,
            vec![(ids::load_clip::CLIP, clip.into())],
        )
    }

    pub fn create_player(&mut self, name: &str) -> u32 {
        let name = Value::String(name.to_string());
        self.u32(
            ids::create_player::FUNCTION,
            vec![(ids::create_player::NAME, name)],
        )
    }

    pub fn add_instance(&mut self, player: u32, anim: u32) -> u32 {
        let args = vec![
            (ids::add_instance::PLAYER, Value::U32(player)),
            (ids::add_instance::ANIM, Value::U32(anim)),
        ];
        self.u32(ids::add_instance::FUNCTION, args)
    }

    /// `p`: a player named "p" with one instance of `clip`.
    pub fn player_with(&mut self, clip: Clip) -> u32 {
        let anim = self.load_clip(clip);
        let player = self.create_player("p");
        self.add_instance(player, anim);
        player
    }

    /// A transport or setter call on `player` with one more argument.
    pub fn on_player(
        &mut self,
        function: Uuid,
        player: (Uuid, u32),
        more: Vec<(Uuid, Value)>,
    ) -> u32 {
        let mut args = vec![(player.0, Value::U32(player.1))];
        args.extend(more);
        self.u32(function, args)
    }

    /// `S(t)`: a step with dt 0 at device time `t`.
    pub fn at(&mut self, time_ns: u64) {
        self.step_values(0, Some(time_ns));
    }

    /// `S+(d)`: a step by `d` with no time.
    pub fn by(&mut self, dt_ns: u64) {
        self.step_values(dt_ns, None);
    }

    pub fn step_values(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepValues {
        let args = step_args(
            ids::step_values::DT_NS,
            ids::step_values::TIME_NS,
            dt_ns,
            time_ns,
        );
        let value = self.ret(ids::step_values::FUNCTION, args);
        StepValues::try_from(value).expect("a StepValues")
    }

    pub fn step_samples(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepSamples {
        let args = step_args(
            ids::step_with_velocities::DT_NS,
            ids::step_with_velocities::TIME_NS,
            dt_ns,
            time_ns,
        );
        let value = self.ret(ids::step_with_velocities::FUNCTION, args);
        StepSamples::try_from(value).expect("a StepSamples")
    }

    /// `step`'s answer as `(track_id, key, value)`.
    pub fn step(&mut self, dt_ns: u64, time_ns: Option<u64>) -> Vec<(String, String, Value)> {
        let args = step_args(ids::step::DT_NS, ids::step::TIME_NS, dt_ns, time_ns);
        let value = self.ret(ids::step::FUNCTION, args);
        let elements = value.into_elements().expect("an array");
        elements
            .into_iter()
            .map(|element| {
                let output = arora_animation_module::records::TrackOutput::try_from(element)
                    .expect("a TrackOutput");
                (output.track_id, output.default_key, output.value)
            })
            .collect()
    }

    pub fn states(&mut self) -> Vec<PlayerState> {
        let value = self.ret(ids::player_states::FUNCTION, vec![]);
        let Value::ArrayStructure { .. } = &value else {
            panic!("player_states is an ArrayStructure, got {value:?}");
        };
        value
            .into_elements()
            .expect("an array")
            .into_iter()
            .map(|element| PlayerState::try_from(element).expect("a PlayerState"))
            .collect()
    }

    pub fn state(&mut self, player: u32) -> PlayerState {
        self.states()
            .into_iter()
            .find(|state| state.player == player)
            .expect("the player exists")
    }

    /// The playhead of `player`.
    pub fn time(&mut self, player: u32) -> u64 {
        self.state(player).time_ns
    }

    pub fn keys(&mut self) -> OutputKeys {
        OutputKeys::try_from(self.ret(ids::output_keys::FUNCTION, vec![])).expect("an OutputKeys")
    }
}

fn step_args(dt: Uuid, time: Uuid, dt_ns: u64, time_ns: Option<u64>) -> Vec<(Uuid, Value)> {
    let mut args = vec![(dt, Value::U64(dt_ns))];
    if let Some(time_ns) = time_ns {
        args.push((time, Value::U64(time_ns)));
    }
    args
}

/// A transition of `kind` with no offsets.
pub fn named(kind: &str) -> Vec<ClipTransition> {
    vec![ClipTransition {
        kind: kind.to_string(),
        dt_ns: 0.0,
        dv: 0.0,
    }]
}

/// A keypoint at `time_ns` with `value`, easing `linear` on both sides.
pub fn key(id: &str, time_ns: i64, value: Value) -> ClipKeypoint {
    ClipKeypoint {
        id: id.to_string(),
        time_ns,
        value,
        arrive: named("linear"),
        leave: named("linear"),
        pairing: String::new(),
    }
}

pub fn track(id: &str, target: &str, keypoints: Vec<ClipKeypoint>) -> ClipTrack {
    ClipTrack {
        id: id.to_string(),
        name: id.to_string(),
        target: target.to_string(),
        keypoints,
    }
}

pub fn clip(name: &str, tracks: Vec<ClipTrack>) -> Clip {
    Clip {
        name: name.to_string(),
        length_ns: None,
        tracks,
    }
}

/// `tx: x`, 0 → `to` over `over_ns`, linear.
pub fn ramp(id: &str, over_ns: i64, to: f64) -> Clip {
    let keys = vec![
        key("a", 0, Value::F64(0.0)),
        key("b", over_ns, Value::F64(to)),
    ];
    clip(id, vec![track(id, "x", keys)])
}

/// R1: `tx: x`, 0 → 1000 over 1 s: the value is ≈ the clip-local time in ms.
pub fn r1() -> Clip {
    ramp("tx", 1_000 * MS as i64, 1000.0)
}

/// R5: the same over 5 s.
pub fn r5() -> Clip {
    ramp("tx", 5_000 * MS as i64, 5000.0)
}

/// A one-keypoint number clip: `id: x` holding `value`.
pub fn hold(id: &str, value: f64) -> Clip {
    clip(
        id,
        vec![track(id, "x", vec![key("k", 0, Value::F64(value))])],
    )
}

/// TEXT: `ts: x`, "a" at 0, "b" at 500 ms.
pub fn text() -> Clip {
    let keys = vec![
        key("a", 0, Value::String("a".to_string())),
        key("b", 500 * MS as i64, Value::String("b".to_string())),
    ];
    clip("text", vec![track("ts", "x", keys)])
}

/// The number a value holds, `F32` or `F64`.
pub fn number(value: &Value) -> f64 {
    match value {
        Value::F64(x) => *x,
        Value::F32(x) => f64::from(*x),
        other => panic!("expected a number, got {other:?}"),
    }
}

/// The elements of an `ArrayValue`.
pub fn elements(value: &Value) -> &[Value] {
    match value {
        Value::ArrayValue(elements) => elements,
        other => panic!("expected an ArrayValue, got {other:?}"),
    }
}

/// The transport and setter calls, each answering the contract's `u32`.
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
