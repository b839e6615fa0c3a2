//! `step` on a host registration of 16 players × 4 instances × 10 number
//! tracks (160 valued positions): through the engine's `arora_call` (buffers
//! and all), and through the registered function directly; `step_values` and
//! `step_with_velocities` invoked directly; and each answer's floor: cloning an answer of
//! the same shape, prepared once, which is what any `step` must at least pay to hand back
//! a fresh `Value` tree.
//!
//! `cargo bench -p arora-animation-module --bench step`
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

mod fixtures;

use animation_engine::DeviceSpan;
use arora_animation_module::animation::ids;
use arora_animation_module::{AnimationModule, exports};
use arora_engine::engine::{EngineBuilder, PinnedEngine};
use arora_engine::module::HostModule;
use arora_types::call::{Call, CallBridge};
use arora_types::value::Value;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use fixtures::{FRAME_NS, PLAYERS, TRACKS, call, invoked, populate, typed};

fn step_call() -> Call {
    call(
        ids::step::FUNCTION,
        vec![(ids::step::DT_NS, Value::U64(FRAME_NS))],
    )
}

fn step_values_call() -> Call {
    call(
        ids::step_values::FUNCTION,
        vec![(ids::step_values::DT_NS, Value::U64(FRAME_NS))],
    )
}

fn step_with_velocities_call() -> Call {
    call(
        ids::step_with_velocities::FUNCTION,
        vec![(ids::step_with_velocities::DT_NS, Value::U64(FRAME_NS))],
    )
}

fn registered() -> PinnedEngine {
    let mut engine = EngineBuilder::new().build();
    let module = HostModule::from_exports(ids::MODULE, exports(AnimationModule::new()));
    engine.register_module(module.id(), Box::new(module));
    populate(&mut |call| engine.arora_call(call).expect("the call succeeds").ret);
    engine
}

fn positions(ret: &Value) -> usize {
    match ret {
        Value::ArrayStructure { elements, .. } => elements.len(),
        other => panic!("step returns an ArrayStructure, got {other}"),
    }
}

fn bench(c: &mut Criterion) {
    let mut engine = registered();
    let ret = engine.arora_call(step_call()).expect("step").ret;
    assert_eq!(positions(&ret), (PLAYERS as usize) * TRACKS);
    c.bench_function("step via arora_call, 16x4x10", |b| {
        b.iter(|| black_box(engine.arora_call(step_call()).expect("step")))
    });

    let mut functions = invoked();
    let calls = [
        ("step", step_call as fn() -> Call),
        ("step_values", step_values_call),
        ("step_with_velocities", step_with_velocities_call),
    ];
    for (name, make) in calls {
        let function = functions
            .iter_mut()
            .find(|f| f.id == make().id)
            .expect("the function is exported");
        c.bench_function(&format!("{name} invoked, 16x4x10"), |b| {
            b.iter(|| black_box((function.invoke)(make()).expect("the call succeeds")))
        });
        // The floor: the same answer, prepared once, only cloned.
        let answer = (function.invoke)(make()).expect("the call succeeds").ret;
        c.bench_function(&format!("{name} answer cloned (floor), 16x4x10"), |b| {
            b.iter(|| black_box(answer.clone()))
        });
    }

    // The same state, stepped through the typed API with no `Value`s built:
    // what the engine costs, against which the conversion's share shows.
    let mut module = typed();
    c.bench_function("advance only (no Values), 16x4x10", |b| {
        b.iter(|| {
            black_box(
                module
                    .advance(DeviceSpan::from_ns(FRAME_NS as i64), None)
                    .len(),
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
