//! What `bake` and `bake_with_derivatives` return (docs/contract.md §4.12).

use arora_types::AroraType;
use arora_types::record::scope::ARORA;
use arora_types::value::Value;

/// A clip sampled at a fixed rate over a clip-local window.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000120", version = "1.1.0", scope = ARORA)]
pub struct BakedAnimation {
    /// Samples per second, as used.
    #[arora(id = "76697a69-6a00-0000-0120-000000000001")]
    pub frame_rate: f32,
    /// The first sample time, clip-local.
    #[arora(id = "76697a69-6a00-0000-0120-000000000002")]
    pub start_ns: u64,
    /// The window end, raised to the start.
    #[arora(id = "76697a69-6a00-0000-0120-000000000003")]
    pub end_ns: u64,
    /// One per clip track, in clip order, empty tracks included.
    #[arora(id = "76697a69-6a00-0000-0120-000000000004")]
    pub tracks: Vec<BakedTrack>,
}

/// One track's samples.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000121", version = "1.1.0", scope = ARORA)]
pub struct BakedTrack {
    /// The output key the track writes.
    #[arora(id = "76697a69-6a00-0000-0121-000000000001")]
    pub animatable_id: String,
    /// An `ArrayValue`, one value per sample.
    #[arora(id = "76697a69-6a00-0000-0121-000000000002", keyvalue)]
    pub values: Value,
    /// An `ArrayValue`: empty for `bake`, `Option(Some(F64))` / `Option(None)`
    /// per sample for `bake_with_derivatives`.
    #[arora(id = "76697a69-6a00-0000-0121-000000000003", keyvalue)]
    pub derivatives: Value,
}
