//! Shared fixtures for the playback tests: the clips of docs/playback.md §9 (from the
//! workspace's test-support crate) and a thin "module" rig that steps the core engine as the Arora module does (docs/playback.md §1.3).

use animation_engine::{
    AnimationId, Clip, ClipTime, DeviceSpan, DeviceTime, Engine, InstanceId, LoopMode, Output,
    PlaybackError, PlayerId, PlayerRecord, TimelinePosition, Timing, ValidClip,
};

pub use arora_animation_test_support::clips::*;

/// Device time `ns`.
pub const fn device(ns: i64) -> DeviceTime {
    DeviceTime::from_ns(ns)
}

/// A step's `dt` of `ns`.
pub const fn span(ns: i64) -> DeviceSpan {
    DeviceSpan::from_ns(ns)
}

/// Timeline position `ns`.
pub const fn timeline(ns: i64) -> TimelinePosition {
    TimelinePosition::from_ns(ns)
}

/// Clip-local time `ns`.
pub const fn clip_time(ns: i64) -> ClipTime {
    ClipTime::from_ns(ns)
}

/// The animation id numbered `raw`.
pub const fn aid(raw: u32) -> AnimationId {
    AnimationId::from_raw(raw)
}

/// The player id numbered `raw`.
pub const fn pid(raw: u32) -> PlayerId {
    PlayerId::from_raw(raw)
}

/// The instance id numbered `raw`.
pub const fn iid(raw: u32) -> InstanceId {
    InstanceId::from_raw(raw)
}

/// The refusal of an unknown player.
pub fn no_player(raw: u32) -> Result<(), PlaybackError> {
    Err(PlaybackError::UnknownPlayer(pid(raw)))
}

/// The refusal of an instance unknown on a player.
pub fn no_instance(player: PlayerId, instance: InstanceId) -> Result<(), PlaybackError> {
    Err(PlaybackError::UnknownInstance { player, instance })
}

/// Asserts that `got` is the refusal `want`; a NaN in either counts as equal to a NaN.
#[track_caller]
pub fn assert_refused<T: std::fmt::Debug>(got: Result<T, PlaybackError>, want: PlaybackError) {
    match got {
        Err(e) if e == want || format!("{e:?}") == format!("{want:?}") => {}
        other => panic!("expected Err({want:?}), got {other:?}"),
    }
}

/// `clip` validated; panics if it breaks a rule of docs/curves.md §1.5.
pub fn valid(clip: Clip) -> ValidClip {
    clip.validate().expect("a valid clip")
}

/// The revision and the key of every output position.
pub fn output_keys(engine: &Engine) -> (u32, Vec<&str>) {
    let keys = engine.positions().map(|p| p.key.as_str()).collect();
    (engine.revision(), keys)
}

/// The id of the track that first writes each output position.
pub fn output_tracks(engine: &Engine) -> Vec<&str> {
    let tracks = engine.positions().map(|p| p.track_id.as_str());
    tracks.collect()
}

/// The core engine stepped like the module: its own clock, `S(t)` and `S+(d)`.
pub struct Rig {
    pub engine: Engine,
    pub clock: Option<i64>,
}

impl Default for Rig {
    fn default() -> Self {
        Self::new()
    }
}

impl Rig {
    pub fn new() -> Self {
        Self {
            engine: Engine::new(),
            clock: None,
        }
    }

    /// Module create_player: core create_player, then set_mode(loop), then play.
    pub fn player(&mut self, name: &str) -> PlayerId {
        let id = self.engine.create_player(name).expect("a player id");
        self.engine
            .set_mode(id, LoopMode::Loop)
            .expect("the player exists");
        self.engine.play(id).expect("the player exists");
        id
    }

    /// Module step: `now` = the time if given, else the module clock + dt.
    /// `clip` loaded (it must be valid).
    pub fn load(&mut self, clip: Clip) -> AnimationId {
        self.engine.load(&valid(clip)).unwrap()
    }

    /// An instance of `anim` on `player` at weight 1 and the default timing.
    pub fn add(&mut self, player: PlayerId, anim: AnimationId) -> InstanceId {
        self.engine
            .add_instance(player, anim, 1.0, Timing::default())
            .unwrap()
    }

    pub fn step(&mut self, dt: i64, time: Option<i64>) {
        let now = time.unwrap_or_else(|| self.clock.unwrap_or(0).saturating_add(dt));
        self.clock = Some(now);
        self.engine.step(device(now), span(dt));
    }

    /// `S(t)`: dt 0 at device time t.
    pub fn s(&mut self, t: i64) {
        self.step(0, Some(t));
    }

    /// `S+(d)`: dt d, no time.
    pub fn s_plus(&mut self, d: i64) {
        self.step(d, None);
    }

    /// Steps to each time in turn and checks `player`'s playhead after each:
    /// `(step to, position)` pairs, in ns.
    pub fn steps_to(&mut self, player: PlayerId, script: &[(i64, i64)]) {
        self.steps_reading(|rig| rig.pos(player), script);
    }

    /// Steps to each time in turn and checks `player`'s [`Rig::at`] after each:
    /// `(step to, (position, reversed, ended))`, in ns.
    pub fn ats(&mut self, player: PlayerId, script: &[(i64, (i64, bool, bool))]) {
        self.steps_reading(|rig| rig.at(player), script);
    }

    /// Steps to each time in turn and checks `player`'s [`Rig::waits`] after each:
    /// `(step to, (position, waiting))`, in ns.
    pub fn waits_at(&mut self, player: PlayerId, script: &[(i64, (i64, bool))]) {
        self.steps_reading(|rig| rig.waits(player), script);
    }

    /// Steps to each time of `script` in turn (`S(t)`) and checks that `read` then reads
    /// the value paired with it.
    fn steps_reading<T: PartialEq + std::fmt::Debug>(
        &mut self,
        read: impl Fn(&Self) -> T,
        script: &[(i64, T)],
    ) {
        for (time, want) in script {
            self.s(*time);
            assert_eq!(&read(self), want, "after the step to {time} ns");
        }
    }

    pub fn rec(&self, player: PlayerId) -> PlayerRecord {
        self.engine.player(player).expect("player exists")
    }

    pub fn pos(&self, player: PlayerId) -> i64 {
        self.rec(player).position.ns()
    }

    /// Position, and whether the player waits for its `play_at` start.
    pub fn waits(&self, player: PlayerId) -> (i64, bool) {
        let r = self.rec(player);
        (r.position.ns(), r.waiting)
    }

    /// Position, reversed, ended.
    pub fn at(&self, player: PlayerId) -> (i64, bool, bool) {
        let r = self.rec(player);
        (r.position.ns(), r.reversed, r.ended)
    }

    /// The number value of every output position (None where empty).
    pub fn numbers(&mut self) -> Vec<Option<f64>> {
        self.engine
            .evaluate()
            .outputs()
            .map(|o| o.value().map(number))
            .collect()
    }

    /// The velocity of every output position.
    pub fn velocities(&mut self) -> Vec<Option<f64>> {
        self.engine
            .evaluate()
            .outputs()
            .map(|o| o.velocity())
            .collect()
    }
}

/// What the first output position holds after evaluating where the players stand now.
pub fn first_output(engine: &mut Engine) -> Output {
    let step = engine.evaluate();
    step.outputs().next().expect("one output position").clone()
}

pub fn number(value: animation_engine::OutputValue<'_>) -> f64 {
    match value {
        animation_engine::OutputValue::Number(n) => n,
        other => panic!("expected a number, got {other:?}"),
    }
}

/// Asserts `a ≈ b` within `tol`.
pub fn close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} is not within {tol} of {b}");
}

/// A module player with one instance of `clip` (anim 0, player 0, instance 0).
pub fn rig_with(clip: Clip) -> (Rig, PlayerId) {
    let mut rig = Rig::new();
    let anim = rig.engine.load(&valid(clip)).expect("an animation id");
    let p = rig.player("p");
    rig.engine
        .add_instance(p, anim, 1.0, Default::default())
        .expect("instance");
    (rig, p)
}

/// [`rig_with`], the player's loop mode then set to `mode`.
pub fn rig_in(clip: Clip, mode: LoopMode) -> (Rig, PlayerId) {
    let (mut rig, p) = rig_with(clip);
    rig.engine.set_mode(p, mode).expect("the player exists");
    (rig, p)
}

/// Every loop mode.
pub const MODES: [LoopMode; 4] = [
    LoopMode::Once,
    LoopMode::Loop,
    LoopMode::Bounce,
    LoopMode::PingPong,
];

/// A transport command given to a player between two steps, as the random command tests
/// generate them.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Play,
    /// `play_at(base + t)`, `base` given to [`send`].
    PlayAt(i64),
    Pause,
    Stop,
    Seek(i64),
    Speed(f64),
    Window(i64, Option<i64>),
    Reversed(bool),
    Length(Option<i64>),
    Mode(LoopMode),
    /// `set_timing` of instance 0: offset and rate.
    Timing(i64, f64),
}

/// Gives `op` to `player` of `engine`, a `play_at` start at `base + t`: the engine's answer.
pub fn send(engine: &mut Engine, player: PlayerId, op: Op, base: i64) -> Result<(), PlaybackError> {
    match op {
        Op::Play => engine.play(player),
        Op::PlayAt(t) => engine.play_at(player, device(base + t)),
        Op::Pause => engine.pause(player),
        Op::Stop => engine.stop(player),
        Op::Seek(x) => engine.seek(player, timeline(x)),
        Op::Speed(s) => engine.set_speed(player, s),
        Op::Window(a, b) => engine.set_window(player, timeline(a), b.map(timeline)),
        Op::Reversed(r) => engine.set_reversed(player, r),
        Op::Length(l) => engine.set_length(player, l.map(timeline)),
        Op::Mode(mode) => engine.set_mode(player, mode),
        Op::Timing(offset, rate) => {
            let timing = Timing {
                offset: timeline(offset),
                rate,
            };
            engine.set_timing(player, iid(0), timing)
        }
    }
}

/// A paused player `p` (player 0) with no instances.
pub fn paused_rig() -> (Rig, PlayerId) {
    let mut rig = Rig::new();
    let p = rig.player("p");
    rig.engine.pause(p).unwrap();
    (rig, p)
}
