//! Step and bake costs: 16 players × 4 instances × 10 number tracks at 60 Hz,
//! and a bake of a 10-track 10 s clip at 120 Hz.
//!
//! Run: `cargo bench -p animation-engine --bench step`.
#![allow(missing_docs)] // `criterion_main!` defines a public `main` with no doc comment

use std::hint::black_box;

use animation_engine::{
    CompiledClip, Easing, Engine, KeyValue, Keypoint, LoopMode, Pairing, Timing, Track, Transition,
    ValidClip,
};
use criterion::{Criterion, criterion_group, criterion_main};

const S: i64 = 1_000_000_000;

/// The transition used on both sides of every keypoint of track `index`:
/// cubic, sine, explicit handles and inferred tangents in turn.
fn transition(index: usize) -> Option<Transition> {
    match index % 4 {
        0 => Some(Transition::Ease(Easing::Cubic)),
        1 => Some(Transition::Ease(Easing::Sine)),
        2 => Some(Transition::Handle {
            dt_ns: 120e6,
            dv: 0.7,
        }),
        _ => Some(Transition::Inferred),
    }
}

/// A 10 s clip of `tracks` number tracks with a keypoint every 500 ms.
fn clip(tracks: usize) -> ValidClip {
    let tracks = (0..tracks)
        .map(|t| {
            let keypoints = (0..=20)
                .map(|k| {
                    let side = transition(t + k);
                    let arrive = side.map(|s| match s {
                        Transition::Handle { dt_ns, dv } => Transition::Handle {
                            dt_ns: -dt_ns,
                            dv: -dv,
                        },
                        other => other,
                    });
                    Keypoint {
                        id: format!("{t}-{k}"),
                        time_ns: k as i64 * S / 2,
                        value: KeyValue::Number(((k * 7 + t * 3) % 11) as f64),
                        arrive,
                        leave: side,
                        pairing: Pairing::None,
                    }
                })
                .collect();
            Track {
                id: format!("t{t}"),
                name: String::new(),
                target: format!("key{t}"),
                keypoints,
            }
        })
        .collect();
    let clip = animation_engine::Clip {
        name: "bench".into(),
        length_ns: None,
        tracks,
    };
    clip.validate().expect("a valid clip")
}

fn engine() -> Engine {
    let mut engine = Engine::new();
    let anims: Vec<_> = (0..4).map(|_| engine.load(&clip(10)).unwrap()).collect();
    let modes = [
        LoopMode::Loop,
        LoopMode::PingPong,
        LoopMode::Bounce,
        LoopMode::Loop,
    ];
    for p in 0..16 {
        let id = engine.create_player("bench").unwrap();
        engine.set_mode(id, modes[p % 4]).unwrap();
        engine.set_speed(id, 0.75 + p as f64 * 0.125).unwrap();
        engine.play(id).unwrap();
        for (i, &anim) in anims.iter().enumerate() {
            let timing = Timing {
                offset: i as i64 * S / 8,
                rate: 1.0 + i as f64 * 0.25,
            };
            engine
                .add_instance(id, anim, 1.0 / (1.0 + i as f64), timing)
                .unwrap();
        }
    }
    engine
}

/// A 60 Hz step, starting `day` days into the players' run: the cost must not grow.
fn step_from(c: &mut Criterion, name: &str, day: i64) {
    let mut engine = engine();
    let dt = 16_666_667;
    engine.step(0, 0);
    let mut now = day * 86_400 * S;
    engine.step(now, dt);
    c.bench_function(name, |b| {
        b.iter(|| {
            now += dt;
            black_box(engine.step(now, dt).len())
        })
    });
}

/// Prints how many of the bench clip's segments are certified for the fast solve.
fn certified() {
    let compiled = CompiledClip::compile(&clip(10));
    let (certified, all) = compiled
        .tracks
        .iter()
        .map(|t| t.certified_segments())
        .fold((0, 0), |(c, a), (tc, ta)| (c + tc, a + ta));
    eprintln!("bench clip: {certified} of {all} segments certified for the fast solve");
}

fn step(c: &mut Criterion) {
    certified();
    step_from(c, "step 16 players x 4 instances x 10 tracks (60 Hz)", 0);
    step_from(
        c,
        "step 16 players x 4 instances x 10 tracks (60 Hz), day 30",
        30,
    );
}

fn bake(c: &mut Criterion) {
    let mut engine = Engine::new();
    let anim = engine.load(&clip(10)).unwrap();
    c.bench_function("bake 10 tracks x 10 s at 120 Hz", |b| {
        b.iter(|| black_box(engine.bake(anim, 120.0, None, None)).map(|bake| bake.times.len()))
    });
}

criterion_group!(benches, step, bake);
criterion_main!(benches);
