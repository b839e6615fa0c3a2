//! `step_values` on the guest through the engine (component executor) vs
//! the same call on a host registration (`HostModule::from_exports`).
//!
//! Both hold the same state: the bundled clip (three tracks) looping on four
//! players, so each call samples twelve positions. Run:
//! `cargo bench -p arora-animation-tests --bench step_values`. Criterion
//! measures one after the other, so the machine's drift shows in their ratio;
//! the `step_values_ratio` example measures it interleaved.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

use arora_animation_tests::calls::{self, Opt};
use arora_animation_tests::serving_engines::{guest_engine, host_engine};
use arora_animation_tests::session::play_bundled_clip;
use arora_types::call::CallBridge;
use criterion::{Criterion, criterion_group, criterion_main};

const PLAYERS: u32 = 4;

fn step_values(c: &mut Criterion) {
    let call = calls::step_values(10_000_000, Opt::Omitted).call();
    let mut group = c.benchmark_group("step_values");
    let mut guest = guest_engine();
    play_bundled_clip(&mut guest, PLAYERS);
    group.bench_function("guest through the engine", |b| {
        b.iter(|| guest.arora_call(call.clone()).expect("step_values answers"))
    });
    let mut host = host_engine();
    play_bundled_clip(&mut host, PLAYERS);
    group.bench_function("host registration", |b| {
        b.iter(|| host.arora_call(call.clone()).expect("step_values answers"))
    });
    group.finish();
}

criterion_group!(benches, step_values);
criterion_main!(benches);
