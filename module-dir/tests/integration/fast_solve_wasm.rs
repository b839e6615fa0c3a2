//! The fast solve's differential check (docs/curves.md §0,
//! `engine/src/curve/fast_solve/differential.rs`) compiled to `wasm32-wasip1` with `simd128`,
//! as the guest is, and run under wasmtime: every rule holds there (a broken one traps the
//! program, failing this test with its message), the four-lane vector solve answers as the
//! scalar lanes do, and the run's figures — counts, worst errors and the digest of every
//! answer's bits — are exactly the native scalar build's. A build or run that fails fails
//! the test, naming what is missing.

use animation_engine::fast_solve_differential;
use arora_animation_module_dir::Simd;

use crate::wasm_program::WasmProgram;

/// Samples of the wasm run: five times the engine's own CI run, ≈ 1.2 million solves (lone,
/// and batches of one to four lanes).
const SAMPLES: usize = 1_000_000;

#[test]
fn the_fast_solve_on_wasm_simd128_answers_bit_for_bit_as_the_native_scalar_build() {
    let program = WasmProgram::build(Simd::On);
    let output = program
        .run(&["check", &SAMPLES.to_string()])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut lines = output.lines();
    assert_eq!(lines.next(), Some("simd128=true"), "output: {output}");
    let wasm = lines
        .next()
        .unwrap_or_else(|| panic!("no figures: {output}"));
    let native = fast_solve_differential::run(SAMPLES);
    println!("wasm:   {wasm}\nnative: {}", native.line());
    assert_eq!(wasm, native.line());
    assert_eq!(native.mixed_batches, SAMPLES / 4);
    assert_eq!(lines.next(), None);
}
