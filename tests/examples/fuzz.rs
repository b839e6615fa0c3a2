//! The soak: `N` hostile calls of all 31 functions sent to the wasm guest's
//! `dispatch`, with checks between them that the state set up at the start
//! is still there. Each call the guest reads as a call of the contract goes
//! to a host registration too, which must answer alike.
//!
//! ```sh
//! cargo run --release -p arora-animation-tests --example fuzz -- --calls 1000000 --seed 42
//! ```
//!
//! Ends with one line, `calls=N refusals=N traps=N state_losses=N
//! memory_bytes=N seed=S`, after a line on stderr of how many answers were
//! compared with the host's; exits non-zero when an answer was one the
//! contract does not allow or the host answered otherwise (each said on
//! stderr).

use std::io::IsTerminal;

use arora_animation_tests::fuzz::soak::Soak;
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};

/// Soak the guest with hostile calls.
#[derive(Parser)]
struct Args {
    /// How many hostile calls to send.
    #[arg(long, default_value_t = 100_000)]
    calls: u64,
    /// The seed the calls are drawn from; a new one each run when absent.
    #[arg(long)]
    seed: Option<u64>,
}

fn main() {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(args.calls);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} {bar:40} {pos}/{len} calls, {per_sec}")
                .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut soak = Soak::new(seed);
    for done in 1..=args.calls {
        soak.call();
        if done % 1024 == 0 {
            bar.set_position(done);
        }
    }
    bar.finish_and_clear();
    let tally = soak.finish();
    for wrong in &tally.wrong_said {
        eprintln!("{wrong}");
    }
    eprintln!(
        "{} of the calls also sent to a host registration",
        tally.compared
    );
    println!("{tally}");
    if tally.wrong > 0 || tally.state_losses > 0 {
        std::process::exit(1);
    }
}
