//! `readGltfFile`: a glTF 2.0 file (`.glb`, or `.gltf` with embedded buffers) converted by
//! the engine's own `gltf` module — the code behind `arora-animation convert` — and answered
//! as `readClipFile` answers a 2.0 document, with the conversion's notes.
//!
//! A page has no folder to read external buffers from: a file that names one is refused
//! (the engine's `no_external_files` says what works instead).

use animation_engine::gltf::{GltfOptions, clip_from_gltf, no_external_files};
use wasm_bindgen::prelude::*;

use crate::clip::{PageFile, answer, document};

/// Converts the glTF file `name` holding `bytes` (its first animation, default options):
/// `{ refused }` with the line `convert` prints for it (`<name>: <what is wrong>`), or
/// `{ format: "glTF", load, record, tracks, endNs, notes }`. Only a failure to hand the
/// answer to JavaScript throws.
#[wasm_bindgen(js_name = readGltfFile)]
pub fn read_gltf_file(name: &str, bytes: &[u8]) -> Result<JsValue, JsError> {
    answer(&read(name, bytes))
}

fn read(name: &str, bytes: &[u8]) -> PageFile {
    let refused = |what: String| PageFile::Refused {
        refused: format!("{name}: {what}"),
    };
    let converted = match clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files) {
        Ok(converted) => converted,
        Err(error) => return refused(error.to_string()),
    };
    match converted.clip.validate() {
        Ok(valid) => PageFile::Loadable(Box::new(document(&valid, "glTF", converted.notes))),
        Err(error) => refused(error.to_string()),
    }
}

/// Whether `bytes` are a glTF file (a `.glb`'s magic, or JSON with an `asset` object), so the
/// page reads a file by its content, whatever its name.
#[wasm_bindgen(js_name = isGltf)]
pub fn is_gltf(bytes: &[u8]) -> bool {
    animation_engine::gltf::is_gltf(bytes)
}
