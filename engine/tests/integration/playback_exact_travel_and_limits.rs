//! Rules of docs/playback.md §2–§7 the scenario tests do not pin with an
//! exact number (exact travel past double precision, whole-period skipping,
//! play_at while waiting, flag rules of pause/set_speed, IEEE blending without
//! guards, clip-local time and instance ends at the i64 limits).

use crate::playback_support::*;
use animation_engine::{Engine, LoopMode, PlayerId, Timing, TransportState};

/// A core player with one instance of `clip`, the clock started at 0.
fn started(clip: animation_engine::Clip) -> (Engine, PlayerId) {
    let mut e = Engine::new();
    let anim = e.load(&valid(clip)).unwrap();
    let p = e.create_player("p").unwrap();
    e.add_instance(p, anim, 1.0, Timing::default()).unwrap();
    e.step(device(0), span(0));
    (e, p)
}

#[test]
fn travel_is_rounded_half_up_exactly_beyond_double_precision() {
    let (mut e, p) = started(r1());
    e.set_length(p, Some(timeline(i64::MAX))).unwrap();
    e.set_speed(p, 1.5).unwrap();
    e.play(p).unwrap();
    // (2^60 + 1) × 1.5 = 1 729 382 256 910 270 465.5 → rounds up to …466.
    e.step(device((1 << 60) + 1), span(1));
    assert_eq!(e.position(p), Some(timeline(1_729_382_256_910_270_466)));
}

#[test]
fn ping_pong_skips_whole_periods_and_lands_as_if_carried_bound_after_bound() {
    let (mut e, p) = started(r1());
    e.set_mode(p, LoopMode::PingPong).unwrap();
    e.play(p).unwrap();
    e.step(device(2000 * S), span(0));
    let r = e.player(p).unwrap();
    // 1000 whole periods: back on 0, having turned at 1 s last (still reversed).
    assert_eq!((r.position.ns(), r.reversed, r.ended), (0, true, false));
    e.play(p).unwrap();
    e.step(device(4000 * S + 500 * MS), span(0));
    let r = e.player(p).unwrap();
    assert_eq!(
        (r.position.ns(), r.reversed, r.ended),
        (500 * MS, false, false)
    );
}

#[test]
fn play_at_while_waiting_seek_and_set_speed_keep_the_scheduled_start() {
    let (mut e, p) = started(r5());
    e.play_at(p, device(2 * S)).unwrap();
    e.step(device(S), span(0));
    e.seek(p, timeline(300 * MS)).unwrap();
    e.set_speed(p, 2.0).unwrap();
    let r = e.player(p).unwrap();
    assert_eq!(
        (r.position.ns(), r.waiting, r.state),
        (300 * MS, true, TransportState::Playing)
    );
    e.step(device(3 * S), span(0));
    // Anchored at 2 s: 1 s of device time at speed 2 from 300 ms.
    let r = e.player(p).unwrap();
    assert_eq!((r.position.ns(), r.waiting), (2300 * MS, false));
}

#[test]
fn play_on_a_waiting_player_starts_at_once_from_the_clock() {
    let (mut e, p) = started(r5());
    e.step(device(S), span(0));
    e.play_at(p, device(4 * S)).unwrap();
    e.play(p).unwrap();
    assert!(!e.player(p).unwrap().waiting);
    e.step(device(2 * S), span(0));
    assert_eq!(e.position(p), Some(timeline(S)));
}

#[test]
fn stop_cancels_a_wait_and_goes_to_the_lower_of_start_and_end() {
    let (mut e, p) = started(r1());
    e.set_window(p, timeline(700 * MS), Some(timeline(200 * MS)))
        .unwrap();
    e.play_at(p, device(5 * S)).unwrap();
    e.stop(p).unwrap();
    let r = e.player(p).unwrap();
    assert_eq!(
        (r.state, r.position.ns(), r.waiting),
        (TransportState::Stopped, 200 * MS, false)
    );
    e.step(device(6 * S), span(0));
    assert_eq!(e.position(p), Some(timeline(200 * MS)));
}

#[test]
fn pause_keeps_reversed_and_ended() {
    let (mut e, p) = started(r1());
    e.play(p).unwrap();
    e.set_reversed(p, true).unwrap();
    e.pause(p).unwrap();
    assert!(e.player(p).unwrap().reversed);
    e.play(p).unwrap();
    e.step(device(2 * S), span(0));
    assert!(e.player(p).unwrap().ended);
    e.pause(p).unwrap();
    let r = e.player(p).unwrap();
    assert_eq!(
        (r.state, r.ended, r.position.ns()),
        (TransportState::Paused, true, S)
    );
}

#[test]
fn set_speed_clears_flags_only_across_the_sign_class_and_keeps_a_paused_player() {
    let (mut e, p) = started(r1());
    e.seek(p, timeline(400 * MS)).unwrap();
    e.set_reversed(p, true).unwrap();
    e.set_speed(p, 3.0).unwrap();
    assert!(e.player(p).unwrap().reversed);
    e.set_speed(p, -1.0).unwrap();
    let r = e.player(p).unwrap();
    assert_eq!(
        (r.reversed, r.state, r.position.ns()),
        (false, TransportState::Paused, 400 * MS)
    );
    e.set_reversed(p, true).unwrap();
    e.set_speed(p, -0.0).unwrap();
    let r = e.player(p).unwrap();
    assert!(!r.reversed);
    assert!(r.speed == 0.0 && r.speed.is_sign_negative());
    e.set_reversed(p, true).unwrap();
    e.set_speed(p, 0.0).unwrap();
    assert!(e.player(p).unwrap().reversed);
}

#[test]
fn blending_has_no_overflow_guard_and_gives_the_ieee_results() {
    let mut e = Engine::new();
    let h = e.load(&valid(h100())).unwrap();
    let p = e.create_player("p").unwrap();
    e.add_instance(p, h, f64::MAX, Timing::default()).unwrap();
    e.step(device(0), span(0));
    // sum = MAX × 100 = +∞, weight = MAX: the value is +∞.
    let value = first_output(&mut e).value().map(number);
    assert_eq!(value, Some(f64::INFINITY));
    e.add_instance(p, h, f64::MAX, Timing::default()).unwrap();
    // weight = MAX + MAX = +∞: ∞ / ∞ is NaN; velocity 0 / ∞ = 0.
    let out = first_output(&mut e);
    assert!(out.value().map(number).unwrap().is_nan());
    assert_eq!(out.velocity(), Some(0.0));
}

#[test]
fn clip_local_time_rounds_the_exact_difference_once() {
    // P − offset = 2^53 exactly; converting P first would give 2^53 − 1.
    let t = Timing {
        offset: timeline(1),
        rate: 3.0,
    };
    assert_eq!(
        t.local_time(timeline((1 << 53) + 1)),
        9_007_199_254_740_992.0 * 3.0
    );
    let wide = Timing {
        offset: timeline(i64::MIN),
        rate: 1.0,
    };
    assert_eq!(
        wide.local_time(timeline(i64::MAX)),
        18_446_744_073_709_551_616.0
    );
}

#[test]
fn instance_ends_saturate_into_i64_and_lengths_are_never_negative() {
    let mut e = Engine::new();
    let r = e.load(&valid(r1())).unwrap();
    let p = e.create_player("p").unwrap();
    let i = e
        .add_instance(
            p,
            r,
            1.0,
            Timing {
                offset: timeline(i64::MAX),
                rate: 1.0,
            },
        )
        .unwrap();
    assert_eq!(e.player(p).unwrap().length, timeline(i64::MAX));
    e.set_timing(
        p,
        i,
        Timing {
            offset: timeline(0),
            rate: 1e-300,
        },
    )
    .unwrap();
    assert_eq!(e.player(p).unwrap().length, timeline(i64::MAX));
    e.set_timing(
        p,
        i,
        Timing {
            offset: timeline(i64::MIN),
            rate: 1.0,
        },
    )
    .unwrap();
    assert_eq!(e.player(p).unwrap().length, timeline(0));
    e.set_timing(
        p,
        i,
        Timing {
            offset: timeline(250 * MS),
            rate: 0.25,
        },
    )
    .unwrap();
    assert_eq!(e.player(p).unwrap().length, timeline(4250 * MS));
    e.set_length(p, Some(timeline(-5))).unwrap();
    assert_eq!(e.player(p).unwrap().length, timeline(0));
}

#[test]
fn once_beyond_its_end_heading_forward_snaps_back_to_the_end_and_ends() {
    let (mut e, p) = started(r1());
    e.seek(p, timeline(2 * S)).unwrap();
    e.play(p).unwrap();
    e.step(device(1), span(0));
    let r = e.player(p).unwrap();
    assert_eq!((r.position.ns(), r.ended), (S, true));
}

#[test]
fn a_player_before_zero_heading_forward_moves_freely_to_its_window() {
    let (mut e, p) = started(r1());
    e.set_mode(p, LoopMode::Loop).unwrap();
    e.seek(p, timeline(-3 * S)).unwrap();
    e.play(p).unwrap();
    e.step(device(2500 * MS), span(0));
    assert_eq!(e.position(p), Some(timeline(-500 * MS)));
    e.step(device(4500 * MS), span(0));
    // 1.5 s after reaching 0 inside [0, 1 s]: wrapped once.
    assert_eq!(e.position(p), Some(timeline(500 * MS)));
    let value = first_output(&mut e).value().map(number).unwrap();
    close(value, 500.0, 1e-9);
}

#[test]
fn bounds_spanning_the_whole_i64_range_use_wide_arithmetic() {
    let outcome = |mode: LoopMode, from: i64| {
        let mut e = Engine::new();
        let p = e.create_player("p").unwrap();
        e.step(device(from), span(0));
        e.set_window(p, timeline(i64::MIN), Some(timeline(i64::MAX)))
            .unwrap();
        e.set_mode(p, mode).unwrap();
        e.set_speed(p, 1_048_576.0).unwrap();
        e.play(p).unwrap();
        e.step(device(i64::MAX), span(0));
        let r = e.player(p).unwrap();
        (r.position.ns(), r.reversed, r.ended)
    };
    // (2^63 − 1) × 2^20 of travel from 0 over a span of 2^64 − 1.
    assert_eq!(outcome(LoopMode::Loop, 0), (-524_288, false, false));
    assert_eq!(outcome(LoopMode::PingPong, 0), (-524_288, false, false));
    assert_eq!(outcome(LoopMode::Bounce, 0), (i64::MIN, true, true));
    // (2^64 − 1) × 2^20: exactly 2^20 spans, back on 0 heading forward.
    assert_eq!(outcome(LoopMode::PingPong, i64::MIN), (0, false, false));
}

#[test]
fn a_clips_explicit_length_is_its_end_even_when_shorter_and_never_negative() {
    let mut e = Engine::new();
    let p = e.create_player("p").unwrap();
    let with_length = |length_ns| animation_engine::Clip { length_ns, ..r1() };
    for (length, end) in [
        (Some(2 * S), 2 * S),
        (Some(500 * MS), 500 * MS),
        (Some(-5), 0),
    ] {
        let anim = e.load(&valid(with_length(length))).unwrap();
        let i = e.add_instance(p, anim, 1.0, Timing::default()).unwrap();
        assert_eq!(e.player(p).unwrap().length, timeline(end));
        e.remove_instance(p, i).unwrap();
    }
}

/// A one-key clip holding a number, or a text when `value` is NaN.
fn held(value: f64) -> animation_engine::Clip {
    use animation_engine::KeyValue;
    let value = if value.is_nan() {
        KeyValue::Text("s".into())
    } else {
        KeyValue::Number(value)
    };
    clip(vec![track("t", "x", vec![key(0, value, None, None)])])
}

proptest::proptest! {
    #[test]
    fn a_position_blends_in_instance_order_as_written(
        parts in proptest::collection::vec(
            (proptest::sample::select(vec![f64::NAN, -3.5, 0.1, 7.0, 1e300]),
             proptest::sample::select(vec![0.0, -0.0, 0.3, 1.0, 2.5, 1e10])),
            1..7,
        ),
    ) {
        let mut e = Engine::new();
        let p = e.create_player("p").unwrap();
        for &(value, weight) in &parts {
            let anim = e.load(&valid(held(value))).unwrap();
            e.add_instance(p, anim, weight, Timing::default()).unwrap();
        }
        // None = empty, Some(None) = the text, Some(Some((sum, weight))) = numbers.
        let mut literal: Option<Option<(f64, f64)>> = None;
        for &(value, weight) in parts.iter().filter(|(_, w)| *w > 0.0) {
            literal = Some(if value.is_nan() {
                None
            } else {
                let (sum, total) = literal.flatten().unwrap_or((0.0, 0.0));
                Some((sum + weight * value, total + weight))
            });
        }
        let got = first_output(&mut e).value().map(|v| format!("{v:?}"));
        let want = literal.map(|held| match held {
            None => "Text(\"s\")".to_owned(),
            Some((sum, total)) => format!("Number({:?})", sum / total),
        });
        proptest::prop_assert_eq!(got, want);
    }
}
