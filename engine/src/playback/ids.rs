//! The ids an engine hands out (docs/playback.md §7.1): one type per kind of thing, so an
//! animation id cannot be passed where a player id belongs.
//!
//! Each kind counts up from 0 and never reuses an id. The counter stops one short of
//! `u32::MAX`, the contract's refusal sentinel: once it is reached, creating another
//! animation, player or instance is refused ([`PlaybackError::IdsExhausted`]) rather than
//! handing out the sentinel or an id that is still live.
//!
//! [`PlaybackError::IdsExhausted`]: crate::PlaybackError::IdsExhausted

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $kind:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            /// The id with this number, as the contract carries it.
            #[inline]
            pub const fn from_raw(raw: u32) -> Self {
                Self(raw)
            }

            /// The id's number, as the contract carries it.
            #[inline]
            pub const fn raw(self) -> u32 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($kind, " {}"), self.0)
            }
        }
    };
}

id_type!(
    /// A loaded animation (clip), from [`Engine::load`](crate::Engine::load).
    AnimationId,
    "animation"
);
id_type!(
    /// A player, from [`Engine::create_player`](crate::Engine::create_player).
    PlayerId,
    "player"
);
id_type!(
    /// An instance, from [`Engine::add_instance`](crate::Engine::add_instance); one counter
    /// across all players.
    InstanceId,
    "instance"
);

/// Which counter ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdKind {
    /// Animation ids.
    Animation,
    /// Player ids.
    Player,
    /// Instance ids.
    Instance,
}

impl fmt::Display for IdKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IdKind::Animation => "animation",
            IdKind::Player => "player",
            IdKind::Instance => "instance",
        })
    }
}

/// The next id of one kind; `u32::MAX` is never handed out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IdCounter {
    next: u32,
}

impl IdCounter {
    /// A counter whose first id is `first`.
    #[cfg(any(test, feature = "testing"))]
    pub fn starting_at(first: u32) -> Self {
        Self { next: first }
    }

    /// The id the next [`take`](Self::take) hands out, if any is left.
    #[inline]
    pub fn peek(&self) -> Option<u32> {
        (self.next != u32::MAX).then_some(self.next)
    }

    /// Hands out the next id; none once every id below `u32::MAX` is used.
    #[inline]
    pub fn take(&mut self) -> Option<u32> {
        let id = self.peek()?;
        self.next += 1;
        Some(id)
    }
}
