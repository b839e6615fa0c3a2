//! The guest through an arora-engine engine against a host registration
//! through the same kind of engine, per function, for 4 and 16 players
//! (4 instances × 10 number tracks each): `step_values`,
//! `step_with_velocities`, `step`, `player_states`, `output_keys`, `bake` and
//! `bake_with_derivatives`.
//!
//! Measured interleaved: each round runs a batch of calls of one function on
//! the guest, then the same batch on the host, function after function, so
//! that the drift of a shared machine falls on both alike. Each figure is the
//! median over the rounds (per call), and the ratio's spread is its lowest
//! and highest round. Both engines get the same calls in the same order, so
//! their states stay alike. Run:
//! `cargo run --release -p arora-animation-tests --example guest_vs_host`
//! (`-- --rounds N` for more rounds, `-- --players 16` for one size,
//! `-- --guest FILE` to measure a prebuilt guest — a wasm core module or
//! component — instead of building the workspace's, `-- --baseline FILE` to
//! measure a second one, say an earlier build, in the same rounds, as a third
//! side, `-- --only step_values` for one function).

use std::hint::black_box;
use std::time::Instant;

use arora_animation_tests::calls::Answer;
use arora_animation_tests::serving_engines::{guest_engine, host_engine};
use arora_animation_tests::workload;
use arora_engine::compiled::CompiledModule;
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::executor::component::ComponentExecutor;
use arora_types::call::{Call, CallBridge};
use arora_types::value::Value;
use clap::Parser;

/// Compare the guest with the host, function by function.
#[derive(Parser)]
struct Args {
    /// Rounds per function and size.
    #[arg(long, default_value_t = 25)]
    rounds: usize,
    /// Only this number of players (4 and 16 when absent).
    #[arg(long)]
    players: Option<u32>,
    /// Only the function of this name.
    #[arg(long)]
    only: Option<String>,
    /// A prebuilt guest to measure instead of building the workspace's.
    #[arg(long)]
    guest: Option<std::path::PathBuf>,
    /// A prebuilt guest measured beside the other.
    #[arg(long)]
    baseline: Option<std::path::PathBuf>,
}

/// An engine running the guest `wasm` (a core module or a component).
fn engine_of(wasm: &[u8]) -> PinnedEngine {
    let component = arora_animation_module_dir::componentize(wasm).expect("a guest");
    let header = arora_animation_module::animation::header(
        arora_animation_module_dir::wasm_component_executor(),
    );
    let compiled = CompiledModule::new(header, &component).expect("the guest compiles");
    let executor = ComponentExecutor::new().expect("the component executor starts");
    let mut engine = EngineBuilder::new().add_executor(executor).build();
    engine
        .load_compiled_module(&compiled)
        .unwrap_or_else(|e| panic!("the guest must load: {e:?}"));
    engine
}

/// Builds `players` players of the workload; panics if a call is refused.
fn populate(bridge: &mut dyn CallBridge, players: u32) {
    for command in workload::setup(players) {
        let answer = command.send(bridge);
        assert!(
            matches!(answer, Answer::Returned(Value::U32(id)) if id != u32::MAX),
            "{}: {answer:?}",
            command.name
        );
    }
}

/// Nanoseconds per call over `calls` calls. Never inlined, so that a profile
/// can collect inside it only (`valgrind --tool=callgrind --toggle-collect='*batch*'`).
#[inline(never)]
fn batch(bridge: &mut dyn CallBridge, call: &Call, calls: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..calls {
        black_box(bridge.arora_call(call.clone()).expect("the call answers"));
    }
    start.elapsed().as_nanos() as f64 / f64::from(calls)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let args = Args::parse();
    let sizes = args.players.map_or(vec![4, 16], |players| vec![players]);
    println!(
        "median per call over {} interleaved rounds; guest/host ratio: median (lowest–highest round)",
        args.rounds
    );
    let read = |path: &std::path::PathBuf| {
        std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let (prebuilt, baseline) = (
        args.guest.as_ref().map(read),
        args.baseline.as_ref().map(read),
    );
    for players in sizes {
        let mut guest = prebuilt.as_deref().map_or_else(guest_engine, engine_of);
        let mut host = host_engine();
        let mut earlier = baseline.as_deref().map(engine_of);
        populate(&mut guest, players);
        populate(&mut host, players);
        if let Some(earlier) = earlier.as_mut() {
            populate(earlier, players);
        }
        let chosen = workload::functions()
            .into_iter()
            .filter(|(name, ..)| args.only.as_deref().is_none_or(|only| only == *name));
        for (name, command, calls) in chosen {
            let call = command.call();
            let (mut on_guest, mut on_host, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
            let (mut on_earlier, mut earlier_ratios) = (Vec::new(), Vec::new());
            // One batch each first, unmeasured: caches, the guest's memory grown.
            batch(&mut guest, &call, calls);
            batch(&mut host, &call, calls);
            if let Some(earlier) = earlier.as_mut() {
                batch(earlier, &call, calls);
            }
            for _ in 0..args.rounds {
                let g = batch(&mut guest, &call, calls);
                let h = batch(&mut host, &call, calls);
                if let Some(earlier) = earlier.as_mut() {
                    let e = batch(earlier, &call, calls);
                    on_earlier.push(e);
                    earlier_ratios.push(e / h);
                }
                on_guest.push(g);
                on_host.push(h);
                ratios.push(g / h);
            }
            let spread = |ratios: &[f64]| {
                ratios.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), r| {
                    (lo.min(*r), hi.max(*r))
                })
            };
            let (low, high) = spread(&ratios);
            print!(
                "{players:>2} players  {name:<22} guest {:>9.2} µs  host {:>9.2} µs  guest/host {:.2} ({low:.2}–{high:.2})",
                median(on_guest) / 1e3,
                median(on_host) / 1e3,
                median(ratios.clone()),
            );
            if !on_earlier.is_empty() {
                let (low, high) = spread(&earlier_ratios);
                print!(
                    "  baseline {:>9.2} µs  baseline/host {:.2} ({low:.2}–{high:.2})",
                    median(on_earlier) / 1e3,
                    median(earlier_ratios),
                );
            }
            println!();
        }
    }
}
