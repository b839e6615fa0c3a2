//! What `player_states` returns (docs/contract.md §4.11, docs/playback.md §6.2).

use arora_types::AroraType;
use arora_types::record::scope::ARORA;

/// One player's transport, mode, window and instances.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000111", version = "1.3.0", scope = ARORA)]
pub struct PlayerState {
    /// The player's id.
    #[arora(id = "76697a69-6a00-0000-0111-000000000001")]
    pub player: u32,
    /// `playing`, `paused` or `stopped`.
    #[arora(id = "76697a69-6a00-0000-0111-000000000002")]
    pub state: String,
    /// The playhead on the timeline, clamped to ≥ 0.
    #[arora(id = "76697a69-6a00-0000-0111-000000000003")]
    pub time_ns: u64,
    /// The player's length (set or automatic).
    #[arora(id = "76697a69-6a00-0000-0111-000000000004")]
    pub duration_ns: u64,
    /// The speed as set, as f32.
    #[arora(id = "76697a69-6a00-0000-0111-000000000005")]
    pub speed: f32,
    /// The player's name.
    #[arora(id = "76697a69-6a00-0000-0111-000000000006")]
    pub name: String,
    /// Its instances, in the order added.
    #[arora(id = "76697a69-6a00-0000-0111-000000000007")]
    pub instances: Vec<InstanceState>,
    /// `once`, `loop`, `bounce` or `ping_pong`.
    #[arora(id = "76697a69-6a00-0000-0111-000000000008")]
    pub loop_mode: String,
    /// Ended by `once` or a finished `bounce`.
    #[arora(id = "76697a69-6a00-0000-0111-000000000009")]
    pub ended: bool,
    /// The lower window bound as set, clamped to ≥ 0.
    #[arora(id = "76697a69-6a00-0000-0111-00000000000a")]
    pub window_start_ns: u64,
    /// The upper window bound as set; none = the length.
    #[arora(id = "76697a69-6a00-0000-0111-00000000000b")]
    pub window_end_ns: Option<u64>,
    /// Heading against the speed's sign.
    #[arora(id = "76697a69-6a00-0000-0111-00000000000c")]
    pub reversed: bool,
    /// Waiting for a `play_at` start time.
    #[arora(id = "76697a69-6a00-0000-0111-00000000000d")]
    pub waiting: bool,
}

/// One instance of a clip on a player.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000112", version = "1.2.0", scope = ARORA)]
pub struct InstanceState {
    /// The instance's id.
    #[arora(id = "76697a69-6a00-0000-0112-000000000001")]
    pub instance: u32,
    /// The animation it plays.
    #[arora(id = "76697a69-6a00-0000-0112-000000000002")]
    pub anim: u32,
    /// Its weight, as f32.
    #[arora(id = "76697a69-6a00-0000-0112-000000000003")]
    pub weight: f32,
    /// Where the clip's 0 falls on the timeline.
    #[arora(id = "76697a69-6a00-0000-0112-000000000004")]
    pub start_offset_ns: i64,
    /// `1 / rate` as f32.
    #[arora(id = "76697a69-6a00-0000-0112-000000000005")]
    pub time_scale: f32,
    /// Clip-local nanoseconds per nanosecond of timeline.
    #[arora(id = "76697a69-6a00-0000-0112-000000000006")]
    pub rate: f64,
}
