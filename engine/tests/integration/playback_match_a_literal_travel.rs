//! docs/playback.md §3.2, §3.5 and §3.6 against a literal transcription:
//! the travel procedure carried bound after bound (no whole periods skipped)
//! and the flag rules of every transport command, on small random timelines
//! where integer speeds make travel exact per step.

use animation_engine::{
    DeviceSpan, DeviceTime, Engine, LoopMode, PlayerId, TimelinePosition, TransportState,
};

use crate::playback_support::{MODES, Op};

/// The docs/playback.md §3.6 procedure transcribed literally, carrying the travel bound after
/// bound (no whole periods skipped): `(position, reversed, turned, entered, ended)`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Literal {
    p: i64,
    reversed: bool,
    turned: bool,
    entered: bool,
    ended: bool,
}

/// Course of a literal run: mode, window as set, length, speed sign class negative.
type Course = (LoopMode, i64, Option<i64>, i64, bool);

impl Literal {
    fn stops(&self, mode: LoopMode) -> bool {
        mode == LoopMode::Once || (mode == LoopMode::Bounce && self.turned)
    }

    /// The bound rule of docs/playback.md §3.5 at `[lo, hi]` heading `h`; returns the travel left.
    fn bound_rule(&mut self, r: i64, (lo, hi): (i64, i64), h: i64, mode: LoopMode) -> i64 {
        if self.stops(mode) {
            self.ended = true;
            return 0;
        }
        if hi == lo {
            return 0;
        }
        if mode == LoopMode::Loop {
            self.p = if h == 1 { lo } else { hi };
        } else {
            self.reversed = !self.reversed;
            self.turned = true;
        }
        r
    }

    fn travel(&mut self, mut d: i64, (mode, start, end, length, backwards): Course) {
        while d > 0 && !self.ended {
            let end = end.unwrap_or(length);
            let (ws, we) = (start.min(end), start.max(end));
            if !self.entered && ws <= self.p && self.p <= we {
                self.entered = true;
            }
            let (lo, hi) = if self.entered {
                (ws, we)
            } else {
                (ws.min(0), we.max(length))
            };
            let h = if backwards != self.reversed { -1 } else { 1 };
            let p = self.p;
            if p < lo || p > hi {
                if (p < lo && h == 1) || (p > hi && h == -1) {
                    let step = d.min(if p < lo { lo - p } else { p - hi });
                    self.p += h * step;
                    d -= step;
                } else {
                    self.p = if h == 1 { hi } else { lo };
                    d = self.bound_rule(d, (lo, hi), h, mode);
                }
                continue;
            }
            let near = (h == 1 && p < ws).then(|| ws - p);
            let near = near.or((h == -1 && p > we).then(|| p - we));
            if let Some(gap) = near.filter(|&gap| !self.entered && d >= gap) {
                self.p += h * gap;
                d -= gap;
                self.entered = true;
                continue;
            }
            let room = if h == 1 { hi - p } else { p - lo };
            if d <= room {
                self.p += h * d;
                d = 0;
                if self.p == if h == 1 { hi } else { lo } && self.stops(mode) {
                    self.ended = true;
                }
            } else {
                self.p += h * room;
                d = self.bound_rule(d - room, (lo, hi), h, mode);
            }
        }
    }
}

/// Speeds whose `|speed| × 4` is an integer, so the model can round exactly.
const SPEEDS: [f64; 12] = [
    1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1.5, -1.5, 0.25, -0.25, 0.0, -0.0,
];

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        Just(Op::Play),
        (-50i64..100).prop_map(Op::PlayAt),
        Just(Op::Pause),
        Just(Op::Stop),
        (-40i64..70).prop_map(Op::Seek),
        proptest::sample::select(SPEEDS.to_vec()).prop_map(Op::Speed),
        (-10i64..40, proptest::option::of(-10i64..40)).prop_map(|(a, b)| Op::Window(a, b)),
        any::<bool>().prop_map(Op::Reversed),
        (-5i64..30).prop_map(|l| Op::Length(Some(l))),
        proptest::sample::select(MODES.to_vec()).prop_map(Op::Mode),
    ]
}

/// docs/playback.md §3.1's clock: idle, waiting for `T`, or running from an anchor with travel
/// done.
#[derive(Clone, Copy)]
enum Clock {
    Idle,
    Waiting(i64),
    Running(i64, i64),
}

/// The literal run's whole player: playhead flags plus what docs/playback.md §2.4 and §3.2 change.
struct Model {
    head: Literal,
    playing: bool,
    speed: f64,
    course: Course,
    clock: Clock,
    last: Option<i64>,
}

/// `floor(elapsed × |speed| + 1/2)` for a speed from [`SPEEDS`], in integers.
fn exact_travel(elapsed: i64, speed: f64) -> i64 {
    let quarters = (speed.abs() * 4.0) as i64;
    if elapsed <= 0 {
        return 0;
    }
    (2 * elapsed * quarters + 4).div_euclid(8)
}

impl Model {
    /// docs/playback.md §2.4, written out.
    fn advance(&mut self, now: i64) {
        if self.last.is_some_and(|last| now < last) {
            return;
        }
        self.last = Some(now);
        if !self.playing {
            return;
        }
        if let Clock::Waiting(start) = self.clock {
            if now < start {
                return;
            }
            self.clock = Clock::Running(start, 0);
        }
        if let Clock::Running(anchor, done) = self.clock {
            let total = exact_travel(now - anchor, self.speed);
            self.head.travel(total - done, self.course);
            self.clock = Clock::Running(anchor, total);
        }
    }

    /// Applies docs/playback.md §3.2 to the model at device time `at`; a play_at start is
    /// `base + t`.
    fn apply(&mut self, op: Op, at: i64, base: i64) {
        if !matches!(op, Op::Length(_) | Op::Mode(_)) {
            self.advance(at);
        }
        let running = matches!(self.clock, Clock::Running(..));
        let (mode, start, end, length, backwards) = &mut self.course;
        let head = &mut self.head;
        let fresh = match op {
            Op::Play => {
                (self.playing, self.clock) = (true, Clock::Running(at, 0));
                true
            }
            Op::PlayAt(t) => {
                (self.playing, self.clock) = (true, Clock::Waiting(base + t));
                true
            }
            Op::Pause => {
                (self.playing, self.clock) = (false, Clock::Idle);
                false
            }
            Op::Stop => {
                (self.playing, self.clock) = (false, Clock::Idle);
                head.p = (*start).min(end.unwrap_or(*length));
                true
            }
            Op::Seek(x) => {
                head.p = x;
                if running {
                    self.clock = Clock::Running(at, 0);
                }
                true
            }
            Op::Speed(v) => {
                let flips = (v < 0.0) != *backwards;
                *backwards = v < 0.0;
                self.speed = v;
                if running {
                    self.clock = Clock::Running(at, 0);
                }
                flips
            }
            Op::Window(a, b) => {
                (*start, *end, head.entered) = (a, b, false);
                false
            }
            Op::Reversed(r) => {
                head.reversed = r;
                head.turned |= r;
                false
            }
            Op::Length(l) => {
                *length = l.expect("the literal run sets lengths").max(0);
                false
            }
            Op::Mode(m) => {
                *mode = m;
                false
            }
            Op::Timing(..) => unreachable!("the literal run's player has no instance to time"),
        };
        if fresh {
            (head.reversed, head.turned, head.entered, head.ended) = (false, false, false, false);
        }
    }
}

/// The one player of these tests: the first an engine creates.
const PLAYER: PlayerId = PlayerId::from_raw(0);

/// Gives `op` to player 0 of `e`; a play_at start is `base + t`.
fn send(e: &mut Engine, op: Op, base: i64) {
    let sent = crate::playback_support::send(e, PLAYER, op, base);
    sent.expect("every generated command is valid");
}

/// A fresh core player in the model: paused at 0, speed 1, once, window (0, none).
fn core_model(length: i64) -> Model {
    let head = Literal {
        p: 0,
        reversed: false,
        turned: false,
        entered: false,
        ended: false,
    };
    let course = (LoopMode::Once, 0, None, length, false);
    let (playing, speed, clock, last) = (false, 1.0, Clock::Idle, None);
    Model {
        head,
        playing,
        speed,
        course,
        clock,
        last,
    }
}

/// Sends `op` at `now` to the engine and the model, then steps both to `now + gap`: the
/// new time.
fn send_and_step(e: &mut Engine, model: &mut Model, op: Op, now: i64, gap: i64) -> i64 {
    send(e, op, now);
    model.apply(op, now, now);
    let now = now + gap;
    e.step(DeviceTime::from_ns(now), DeviceSpan::ZERO);
    model.advance(now);
    now
}

/// A player's position, whether it is reversed, whether it ended, whether it waits.
type Head = (i64, bool, bool, bool);

/// The player's [`Head`] in the engine and in the model.
fn heads(e: &Engine, model: &Model) -> (Head, Head) {
    let r = e.player(PLAYER).unwrap();
    let waiting = matches!(model.clock, Clock::Waiting(_));
    (
        (r.position.ns(), r.reversed, r.ended, r.waiting),
        (model.head.p, model.head.reversed, model.head.ended, waiting),
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    #[test]
    fn queued_commands_apply_in_order_at_the_first_steps_start(
        before in proptest::collection::vec(op(), 0..8),
        now in -40i64..120,
        dt in -40i64..120,
        later in proptest::collection::vec((op(), -60i64..120), 0..6),
    ) {
        let mut e = Engine::new();
        assert_eq!(e.create_player("p"), Ok(PLAYER));
        e.set_length(PLAYER, Some(TimelinePosition::from_ns(10))).unwrap();
        let mut model = core_model(10);
        let mut queued = Vec::new();
        for &op in &before {
            send(&mut e, op, 0);
            match op {
                Op::Length(_) | Op::Mode(_) => model.apply(op, 0, 0),
                _ => queued.push(op),
            }
        }
        let shown = e.player(PLAYER).unwrap();
        proptest::prop_assert_eq!((shown.position.ns(), shown.state), (0, TransportState::Paused));
        e.step(DeviceTime::from_ns(now), DeviceSpan::from_ns(dt));
        for op in queued {
            model.apply(op, now - dt, 0);
        }
        model.advance(now);
        let mut now = now;
        for (op, gap) in later {
            let (engine, literal) = heads(&e, &model);
            proptest::prop_assert_eq!(engine, literal);
            now = send_and_step(&mut e, &mut model, op, now, gap);
        }
        let r = e.player(PLAYER).unwrap();
        proptest::prop_assert_eq!(
            (r.position.ns(), r.reversed, r.ended),
            (model.head.p, model.head.reversed, model.head.ended)
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    #[test]
    fn commands_and_steps_in_any_order_of_time_follow_the_literal_rules(
        script in proptest::collection::vec((op(), -60i64..120), 1..14),
    ) {
        let mut e = Engine::new();
        assert_eq!(e.create_player("p"), Ok(PLAYER));
        e.set_length(PLAYER, Some(TimelinePosition::from_ns(10))).unwrap();
        e.play(PLAYER).unwrap();
        e.step(DeviceTime::ZERO, DeviceSpan::ZERO);
        let head = Literal { p: 0, reversed: false, turned: false, entered: false, ended: false };
        let course = (LoopMode::Once, 0, None, 10, false);
        let clock = Clock::Running(0, 0);
        let mut model = Model { head, playing: true, speed: 1.0, course, clock, last: Some(0) };
        let mut now = 0;
        for (op, gap) in script {
            now = send_and_step(&mut e, &mut model, op, now, gap);
            let (engine, literal) = heads(&e, &model);
            proptest::prop_assert_eq!(engine, literal);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
    #[test]
    fn travel_equals_carrying_the_travel_bound_after_bound(
        mode in 0usize..4,
        start in -10i64..40,
        end in proptest::option::of(-10i64..40),
        length in 0i64..30,
        seek in -40i64..70,
        speed in proptest::sample::select(vec![1.0, -1.0, 2.0, -2.0]),
        reversed: bool,
        steps in proptest::collection::vec(0i64..150, 1..4),
    ) {
        let mode = MODES[mode];
        let mut e = Engine::new();
        let p = e.create_player("p").unwrap();
        e.step(DeviceTime::ZERO, DeviceSpan::ZERO);
        e.set_length(p, Some(TimelinePosition::from_ns(length))).unwrap();
        e.set_mode(p, mode).unwrap();
        e.set_window(p, TimelinePosition::from_ns(start), end.map(TimelinePosition::from_ns)).unwrap();
        e.set_speed(p, speed).unwrap();
        e.seek(p, TimelinePosition::from_ns(seek)).unwrap();
        e.play(p).unwrap();
        e.set_reversed(p, reversed).unwrap();
        let course = (mode, start, end, length, speed < 0.0);
        let mut literal = Literal { p: seek, reversed, turned: reversed, entered: false, ended: false };
        let mut now = 0;
        for gap in steps {
            now += gap;
            e.step(DeviceTime::from_ns(now), DeviceSpan::ZERO);
            literal.travel(gap * speed.abs() as i64, course);
            let r = e.player(p).unwrap();
            proptest::prop_assert_eq!(
                (r.position.ns(), r.reversed, r.ended),
                (literal.p, literal.reversed, literal.ended)
            );
        }
    }
}
