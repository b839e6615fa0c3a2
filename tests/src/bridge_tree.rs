//! The behavior a device runs, loaded from the files under `examples/trees/`,
//! and the host registration replaying what the tree calls, step by step, to
//! say what each store key must hold.

use std::collections::HashMap;
use std::path::PathBuf;

use arora::{Arora, FunctionIndex, ModuleFunction};
use arora_animation_module::client::{AnimationClient, DeviceSpan, DeviceTime};
use arora_animation_module::records::{OutputKeys, StepValues};
use arora_behavior::interpreter_module;
use arora_behavior_tree::text;
use arora_engine::engine::PinnedEngine;
use arora_types::value::Value;

use crate::calls::{self, Answer, Command, Opt};
use crate::serving_engines::host_engine;

/// A behavior for a device.
#[derive(Clone, Debug)]
pub enum Behavior {
    /// None: the device idles.
    None,
    /// A Groot tree, as XML.
    Groot(String),
    /// A tree in arora-behavior-tree's text language.
    Text(String),
}

impl Behavior {
    /// The tree in `examples/trees/<file>`: Groot for a `.xml` file, text otherwise.
    pub fn example(file: &str) -> Self {
        let path = trees_dir().join(file);
        let tree =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if file.ends_with(".xml") {
            Self::Groot(tree)
        } else {
            Self::Text(tree)
        }
    }
}

/// `examples/trees/` of the workspace.
pub fn trees_dir() -> PathBuf {
    arora_animation_module_dir::workspace_dir()
        .join("examples")
        .join("trees")
}

/// A device carrying the guest's module directory `name` (written afresh),
/// as a runner given `--module <dir>` builds it, running `behavior`; no
/// bridge: the test steps it and reads its store itself.
pub fn device_running(name: &str, behavior: &Behavior) -> Arora {
    let dir = crate::guest::module_dir(name);
    let device_dir = crate::guest::scratch_dir(&format!("{name}-device"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime to read the module directory");
    let mut device = runtime
        .block_on(Arora::builder().with_module_dirs(&device_dir, &[dir]))
        .and_then(|builder| builder.build())
        .unwrap_or_else(|e| panic!("the device starts: {e:#}"));
    load_behavior(&mut device, behavior).unwrap_or_else(|e| panic!("{e}"));
    device
}

/// The device's function index, as its `describe_methods` lists it: what a
/// tree's names resolve against.
pub fn function_index(device: &Arora) -> FunctionIndex {
    device
        .describe_methods(None)
        .into_iter()
        .map(|method| {
            (
                method.id,
                ModuleFunction {
                    module_id: method.module_id,
                    function_id: method.id,
                    function_name: method.name,
                    function: method.function,
                },
            )
        })
        .collect()
}

/// Install `behavior` as the device's behavior: a Groot tree through
/// `Arora::load_groot`, a text tree resolved against the device's functions
/// and loaded through the interpreter module's `load`, as a remote loads one.
pub fn load_behavior(device: &mut Arora, behavior: &Behavior) -> Result<(), String> {
    match behavior {
        Behavior::None => Ok(()),
        Behavior::Groot(xml) => device.load_groot(xml).map_err(|e| format!("{e:#}")),
        Behavior::Text(tree) => {
            let parsed = text::parse(tree);
            let loaded = text::resolve(&parsed.document, &function_index(device));
            let errors: Vec<String> = parsed
                .diagnostics
                .iter()
                .chain(&loaded.diagnostics)
                .filter(|diagnostic| diagnostic.severity == text::Severity::Error)
                .map(|diagnostic| format!("{:?}: {}", diagnostic.span, diagnostic.message))
                .collect();
            if !errors.is_empty() {
                return Err(format!("the tree does not resolve: {}", errors.join("; ")));
            }
            device
                .call(interpreter_module::encode_load(&loaded.graph))
                .map(|_| ())
                .map_err(|e| format!("the tree does not load: {e}"))
        }
    }
}

/// A host registration of the contract (`HostModule::from_exports` on an
/// arora-engine engine) given the calls a tree makes, and what a tree
/// scattering each step's values to their keys leaves in the store.
pub struct HostReplay {
    engine: PinnedEngine,
    /// Each output key's value, as `scatter` leaves it: a position without a
    /// value (`Unit`) leaves its key as it was.
    pub keys: HashMap<String, Value>,
}

impl Default for HostReplay {
    fn default() -> Self {
        Self::new()
    }
}

impl HostReplay {
    /// A fresh host registration, nothing written yet.
    pub fn new() -> Self {
        Self {
            engine: host_engine(),
            keys: HashMap::new(),
        }
    }

    /// The example trees' setup: the bundled clip loaded (animation 0), player
    /// 0 created (named as `name` sends it), one instance of the clip on it.
    pub fn set_up(&mut self, name: Opt<String>) {
        let clip = Value::from(arora_animation_module_dir::bundled_clip());
        for (command, answer) in [
            (calls::load_clip(clip), 0),
            (calls::create_player(name), 0),
            (calls::add_instance(0, 0), 0),
        ] {
            assert_eq!(
                self.call(&command),
                Answer::Returned(Value::U32(answer)),
                "{}",
                command.name
            );
        }
    }

    /// What the host registration answers `command`.
    pub fn call(&mut self, command: &Command) -> Answer {
        command.send(&mut self.engine)
    }

    /// `output_keys` then `step_values(dt_ns, Some(time_ns))`, as the tree
    /// calls them each tick; the values are scattered to [`keys`](Self::keys).
    pub fn step(&mut self, dt_ns: u64, time_ns: u64) -> (OutputKeys, StepValues) {
        let mut client = AnimationClient::over(&mut self.engine);
        let keys = client.output_keys().expect("output_keys");
        let dt = DeviceSpan::from_ns(i64::try_from(dt_ns).expect("a dt within i64::MAX"));
        let now = DeviceTime::from_ns(i64::try_from(time_ns).expect("a time within i64::MAX"));
        let step = client.step_values(dt, Some(now)).expect("step_values");
        let Value::ArrayValue(values) = &step.values else {
            panic!("step_values answered {:?}", step.values);
        };
        assert_eq!(values.len(), keys.keys.len(), "one value per output key");
        for (key, value) in keys.keys.iter().zip(values) {
            if *value != Value::Unit {
                self.keys.insert(key.clone(), value.clone());
            }
        }
        (keys, step)
    }
}
