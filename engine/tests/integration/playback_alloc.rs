//! A steady-state step allocates nothing: a counting global allocator watches
//! this thread while an engine of numbers, booleans and strings steps.

use crate::playback_support::*;
use animation_engine::{Engine, KeyValue, LoopMode, Timing};
use arora_animation_test_support::counting_alloc::{allocations, live_bytes};

fn words() -> animation_engine::Clip {
    let text = |s: &str| KeyValue::Text(s.into());
    let flag = |b: bool| KeyValue::Boolean(b);
    clip(vec![
        track(
            "w",
            "word",
            vec![
                key(0, text("a"), None, None),
                key(
                    300 * MS,
                    text("a much longer string than the first"),
                    None,
                    None,
                ),
            ],
        ),
        track(
            "f",
            "flag",
            vec![
                key(0, flag(false), None, None),
                key(600 * MS, flag(true), None, None),
            ],
        ),
        linear("n", "x", 900 * MS, 9.0),
    ])
}

/// Eight players of every loop mode and speed, each with four instances of numbers,
/// booleans, text and a vertical tangent at offsets and rates of their own.
fn busy_engine() -> Engine {
    let mut engine = Engine::new();
    let anims = [
        engine.load(&valid(r1())).unwrap(),
        engine.load(&valid(words())).unwrap(),
        engine.load(&valid(vertical(true))).unwrap(),
    ];
    let modes = [
        LoopMode::Loop,
        LoopMode::PingPong,
        LoopMode::Bounce,
        LoopMode::Once,
    ];
    for p in 0..8u32 {
        let id = engine.create_player("p").unwrap();
        engine.set_mode(id, modes[p as usize % 4]).unwrap();
        engine.set_speed(id, 0.5 + p as f64 * 0.37).unwrap();
        engine.play(id).unwrap();
        for i in 0..4u32 {
            let timing = Timing {
                offset: timeline(i64::from(i) * 50 * MS),
                rate: 1.0 + f64::from(i) * 0.5,
            };
            engine
                .add_instance(id, anims[(p as usize + i as usize) % 3], 1.0, timing)
                .unwrap();
        }
    }
    engine
}

#[test]
fn a_steady_state_step_allocates_nothing() {
    let mut engine = busy_engine();
    let dt = 16_666_667;
    let mut now = 0;
    for _ in 0..200 {
        now += dt;
        engine.step(device(now), span(dt));
    }
    let mut checksum = 0.0;
    let count = allocations(|| {
        for _ in 0..20_000 {
            now += dt;
            let outputs = engine.step(device(now), span(dt));
            checksum += outputs
                .outputs()
                .filter_map(|o| o.velocity())
                .filter(|v| v.is_finite())
                .sum::<f64>();
        }
        engine.evaluate();
        engine.position(pid(3));
    });
    assert_eq!(count, 0, "allocations in 20 000 steady-state steps");
    assert!(checksum.is_finite());
    // The counter does see allocations: a structural edit rebuilds the table.
    let removed = allocations(|| {
        assert_eq!(engine.remove_instance(pid(0), iid(0)), Ok(()));
    });
    assert!(removed > 0);
}

/// Loading, playing and unloading for days holds no more than doing it once: an unloaded
/// clip, a removed player and a removed instance leave nothing behind.
#[test]
fn loading_and_unloading_again_and_again_holds_no_more_memory() {
    let mut engine = Engine::new();
    let kept = engine.load(&valid(r1())).unwrap();
    let keeper = engine.create_player("kept").unwrap();
    engine
        .add_instance(keeper, kept, 1.0, Timing::default())
        .unwrap();
    let mut now = 0;
    let mut cycle = |engine: &mut Engine| {
        let animation = engine.load(&valid(words())).unwrap();
        let player = engine.create_player("p").unwrap();
        let instance = engine
            .add_instance(player, animation, 1.0, Timing::default())
            .unwrap();
        engine
            .add_instance(keeper, animation, 0.5, Timing::default())
            .unwrap();
        engine.play(player).unwrap();
        now += 16_666_667;
        engine.step(device(now), span(16_666_667));
        engine.remove_instance(player, instance).unwrap();
        engine.remove_player(player).unwrap();
        engine.unload(animation).unwrap();
    };
    for _ in 0..100 {
        cycle(&mut engine);
    }
    let held = live_bytes();
    for _ in 0..10_000 {
        cycle(&mut engine);
    }
    assert_eq!(live_bytes(), held, "bytes held after 10 000 more cycles");
    assert_eq!(engine.players().len(), 1);
    assert_eq!(engine.players()[0].instances.len(), 1);
}
