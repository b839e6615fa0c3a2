//! The travel procedure against itself: skipping whole periods (`reduce`) and
//! moving in one go must equal carrying the travel one nanosecond at a time.
//!
//! Compared: position, reversed, turned, ended. Not `entered`: docs/playback.md §3.6 sets it at
//! the start of an iteration, so a travel that runs out exactly as the playhead
//! arrives inside its window (e.g. held on a zero-span whole timeline) leaves it
//! for the next iteration, which a split travel reaches and a whole one does not.

use proptest::prelude::*;

use super::*;

/// What a travel shows: position, reversed, turned, ended.
fn seen(head: Playhead) -> (i64, bool, bool, bool) {
    (head.position, head.reversed, head.turned, head.ended)
}

fn modes() -> impl Strategy<Value = LoopMode> {
    prop_oneof![
        Just(LoopMode::Once),
        Just(LoopMode::Loop),
        Just(LoopMode::Bounce),
        Just(LoopMode::PingPong)
    ]
}

prop_compose! {
    fn setups()(
        mode in modes(),
        start in -20i64..60,
        end in prop::option::of(-20i64..60),
        length in 0i64..50,
        backwards in any::<bool>(),
        position in -40i64..90,
        reversed in any::<bool>(),
        turned in any::<bool>(),
        entered in any::<bool>(),
    ) -> (Playhead, Course) {
        let head = Playhead { position, reversed, turned: turned || reversed, entered, ended: false };
        let window = Window {
            start: TimelinePosition::from_ns(start),
            end: end.map(TimelinePosition::from_ns),
        };
        let length = TimelinePosition::from_ns(length);
        (head, Course { mode, window, length, backwards })
    }
}

proptest! {
    #[test]
    fn one_go_equals_one_nanosecond_at_a_time((head, course) in setups(), distance in 0i128..400) {
        let mut whole = head;
        whole.advance(distance, &course);
        let mut stepped = head;
        for _ in 0..distance {
            stepped.advance(1, &course);
        }
        prop_assert_eq!(seen(whole), seen(stepped));
    }

    #[test]
    fn splitting_the_travel_anywhere_changes_nothing(
        (head, course) in setups(),
        first in 0i128..300,
        second in 0i128..300,
    ) {
        let mut whole = head;
        whole.advance(first + second, &course);
        let mut split = head;
        split.advance(first, &course);
        split.advance(second, &course);
        prop_assert_eq!(seen(whole), seen(split));
    }
}

#[test]
fn a_huge_travel_in_a_tiny_ping_pong_window_is_reduced_not_looped() {
    let course = Course {
        mode: LoopMode::PingPong,
        window: Window {
            start: TimelinePosition::ZERO,
            end: Some(TimelinePosition::from_ns(3)),
        },
        length: TimelinePosition::from_ns(3),
        backwards: false,
    };
    let mut head = Playhead {
        position: 1,
        entered: true,
        ..Playhead::default()
    };
    // 2^84 − 1 ≡ 3 (mod 6, the period): 1 → 3, turn, 3 → 2.
    head.advance((1i128 << 84) - 1, &course);
    assert_eq!((head.position, head.reversed), (2, true));
}
