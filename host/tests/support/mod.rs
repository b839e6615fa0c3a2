//! A real Arora engine with `@arora/animation` registered, and the clips of
//! docs/playback.md §9. Calls go through `arora_call`, buffers and all.
#![allow(dead_code)] // each test file uses its own part of the support

mod clips;
mod transport;

pub use clips::*;

use arora_animation_module::client::AnimationClient;
use arora_animation_module::records::{Clip, OutputKeys, PlayerState, StepSamples, StepValues};
use arora_animation_module::{AnimationModule, animation::ids, exports};
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::module::HostModule;
use arora_types::Uuid;
use arora_types::call::CallError;
use arora_types::value::Value;

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
        Self::with_module(AnimationModule::new())
    }

    /// A device with `module` registered, as built (for a state a fresh
    /// registration does not reach quickly, such as ids near `u32::MAX`).
    pub fn with_module(module: AnimationModule) -> Self {
        let mut engine = EngineBuilder::new().build();
        let module = HostModule::from_exports(ids::MODULE, exports(module));
        engine.register_module(module.id(), Box::new(module));
        Self {
            engine,
            called: Default::default(),
        }
    }

    /// Calls `function` with `args` under their parameter ids.
    pub fn call(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> Result<Value, CallError> {
        self.called.insert(function);
        AnimationClient::over(&mut self.engine).call_raw(function, args)
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
