//! arora-web as one browser artifact.
//!
//! `arora-web` is itself a `cdylib`, but a dependency's `cdylib` output is not
//! something cargo hands to another build; linking it as an rlib into this
//! `cdylib` keeps its `#[wasm_bindgen]` exports (`AroraRuntime`,
//! `AroraRuntimeBuilder`, `CompiledModule`, `Engine`, `BehaviorTreeRunner`,
//! `Registry`) in `arora_animation_web_runtime.wasm`, which `wasm-bindgen
//! --target web` turns into the page's `pkg/`. Nothing of ours is added: the
//! page and the tests use arora-web's surface as it is published.

pub use arora_web::*;
