//! The host's compute calls measured in interleaved rounds, so that the machine's drift
//! falls on every side alike: `step_values` and `step_with_velocities` invoked through the
//! registration's exports on 16 players × 4 instances × 10 number tracks, the bakes of one of
//! its clips (10 tracks × 2 s at 600 Hz, 12,010 samples), and beside each what it cannot go
//! below — the engine alone (`advance`, the engine's bake) and its answer prepared once and
//! only cloned (the floor). Each round runs every workload once, in turn; the figures are
//! the median per call over the rounds with the lowest and highest round, and the ratios
//! are taken round by round.
//!
//! `cargo bench -p arora-animation-module --bench compute [-- --rounds N]`; `--only NAME`
//! runs a single workload (for `valgrind --tool=callgrind`).
//!
//! `-- --crowds` measures instead the scale bench's crowds (n players × 4 instances × 10
//! eased tracks through the contract, n = 10 … 10,000) in interleaved rounds: one
//! `step_values`, and the engine's step alone, per player; `-- --crowd N --steps K` steps one
//! crowd K times and nothing else (for `valgrind --tool=cachegrind`).
#![allow(missing_docs)] // a bench binary's `main`

mod fixtures;

use std::hint::black_box;
use std::time::Instant;

use animation_engine::bake::{Values as EngineValues, WithVelocities as EngineVelocities};
use animation_engine::{AnimationId, DeviceSpan};
use arora_animation_module::animation::ids;
use arora_animation_module::answer::{Values, WithVelocities};
use arora_animation_module::{Animation, ContractModule};
use arora_types::Uuid;
use arora_types::call::Call;
use arora_types::module::declared::AroraFunction;
use arora_types::value::Value;
use fixtures::{FRAME_NS, call, invoked, stepped_crowd, typed};

/// The bakes' rate: 1,201 frames of the 2 s clip.
const BAKE_RATE: f32 = 600.0;

fn step_call(function: Uuid, dt: Uuid) -> Call {
    call(function, vec![(dt, Value::U64(FRAME_NS))])
}

fn bake_call(function: Uuid, anim: Uuid, rate: Uuid) -> Call {
    call(
        function,
        vec![(anim, Value::U32(0)), (rate, Value::F32(BAKE_RATE))],
    )
}

/// One measured workload: its name, how many calls a round times, and one call.
struct Workload<'a> {
    name: &'static str,
    calls: u32,
    run: Box<dyn FnMut() + 'a>,
    /// Nanoseconds per call, one per round.
    rounds: Vec<f64>,
}

impl<'a> Workload<'a> {
    fn new(name: &'static str, calls: u32, run: impl FnMut() + 'a) -> Self {
        Self {
            name,
            calls,
            run: Box::new(run),
            rounds: Vec::new(),
        }
    }

    fn round(&mut self) {
        let started = Instant::now();
        for _ in 0..self.calls {
            (self.run)();
        }
        let ns = started.elapsed().as_nanos() as f64 / f64::from(self.calls);
        self.rounds.push(ns);
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn spread(xs: &[f64]) -> (f64, f64) {
    let low = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let high = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (low, high)
}

/// The bake's `Value` lists as the host built them before building them from the samples:
/// the engine's vectors of numbers first, then one `Value` per number (kept here to measure
/// against, interleaved).
fn bake_values_before(bake: animation_engine::Bake) -> Vec<(Value, Value)> {
    use animation_engine::{BakedSamples, Precision};
    let tracks = bake.tracks.into_iter().map(|track| {
        let narrow = track.precision == Precision::Single;
        match track.samples {
            BakedSamples::Number { values, velocities } => {
                let number = |x: f64| {
                    if narrow {
                        Value::F32(x as f32)
                    } else {
                        Value::F64(x)
                    }
                };
                let derivatives = (velocities.into_iter())
                    .map(|v| Value::Option(Some(Box::new(Value::F64(v)))))
                    .collect();
                let values = values.into_iter().map(number).collect();
                (Value::ArrayValue(values), Value::ArrayValue(derivatives))
            }
            _ => unreachable!("the bench's clips are numbers"),
        }
    });
    tracks.collect()
}

/// The function exported under `id`.
fn function(functions: &mut [AroraFunction], id: Uuid) -> &mut AroraFunction {
    let found = functions.iter_mut().find(|f| f.id == id);
    found.expect("the function is exported")
}

/// The function exported under `id`, taken out of the exports (they share one state).
fn take(functions: &mut Vec<AroraFunction>, id: Uuid) -> AroraFunction {
    let at = functions.iter().position(|f| f.id == id);
    functions.swap_remove(at.expect("the function is exported"))
}

/// The crowds in interleaved rounds: per player, a `step_values` and the engine's step.
fn crowds(rounds: usize) {
    const CROWDS: [u32; 4] = [10, 100, 1_000, 10_000];
    let mut modules: Vec<ContractModule> = CROWDS.map(stepped_crowd).into();
    let mut now = [0u64; 4];
    let mut values = vec![Vec::new(); 4];
    let mut engine = vec![Vec::new(); 4];
    for round in 0..=rounds {
        for (at, &players) in CROWDS.iter().enumerate() {
            let calls = 200_000 / players;
            let module = &mut modules[at];
            let started = Instant::now();
            for _ in 0..calls {
                now[at] += FRAME_NS;
                black_box(module.step_values(FRAME_NS, Some(now[at])));
            }
            let per_player = started.elapsed().as_nanos() as f64 / f64::from(calls * players);
            let typed = module.module_mut();
            let started = Instant::now();
            for _ in 0..calls {
                black_box(
                    typed
                        .advance(DeviceSpan::from_ns(FRAME_NS as i64), None)
                        .len(),
                );
            }
            let alone = started.elapsed().as_nanos() as f64 / f64::from(calls * players);
            now[at] = typed.clock().map_or(0, |clock| clock.ns() as u64);
            if round > 0 {
                values[at].push(per_player);
                engine[at].push(alone);
            }
        }
    }
    println!("{rounds} interleaved rounds; ns per player: median [lowest round, highest round]");
    for (name, table) in [
        ("step_values", &values),
        ("the engine's step alone", &engine),
    ] {
        println!("  {name}");
        for (at, players) in CROWDS.iter().enumerate() {
            let (low, high) = spread(&table[at]);
            let median = median(table[at].clone());
            println!("    {players:>6} players {median:>8.1} [{low:.1}, {high:.1}]");
        }
        let each: Vec<f64> = (0..rounds).map(|r| table[3][r] / table[0][r]).collect();
        let (low, high) = spread(&each);
        let median = median(each.clone());
        println!("    10,000 / 10 per player, round by round: {median:.3} [{low:.3}, {high:.3}]");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let after = |flag: &str| {
        let at = args.iter().position(|arg| arg == flag)?;
        args.get(at + 1).cloned()
    };
    if let Some(players) = after("--crowd") {
        let mut module = stepped_crowd(players.parse().expect("a player count"));
        let steps: u64 = after("--steps").map_or(100, |n| n.parse().expect("a step count"));
        for step in 1..=steps {
            black_box(module.step_values(FRAME_NS, Some(step * FRAME_NS)));
        }
        return;
    }
    if args.iter().any(|arg| arg == "--crowds") {
        crowds(after("--rounds").map_or(10, |n| n.parse().expect("a round count")));
        return;
    }
    let rounds: usize = after("--rounds").map_or(30, |n| n.parse().expect("a round count"));
    let only = after("--only");

    let mut steps = invoked();
    let mut bakes = invoked();
    let mut module = typed();
    let mut before = typed();
    let mut after = typed();
    let engine_module = typed();
    let anim = AnimationId::from_raw(0);

    let values = step_call(ids::step_values::FUNCTION, ids::step_values::DT_NS);
    let samples = step_call(
        ids::step_with_velocities::FUNCTION,
        ids::step_with_velocities::DT_NS,
    );
    let bake = bake_call(ids::bake::FUNCTION, ids::bake::ANIM, ids::bake::FRAME_RATE);
    let derivatives = bake_call(
        ids::bake_with_derivatives::FUNCTION,
        ids::bake_with_derivatives::ANIM,
        ids::bake_with_derivatives::FRAME_RATE,
    );
    let answer = |functions: &mut [AroraFunction], call: &Call| {
        let f = function(functions, call.id);
        (f.invoke)(call.clone()).expect("the call succeeds").ret
    };
    let values_floor = answer(&mut steps, &values);
    let samples_floor = answer(&mut steps, &samples);
    let bake_floor = answer(&mut bakes, &bake);
    let derivatives_floor = answer(&mut bakes, &derivatives);

    let mut values_fn = take(&mut steps, values.id);
    let mut samples_fn = take(&mut steps, samples.id);
    let mut bake_fn = take(&mut bakes, bake.id);
    let mut derivatives_fn = take(&mut bakes, derivatives.id);

    let rate = f64::from(BAKE_RATE);
    let mut workloads = vec![
        Workload::new("step_values invoked", 400, || {
            black_box((values_fn.invoke)(values.clone()).expect("step_values"));
        }),
        Workload::new("step_with_velocities invoked", 400, || {
            black_box((samples_fn.invoke)(samples.clone()).expect("step_with_velocities"));
        }),
        Workload::new("step_with_velocities before (two walks)", 400, || {
            let step = before.advance(DeviceSpan::from_ns(FRAME_NS as i64), None);
            let value = |output: &animation_engine::Output| match output.value() {
                Some(animation_engine::OutputValue::Number(x)) => Value::F64(x),
                _ => Value::Unit,
            };
            let velocity = |output: &animation_engine::Output| {
                output.velocity().map_or(Value::Unit, Value::F64)
            };
            black_box((
                Value::ArrayValue(step.outputs().map(value).collect()),
                Value::ArrayValue(step.outputs().map(velocity).collect()),
            ));
        }),
        Workload::new("step_with_velocities one walk", 400, || {
            let step = after.advance(DeviceSpan::from_ns(FRAME_NS as i64), None);
            let value = |output: &animation_engine::Output| match output.value() {
                Some(animation_engine::OutputValue::Number(x)) => Value::F64(x),
                _ => Value::Unit,
            };
            let (mut values, mut velocities) = (
                Vec::with_capacity(step.len()),
                Vec::with_capacity(step.len()),
            );
            for output in step.outputs() {
                values.push(value(output));
                velocities.push(output.velocity().map_or(Value::Unit, Value::F64));
            }
            black_box((Value::ArrayValue(values), Value::ArrayValue(velocities)));
        }),
        Workload::new("advance only (no Values)", 400, || {
            let step = module.advance(DeviceSpan::from_ns(FRAME_NS as i64), None);
            black_box(step.len());
        }),
        Workload::new("step_values floor (clone)", 400, || {
            black_box(values_floor.clone());
        }),
        Workload::new("step_with_velocities floor (clone)", 400, || {
            black_box(samples_floor.clone());
        }),
        Workload::new("bake invoked", 20, || {
            black_box((bake_fn.invoke)(bake.clone()).expect("bake"));
        }),
        Workload::new("bake_with_derivatives invoked", 20, || {
            black_box((derivatives_fn.invoke)(derivatives.clone()).expect("bake"));
        }),
        Workload::new("engine bake only", 20, || {
            let engine = engine_module.engine();
            black_box(
                engine
                    .bake::<EngineValues>(anim, rate, None, None)
                    .expect("bakes"),
            );
        }),
        Workload::new("engine bake_with_derivatives only", 20, || {
            let engine = engine_module.engine();
            let bake = engine.bake::<EngineVelocities>(anim, rate, None, None);
            black_box(bake.expect("bakes"));
        }),
        Workload::new("bake before (engine's vectors, then Values)", 20, || {
            let engine = engine_module.engine();
            let bake = engine
                .bake::<EngineValues>(anim, rate, None, None)
                .expect("bakes");
            black_box(bake_values_before(bake));
        }),
        Workload::new("bake_with_derivatives before", 20, || {
            let engine = engine_module.engine();
            let bake = engine.bake::<EngineVelocities>(anim, rate, None, None);
            black_box(bake_values_before(bake.expect("bakes")));
        }),
        Workload::new("bake typed (no contract)", 20, || {
            black_box(
                engine_module
                    .bake::<Values>(anim, Some(BAKE_RATE), None, None)
                    .expect("bakes"),
            );
        }),
        Workload::new("bake_with_derivatives typed", 20, || {
            let bake = engine_module.bake::<WithVelocities>(anim, Some(BAKE_RATE), None, None);
            black_box(bake.expect("bakes"));
        }),
        Workload::new("bake floor (clone)", 20, || {
            black_box(bake_floor.clone());
        }),
        Workload::new("bake_with_derivatives floor (clone)", 20, || {
            black_box(derivatives_floor.clone());
        }),
    ];
    if let Some(only) = &only {
        workloads.retain(|w| w.name.starts_with(only.as_str()));
        assert!(!workloads.is_empty(), "no workload is named {only}");
    }
    for workload in &mut workloads {
        workload.round(); // warm up
        workload.rounds.clear();
    }
    for _ in 0..rounds {
        for workload in &mut workloads {
            workload.round();
        }
    }
    println!("{rounds} interleaved rounds; per call: median [lowest round, highest round]");
    for workload in &workloads {
        let (low, high) = spread(&workload.rounds);
        let median = median(workload.rounds.clone());
        println!(
            "  {:<36} {:>10.2} µs [{:.2}, {:.2}]",
            workload.name,
            median / 1e3,
            low / 1e3,
            high / 1e3
        );
    }
    let by_name = |name: &str| {
        let found = workloads.iter().find(|w| w.name == name);
        found.map(|w| &w.rounds)
    };
    let ratios = [
        (
            "step_with_velocities / step_values",
            "step_with_velocities invoked",
            "step_values invoked",
        ),
        (
            "one walk / two walks (the lists only)",
            "step_with_velocities one walk",
            "step_with_velocities before (two walks)",
        ),
        ("bake / engine bake", "bake invoked", "engine bake only"),
        (
            "bake / bake before",
            "bake invoked",
            "bake before (engine's vectors, then Values)",
        ),
        (
            "bake_with_derivatives / before",
            "bake_with_derivatives invoked",
            "bake_with_derivatives before",
        ),
        (
            "bake_with_derivatives / engine's",
            "bake_with_derivatives invoked",
            "engine bake_with_derivatives only",
        ),
    ];
    println!("ratios, round by round: median [lowest, highest]");
    for (label, top, bottom) in ratios {
        let (Some(top), Some(bottom)) = (by_name(top), by_name(bottom)) else {
            continue;
        };
        let each: Vec<f64> = top.iter().zip(bottom).map(|(t, b)| t / b).collect();
        let (low, high) = spread(&each);
        println!(
            "  {label:<36} {:>10.3} [{low:.3}, {high:.3}]",
            median(each.clone())
        );
    }
}
