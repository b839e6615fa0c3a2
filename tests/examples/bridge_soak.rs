//! Soak the open local bridge with bad input while a tree plays: `--messages`
//! bad messages (tests/src/bridge_hostile.rs draws them, seeded by `--seed`),
//! one message past the frame cap every `--past-cap-every` (after which the
//! client connects again), and the client's state and the tree's outputs read
//! back every `--check-every` messages and at the end. Prints the figures:
//! messages sent, answered with an error, with a sentinel, connections the
//! bridge closed, state losses (0 is the only passing figure).
//!
//! ```sh
//! cargo run -p arora-animation-tests --example bridge_soak -- --messages 100000 --seed 1
//! ```

use std::time::Instant;

use arora_animation_tests::bridge::{Client, Reply};
use arora_animation_tests::bridge_hostile::{FRAME_CAP, Hostile};
use arora_animation_tests::bridge_remote::{Kept, served_with_remote};
use arora_animation_tests::bridge_tree::HostReplay;
use arora_animation_tests::calls::Opt;
use clap::Parser;

/// The soak's arguments.
#[derive(Parser)]
struct Args {
    /// Bad messages to send.
    #[arg(long, default_value_t = 100_000)]
    messages: u64,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Read the kept state back every this many messages.
    #[arg(long, default_value_t = 5_000)]
    check_every: u64,
    /// Send a message past the frame cap every this many messages.
    #[arg(long, default_value_t = 20_000)]
    past_cap_every: u64,
}

fn main() {
    let args = Args::parse();
    let (device, mut client, kept, dt_ns) = served_with_remote("bridge-soak");
    let mut hostile = Hostile::new(args.seed);
    let (mut wrong, mut losses, mut closed, mut checks) = (0u64, 0u64, 0u64, 0u64);
    let started = Instant::now();
    for n in 1..=args.messages {
        let message = hostile.next_message(FRAME_CAP);
        if let Err(e) = hostile.send(&mut client, &message) {
            wrong += 1;
            eprintln!("message {n}: {e}");
            client = Client::connect(&device.url);
            client.subscribe(&[]);
        }
        if n % args.past_cap_every == 0 {
            let _ = client.send_text(&format!("\"{}\"", "p".repeat(FRAME_CAP)));
            match client.reply() {
                Reply::Closed(_) => closed += 1,
                Reply::Answer(answer) => eprintln!("message {n}: past the cap, answered {answer}"),
            }
            client = Client::connect(&device.url);
            client.subscribe(&[]);
        }
        if n % args.check_every == 0 || n == args.messages {
            checks += 1;
            if Kept::read(&mut client) != kept {
                losses += 1;
                eprintln!("message {n}: the kept state changed");
            }
        }
    }
    let elapsed = started.elapsed();
    client.close();
    let stopped = device.stop();
    let mut host = HostReplay::new();
    host.set_up(Opt::Some("wave".into()));
    for step in 1..=stopped.steps {
        host.step(dt_ns, step * dt_ns);
    }
    let tree_lost = host
        .keys
        .iter()
        .filter(|(key, value)| stopped.store.get(*key) != Some(value))
        .count() as u64
        + u64::from(stopped.behavior_error.is_some());
    let tally = &hostile.tally;
    println!("seed {}", args.seed);
    println!("messages sent            {}", tally.sent);
    println!("answered with an error   {}", tally.errors);
    println!("answered with a sentinel {}", tally.sentinels);
    println!("wrong answers            {wrong}");
    println!("past the cap, closed     {closed} (a new connection each time)");
    println!("state checks             {checks}");
    println!("state losses             {}", losses + tree_lost);
    println!("device steps             {}", stopped.steps);
    println!(
        "time                     {:.1} s ({:.0} messages/s)",
        elapsed.as_secs_f64(),
        tally.sent as f64 / elapsed.as_secs_f64()
    );
    let mut by_how: Vec<_> = tally.by_how.iter().collect();
    by_how.sort();
    for (how, count) in by_how {
        println!("  {count:>7}  {how}");
    }
    if wrong + losses + tree_lost > 0 {
        std::process::exit(1);
    }
}
