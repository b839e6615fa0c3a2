//! Clip format 2.0: the records `load_clip` and `reload_clip` take.

use arora_types::AroraType;
use arora_types::record::scope::ARORA;
use arora_types::value::Value;

/// A 2.0 clip: signed nanosecond times and an optional signed length.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000200", version = "2.0.0", scope = ARORA)]
pub struct Clip {
    /// A name for people.
    #[arora(id = "76697a69-6a00-0000-0200-000000000001")]
    pub name: String,
    /// Absent: the clip ends at its latest keypoint.
    #[arora(id = "76697a69-6a00-0000-0200-000000000002")]
    pub length_ns: Option<i64>,
    /// The tracks, in order.
    #[arora(id = "76697a69-6a00-0000-0200-000000000003")]
    pub tracks: Vec<ClipTrack>,
}

/// One animated key of a 2.0 clip.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000201", version = "2.0.0", scope = ARORA)]
pub struct ClipTrack {
    /// The track's id.
    #[arora(id = "76697a69-6a00-0000-0201-000000000001")]
    pub id: String,
    /// A name for people.
    #[arora(id = "76697a69-6a00-0000-0201-000000000002")]
    pub name: String,
    /// The output key the track writes.
    #[arora(id = "76697a69-6a00-0000-0201-000000000003")]
    pub target: String,
    /// The keypoints, in any order.
    #[arora(id = "76697a69-6a00-0000-0201-000000000004")]
    pub keypoints: Vec<ClipKeypoint>,
}

/// A 2.0 keypoint at a signed nanosecond time.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000202", version = "2.0.0", scope = ARORA)]
pub struct ClipKeypoint {
    /// The keypoint's id.
    #[arora(id = "76697a69-6a00-0000-0202-000000000001")]
    pub id: String,
    /// Signed clip-local time in nanoseconds.
    #[arora(id = "76697a69-6a00-0000-0202-000000000002")]
    pub time_ns: i64,
    /// A number, boolean or string `Value` (docs/contract.md §4.2).
    #[arora(id = "76697a69-6a00-0000-0202-000000000003", keyvalue)]
    pub value: Value,
    /// Zero or one transition: how the curve arrives here.
    #[arora(id = "76697a69-6a00-0000-0202-000000000004")]
    pub arrive: Vec<ClipTransition>,
    /// Zero or one transition: how the curve leaves here.
    #[arora(id = "76697a69-6a00-0000-0202-000000000005")]
    pub leave: Vec<ClipTransition>,
    /// `""`, `paired` or `free`: editor-only, round-trips.
    #[arora(id = "76697a69-6a00-0000-0202-000000000006")]
    pub pairing: String,
}

/// One side of a 2.0 keypoint: `handle` with its offsets, or a named kind.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000203", version = "2.0.0", scope = ARORA)]
pub struct ClipTransition {
    /// The transition kind: a named easing, `explicit-handles`, `inferred-auto-clamped` or a handle.
    #[arora(id = "76697a69-6a00-0000-0203-000000000001")]
    pub kind: String,
    /// Nanoseconds from the keypoint (`handle` only; `0.0` otherwise).
    #[arora(id = "76697a69-6a00-0000-0203-000000000002")]
    pub dt_ns: f64,
    /// Value units from the keypoint (`handle` only; `0.0` otherwise).
    #[arora(id = "76697a69-6a00-0000-0203-000000000003")]
    pub dv: f64,
}
