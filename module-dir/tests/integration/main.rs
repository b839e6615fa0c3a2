//! The integration tests of the wasm builds module-dir makes, one binary: a module per rule,
//! each named for it, beside what they share (`wasm_program`: the engine's wasm program
//! built with the guest's flags and run under wasmtime).

mod fast_solve_wasm;
mod wasm_program;
