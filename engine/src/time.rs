//! The three kinds of time the engine's API speaks, one type each, so that passing one where
//! another belongs does not compile (docs/playback.md §2.1, §4.2).
//!
//! All three count signed integer nanoseconds. They differ in what they are measured on:
//!
//! - [`DeviceTime`]: the device clock — a step's `now`, a `play_at` start, the engine clock.
//!   [`DeviceSpan`] is a signed stretch of it: a step's `dt`.
//! - [`TimelinePosition`]: a point on one player's timeline — its playhead, a seek target,
//!   window bounds, its length (the timeline's end), an instance's offset.
//! - [`ClipTime`]: clip-local time — a bake window, a clip's end.
//!
//! Device time becomes timeline travel through the player's speed and the exact travel of
//! docs/playback.md §2.4; a timeline position becomes clip-local time through an instance's
//! timing (docs/playback.md §4.2, [`Timing::local_time`](crate::Timing::local_time)). Neither
//! is a plain conversion, so the types offer none: `from_ns` and `ns` cross to and from raw
//! nanoseconds where a caller means it.

macro_rules! time_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(i64);

        impl $name {
            /// 0 ns.
            pub const ZERO: Self = Self(0);

            /// This many signed nanoseconds.
            #[inline]
            pub const fn from_ns(ns: i64) -> Self {
                Self(ns)
            }

            /// The signed nanoseconds.
            #[inline]
            pub const fn ns(self) -> i64 {
                self.0
            }
        }
    };
}

time_type!(
    /// A reading of the device clock, in signed nanoseconds: a step's `now`, a `play_at`
    /// start, [`Engine::clock`](crate::Engine::clock) (docs/playback.md §2). Players turn
    /// device time into travel along their timelines.
    DeviceTime
);
time_type!(
    /// A signed stretch of device time, in nanoseconds: a step's `dt` (docs/playback.md §2.2).
    DeviceSpan
);
time_type!(
    /// A point on a player's timeline, in signed nanoseconds: the playhead, a seek target,
    /// window bounds, the player's length (where its timeline ends) and an instance's offset
    /// (where the clip's 0 falls; docs/playback.md §3, §4).
    TimelinePosition
);
time_type!(
    /// Clip-local time, in signed nanoseconds: a clip's end, a bake window
    /// (docs/playback.md §4.2, §8); the clip model's `time_ns` and `length_ns` count it too.
    /// An instance maps a timeline position to it through its [`Timing`](crate::Timing).
    ClipTime
);

impl DeviceTime {
    /// `self + span`, held at the `i64` limits.
    #[inline]
    pub const fn saturating_add(self, span: DeviceSpan) -> Self {
        Self(self.0.saturating_add(span.0))
    }

    /// `self − span`, held at the `i64` limits: where a first step starts
    /// (docs/playback.md §2.2).
    #[inline]
    pub const fn saturating_sub(self, span: DeviceSpan) -> Self {
        Self(self.0.saturating_sub(span.0))
    }
}
