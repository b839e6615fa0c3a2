//! A step solves an instance's number samples several at a time; its outputs must be, bit for
//! bit, each played track sampled on its own (`CompiledTrack::sample`) and blended in
//! instance order as docs/playback.md §5.2 writes it, whether its tracks share time curves or not.

use crate::playback_support::{MS, clip, device, key, span, timeline, track, valid};
use animation_engine::{
    Clip, CompiledTrack, Cursor, Easing, Engine, KeyValue, Sample, Timing, Transition,
};
use proptest::prelude::*;

/// Every transition kind, with handles that cross, collapse and reach past their segment.
fn side() -> impl Strategy<Value = Option<Transition>> {
    let handle = (-900e6..900e6f64, -50.0..50.0f64)
        .prop_map(|(dt_ns, dv)| Some(Transition::Handle { dt_ns, dv }));
    prop_oneof![
        Just(None),
        handle,
        Just(Some(Transition::Ease(Easing::Cubic))),
        Just(Some(Transition::Ease(Easing::Back))),
        Just(Some(Transition::Ease(Easing::Linear))),
        Just(Some(Transition::Inferred)),
        Just(Some(Transition::InferredAutoClamped)),
    ]
}

/// A clip of up to nine number tracks on distinct targets `k0`…`k8` (so each one plays),
/// starting at a random target so that clips overlap on some keys. Often its tracks are
/// keyed together: the first track's times and transitions with values of their own, so
/// that many segments share a time curve.
fn number_clip() -> impl Strategy<Value = Clip> {
    let keypoint = (0i64..40, -20.0..20.0f64, side(), side());
    let tracks = prop::collection::vec(prop::collection::vec(keypoint, 1..6), 1..10);
    (0usize..9, tracks, any::<bool>()).prop_map(|(first, mut tracks, together)| {
        if together {
            let keys = tracks[0].clone();
            for (n, track) in tracks.iter_mut().enumerate() {
                *track = keys
                    .iter()
                    .map(|k| (k.0, k.1 * n as f64, k.2, k.3))
                    .collect();
            }
        }
        let tracks = tracks
            .into_iter()
            .enumerate()
            .map(|(index, keys)| {
                let keypoints = keys
                    .into_iter()
                    .map(|(t, v, arrive, leave)| {
                        key(t * 50 * MS, KeyValue::Number(v), arrive, leave)
                    })
                    .collect();
                let target = format!("k{}", (first + index) % 9);
                track(&format!("t{index}"), &target, keypoints)
            })
            .collect();
        clip(tracks)
    })
}

/// (clip, weight, offset in ms, rate) per instance.
fn instances() -> impl Strategy<Value = Vec<(Clip, f64, i64, f64)>> {
    let weight = prop::sample::select(vec![0.0, 0.25, 1.0, 3.0]);
    let rate = prop::sample::select(vec![0.5, 1.0, 1.7]);
    prop::collection::vec((number_clip(), weight, -500i64..500, rate), 1..4)
}

/// (sum of weighted values, total weight, weighted finite velocities, +∞ weight, −∞ weight).
type Blend = (f64, f64, f64, f64, f64);

/// docs/playback.md §5.2 over the instances in order, for one key, from lone samples.
fn blended(instances: &[(Clip, f64, i64, f64)], key: &str, position: i64) -> Option<(f64, f64)> {
    let mut blend: Option<Blend> = None;
    for (clip, weight, offset, rate) in instances.iter().filter(|i| i.1 > 0.0) {
        let timing = Timing {
            offset: timeline(offset * MS),
            rate: *rate,
        };
        let Some(track) = clip.tracks.iter().find(|t| t.target == key) else {
            continue;
        };
        let local = timing.local_time(timeline(position));
        let compiled = CompiledTrack::compile(track);
        let sample = compiled.sample(local, &mut Cursor::default());
        let Some(Sample::Number { value, velocity }) = sample else {
            panic!("a number track samples a number");
        };
        let (sum, total, finite, up, down) = blend.unwrap_or_default();
        let velocity = velocity * rate;
        blend = Some((
            sum + weight * value,
            total + weight,
            if velocity.is_infinite() {
                finite
            } else {
                finite + weight * velocity
            },
            up + if velocity == f64::INFINITY {
                *weight
            } else {
                0.0
            },
            down + if velocity == f64::NEG_INFINITY {
                *weight
            } else {
                0.0
            },
        ));
    }
    blend.map(|(sum, total, finite, up, down)| {
        let velocity = if up > down {
            f64::INFINITY
        } else if down > up {
            f64::NEG_INFINITY
        } else {
            finite / total
        };
        (sum / total, velocity)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_step_equals_each_track_sampled_alone_and_blended_in_order(
        instances in instances(),
        stops in prop::collection::vec(1i64..700, 1..5),
    ) {
        let mut engine = Engine::new();
        let player = engine.create_player("p").unwrap();
        for (clip, weight, offset, rate) in &instances {
            let animation = engine.load(&valid(clip.clone())).unwrap();
            let timing = Timing { offset: timeline(offset * MS), rate: *rate };
            engine.add_instance(player, animation, *weight, timing).unwrap();
        }
        engine.play(player).unwrap();
        let mut now = 0;
        for stop in stops {
            now += stop * 3 * MS;
            let keys: Vec<String> = engine.positions().map(|p| p.key.clone()).collect();
            let step = engine.step(device(now), span(stop * 3 * MS));
            let outputs: Vec<_> = step.outputs().cloned().collect();
            let position = engine.position(player).unwrap();
            for (key, output) in keys.iter().zip(&outputs) {
                let got = output.value().map(|v| {
                    let animation_engine::OutputValue::Number(v) = v else {
                        panic!("numbers blend to a number");
                    };
                    (v.to_bits(), output.velocity().unwrap().to_bits())
                });
                let want = blended(&instances, key, position.ns())
                    .map(|(v, velocity)| (v.to_bits(), velocity.to_bits()));
                prop_assert_eq!(got, want, "key {} at {}", key, position.ns());
            }
        }
    }
}
