//! A player: a playhead with transport, loop mode, window and instances
//! (docs/playback.md §3).

use std::collections::BTreeMap;

use crate::playback::clock::{PlayerClock, travel};
use crate::playback::ids::PlayerId;
use crate::playback::instance::Instance;
use crate::playback::loop_mode::LoopMode;
use crate::playback::section::Section;
use crate::playback::transport::{Command, TransportState};
use crate::playback::travel::{Course, Playhead, Window};
use crate::time::{DeviceTime, TimelinePosition};

/// The players by id: in creation order, as ids grow with creation; removing one moves
/// none of the others. Boxed, because a tree filled in increasing order leaves its nodes
/// about half empty: empty slots of a pointer, not of a whole player (100,000 players take
/// about 27 MB rather than 45 MB).
pub(crate) type Players = BTreeMap<PlayerId, Box<Player>>;

/// A player as the engine holds it.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub id: PlayerId,
    pub name: String,
    pub state: TransportState,
    pub speed: f64,
    pub mode: LoopMode,
    pub window: Window,
    /// The length set by `set_length`, stored as `max(l, 0)`; none = automatic.
    pub fixed_length: Option<TimelinePosition>,
    pub head: Playhead,
    pub clock: PlayerClock,
    /// The last device time this player was advanced to.
    pub last: Option<DeviceTime>,
    pub instances: Vec<Instance>,
    /// The player's positions in the output table and what they hold (docs/playback.md §5.1):
    /// sections follow one another in creation order.
    pub section: Section,
    /// Transport commands given before the first step, in the order given; they apply at
    /// the first step's start (docs/playback.md §2.2). Each touches only this player, so
    /// players may apply theirs one after another.
    pub queued: Vec<Command>,
}

impl Player {
    /// A core player: paused at 0, speed 1, once, window (0, none).
    pub fn new(id: PlayerId, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            state: TransportState::Paused,
            speed: 1.0,
            mode: LoopMode::Once,
            window: Window::default(),
            fixed_length: None,
            head: Playhead::default(),
            clock: PlayerClock::Idle,
            last: None,
            instances: Vec::new(),
            section: Section::default(),
            queued: Vec::new(),
        }
    }

    /// Waiting for a play_at start time.
    #[inline]
    pub fn waiting(&self) -> bool {
        matches!(self.clock, PlayerClock::Waiting(_))
    }

    /// The playhead's signed velocity: 0 unless playing, not ended and not
    /// waiting; otherwise the speed, negated when reversed.
    pub fn velocity(&self) -> f64 {
        let moving = self.state == TransportState::Playing && !self.head.ended && !self.waiting();
        match (moving, self.head.reversed) {
            (false, _) => 0.0,
            (true, false) => self.speed,
            (true, true) => -self.speed,
        }
    }

    fn course(&self, length: TimelinePosition) -> Course {
        Course {
            mode: self.mode,
            window: self.window,
            length,
            backwards: self.speed < 0.0,
        }
    }

    /// Advances the player to device time `now` with length `length` (docs/playback.md §2.4).
    pub fn advance(&mut self, now: DeviceTime, length: TimelinePosition) {
        if self.last.is_some_and(|last| now < last) {
            return;
        }
        self.last = Some(now);
        if self.state != TransportState::Playing {
            return;
        }
        if let PlayerClock::Waiting(start) = self.clock {
            if now < start {
                return;
            }
            self.clock = PlayerClock::Running {
                anchor: start,
                done: 0,
            };
        }
        if let PlayerClock::Running { anchor, done } = self.clock {
            let total = travel(now.ns() as i128 - anchor.ns() as i128, self.speed);
            self.clock = PlayerClock::Running {
                anchor,
                done: total,
            };
            let course = self.course(length);
            self.head.advance(total - done, &course);
        }
    }

    /// Applies a transport command at device time `at`, first advancing the
    /// player there (docs/playback.md §3.2).
    pub fn apply(&mut self, command: Command, at: DeviceTime, length: TimelinePosition) {
        self.advance(at, length);
        match command {
            Command::Play => {
                self.state = TransportState::Playing;
                self.clock = PlayerClock::Running {
                    anchor: at,
                    done: 0,
                };
                self.head.afresh();
            }
            Command::PlayAt(start) => {
                self.state = TransportState::Playing;
                self.clock = PlayerClock::Waiting(start);
                self.head.afresh();
            }
            Command::Pause => {
                self.state = TransportState::Paused;
                self.clock = PlayerClock::Idle;
            }
            Command::Stop => {
                self.state = TransportState::Stopped;
                self.head.position = self.window.bounds(length).0.ns();
                self.clock = PlayerClock::Idle;
                self.head.afresh();
            }
            Command::Seek(position) => {
                self.head.position = position.ns();
                self.reanchor(at);
                self.head.afresh();
            }
            Command::SetSpeed(speed) => {
                if (speed < 0.0) != (self.speed < 0.0) {
                    self.head.afresh();
                }
                self.speed = speed;
                self.reanchor(at);
            }
            Command::SetWindow { start, end } => {
                self.window = Window { start, end };
                self.head.entered = false;
            }
            Command::SetReversed(reversed) => {
                self.head.reversed = reversed;
                self.head.turned |= reversed;
            }
        }
    }

    /// Restarts the anchor at `at` if running; waiting and idle are kept.
    fn reanchor(&mut self, at: DeviceTime) {
        if let PlayerClock::Running { .. } = self.clock {
            self.clock = PlayerClock::Running {
                anchor: at,
                done: 0,
            };
        }
    }

    /// The player's length: the set one, else the latest instance end, at least 0.
    pub fn length(&self) -> TimelinePosition {
        match self.fixed_length {
            Some(length) => length,
            None => self
                .instances
                .iter()
                .map(|i| i.timing.end_on_timeline(i.clip.end))
                .fold(TimelinePosition::ZERO, TimelinePosition::max),
        }
    }
}
