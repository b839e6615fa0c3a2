//! The command line's integration tests, one binary: a module per command or rule, named
//! for it, and what they share (`common`: the example clips, the built binary, the
//! contract they are compared with). One binary links the command line, the host and
//! wasmtime once instead of once per file.

mod common;

mod bake;
mod check;
mod convert;
mod gltf;
mod limits;
mod play;
mod plot;
mod readme_commands;
mod robustness;
mod serve;
mod test_script;
