//! arora-web and the engine's clip reader as one browser artifact.
//!
//! `arora-web` is itself a `cdylib`, but a dependency's `cdylib` output is not
//! something cargo hands to another build; linking it as an rlib into this
//! `cdylib` keeps its `#[wasm_bindgen]` exports (`AroraRuntime`,
//! `AroraRuntimeBuilder`, `CompiledModule`, `Engine`, `BehaviorTreeRunner`,
//! `Registry`) in `arora_animation_web_runtime.wasm`, which `wasm-bindgen
//! --target web` turns into the page's `pkg/`.
//!
//! Beside them, ours, a module per concern, so the page's scripts handle the DOM and
//! never a format's rules:
//! - [`clip`]: `readClipFile`, a clip file read by the engine's own reader (the code
//!   behind `arora-animation check`) into the contract's record;
//! - [`gltf`]: `readGltfFile`, a glTF 2.0 file converted by the engine's `gltf` module
//!   (the code behind `arora-animation convert`) and answered as `readClipFile` answers;
//! - [`edit`]: `ClipEditor`, the engine's clip editor (edits, undo and redo, the exact
//!   save) and `snapTime`, so the page's editor handles the pointer and the drawing only;
//! - [`limits`]: `judgeLimits` and `clipDerivatives`, a robot's limits checked by the
//!   engine's limits code (the lines `arora-animation limits` prints) and the exact velocity
//!   and acceleration the page draws under each number track;
//! - [`records`]: `recordFieldNames`, the field names of the module's records/;
//! - [`exact_json`]: a record's `Value` as JSON text the device reads back exactly.

pub use arora_web::*;

pub mod clip;
pub mod edit;
pub mod exact_json;
pub mod gltf;
pub mod limits;
pub mod records;
