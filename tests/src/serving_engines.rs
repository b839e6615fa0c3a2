//! The two ways an engine serves `@arora/animation`: the guest component,
//! and the contract registered in-process.

use arora_animation_module::{AnimationModule, animation, exports};
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::executor::component::ComponentExecutor;
use arora_engine::limits::GuestLimits;
use arora_engine::module::HostModule;

use crate::guest;

/// An engine running the `wasm32-wasip1` guest component in a fresh
/// instance (a fresh state), through the component executor.
pub fn guest_engine() -> PinnedEngine {
    guest_engine_with(GuestLimits::default())
}

/// [`guest_engine`], the guest under `limits` rather than a device's default
/// ones.
pub fn guest_engine_with(limits: GuestLimits) -> PinnedEngine {
    let executor = ComponentExecutor::new().expect("the component executor starts");
    let mut engine = EngineBuilder::new().add_executor(executor).build();
    engine.set_guest_limits(animation::ids::MODULE, limits);
    engine
        .load_compiled_module(guest::compiled())
        .unwrap_or_else(|e| panic!("the guest must load: {e:?}"));
    engine
}

/// An engine serving a fresh host registration of the contract, as a host
/// registers it for one device (`HostModule::from_exports`).
pub fn host_engine() -> PinnedEngine {
    let mut engine = EngineBuilder::new().build();
    let module = HostModule::from_exports(animation::ids::MODULE, exports(AnimationModule::new()));
    engine.register_module(module.id(), Box::new(module));
    engine
}
