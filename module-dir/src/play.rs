//! Loading a module directory on an in-process Arora device and playing the
//! bundled clip through the typed client, by the contract's function ids.

use std::path::Path;
use std::time::Duration;

use arora::{Arora, MethodSignature};
use arora_animation_module::animation::ids;
use arora_animation_module::client::{
    AnimationClient, CallFn, Caller, ClientError, DeviceSpan, DeviceTime,
};
use arora_types::value::Value;

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
    /// A contract call fails on the device, or answers what the contract does not return.
    #[error("{0}")]
    Client(#[from] ClientError),
    /// A contract call answers its refusal.
    #[error("`{0}` refuses the bundled clip or player (it answers u32::MAX)")]
    Refused(&'static str),
}

/// What the device described and played.
#[derive(Debug)]
pub struct Demo {
    /// The module's functions as the device describes them, by name.
    pub described: Vec<MethodSignature>,
    /// What the bundled clip played.
    pub played: Played,
}

/// What a session of steps played: the output keys and one frame per step. The
/// `arora-animation play` command answers the same.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The output keys, one per position of each frame's values.
    pub keys: Vec<String>,
    /// One frame per step, in order.
    pub frames: Vec<Frame>,
}

/// The answer of one step.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The device time the step reached.
    pub time_ns: u64,
    /// One value per output key; `Unit` where a position has none.
    pub values: Vec<Value>,
    /// With velocities (`step_with_velocities`): one per key, `F64` or `Unit`.
    pub velocities: Option<Vec<Value>>,
}

/// The elements of a step's `values` or `velocities` array.
pub fn elements(value: Value) -> Vec<Value> {
    match value {
        Value::ArrayValue(values) => values,
        other => vec![other],
    }
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

/// The typed client of the module on `device`.
pub fn client(device: &mut Arora) -> AnimationClient<impl Caller + '_> {
    AnimationClient::new(CallFn(|call| device.call(call)))
}

/// Load `dir` on a device and play the bundled clip on one player for one
/// second of device time, a `step_values` call per device step.
pub fn play(dir: &Path) -> Result<Demo, PlayError> {
    let mut device = device(dir)?;
    let described = device
        .describe_methods(None)
        .into_iter()
        .filter(|method| method.module_id == ids::MODULE)
        .collect();
    start(&mut client(&mut device))?;
    let dt = DeviceSpan::from_ns(FRAME.as_nanos() as i64);
    let mut frames = Vec::with_capacity(FRAMES as usize);
    for frame in 1..=FRAMES {
        device.step(FRAME).map_err(PlayError::Step)?;
        let time_ns = u64::from(frame) * FRAME.as_nanos() as u64;
        let now = DeviceTime::from_ns(i64::from(frame) * dt.ns());
        let step = client(&mut device).step_values(dt, Some(now))?;
        frames.push(Frame {
            time_ns,
            values: elements(step.values),
            velocities: None,
        });
    }
    let keys = client(&mut device).output_keys()?.keys;
    Ok(Demo {
        described,
        played: Played { keys, frames },
    })
}

/// Load the bundled clip and put it on a new player, which plays from the
/// first step.
fn start(client: &mut AnimationClient<impl Caller>) -> Result<(), PlayError> {
    let anim = client
        .load_clip(&bundled_clip())?
        .ok_or(PlayError::Refused("load_clip"))?;
    let player = client
        .create_player(Some("demo"))?
        .ok_or(PlayError::Refused("create_player"))?;
    client
        .add_instance(player, anim)?
        .ok_or(PlayError::Refused("add_instance"))?;
    Ok(())
}
