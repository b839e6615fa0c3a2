//! The `@arora/animation` module directory: build the guest, write
//! `header.json`, `animation.wasm` and `records/`, and play it on a device.
//!
//! ```text
//! <dir>/
//! ├── header.json     the header, executor wasm-component (docs/contract.md Appendix A)
//! ├── animation.wasm  the guest as a component
//! └── records/        the arora folder, module record, 16 structures (docs/contract.md Appendix B)
//! ```
//!
//! [`build_guest`] compiles the guest crate for a [`Target`];
//! [`write()`] makes it a component when it is a `wasm32-wasip1` core module
//! and writes the directory; [`play`] loads the directory on an in-process
//! Arora device, as a device runner given `--module <dir>` does, and plays
//! the [bundled clip](bundled_clip) through the contract's function ids.

mod clip;
mod command;
mod componentize;
mod guest_build;
mod play;
mod report;
mod target;
mod write;

pub use clip::{CLIP_LENGTH_NS, bundled_clip};
pub use command::{ModuleDirArgs, ModuleDirError, run};
pub use componentize::{ComponentizeError, componentize};
pub use guest_build::{
    BuildError, Simd, build_guest, build_guest_with, build_wasm_bin, guest_target_dir,
    wasm_target_dir, workspace_dir,
};
pub use play::{Demo, FRAME, FRAMES, Frame, PlayError, Played, client, device, elements, play};
pub use target::{Target, UnknownTarget};
pub use write::{
    ARTIFACT_FILE, EXECUTOR, HEADER_FILE, RECORDS_DIR, WriteError, header_json,
    wasm_component_executor, write, write_description,
};
