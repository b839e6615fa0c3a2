//! Days of device time with random transport between steps (docs/playback.md §2–§3): ten million
//! steps of a looping player that is sought, sped up, reversed, paused and played at
//! random; at every step it stands where the closed form puts it, and the memory held at
//! the end is what it was after the first commands. `SOAK_STEPS` sets the count.

use crate::playback_support::*;
use animation_engine::{Engine, LoopMode, PlayerId, Timing};
use arora_animation_test_support::counting_alloc::{allocations, live_bytes};
use arora_animation_test_support::random::{RngExt, StdRng, seeded};

/// The loop's length: 1.5 s, which no step interval divides.
const LENGTH: i64 = 1_500 * MS;
/// 50 ms a step: ten million steps are nearly six days.
const DT: i64 = 50 * MS;
/// The seed of the commands drawn between steps.
const SEED: u64 = 6;

/// What a looping player does between commands, in closed form (integer speeds travel
/// exactly): from `anchor_position` at `anchor_time`, `speed` nanoseconds of timeline per
/// nanosecond, wrapping over `[0, LENGTH]`; landing exactly on the bound it heads for shows
/// that bound.
#[derive(Clone, Copy, Debug)]
struct Model {
    anchor_time: i64,
    anchor_position: i64,
    speed: i64,
    playing: bool,
}

impl Model {
    fn position(&self, now: i64) -> i64 {
        if !self.playing {
            return self.anchor_position;
        }
        let moved = self.anchor_position + self.speed * (now - self.anchor_time);
        if (0..=LENGTH).contains(&moved) {
            moved
        } else if moved > LENGTH {
            (moved - 1) % LENGTH + 1
        } else {
            LENGTH - ((-moved - 1) % LENGTH + 1)
        }
    }

    fn reanchor(&mut self, now: i64) {
        self.anchor_position = self.position(now);
        self.anchor_time = now;
    }
}

/// One random command, applied to the engine and the model at device time `now`.
fn command(rng: &mut StdRng, engine: &mut Engine, p: PlayerId, model: &mut Model, now: i64) {
    match rng.random_range(0..4) {
        0 => {
            let to = rng.random_range(0..=LENGTH);
            engine.seek(p, timeline(to)).unwrap();
            model.anchor_position = to;
            model.anchor_time = now;
        }
        1 => {
            let speed = [-3, -2, -1, 1, 2, 3][rng.random_range(0..6)];
            engine.set_speed(p, speed as f64).unwrap();
            model.reanchor(now);
            model.speed = speed;
        }
        2 => {
            engine.pause(p).unwrap();
            model.reanchor(now);
            model.playing = false;
        }
        _ => {
            engine.play(p).unwrap();
            model.reanchor(now);
            model.playing = true;
        }
    }
}

/// An engine playing one linear track of [`LENGTH`] in a loop on player `soak`, stepped
/// once at 0.
fn looping_ramp() -> (Engine, PlayerId) {
    let mut engine = Engine::new();
    let anim = engine
        .load(&valid(clip(vec![linear("t", "x", LENGTH, 1.0)])))
        .unwrap();
    let p = engine.create_player("soak").unwrap();
    engine
        .add_instance(p, anim, 1.0, Timing::default())
        .unwrap();
    engine.set_mode(p, LoopMode::Loop).unwrap();
    engine.play(p).unwrap();
    engine.step(device(0), span(0));
    (engine, p)
}

#[test]
fn random_transport_for_days_stays_on_the_closed_form_and_holds_its_memory() {
    let steps: i64 = std::env::var("SOAK_STEPS").map_or(10_000_000, |s| s.parse().unwrap());
    let (mut engine, p) = looping_ramp();
    let mut model = Model {
        anchor_time: 0,
        anchor_position: 0,
        speed: 1,
        playing: true,
    };
    let mut rng = seeded(SEED);
    let mut run = |from: i64, to: i64| {
        for k in from..=to {
            let now = k * DT;
            let step = engine.step(device(now), span(DT));
            assert!(
                step.outputs()
                    .next()
                    .expect("one position")
                    .value()
                    .is_some(),
                "the track plays at step {k}"
            );
            let expected = model.position(now);
            assert_eq!(
                engine.position(p),
                Some(timeline(expected)),
                "step {k} at {now} ns"
            );
            if rng.random_ratio(1, 7) {
                command(&mut rng, &mut engine, p, &mut model, now);
            }
        }
    };
    run(1, 1_000);
    let held = live_bytes();
    let allocated = allocations(|| run(1_001, steps));
    assert_eq!(
        allocated, 0,
        "allocations in {steps} steps and their commands"
    );
    assert_eq!(live_bytes(), held, "bytes held after {steps} steps");
}
