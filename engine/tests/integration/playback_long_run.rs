//! Positions do not depend on how the device stepped: engines stepping at
//! different sizes agree at shared times (docs/playback.md §2.4).

use crate::playback_support::*;
use animation_engine::{Engine, LoopMode, Timing};
use arora_animation_test_support::random::{RngExt, seeded};

/// Mode, speed, seek and optional window of one player.
type Setup = (LoopMode, f64, i64, Option<(i64, Option<i64>)>);

/// A varied set of players: every mode, windows, both signs of speed.
fn build(engine: &mut Engine) {
    let anims = [
        engine.load(&valid(r1())).unwrap(),
        engine.load(&valid(r5())).unwrap(),
        engine.load(&valid(text())).unwrap(),
    ];
    let setups: [Setup; 8] = [
        (LoopMode::Loop, 1.0, 0, None),
        (LoopMode::PingPong, 1.37, 200 * MS, None),
        (LoopMode::Bounce, -0.61, 4500 * MS, Some((S, Some(3 * S)))),
        (LoopMode::Loop, -2.3, 4 * S, Some((1500 * MS, Some(2 * S)))),
        (LoopMode::PingPong, 0.333, 0, Some((3 * S, None))),
        (LoopMode::Once, 0.9, 0, None),
        (LoopMode::Loop, 7.77, 900 * MS, Some((2 * S, Some(S)))),
        (
            LoopMode::PingPong,
            -1_048_576.0,
            0,
            Some((0, Some(123_457))),
        ),
    ];
    for (i, (mode, speed, seek, window)) in setups.into_iter().enumerate() {
        let p = engine.create_player("").unwrap();
        engine.set_mode(p, mode).unwrap();
        engine.set_speed(p, speed).unwrap();
        engine.seek(p, timeline(seek)).unwrap();
        if let Some((start, end)) = window {
            engine
                .set_window(p, timeline(start), end.map(timeline))
                .unwrap();
        }
        engine.play(p).unwrap();
        let timing = Timing {
            offset: timeline((i as i64 - 3) * 100 * MS),
            rate: 0.5 + i as f64 * 0.25,
        };
        engine.add_instance(p, anims[i % 3], 1.0, timing).unwrap();
        engine
            .add_instance(p, anims[(i + 1) % 3], 0.5, Timing::default())
            .unwrap();
    }
}

fn snapshot(engine: &mut Engine) -> Vec<String> {
    let mut out: Vec<String> = engine
        .players()
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {} {}",
                r.position.ns(),
                r.reversed,
                r.ended,
                r.waiting,
                r.velocity
            )
        })
        .collect();
    out.extend(
        engine
            .evaluate()
            .outputs()
            .map(|o| format!("{:?} {:?}", o.value(), o.velocity())),
    );
    out
}

/// Steps `engine` from 0 to `until` with sizes from `next_dt`, clamped so that
/// every multiple of `every` is hit exactly; a snapshot at each of them.
fn run(
    engine: &mut Engine,
    until: i64,
    every: i64,
    mut next_dt: impl FnMut() -> i64,
) -> Vec<Vec<String>> {
    engine.step(device(0), span(0));
    let (mut now, mut shots) = (0, Vec::new());
    while now < until {
        let checkpoint = (now / every + 1) * every;
        let dt = next_dt().min(checkpoint - now);
        now += dt;
        engine.step(device(now), span(dt));
        if now % every == 0 {
            shots.push(snapshot(engine));
        }
    }
    shots
}

#[test]
fn engines_stepping_at_different_sizes_agree_at_shared_times() {
    let (until, every) = (12 * S, 400 * MS);
    let fixed = [MS, 16 * MS, 25 * MS, 3_333_333];
    let mut runs: Vec<_> = fixed
        .iter()
        .map(|&dt| {
            let mut engine = Engine::new();
            build(&mut engine);
            run(&mut engine, until, every, || dt)
        })
        .collect();
    let mut rng = seeded(1);
    let mut jitter = || rng.random_range(1..=50 * MS);
    let mut engine = Engine::new();
    build(&mut engine);
    runs.push(run(&mut engine, until, every, &mut jitter));
    assert_eq!(runs[0].len(), 30);
    for other in &runs[1..] {
        assert_eq!(&runs[0], other);
    }
}

#[test]
fn one_long_step_equals_many_small_ones() {
    let (mut a, mut b) = (Engine::new(), Engine::new());
    build(&mut a);
    build(&mut b);
    a.step(device(0), span(0));
    b.step(device(0), span(0));
    for k in 1..=10_000 {
        a.step(device(k * 3_333_333), span(3_333_333));
    }
    b.step(device(10_000 * 3_333_333), span(10_000 * 3_333_333));
    assert_eq!(snapshot(&mut a), snapshot(&mut b));
}
