//! Does `simd128` pay? The guest's build with it (what `build_guest` makes) against the same
//! sources without it, measured interleaved — rounds on each in turn, so that drift of a
//! shared machine falls on both alike — in two ways:
//!
//! 1. the engine alone in wasm (`engine/src/bin/wasm_fast_solve.rs` under wasmtime): a 60 Hz
//!    step of 16 players × 4 instances × 10 number tracks and a bake of 10 tracks × 10 s at
//!    120 Hz (the engine benches' workloads, every segment certified for the fast solve);
//! 2. the guest on an `arora` device: `step_values(10 ms)` with 16 players × 4 instances of
//!    a 10-track eased clip.
//!
//! Prints each side's median per round and the median of the rounds' ratios (no-simd /
//! simd: above 1 when SIMD pays), with the spread of the ratios. Run:
//! `cargo run --release -p arora-animation-module-dir --example fast_solve_simd`;
//! `… -- once on|off <steps> <bakes>` runs the engine in wasm once (for callgrind).

#[path = "../tests/integration/wasm_program.rs"]
mod wasm_program;

use std::time::Instant;

use arora_animation_module::client::{DeviceSpan, LoopMode};
use arora_animation_module::records::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
use arora_animation_module_dir::{
    Simd, Target, build_guest_with, client, componentize, device, wasm_target_dir, write,
};
use arora_types::value::Value;
use wasm_program::WasmProgram;

const ROUNDS: usize = 21;
/// Engine steps and bakes per wasm run.
const STEPS: usize = 3000;
const BAKES: usize = 60;
/// `step_values` calls per round on the device.
const CALLS: usize = 1000;
const PLAYERS: usize = 16;
const INSTANCES: usize = 4;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [once, simd, steps, bakes] = args.as_slice()
        && once == "once"
    {
        // One run of the engine in wasm, for instruction counts: `valgrind --tool=callgrind`
        // of `once on|off <steps> <bakes>`, less the same with `0 0` (compiling the module).
        let simd = if simd == "on" { Simd::On } else { Simd::Off };
        let out = WasmProgram::build(simd).run(&["time", steps, bakes]);
        println!("{}", out.unwrap_or_else(|e| panic!("{e}")).trim());
        return;
    }
    let sides = [Simd::On, Simd::Off];
    println!("engine in wasm (wasm_fast_solve time {STEPS} {BAKES}), {ROUNDS} rounds:");
    let programs = sides.map(WasmProgram::build);
    let mut engine_rounds = Vec::new();
    for _ in 0..ROUNDS {
        let round = programs.each_ref().map(|program| {
            let out = program
                .run(&["time", &STEPS.to_string(), &BAKES.to_string()])
                .unwrap_or_else(|e| panic!("{e}"));
            let field = |name: &str| -> f64 {
                out.split_whitespace()
                    .find_map(|f| f.strip_prefix(name))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("no {name} in {out}"))
            };
            [field("step_ns="), field("bake_ns=")]
        });
        engine_rounds.push(round);
    }
    for (i, what) in [
        "step (16 × 4 × 10 tracks)",
        "bake (10 tracks × 10 s, 120 Hz)",
    ]
    .into_iter()
    .enumerate()
    {
        report(
            what,
            &engine_rounds
                .iter()
                .map(|r| [r[0][i], r[1][i]])
                .collect::<Vec<_>>(),
        );
    }

    println!(
        "guest on an arora device (step_values, {PLAYERS} players × {INSTANCES} instances × 10 \
         tracks), {CALLS} calls a round, {ROUNDS} rounds:"
    );
    let mut devices = sides.map(|simd| {
        let wasm = build_guest_with(Target::Wasip1, simd)
            .unwrap_or_else(|e| panic!("the guest must build ({simd:?}): {e}"));
        let guest = componentize(&wasm).unwrap_or_else(|e| panic!("{e}"));
        let dir = wasm_target_dir(simd)
            .join("module-dirs")
            .join("fast-solve-simd");
        write(&dir, &guest).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut device = device(&dir).unwrap_or_else(|e| panic!("{e}"));
        start(&mut device);
        device
    });
    let dt = DeviceSpan::from_ns(10_000_000);
    let mut guest_rounds = Vec::new();
    for _ in 0..ROUNDS {
        guest_rounds.push(devices.each_mut().map(|device| {
            let mut client = client(device);
            let start = Instant::now();
            for _ in 0..CALLS {
                std::hint::black_box(client.step_values(dt, None).expect("step_values answers"));
            }
            start.elapsed().as_nanos() as f64 / CALLS as f64
        }));
    }
    report("step_values", &guest_rounds);
}

/// The players, instances and clip of the device measurement.
fn start(device: &mut arora::Arora) {
    let mut client = client(device);
    let anim = client
        .load_clip(&clip())
        .expect("load_clip answers")
        .expect("the clip loads");
    for p in 0..PLAYERS {
        let player = client
            .create_player(Some(&format!("p{p}")))
            .expect("create_player answers")
            .expect("a player");
        for _ in 0..INSTANCES {
            client
                .add_instance(player, anim)
                .expect("add_instance answers")
                .expect("an instance");
        }
        client
            .set_loop(player, LoopMode::Loop)
            .expect("set_loop answers")
            .expect("looping");
        client
            .set_speed(player, 0.75 + p as f32 * 0.125)
            .expect("set_speed answers")
            .expect("a speed");
        client.play(player).expect("play answers").expect("playing");
    }
}

/// 10 number tracks over 10 s, a keypoint every 500 ms, cubic and sine easings in turn.
fn clip() -> Clip {
    let tracks = (0..10)
        .map(|t| ClipTrack {
            id: format!("t{t}"),
            name: format!("t{t}"),
            target: format!("key{t}"),
            keypoints: (0..=20)
                .map(|k| {
                    let ease = |kind: &str| ClipTransition {
                        kind: kind.to_string(),
                        dt_ns: 0.0,
                        dv: 0.0,
                    };
                    let kind = ["cubic", "sine"][(t + k) % 2];
                    ClipKeypoint {
                        id: format!("{t}-{k}"),
                        time_ns: k as i64 * 500_000_000,
                        value: Value::F64(((k * 7 + t * 3) % 11) as f64),
                        arrive: vec![ease(kind)],
                        leave: vec![ease(kind)],
                        pairing: String::new(),
                    }
                })
                .collect(),
        })
        .collect();
    Clip {
        name: "simd".to_string(),
        length_ns: None,
        tracks,
    }
}

/// One line: each side's median, and the median, least and largest no-simd/simd ratio.
fn report(what: &str, rounds: &[[f64; 2]]) {
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let ratios: Vec<f64> = rounds.iter().map(|[on, off]| off / on).collect();
    let (least, most) = ratios
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, m), &r| (l.min(r), m.max(r)));
    println!(
        "  {what}: simd128 {:.0} ns, without {:.0} ns; without/simd128 median {:.3} (rounds \
         {least:.3}–{most:.3})",
        median(rounds.iter().map(|r| r[0]).collect()),
        median(rounds.iter().map(|r| r[1]).collect()),
        median(ratios),
    );
}
