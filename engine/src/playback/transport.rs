//! Transport commands: validated at the call, applied at a device time
//! (the engine clock, or the first step's start when queued; docs/playback.md §2.2).

use crate::time::{DeviceTime, TimelinePosition};

/// A transport command, as queued before the first step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Command {
    Play,
    PlayAt(DeviceTime),
    Pause,
    Stop,
    Seek(TimelinePosition),
    SetSpeed(f64),
    SetWindow {
        start: TimelinePosition,
        end: Option<TimelinePosition>,
    },
    SetReversed(bool),
}

/// A player's transport state (`playing` also while waiting and while ended).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TransportState {
    /// Playing (also while waiting for a start time, and once ended).
    Playing,
    #[default]
    /// Paused in place.
    Paused,
    /// Stopped at the lower window bound.
    Stopped,
}

impl TransportState {
    /// `"playing"`, `"paused"` or `"stopped"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Playing => "playing",
            Self::Paused => "paused",
            Self::Stopped => "stopped",
        }
    }
}
