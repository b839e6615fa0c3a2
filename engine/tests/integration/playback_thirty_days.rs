//! Positions never drift: a player looping for 30 days, stepped at 100 Hz,
//! stands exactly where the closed form puts it at every step (docs/playback.md §2.4).
//! 259 200 000 steps take about a minute in a debug build, on a thread of their own while
//! the binary's other tests run.

use crate::playback_support::{MS, S, device, span, timeline};
use animation_engine::{Engine, LoopMode};

/// 1.1 as a double is exactly 2476979795053773 × 2^−51.
const SPEED: f64 = 1.1;
const SPEED_MANTISSA: u128 = 2_476_979_795_053_773;

/// Closed form of a loop over `[0, length]` from 0 at `SPEED`: travel
/// `floor(t × speed + 1/2)`, a loop landing exactly on its end showing the end.
fn closed_form(t: i64, length: i64) -> i64 {
    let travel = ((t as u128 * SPEED_MANTISSA + (1u128 << 50)) >> 51) as i64;
    if travel == 0 {
        0
    } else {
        (travel - 1) % length + 1
    }
}

#[test]
fn a_loop_stepped_at_100_hz_for_30_days_matches_the_closed_form_at_every_step() {
    assert_eq!(SPEED, SPEED_MANTISSA as f64 / (1u64 << 51) as f64);
    let mut engine = Engine::new();
    let p = engine.create_player("long").unwrap();
    engine.set_length(p, Some(timeline(S))).unwrap();
    engine.set_mode(p, LoopMode::Loop).unwrap();
    engine.set_speed(p, SPEED).unwrap();
    engine.play(p).unwrap();
    const DAYS: i64 = 30;
    const DT: i64 = 10 * MS;
    let steps = DAYS * 86_400 * 100;
    engine.step(device(0), span(0));
    for k in 1..=steps {
        let now = k * DT;
        engine.step(device(now), span(DT));
        assert_eq!(
            engine.position(p),
            Some(timeline(closed_form(now, S))),
            "step {k} at {now} ns"
        );
    }
}
