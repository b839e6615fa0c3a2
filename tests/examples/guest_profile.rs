//! Where the guest's time goes in wasm, function by function: the guest's core module
//! run under wasmtime with its `dispatch` export called directly, for `perf` to profile
//! through wasmtime's jitdump. A device's engine gives its JIT'd code no names; this
//! program does, so a profile names each of the guest's functions.
//!
//! The core module must keep its names (the guest profile strips them), and is built
//! with the guest's flags:
//!
//! ```sh
//! CARGO_PROFILE_GUEST_STRIP=false CARGO_ENCODED_RUSTFLAGS=-Ctarget-feature=+simd128 \
//!   cargo build -p arora-animation-guest --target wasm32-wasip1 --profile guest \
//!   --target-dir target/guest-names
//! cargo build --release -p arora-animation-tests --example guest_profile
//! perf record -k 1 -o guest.data target/release/examples/guest_profile \
//!   target/guest-names/wasm32-wasip1/guest/arora_animation_guest.wasm --players 16 \
//!   --calls 30000 --only step_values
//! perf inject --jit -i guest.data -o guest.jit.data
//! perf report -i guest.jit.data --no-children --sort dso,sym
//! ```
//!
//! wasmtime writes the jitdump to `jit-<pid>.dump` in the current directory, where
//! `perf inject` finds it (and `~/.debug`); remove them after. The state is
//! `guest_vs_host`'s (`arora_animation_tests::workload`). Compiled as a
//! device compiles it, with epoch interruption on (arora-engine checks call deadlines
//! against the epoch), so the code profiled is the code a device runs.

use std::path::PathBuf;
use std::time::Instant;

use arora_animation_tests::calls::Command;
use arora_animation_tests::guest_direct::buffer;
use arora_animation_tests::workload;
use clap::Parser;
use wasmtime::{Config, Engine, Linker, Memory, Module, ProfilingStrategy, Store, TypedFunc};
use wasmtime_wasi::WasiCtxBuilder;
use wasmtime_wasi::p1::WasiP1Ctx;

/// Profile the guest's core module.
#[derive(Parser)]
struct Args {
    /// The guest's core module (`wasm32-wasip1`), built with its names.
    core: PathBuf,
    /// Players of the workload.
    #[arg(long, default_value_t = 16)]
    players: u32,
    /// Calls of the function profiled.
    #[arg(long, default_value_t = 30_000)]
    calls: u32,
    /// The function profiled (one of `guest_vs_host`'s).
    #[arg(long, default_value = "step_values")]
    only: String,
}

/// The guest's exports a call goes through, in the canonical ABI's core form.
struct Guest {
    store: Store<WasiP1Ctx>,
    memory: Memory,
    realloc: TypedFunc<(i32, i32, i32, i32), i32>,
    dispatch: TypedFunc<(i64, i64, i32, i32), i32>,
    post_dispatch: TypedFunc<i32, ()>,
}

impl Guest {
    fn new(engine: &Engine, module: &Module) -> wasmtime::Result<Self> {
        let mut store = Store::new(engine, WasiCtxBuilder::new().build_p1());
        store.set_epoch_deadline(u64::MAX / 2);
        let mut linker: Linker<WasiP1Ctx> = Linker::new(engine);
        wasmtime_wasi::p1::add_to_linker_sync(&mut linker, |wasi| wasi)?;
        let instance = linker.instantiate(&mut store, module)?;
        let memory = instance
            .get_memory(&mut store, "memory")
            .ok_or_else(|| wasmtime::format_err!("the guest exports no memory"))?;
        Ok(Self {
            memory,
            realloc: instance.get_typed_func(&mut store, "cabi_realloc")?,
            dispatch: instance.get_typed_func(&mut store, "dispatch")?,
            post_dispatch: instance.get_typed_func(&mut store, "cabi_post_dispatch")?,
            store,
        })
    }

    /// `dispatch` of `command`: the length of the result buffer, or the guest's error.
    fn call(&mut self, command: &Command) -> wasmtime::Result<usize> {
        let arg = buffer(command);
        let (hi, lo) = command.call().id.as_u64_pair();
        let len = i32::try_from(arg.len())?;
        let at = self.realloc.call(&mut self.store, (0, 0, 1, len))?;
        self.memory
            .write(&mut self.store, usize::try_from(at)?, &arg)?;
        let answer = self
            .dispatch
            .call(&mut self.store, (hi as i64, lo as i64, at, len))?;
        // `result<list<u8>, string>`: a discriminant byte, then a pointer and a length.
        let mut area = [0u8; 12];
        self.memory
            .read(&self.store, usize::try_from(answer)?, &mut area)?;
        let word = |i: usize| u32::from_le_bytes([area[i], area[i + 1], area[i + 2], area[i + 3]]);
        let (ok, bytes) = (area[0] == 0, word(8) as usize);
        let refusal = if ok {
            None
        } else {
            let mut text = vec![0; bytes];
            self.memory.read(&self.store, word(4) as usize, &mut text)?;
            Some(String::from_utf8_lossy(&text).into_owned())
        };
        self.post_dispatch.call(&mut self.store, answer)?;
        match refusal {
            None => Ok(bytes),
            Some(why) => Err(wasmtime::format_err!("{}: {why}", command.name)),
        }
    }
}

fn main() -> wasmtime::Result<()> {
    let args = Args::parse();
    let (_, command, _) = workload::functions()
        .into_iter()
        .find(|(name, ..)| *name == args.only)
        .ok_or_else(|| wasmtime::format_err!("no function {} in the workload", args.only))?;
    let mut config = Config::new();
    config.cranelift_opt_level(wasmtime::OptLevel::Speed);
    config.epoch_interruption(true);
    config.profiler(ProfilingStrategy::JitDump);
    let engine = Engine::new(&config)?;
    let module = Module::from_file(&engine, &args.core)?;
    let mut guest = Guest::new(&engine, &module)?;
    for setup in workload::setup(args.players) {
        guest.call(&setup)?;
    }
    let start = Instant::now();
    let mut bytes = 0;
    for _ in 0..args.calls {
        bytes += guest.call(&command)?;
    }
    let per_call = start.elapsed().as_nanos() as f64 / f64::from(args.calls.max(1));
    println!(
        "{} × {}: {per_call:.0} ns per call, {} answer bytes per call",
        args.calls,
        args.only,
        bytes / args.calls.max(1) as usize
    );
    Ok(())
}
