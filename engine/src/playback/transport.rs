//! Transport commands: validated at the call, applied at a device time
//! (the engine clock, or the first step's start when queued; docs/playback.md §2.2).

/// A transport command, as queued before the first step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Command {
    Play,
    PlayAt(i64),
    Pause,
    Stop,
    Seek(i64),
    SetSpeed(f64),
    SetWindow { start: i64, end: Option<i64> },
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
