//! A real Arora engine with `@arora/animation` registered, and the clips of
//! docs/playback.md §9. Calls go through `arora_call`, buffers and all, made by
//! the typed client: its typed methods for the ordinary calls, `call_raw` for the
//! wire forms a typed method cannot send (an argument left out, a wrong type, a
//! time past `i64::MAX`).

mod clips;
mod transport;

pub use clips::*;

use arora_animation_module::client::{
    AnimationClient, AnimationId, Caller, ClientError, DeviceSpan, DeviceTime, InstanceId, PlayerId,
};
use arora_animation_module::records::{Clip, OutputKeys, PlayerState, StepSamples, StepValues};
use arora_animation_module::{AnimationModule, animation, animation::ids, exports};
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::module::HostModule;
use arora_types::Uuid;
use arora_types::call::{Call, CallBridge, CallError, CallResult};
use arora_types::record::module::frozen::ExportKind;
use arora_types::value::Value;

/// One millisecond in nanoseconds.
pub const MS: u64 = 1_000_000;

/// A device: an engine with one fresh registration of the module.
pub struct Device {
    engine: PinnedEngine,
    /// Every function called so far, to show a session covers them all.
    pub called: std::collections::BTreeSet<Uuid>,
}

/// The typed client over a device's engine.
pub type Client<'a> = AnimationClient<Noting<'a>>;

/// A device's engine as the client's caller, noting in [`Device::called`] every
/// function called through it.
pub struct Noting<'a> {
    engine: &'a mut PinnedEngine,
    called: &'a mut std::collections::BTreeSet<Uuid>,
}

impl Caller for Noting<'_> {
    fn call(&mut self, call: Call) -> Result<CallResult, CallError> {
        self.called.insert(call.id);
        self.engine.arora_call(call)
    }
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

    /// The typed client; each function it calls is noted in [`Device::called`].
    pub fn client(&mut self) -> Client<'_> {
        AnimationClient::new(Noting {
            engine: &mut self.engine,
            called: &mut self.called,
        })
    }

    /// Calls `function` with `args` under their parameter ids, as they are.
    pub fn call(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> Result<Value, CallError> {
        self.client().call_raw(function, args)
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

    /// A call returning a `u32`, `values` sent under the function's parameter ids in the
    /// declaration's order (one value a parameter).
    pub fn u32_in_order(&mut self, function: Uuid, values: Vec<Value>) -> u32 {
        let descriptions = animation::descriptions();
        let ExportKind::Function(signature) = &descriptions[&function].kind;
        let parameters = &signature.parameter_ordering;
        assert_eq!(parameters.len(), values.len(), "one value a parameter");
        self.u32(function, parameters.iter().copied().zip(values).collect())
    }

    /// A call returning a `bool`.
    pub fn bool(&mut self, function: Uuid, args: Vec<(Uuid, Value)>) -> bool {
        match self.ret(function, args) {
            Value::Boolean(b) => b,
            other => panic!("expected a bool, got {other:?}"),
        }
    }

    pub fn load_clip(&mut self, clip: Clip) -> u32 {
        let anim = self.client().load_clip(&clip);
        raw(answered(anim), AnimationId::raw)
    }

    pub fn create_player(&mut self, name: &str) -> u32 {
        let player = self.client().create_player(Some(name));
        raw(answered(player), PlayerId::raw)
    }

    pub fn add_instance(&mut self, player: u32, anim: u32) -> u32 {
        let instance = self
            .client()
            .add_instance(PlayerId::from_raw(player), AnimationId::from_raw(anim));
        raw(answered(instance), InstanceId::raw)
    }

    /// `p`: a player named "p" with one instance of `clip`.
    pub fn player_with(&mut self, clip: Clip) -> u32 {
        let anim = self.load_clip(clip);
        let player = self.create_player("p");
        self.add_instance(player, anim);
        player
    }

    /// A transport or setter call on `player` with one more argument, as given.
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

    /// `step_values`; a time past `i64::MAX` is sent as the contract carries it.
    pub fn step_values(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepValues {
        use ids::step_values as f;
        let values = match device_times(dt_ns, time_ns) {
            Some((dt, now)) => self.client().step_values(dt, now),
            None => {
                let value = self.ret(f::FUNCTION, step_args(f::DT_NS, f::TIME_NS, dt_ns, time_ns));
                return StepValues::try_from(value).expect("a StepValues");
            }
        };
        answered(values)
    }

    pub fn step_samples(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepSamples {
        let (dt, now) = device_times(dt_ns, time_ns).expect("times within i64::MAX");
        let samples = self.client().step_with_velocities(dt, now);
        answered(samples)
    }

    /// `step`'s answer as `(track_id, key, value)`.
    pub fn step(&mut self, dt_ns: u64, time_ns: Option<u64>) -> Vec<(String, String, Value)> {
        let (dt, now) = device_times(dt_ns, time_ns).expect("times within i64::MAX");
        let outputs = answered(self.client().step(dt, now));
        outputs
            .into_iter()
            .map(|output| (output.track_id, output.default_key, output.value))
            .collect()
    }

    /// `player_states`: the client reads it as the contract's `ArrayStructure` only.
    pub fn states(&mut self) -> Vec<PlayerState> {
        let states = self.client().player_states();
        answered(states)
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
        answered(self.client().output_keys())
    }
}

/// The answer of a call that must succeed (the error names the function).
fn answered<T>(answer: Result<T, ClientError>) -> T {
    answer.unwrap_or_else(|error| panic!("{error}"))
}

/// An id answer as the contract gives it: `u32::MAX` for a refusal.
fn raw<T: Copy>(id: Option<T>, raw: fn(T) -> u32) -> u32 {
    id.map_or(u32::MAX, raw)
}

/// A step's times as the engine's types; `None` when one is past `i64::MAX`,
/// which only the contract's `u64` carries.
fn device_times(dt_ns: u64, time_ns: Option<u64>) -> Option<(DeviceSpan, Option<DeviceTime>)> {
    let dt = DeviceSpan::from_ns(i64::try_from(dt_ns).ok()?);
    let now = match time_ns {
        Some(time_ns) => Some(DeviceTime::from_ns(i64::try_from(time_ns).ok()?)),
        None => None,
    };
    Some((dt, now))
}

/// A step's arguments as the contract carries them, the time left out when `None`.
fn step_args(dt: Uuid, time: Uuid, dt_ns: u64, time_ns: Option<u64>) -> Vec<(Uuid, Value)> {
    let mut args = vec![(dt, Value::U64(dt_ns))];
    if let Some(time_ns) = time_ns {
        args.push((time, Value::U64(time_ns)));
    }
    args
}
