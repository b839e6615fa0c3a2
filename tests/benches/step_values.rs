//! `step_values` on the guest through the engine (component executor) vs
//! the same call on a host registration (`HostModule::from_exports`).
//!
//! Both hold the same state: the bundled clip (three tracks) on four
//! players, so each call samples twelve positions. Run:
//! `cargo bench -p arora-animation-tests --bench step_values`.

use arora_animation_module_dir::bundled_clip;
use arora_animation_tests::calls::{self, Answer, Opt};
use arora_animation_tests::engines::{guest_engine, host_engine};
use arora_types::call::CallBridge;
use arora_types::value::Value;
use criterion::{Criterion, criterion_group, criterion_main};

const PLAYERS: u32 = 4;

/// Load the bundled clip and play it on [`PLAYERS`] players.
fn set_up(bridge: &mut dyn CallBridge) {
    let mut setup = vec![calls::load_clip(Value::from(bundled_clip()))];
    for player in 0..PLAYERS {
        setup.push(calls::create_player(Opt::Omitted));
        setup.push(calls::add_instance(player, 0));
    }
    for command in setup {
        let answer = command.send(bridge);
        assert!(
            matches!(answer, Answer::Returned(Value::U32(id)) if id != u32::MAX),
            "{}: {answer:?}",
            command.name
        );
    }
}

fn step_values(c: &mut Criterion) {
    let call = calls::step_values(10_000_000, Opt::Omitted).call();
    let mut group = c.benchmark_group("step_values");
    let mut guest = guest_engine();
    set_up(&mut guest);
    group.bench_function("guest through the engine", |b| {
        b.iter(|| guest.arora_call(call.clone()).expect("step_values answers"))
    });
    let mut host = host_engine();
    set_up(&mut host);
    group.bench_function("host registration", |b| {
        b.iter(|| host.arora_call(call.clone()).expect("step_values answers"))
    });
    group.finish();
}

criterion_group!(benches, step_values);
criterion_main!(benches);
