//! Times across the interface: unsigned there, signed in the engine (docs/contract.md §4.10),
//! where each enters as the kind of time it is: device time, a step's span of it, a
//! position on a player's timeline, or clip-local time.

use animation_engine::{ClipTime, DeviceSpan, DeviceTime, TimelinePosition};

/// A time crossing the interface unsigned, entering the engine signed: a
/// value above `i64::MAX` is held there.
#[inline]
fn ns(time: u64) -> i64 {
    i64::try_from(time).unwrap_or(i64::MAX)
}

/// A device time from the interface (`step`'s time, `play_at`).
#[inline]
pub(crate) fn device_time(time: u64) -> DeviceTime {
    DeviceTime::from_ns(ns(time))
}

/// A step's `dt` from the interface.
#[inline]
pub(crate) fn device_span(time: u64) -> DeviceSpan {
    DeviceSpan::from_ns(ns(time))
}

/// A position on a player's timeline from the interface (`seek`, windows, lengths).
#[inline]
pub(crate) fn position(time: u64) -> TimelinePosition {
    TimelinePosition::from_ns(ns(time))
}

/// A clip-local time from the interface (bake windows).
#[inline]
pub(crate) fn clip_time(time: u64) -> ClipTime {
    ClipTime::from_ns(ns(time))
}

/// A signed engine time reported unsigned, clamped to ≥ 0.
#[inline]
pub(crate) fn unsigned(time: i64) -> u64 {
    u64::try_from(time).unwrap_or(0)
}
