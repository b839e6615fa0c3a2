//! What `player_states` returns (contract §4.11, playback §6.2).

use arora_types::AroraType;
use arora_types::record::scope::ARORA;

/// One player's transport, mode, window and instances.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000111", version = "1.3.0", scope = ARORA)]
pub struct PlayerState {
    #[arora(id = "76697a69-6a00-0000-0111-000000000001")]
    pub player: u32,
    /// `playing`, `paused` or `stopped`.
    #[arora(id = "76697a69-6a00-0000-0111-000000000002")]
    pub state: String,
    #[arora(id = "76697a69-6a00-0000-0111-000000000003")]
    pub time_ns: u64,
    #[arora(id = "76697a69-6a00-0000-0111-000000000004")]
    pub duration_ns: u64,
    #[arora(id = "76697a69-6a00-0000-0111-000000000005")]
    pub speed: f32,
    #[arora(id = "76697a69-6a00-0000-0111-000000000006")]
    pub name: String,
    #[arora(id = "76697a69-6a00-0000-0111-000000000007")]
    pub instances: Vec<InstanceState>,
    /// `once`, `loop`, `bounce` or `ping_pong`.
    #[arora(id = "76697a69-6a00-0000-0111-000000000008")]
    pub loop_mode: String,
    #[arora(id = "76697a69-6a00-0000-0111-000000000009")]
    pub ended: bool,
    #[arora(id = "76697a69-6a00-0000-0111-00000000000a")]
    pub window_start_ns: u64,
    #[arora(id = "76697a69-6a00-0000-0111-00000000000b")]
    pub window_end_ns: Option<u64>,
    #[arora(id = "76697a69-6a00-0000-0111-00000000000c")]
    pub reversed: bool,
    #[arora(id = "76697a69-6a00-0000-0111-00000000000d")]
    pub waiting: bool,
}

/// One instance of a clip on a player.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000112", version = "1.2.0", scope = ARORA)]
pub struct InstanceState {
    #[arora(id = "76697a69-6a00-0000-0112-000000000001")]
    pub instance: u32,
    #[arora(id = "76697a69-6a00-0000-0112-000000000002")]
    pub anim: u32,
    #[arora(id = "76697a69-6a00-0000-0112-000000000003")]
    pub weight: f32,
    #[arora(id = "76697a69-6a00-0000-0112-000000000004")]
    pub start_offset_ns: i64,
    /// `1 / rate` as f32.
    #[arora(id = "76697a69-6a00-0000-0112-000000000005")]
    pub time_scale: f32,
    #[arora(id = "76697a69-6a00-0000-0112-000000000006")]
    pub rate: f64,
}
