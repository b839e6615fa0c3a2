//! The same contract calls made on the wasm guest of a module directory, loaded on an
//! in-process `arora` device (`arora_animation_module_dir::device`), by function id.

use std::path::Path;

use arora_animation_module::animation::ids;
use arora_animation_module::records::{Clip, OutputKeys, StepSamples, StepValues};
use arora_animation_module_dir::{call, device};
use arora_types::Uuid;
use arora_types::value::Value;

use crate::error::CliError;
use crate::session::Contract;

/// A device carrying the module directory; every call goes through its guest.
pub struct DeviceSession {
    device: arora::Arora,
}

impl DeviceSession {
    /// Starts a device on the module directory `dir`, as a device runner given
    /// `--module <dir>` does.
    pub fn open(dir: &Path) -> Result<DeviceSession, CliError> {
        let device = device(dir).map_err(|e| CliError::Data {
            path: dir.display().to_string(),
            what: e.to_string(),
        })?;
        Ok(DeviceSession { device })
    }

    fn call(
        &mut self,
        name: &'static str,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<Value, CliError> {
        call(&mut self.device, name, function, args).map_err(|e| CliError::Device(e.to_string()))
    }

    /// A call answering a `u32`.
    fn id_call(
        &mut self,
        name: &'static str,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<u32, CliError> {
        match self.call(name, function, args)? {
            Value::U32(id) => Ok(id),
            other => Err(unexpected(name, &other)),
        }
    }

    /// A call answering a record `R`.
    fn record_call<R: TryFrom<Value>>(
        &mut self,
        name: &'static str,
        function: Uuid,
        args: Vec<(Uuid, Value)>,
    ) -> Result<R, CliError> {
        let answer = self.call(name, function, args)?;
        R::try_from(answer.clone()).map_err(|_| unexpected(name, &answer))
    }
}

fn unexpected(name: &str, answer: &Value) -> CliError {
    CliError::Device(format!(
        "`{name}` answers {answer:?}, not what the contract returns"
    ))
}

fn option<T: Into<Value>>(value: Option<T>) -> Value {
    Value::Option(value.map(|v| Box::new(v.into())))
}

impl Contract for DeviceSession {
    fn load_clip(&mut self, clip: Clip) -> Result<u32, CliError> {
        use ids::load_clip as f;
        self.id_call("load_clip", f::FUNCTION, vec![(f::CLIP, clip.into())])
    }

    fn create_player(&mut self, name: &str) -> Result<u32, CliError> {
        use ids::create_player as f;
        let args = vec![(f::NAME, Value::String(name.into()))];
        self.id_call("create_player", f::FUNCTION, args)
    }

    fn add_instance_with_weight(&mut self, p: u32, a: u32, w: f32) -> Result<u32, CliError> {
        use ids::add_instance_with_weight as f;
        let args = vec![
            (f::PLAYER, Value::U32(p)),
            (f::ANIM, Value::U32(a)),
            (f::WEIGHT, Value::F32(w)),
        ];
        self.id_call("add_instance_with_weight", f::FUNCTION, args)
    }

    fn set_start_offset(&mut self, p: u32, i: u32, offset_ns: i64) -> Result<u32, CliError> {
        use ids::set_start_offset as f;
        let args = vec![
            (f::PLAYER, Value::U32(p)),
            (f::INSTANCE, Value::U32(i)),
            (f::OFFSET_NS, Value::I64(offset_ns)),
        ];
        self.id_call("set_start_offset", f::FUNCTION, args)
    }

    fn set_speed(&mut self, player: u32, speed: f32) -> Result<u32, CliError> {
        use ids::set_speed as f;
        let args = vec![
            (f::PLAYER, Value::U32(player)),
            (f::SPEED, Value::F32(speed)),
        ];
        self.id_call("set_speed", f::FUNCTION, args)
    }

    fn set_loop(&mut self, player: u32, mode: &str) -> Result<u32, CliError> {
        use ids::set_loop as f;
        let args = vec![
            (f::PLAYER, Value::U32(player)),
            (f::MODE, Value::String(mode.into())),
        ];
        self.id_call("set_loop", f::FUNCTION, args)
    }

    fn set_window(&mut self, p: u32, start: u64, end: Option<u64>) -> Result<u32, CliError> {
        use ids::set_window as f;
        let args = vec![
            (f::PLAYER, Value::U32(p)),
            (f::START_NS, Value::U64(start)),
            (f::END_NS, option(end)),
        ];
        self.id_call("set_window", f::FUNCTION, args)
    }

    fn set_length(&mut self, player: u32, length_ns: Option<u64>) -> Result<u32, CliError> {
        use ids::set_length as f;
        let args = vec![
            (f::PLAYER, Value::U32(player)),
            (f::LENGTH_NS, option(length_ns)),
        ];
        self.id_call("set_length", f::FUNCTION, args)
    }

    fn set_reversed(&mut self, player: u32, reversed: bool) -> Result<u32, CliError> {
        use ids::set_reversed as f;
        let args = vec![
            (f::PLAYER, Value::U32(player)),
            (f::REVERSED, Value::Boolean(reversed)),
        ];
        self.id_call("set_reversed", f::FUNCTION, args)
    }

    fn step_values(&mut self, dt_ns: u64, time_ns: u64) -> Result<StepValues, CliError> {
        use ids::step_values as f;
        let args = vec![
            (f::DT_NS, Value::U64(dt_ns)),
            (f::TIME_NS, Value::U64(time_ns)),
        ];
        self.record_call("step_values", f::FUNCTION, args)
    }

    fn step_with_velocities(&mut self, dt: u64, time: u64) -> Result<StepSamples, CliError> {
        use ids::step_with_velocities as f;
        let args = vec![(f::DT_NS, Value::U64(dt)), (f::TIME_NS, Value::U64(time))];
        self.record_call("step_with_velocities", f::FUNCTION, args)
    }

    fn output_keys(&mut self) -> Result<OutputKeys, CliError> {
        use ids::output_keys as f;
        self.record_call("output_keys", f::FUNCTION, vec![])
    }
}
