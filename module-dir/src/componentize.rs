//! Making the guest a component the engine's component executor loads.

use arora_engine::component_layout::is_component;
use wasi_preview1_component_adapter_provider::WASI_SNAPSHOT_PREVIEW1_REACTOR_ADAPTER;
use wit_component::ComponentEncoder;

/// The import module a `wasm32-wasip1` core module takes WASI from, which the
/// adapter implements over WASI 0.2.
const PREVIEW1_MODULE: &str = "wasi_snapshot_preview1";

/// Why a core module could not be made a component.
#[derive(Debug, thiserror::Error)]
#[error("the guest does not make a component: {0}")]
pub struct ComponentizeError(String);

/// `wasm` as a component: a component (a `wasm32-wasip2` build) as it is; a
/// `wasm32-wasip1` core module wrapped, with the WASI preview-1 *reactor*
/// adapter (the guest is a library the engine calls into, not a command that
/// runs once), into the world wit-bindgen recorded in its custom section.
/// Validated, so bytes that are not a module fail here rather than at load.
pub fn componentize(wasm: &[u8]) -> Result<Vec<u8>, ComponentizeError> {
    if is_component(wasm) {
        return Ok(wasm.to_vec());
    }
    let error = |e: anyhow::Error| ComponentizeError(format!("{e:#}"));
    ComponentEncoder::default()
        .validate(true)
        .module(wasm)
        .map_err(error)?
        .adapter(PREVIEW1_MODULE, WASI_SNAPSHOT_PREVIEW1_REACTOR_ADAPTER)
        .map_err(error)?
        .encode()
        .map_err(error)
}
