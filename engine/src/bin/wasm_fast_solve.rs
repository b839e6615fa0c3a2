//! The fast solve's differential check and a timing of the engine, as a program built for
//! `wasm32-wasip1` (with `simd128` or without) and run under wasmtime by module-dir's tests:
//! `fast_solve_wasm` (the check, on the build with `simd128`) and the `fast_solve_simd`
//! example (the timing, both builds interleaved; module-dir's). A binary rather than an example, so that
//! the wasm build needs none of the engine's dev-dependencies; the `testing` feature
//! gives it the check.
//!
//! `wasm_fast_solve check <samples>` prints whether it was built with `simd128`
//! (`simd128=true`), then the check's figures (it panics, trapping the
//! wasm, on the first answer that breaks a rule); `wasm_fast_solve time <steps> <bakes>`
//! prints `step_ns=… bake_ns=…`: the mean of a step of 16 players × 4 instances × 10
//! number tracks at 60 Hz and of a bake of 10 tracks × 10 s at 120 Hz (the engine benches'
//! workloads).

#[path = "../../benches/fixtures/mod.rs"]
mod fixtures;

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use animation_engine::bake::Values;
use animation_engine::{DeviceSpan, DeviceTime, Engine, fast_solve_differential};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    match (args.first().map(String::as_str), number(1), number(2)) {
        (Some("check"), Some(samples), None) => {
            println!("simd128={}", cfg!(target_feature = "simd128"));
            println!("{}", fast_solve_differential::run(samples).line());
            ExitCode::SUCCESS
        }
        (Some("time"), Some(steps), Some(bakes)) => {
            println!(
                "step_ns={:.1} bake_ns={:.1}",
                step_ns(steps),
                bake_ns(bakes)
            );
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: wasm_fast_solve check <samples> | time <steps> <bakes>");
            ExitCode::from(2)
        }
    }
}

/// Mean nanoseconds of a 60 Hz step of the bench engine over `steps` steps.
fn step_ns(steps: usize) -> f64 {
    let mut engine = fixtures::engine();
    let dt = DeviceSpan::from_ns(16_666_667);
    let mut now = DeviceTime::ZERO;
    engine.step(now, DeviceSpan::ZERO);
    let start = Instant::now();
    for _ in 0..steps {
        now = now.saturating_add(dt);
        black_box(engine.step(now, dt).len());
    }
    start.elapsed().as_nanos() as f64 / steps.max(1) as f64
}

/// Mean nanoseconds of a bake of the bench clip at 120 Hz over `bakes` bakes.
fn bake_ns(bakes: usize) -> f64 {
    let mut engine = Engine::new();
    let anim = engine
        .load(&fixtures::clip(10))
        .expect("the bench clip loads");
    let start = Instant::now();
    for _ in 0..bakes {
        black_box(
            engine
                .bake::<Values>(anim, 120.0, None, None)
                .expect("the bake answers")
                .times
                .len(),
        );
    }
    start.elapsed().as_nanos() as f64 / bakes.max(1) as f64
}
