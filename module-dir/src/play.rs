//! Loading a module directory on an in-process Arora device and playing the
//! bundled clip through the contract's function ids.

use std::path::Path;
use std::time::Duration;

use arora::{Arora, MethodSignature};
use arora_animation_module::animation::ids;
use arora_animation_module::records::{OutputKeys, StepValues};
use arora_types::Uuid;
use arora_types::call::{Call, CallError};
use arora_types::value::{StructureField, Value};

use crate::clip::bundled_clip;

/// The device step: 10 ms, the device's default period.
pub const FRAME: Duration = Duration::from_millis(10);
/// How many steps make the one second of device time played.
pub const FRAMES: u32 = 100;

/// Why the module directory did not play.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The device does not start with the module directory.
    #[error("the device does not start with the module directory: {0:#}")]
    Device(anyhow::Error),
    /// The device does not step.
    #[error("the device does not step: {0}")]
    Step(arora::RuntimeError),
    /// A contract call fails on the device.
    #[error("`{function}` fails on the device: {error}")]
    Call {
        /// The contract function called.
        function: &'static str,
        /// How the call failed.
        error: CallError,
    },
    /// A contract call answers a value of the wrong shape.
    #[error("`{function}` answers {value:?}, which is not what the contract returns")]
    Unexpected {
        /// The contract function called.
        function: &'static str,
        /// What it answered.
        value: Value,
    },
    /// A contract call answers its failure value.
    #[error("`{function}` refuses the bundled clip or player (it answers {value})")]
    Refused {
        /// The contract function called.
        function: &'static str,
        /// The failure value it answered.
        value: u32,
    },
}

/// What the device described and played.
#[derive(Debug)]
pub struct Played {
    /// The module's functions as the device describes them, by name.
    pub described: Vec<MethodSignature>,
    /// The output keys, one per position of `values`.
    pub keys: Vec<String>,
    /// One frame per device step.
    pub frames: Vec<Frame>,
}

/// The values of one step.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The device time the step reached.
    pub time_ns: u64,
    /// One value per output key; `Unit` where a position has none.
    pub values: Vec<Value>,
}

/// Start a device carrying the module directory `dir`, as a device runner
/// given `--module <dir>` does.
pub fn device(dir: &Path) -> Result<Arora, PlayError> {
    // The module directory serves as the device directory too: it holds no
    // `modules/`, so the device carries exactly the module given.
    let dirs = [dir.to_path_buf()];
    futures::executor::block_on(Arora::builder().with_module_dirs(dir, &dirs))
        .and_then(|builder| builder.build())
        .map_err(PlayError::Device)
}

/// Load `dir` on a device and play the bundled clip on one player for one
/// second of device time, a `step_values` call per device step.
pub fn play(dir: &Path) -> Result<Played, PlayError> {
    let mut device = device(dir)?;
    let described = device
        .describe_methods(None)
        .into_iter()
        .filter(|method| method.module_id == ids::MODULE)
        .collect();
    start(&mut device)?;
    let mut frames = Vec::with_capacity(FRAMES as usize);
    for frame in 1..=FRAMES {
        device.step(FRAME).map_err(PlayError::Step)?;
        let time_ns = u64::from(frame) * FRAME.as_nanos() as u64;
        frames.push(step_values(&mut device, time_ns)?);
    }
    let keys = output_keys(&mut device)?;
    Ok(Played {
        described,
        keys,
        frames,
    })
}

/// Load the bundled clip and put it on a new player, which plays from the
/// first step.
fn start(device: &mut Arora) -> Result<(), PlayError> {
    let clip = Value::from(bundled_clip());
    let anim = id_call(
        device,
        "load_clip",
        ids::load_clip::FUNCTION,
        vec![(ids::load_clip::CLIP, clip)],
    )?;
    let player = id_call(
        device,
        "create_player",
        ids::create_player::FUNCTION,
        vec![(ids::create_player::NAME, Value::String("demo".into()))],
    )?;
    id_call(
        device,
        "add_instance",
        ids::add_instance::FUNCTION,
        vec![
            (ids::add_instance::PLAYER, Value::U32(player)),
            (ids::add_instance::ANIM, Value::U32(anim)),
        ],
    )
    .map(drop)
}

/// The values at device time `time_ns`, a step after the previous frame.
fn step_values(device: &mut Arora, time_ns: u64) -> Result<Frame, PlayError> {
    let function = "step_values";
    let dt_ns = FRAME.as_nanos() as u64;
    let ret = call(
        device,
        function,
        ids::step_values::FUNCTION,
        vec![
            (ids::step_values::DT_NS, Value::U64(dt_ns)),
            (ids::step_values::TIME_NS, Value::U64(time_ns)),
        ],
    )?;
    let unexpected = |value| PlayError::Unexpected { function, value };
    let step = StepValues::try_from(ret.clone()).map_err(|_| unexpected(ret))?;
    match step.values {
        Value::ArrayValue(values) => Ok(Frame { time_ns, values }),
        other => Err(unexpected(other)),
    }
}

fn output_keys(device: &mut Arora) -> Result<Vec<String>, PlayError> {
    let function = "output_keys";
    let ret = call(device, function, ids::output_keys::FUNCTION, vec![])?;
    OutputKeys::try_from(ret.clone())
        .map(|keys| keys.keys)
        .map_err(|_| PlayError::Unexpected {
            function,
            value: ret,
        })
}

/// Call a function answering an id, refused with `u32::MAX`.
fn id_call(
    device: &mut Arora,
    function: &'static str,
    id: Uuid,
    args: Vec<(Uuid, Value)>,
) -> Result<u32, PlayError> {
    match call(device, function, id, args)? {
        Value::U32(u32::MAX) => Err(PlayError::Refused {
            function,
            value: u32::MAX,
        }),
        Value::U32(id) => Ok(id),
        value => Err(PlayError::Unexpected { function, value }),
    }
}

/// Call `function` of the module on the device; its return value.
pub fn call(
    device: &mut Arora,
    function: &'static str,
    id: Uuid,
    args: Vec<(Uuid, Value)>,
) -> Result<Value, PlayError> {
    let args = args
        .into_iter()
        .map(|(id, value)| StructureField {
            id,
            value: Box::new(value),
        })
        .collect();
    device
        .call(Call {
            module_id: Some(ids::MODULE),
            id,
            args,
        })
        .map(|result| result.ret)
        .map_err(|error| PlayError::Call { function, error })
}
