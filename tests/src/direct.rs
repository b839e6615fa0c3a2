//! The guest component called straight through wasmtime, with no engine in
//! between: what `dispatch` answers to bytes no engine would send.
//!
//! Its memory is capped as a device caps a guest's
//! (`arora_engine::limits::DEFAULT_MEMORY` for each linear memory): a grow
//! past the cap fails inside the guest, as it would on a device.

use std::sync::OnceLock;

use arora_animation_module_dir::Target;
use arora_buffers::serde_uuid::{deserialize, serialize};
use arora_types::Uuid;
use arora_types::value::{Structure, Value};
use wasmtime::component::{Component, HasSelf, Linker, bindgen};
use wasmtime::{Engine, Store};
use wasmtime_wasi::{ResourceTable, WasiCtx, WasiCtxView, WasiView};

use crate::calls::Command;
use crate::guest;

bindgen!({
    world: "module",
    path: "../wit/arora-module.wit",
});

/// What a store of the guest holds on the host side: WASI, with nothing
/// preopened or inherited.
struct Host {
    wasi: WasiCtx,
    table: ResourceTable,
    memory: Memory,
}

/// A device's cap on each linear memory of the guest, and the largest
/// memory the guest has grown to under it.
struct Memory {
    cap: usize,
    largest: usize,
}

impl wasmtime::ResourceLimiter for Memory {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.cap {
            return Ok(false);
        }
        self.largest = self.largest.max(desired);
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        _desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(true)
    }
}

impl WasiView for Host {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl arora::module::types::Host for Host {}

/// The animation guest calls no other module; a call here is a failure the
/// test sees.
impl arora::module::host::Host for Host {
    fn dispatch(&mut self, _: Id, _: Id, _: Vec<u8>) -> Result<Vec<u8>, String> {
        Err("the test host serves no module".into())
    }

    fn dispatch_indirect(&mut self, _: u64) -> Result<Vec<u8>, String> {
        Err("the test host serves no callable".into())
    }
}

/// One instance of the guest component.
pub struct DirectGuest {
    store: Store<Host>,
    bindings: Module,
}

/// The `wasm32-wasip1` guest component compiled once per test binary, with
/// the engine that compiled it.
fn compiled() -> &'static (Engine, Component) {
    static COMPILED: OnceLock<(Engine, Component)> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let engine = Engine::default();
        let component =
            Component::new(&engine, guest::component(Target::Wasip1)).expect("the guest compiles");
        (engine, component)
    })
}

impl DirectGuest {
    /// A fresh instance of the `wasm32-wasip1` guest, in a store of its own.
    pub fn instantiate() -> Self {
        let (engine, component) = compiled();
        let mut linker = Linker::new(engine);
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker).expect("WASI links");
        Module::add_to_linker::<_, HasSelf<_>>(&mut linker, |host| host).expect("the world links");
        let host = Host {
            wasi: WasiCtx::builder().build(),
            table: ResourceTable::new(),
            memory: Memory {
                cap: arora_engine::limits::DEFAULT_MEMORY,
                largest: 0,
            },
        };
        let mut store = Store::new(engine, host);
        store.limiter(|host| &mut host.memory);
        let bindings =
            Module::instantiate(&mut store, component, &linker).expect("the guest instantiates");
        Self { store, bindings }
    }

    /// The guest's `functions`.
    pub fn functions(&mut self) -> wasmtime::Result<Vec<Uuid>> {
        let ids = self.bindings.call_functions(&mut self.store)?;
        Ok(ids
            .into_iter()
            .map(|id| Uuid::from_u64_pair(id.hi, id.lo))
            .collect())
    }

    /// The guest's `dispatch`: the outer `Err` is a trap, the inner one the
    /// guest's `err`.
    pub fn dispatch(
        &mut self,
        method: Uuid,
        arg: &[u8],
    ) -> wasmtime::Result<Result<Vec<u8>, String>> {
        let (hi, lo) = method.as_u64_pair();
        self.bindings
            .call_dispatch(&mut self.store, Id { hi, lo }, arg)
    }

    /// The guest's linear memory, in bytes: the largest of its memories.
    pub fn memory_bytes(&self) -> usize {
        self.store.data().memory.largest
    }
}

/// The Arora Buffer the engine hands `dispatch` for `command`.
pub fn buffer(command: &Command) -> Vec<u8> {
    let call = command.call();
    serialize(&Value::Structure(Structure {
        id: call.id,
        fields: call.args,
    }))
    .into_vec()
}

/// The return value in a result buffer `dispatch` answered.
pub fn returned(bytes: &[u8]) -> Value {
    let Value::Structure(mut result) = deserialize(bytes) else {
        panic!("a result buffer holds a structure");
    };
    *result.fields.remove(0).value
}
