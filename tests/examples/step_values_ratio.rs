//! The guest's `step_values` against the host registration's, as a ratio
//! measured interleaved: rounds of 2000 calls on each in turn, so that drift
//! of a shared machine falls on both alike. Same state as the
//! `step_values` bench. Run:
//! `cargo run --release -p arora-animation-tests --example step_values_ratio`
//! (`-- --players 0` for the fixed cost of a call: the same call with nothing
//! to step).

use std::hint::black_box;
use std::time::Instant;

use arora_animation_tests::calls::{self, Opt};
use arora_animation_tests::serving_engines::{guest_engine, host_engine};
use arora_animation_tests::session::play_bundled_clip;
use arora_types::call::{Call, CallBridge};
use clap::Parser;

/// Compare the guest's `step_values` with the host's.
#[derive(Parser)]
struct Args {
    /// Players, each playing the bundled clip (3 tracks).
    #[arg(long, default_value_t = 4)]
    players: u32,
}

const ROUNDS: usize = 60;
const CALLS: u32 = 2000;

/// Nanoseconds per call over one round.
fn round(bridge: &mut dyn CallBridge, call: &Call) -> f64 {
    let start = Instant::now();
    for _ in 0..CALLS {
        black_box(
            bridge
                .arora_call(call.clone())
                .expect("step_values answers"),
        );
    }
    start.elapsed().as_nanos() as f64 / f64::from(CALLS)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let players = Args::parse().players;
    let call = calls::step_values(10_000_000, Opt::Omitted).call();
    let (mut guest, mut host) = (guest_engine(), host_engine());
    play_bundled_clip(&mut guest, players);
    play_bundled_clip(&mut host, players);
    let (mut on_guest, mut on_host, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (g, h) = (round(&mut guest, &call), round(&mut host, &call));
        on_guest.push(g);
        on_host.push(h);
        ratios.push(g / h);
    }
    println!(
        "step_values, {players} players, median of {ROUNDS} rounds: guest {:.0} ns, host {:.0} ns, guest/host {:.2}",
        median(on_guest),
        median(on_host),
        median(ratios)
    );
}
