//! What a player does when its playhead reaches a bound (docs/playback.md §3.5).

/// A player's loop mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoopMode {
    /// Stops on the bound ahead and ends.
    #[default]
    Once,
    /// Wraps to the other bound and carries the rest of the travel.
    Loop,
    /// Turns back once; ends at the next bound after any turn.
    Bounce,
    /// Turns back at every bound.
    PingPong,
}

impl LoopMode {
    /// The mode named exactly `"once"`, `"loop"`, `"bounce"` or `"ping_pong"`
    /// (case-sensitive; `"pingpong"` is not a name).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "once" => Some(Self::Once),
            "loop" => Some(Self::Loop),
            "bounce" => Some(Self::Bounce),
            "ping_pong" => Some(Self::PingPong),
            _ => None,
        }
    }

    /// The name `from_name` accepts for this mode.
    pub fn name(self) -> &'static str {
        match self {
            Self::Once => "once",
            Self::Loop => "loop",
            Self::Bounce => "bounce",
            Self::PingPong => "ping_pong",
        }
    }

    /// Whether the player "stops at the next bound": `once` always, `bounce`
    /// after any turn since the rules started afresh, the others never.
    #[inline]
    pub(crate) fn stops(self, turned: bool) -> bool {
        match self {
            Self::Once => true,
            Self::Bounce => turned,
            Self::Loop | Self::PingPong => false,
        }
    }
}
