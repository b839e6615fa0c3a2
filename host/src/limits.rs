//! Limits a caller is held to where its call enters the contract, checked
//! before anything is allocated or queued for it.
//!
//! A guest's refusal is a return value; running out of time or memory is a
//! trap, and a trap loses the device's whole animation state (contract
//! §4.13). So what a call could grow past a device's budget is refused at
//! the door. The argument's own size is bounded before this crate sees it:
//! the guest refuses an argument buffer that would decode past its limit
//! (`arora-animation-guest`'s `limits`).

use crate::module::AnimationModule;

/// The most players one state holds at once: 4,096.
///
/// Why: the engine finds a player by scanning its list, and the commands
/// queued before the first step (every `create_player` queues a `play`) are
/// applied each with such a scan, so the first step after `n` players costs
/// about `n²`. With 100,000 players that step ran past 30 s in a guest —
/// past any device's budget for a call (1 s outside a step) — and the trap
/// lost the state. At 4,096 it takes milliseconds
/// (`tests/tests/hostile_sizes.rs`). A `create_player` past the limit is
/// refused with `u32::MAX`, using no id; removing a player makes room.
pub const MAX_PLAYERS: usize = 4096;

/// Whether `module` has room for one more player.
pub(crate) fn room_for_a_player(module: &AnimationModule) -> bool {
    module.engine.player_count() < MAX_PLAYERS
}
