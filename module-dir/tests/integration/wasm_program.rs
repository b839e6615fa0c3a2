//! The engine's `wasm_fast_solve` program (`engine/src/bin/wasm_fast_solve.rs`), built for
//! `wasm32-wasip1` as the guest is built (module-dir's `build_wasm_bin`, the guest profile,
//! with or without `simd128`) and run under the wasmtime the device uses, with WASI preview 1
//! and nothing but its arguments and output pipes. Shared by the `fast_solve_wasm` test and
//! the `fast_solve_simd` example.

use arora_animation_module_dir::{Simd, Target, build_wasm_bin};
use wasmtime::{Config, Engine, Linker, Module, Store};
use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;
use wasmtime_wasi::{I32Exit, WasiCtxBuilder};

/// The most output a run may keep, per stream.
const OUTPUT_CAP: usize = 1 << 20;

/// The program compiled by wasmtime, ready to run.
pub struct WasmProgram {
    engine: Engine,
    module: Module,
}

impl WasmProgram {
    /// Builds `wasm_fast_solve` with `simd` and compiles it; panics, naming what failed, when
    /// either does not succeed (the wasm32-wasip1 target missing, a compile error, a module
    /// wasmtime refuses).
    pub fn build(simd: Simd) -> Self {
        let wasm = build_wasm_bin(
            "animation-engine",
            "wasm_fast_solve",
            "testing",
            Target::Wasip1,
            simd,
        )
        .unwrap_or_else(|e| panic!("the engine's wasm_fast_solve must build ({simd:?}): {e}"));
        let mut config = Config::new();
        config.cranelift_opt_level(wasmtime::OptLevel::Speed);
        let engine = Engine::new(&config).expect("a wasmtime engine");
        let module = Module::new(&engine, &wasm)
            .unwrap_or_else(|e| panic!("wasmtime must compile wasm_fast_solve ({simd:?}): {e:?}"));
        Self { engine, module }
    }

    /// Runs the program with `args`: its standard output when it exits with status 0, else
    /// what went wrong (its status or trap) and its standard error.
    pub fn run(&self, args: &[&str]) -> Result<String, String> {
        let (stdout, stderr) = (
            MemoryOutputPipe::new(OUTPUT_CAP),
            MemoryOutputPipe::new(OUTPUT_CAP),
        );
        let mut argv = vec!["wasm_fast_solve"];
        argv.extend_from_slice(args);
        let wasi = WasiCtxBuilder::new()
            .args(&argv)
            .stdout(stdout.clone())
            .stderr(stderr.clone())
            .build_p1();
        let mut store = Store::new(&self.engine, wasi);
        let mut linker: Linker<WasiP1Ctx> = Linker::new(&self.engine);
        wasmtime_wasi::p1::add_to_linker_sync(&mut linker, |wasi| wasi)
            .expect("WASI preview 1 links");
        let outcome = linker
            .instantiate(&mut store, &self.module)
            .and_then(|instance| instance.get_typed_func::<(), ()>(&mut store, "_start"))
            .and_then(|start| start.call(&mut store, ()));
        let failure = match outcome {
            Ok(()) => None,
            Err(e) => match e.downcast_ref::<I32Exit>() {
                Some(I32Exit(0)) => None,
                Some(I32Exit(status)) => Some(format!("exit status {status}")),
                None => Some(format!("{e:?}")),
            },
        };
        let text = |pipe: &MemoryOutputPipe| String::from_utf8_lossy(&pipe.contents()).into_owned();
        match failure {
            None => Ok(text(&stdout)),
            Some(why) => Err(format!(
                "wasm_fast_solve {args:?} failed: {why}\nstderr:\n{}",
                text(&stderr)
            )),
        }
    }
}
