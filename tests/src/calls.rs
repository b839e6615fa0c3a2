//! One call of the module in the wire forms a session compares, and what it answers.
//!
//! A [`Command`] is a function id with its arguments under their parameter
//! ids, as the typed client's `call_raw` sends them; one constructor per
//! function, named for it. An optional argument is an [`Opt`], so a session
//! can send each of the forms the contract accepts for it (left out,
//! `Option(None)`, bare), which the typed methods do not. The client builds
//! and sends the call.

use arora_animation_module::animation::ids;
use arora_animation_module::client::{self, AnimationClient, BridgeCaller, Caller};
use arora_types::Uuid;
use arora_types::call::{Call, CallBridge, CallError, CallResult};
use arora_types::value::Value;

/// A call of one function of the module.
#[derive(Clone, Debug)]
pub struct Command {
    /// The function's name, for messages.
    pub name: &'static str,
    /// The function's id.
    pub function: Uuid,
    /// The arguments, each under its parameter id, in the order sent.
    pub args: Vec<(Uuid, Value)>,
}

/// How an optional argument is sent (docs/contract.md §1.3): left out,
/// `Option(None)`, `Option(Some(x))`, or a bare `x`.
#[derive(Clone, Debug)]
pub enum Opt<T> {
    /// Left out.
    Omitted,
    /// `Option(None)`.
    None,
    /// `Option(Some(x))`.
    Some(T),
    /// A bare `x`.
    Bare(T),
}

impl<T: Into<Value>> Opt<T> {
    /// The argument this form sends under `parameter`, if any.
    fn arg(self, parameter: Uuid) -> Option<(Uuid, Value)> {
        let value = match self {
            Self::Omitted => return None,
            Self::None => Value::Option(None),
            Self::Some(x) => Value::Option(Some(Box::new(x.into()))),
            Self::Bare(x) => x.into(),
        };
        Some((parameter, value))
    }
}

/// What a call answered, comparable between two modules: the return value
/// (no function here mutates an argument), or the error as it reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The value the call returned.
    Returned(Value),
    /// The call failed (or mutated an argument): the error as it reads.
    Failed(String),
}

impl From<Result<CallResult, CallError>> for Answer {
    fn from(result: Result<CallResult, CallError>) -> Self {
        match result {
            Ok(CallResult { ret, mutated }) if mutated.is_empty() => Self::Returned(ret),
            Ok(result) => Self::Failed(format!("a call mutated its arguments: {result:?}")),
            Err(error) => Self::Failed(format!("{error:?}")),
        }
    }
}

impl Command {
    fn new(name: &'static str, function: Uuid, args: Vec<Option<(Uuid, Value)>>) -> Self {
        Self {
            name,
            function,
            args: args.into_iter().flatten().collect(),
        }
    }

    /// The call, addressed to `@arora/animation`, as the typed client's `call_raw` sends
    /// it: for a caller that must hold it (a bridge message, a guest's buffer).
    pub fn call(&self) -> Call {
        client::raw_call(ids::MODULE, self.function, self.args.clone())
    }

    /// Send the call through `caller` (an engine's [`BridgeCaller`], a bridge
    /// connection) with the typed client's `call_raw`.
    pub fn send_through(&self, caller: impl Caller) -> Answer {
        AnimationClient::new(caller)
            .call_raw_result(self.function, self.args.clone())
            .into()
    }

    /// Send the call through `bridge` (an engine or a device's).
    pub fn send(&self, bridge: &mut dyn CallBridge) -> Answer {
        self.send_through(BridgeCaller(bridge))
    }
}

fn arg(parameter: Uuid, value: impl Into<Value>) -> Option<(Uuid, Value)> {
    Some((parameter, value.into()))
}

/// A call of `load_animation`.
pub fn load_animation(clip: Value) -> Command {
    use ids::load_animation as f;
    Command::new("load_animation", f::FUNCTION, vec![arg(f::CLIP, clip)])
}

/// A call of `create_player`.
pub fn create_player(name: Opt<String>) -> Command {
    use ids::create_player as f;
    Command::new("create_player", f::FUNCTION, vec![name.arg(f::NAME)])
}

/// A call of `add_instance`.
pub fn add_instance(player: u32, anim: u32) -> Command {
    use ids::add_instance as f;
    let args = vec![arg(f::PLAYER, player), arg(f::ANIM, anim)];
    Command::new("add_instance", f::FUNCTION, args)
}

/// A call of `step`.
pub fn step(dt_ns: u64, time_ns: Opt<u64>) -> Command {
    use ids::step as f;
    let args = vec![arg(f::DT_NS, dt_ns), time_ns.arg(f::TIME_NS)];
    Command::new("step", f::FUNCTION, args)
}

/// A call of `play`.
pub fn play(player: u32) -> Command {
    use ids::play as f;
    Command::new("play", f::FUNCTION, vec![arg(f::PLAYER, player)])
}

/// A call of `pause`.
pub fn pause(player: u32) -> Command {
    use ids::pause as f;
    Command::new("pause", f::FUNCTION, vec![arg(f::PLAYER, player)])
}

/// A call of `stop`.
pub fn stop(player: u32) -> Command {
    use ids::stop as f;
    Command::new("stop", f::FUNCTION, vec![arg(f::PLAYER, player)])
}

/// A call of `seek`.
pub fn seek(player: u32, time_ns: u64) -> Command {
    use ids::seek as f;
    let args = vec![arg(f::PLAYER, player), arg(f::TIME_NS, time_ns)];
    Command::new("seek", f::FUNCTION, args)
}

/// A call of `set_speed`.
pub fn set_speed(player: u32, speed: f32) -> Command {
    use ids::set_speed as f;
    let args = vec![arg(f::PLAYER, player), arg(f::SPEED, speed)];
    Command::new("set_speed", f::FUNCTION, args)
}

/// A call of `set_loop`.
pub fn set_loop(player: u32, mode: &str) -> Command {
    use ids::set_loop as f;
    let args = vec![arg(f::PLAYER, player), arg(f::MODE, mode.to_string())];
    Command::new("set_loop", f::FUNCTION, args)
}

/// A call of `set_weight`.
pub fn set_weight(player: u32, instance: u32, weight: f32) -> Command {
    use ids::set_weight as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::INSTANCE, instance),
        arg(f::WEIGHT, weight),
    ];
    Command::new("set_weight", f::FUNCTION, args)
}

/// A call of `remove_instance`.
pub fn remove_instance(player: u32, instance: u32) -> Command {
    use ids::remove_instance as f;
    let args = vec![arg(f::PLAYER, player), arg(f::INSTANCE, instance)];
    Command::new("remove_instance", f::FUNCTION, args)
}

/// A call of `player_states`.
pub fn player_states() -> Command {
    Command::new("player_states", ids::player_states::FUNCTION, vec![])
}

/// A call of `bake`.
pub fn bake(anim: u32, frame_rate: Opt<f32>, start_ns: Opt<u64>, end_ns: Opt<u64>) -> Command {
    use ids::bake as f;
    let args = vec![
        arg(f::ANIM, anim),
        frame_rate.arg(f::FRAME_RATE),
        start_ns.arg(f::START_NS),
        end_ns.arg(f::END_NS),
    ];
    Command::new("bake", f::FUNCTION, args)
}

/// A call of `bake_with_derivatives`.
pub fn bake_with_derivatives(
    anim: u32,
    frame_rate: Opt<f32>,
    start_ns: Opt<u64>,
    end_ns: Opt<u64>,
) -> Command {
    use ids::bake_with_derivatives as f;
    let args = vec![
        arg(f::ANIM, anim),
        frame_rate.arg(f::FRAME_RATE),
        start_ns.arg(f::START_NS),
        end_ns.arg(f::END_NS),
    ];
    Command::new("bake_with_derivatives", f::FUNCTION, args)
}

/// A call of `unload_animation`.
pub fn unload_animation(anim: u32) -> Command {
    use ids::unload_animation as f;
    Command::new("unload_animation", f::FUNCTION, vec![arg(f::ANIM, anim)])
}

/// A call of `remove_player`.
pub fn remove_player(player: u32) -> Command {
    use ids::remove_player as f;
    Command::new("remove_player", f::FUNCTION, vec![arg(f::PLAYER, player)])
}

/// A call of `add_instance_with_weight`.
pub fn add_instance_with_weight(player: u32, anim: u32, weight: f32) -> Command {
    use ids::add_instance_with_weight as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::ANIM, anim),
        arg(f::WEIGHT, weight),
    ];
    Command::new("add_instance_with_weight", f::FUNCTION, args)
}

/// A call of `reload_animation`.
pub fn reload_animation(anim: u32, clip: Value) -> Command {
    use ids::reload_animation as f;
    let args = vec![arg(f::ANIM, anim), arg(f::CLIP, clip)];
    Command::new("reload_animation", f::FUNCTION, args)
}

/// A call of `set_window`.
pub fn set_window(player: u32, start_ns: u64, end_ns: Opt<u64>) -> Command {
    use ids::set_window as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::START_NS, start_ns),
        end_ns.arg(f::END_NS),
    ];
    Command::new("set_window", f::FUNCTION, args)
}

/// A call of `play_at`.
pub fn play_at(player: u32, time_ns: u64) -> Command {
    use ids::play_at as f;
    let args = vec![arg(f::PLAYER, player), arg(f::TIME_NS, time_ns)];
    Command::new("play_at", f::FUNCTION, args)
}

/// A call of `set_start_offset`.
pub fn set_start_offset(player: u32, instance: u32, offset_ns: i64) -> Command {
    use ids::set_start_offset as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::INSTANCE, instance),
        arg(f::OFFSET_NS, offset_ns),
    ];
    Command::new("set_start_offset", f::FUNCTION, args)
}

/// A call of `set_time_scale`.
pub fn set_time_scale(player: u32, instance: u32, time_scale: f32) -> Command {
    use ids::set_time_scale as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::INSTANCE, instance),
        arg(f::TIME_SCALE, time_scale),
    ];
    Command::new("set_time_scale", f::FUNCTION, args)
}

/// A call of `step_values`.
pub fn step_values(dt_ns: u64, time_ns: Opt<u64>) -> Command {
    use ids::step_values as f;
    let args = vec![arg(f::DT_NS, dt_ns), time_ns.arg(f::TIME_NS)];
    Command::new("step_values", f::FUNCTION, args)
}

/// A call of `output_keys`.
pub fn output_keys() -> Command {
    Command::new("output_keys", ids::output_keys::FUNCTION, vec![])
}

/// A call of `load_clip`.
pub fn load_clip(clip: Value) -> Command {
    use ids::load_clip as f;
    Command::new("load_clip", f::FUNCTION, vec![arg(f::CLIP, clip)])
}

/// A call of `reload_clip`.
pub fn reload_clip(anim: u32, clip: Value) -> Command {
    use ids::reload_clip as f;
    let args = vec![arg(f::ANIM, anim), arg(f::CLIP, clip)];
    Command::new("reload_clip", f::FUNCTION, args)
}

/// A call of `set_rate`.
pub fn set_rate(player: u32, instance: u32, rate: f64) -> Command {
    use ids::set_rate as f;
    let args = vec![
        arg(f::PLAYER, player),
        arg(f::INSTANCE, instance),
        arg(f::RATE, rate),
    ];
    Command::new("set_rate", f::FUNCTION, args)
}

/// A call of `step_with_velocities`.
pub fn step_with_velocities(dt_ns: u64, time_ns: Opt<u64>) -> Command {
    use ids::step_with_velocities as f;
    let args = vec![arg(f::DT_NS, dt_ns), time_ns.arg(f::TIME_NS)];
    Command::new("step_with_velocities", f::FUNCTION, args)
}

/// A call of `set_length`.
pub fn set_length(player: u32, length_ns: Opt<u64>) -> Command {
    use ids::set_length as f;
    let args = vec![arg(f::PLAYER, player), length_ns.arg(f::LENGTH_NS)];
    Command::new("set_length", f::FUNCTION, args)
}

/// A call of `set_reversed`.
pub fn set_reversed(player: u32, reversed: bool) -> Command {
    use ids::set_reversed as f;
    let args = vec![arg(f::PLAYER, player), arg(f::REVERSED, reversed)];
    Command::new("set_reversed", f::FUNCTION, args)
}
