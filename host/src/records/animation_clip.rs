//! Clip format 1.x: the records `load_animation` and `reload_animation` take.

use arora_types::AroraType;
use arora_types::record::scope::ARORA;
use arora_types::value::Value;

/// A 1.x clip: keypoint stamps are fractions of `duration` milliseconds.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000100", version = "1.2.0", scope = ARORA)]
pub struct AnimationClip {
    /// A name for people.
    #[arora(id = "76697a69-6a00-0000-0100-000000000001")]
    pub name: String,
    /// The clip's length in milliseconds.
    #[arora(id = "76697a69-6a00-0000-0100-000000000002")]
    pub duration: u32,
    /// The tracks, in order.
    #[arora(id = "76697a69-6a00-0000-0100-000000000003")]
    pub tracks: Vec<AnimTrack>,
}

/// One animated key of a 1.x clip.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000101", version = "1.2.0", scope = ARORA)]
pub struct AnimTrack {
    /// The track's id.
    #[arora(id = "76697a69-6a00-0000-0101-000000000001")]
    pub id: String,
    /// A name for people.
    #[arora(id = "76697a69-6a00-0000-0101-000000000002")]
    pub name: String,
    /// The output key the track writes.
    #[arora(id = "76697a69-6a00-0000-0101-000000000003")]
    pub animatable_id: String,
    /// The points, in any order.
    #[arora(id = "76697a69-6a00-0000-0101-000000000004")]
    pub points: Vec<Keypoint>,
}

/// A 1.x keypoint at `stamp` (a fraction of the clip's duration).
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000102", version = "1.2.0", scope = ARORA)]
pub struct Keypoint {
    /// The point's id.
    #[arora(id = "76697a69-6a00-0000-0102-000000000001")]
    pub id: String,
    /// Where the point falls, as a fraction of the duration.
    #[arora(id = "76697a69-6a00-0000-0102-000000000002")]
    pub stamp: f32,
    /// A number, boolean or string `Value` (docs/contract.md §4.2).
    #[arora(id = "76697a69-6a00-0000-0102-000000000003", keyvalue)]
    pub value: Value,
    /// The arriving handle: the first element counts, an empty list is none.
    #[arora(id = "76697a69-6a00-0000-0102-000000000004")]
    pub transitions_in: Vec<TransitionHandle>,
    /// The leaving handle: the first element counts, an empty list is none.
    #[arora(id = "76697a69-6a00-0000-0102-000000000005")]
    pub transitions_out: Vec<TransitionHandle>,
}

/// A CSS-style handle in unit space: `x` along the segment's time, `y` along
/// its value change.
#[derive(Clone, Copy, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000103", version = "1.1.0", scope = ARORA)]
pub struct TransitionHandle {
    /// Along the segment's time, 0 at its start and 1 at its end.
    #[arora(id = "76697a69-6a00-0000-0103-000000000001")]
    pub x: f32,
    /// Along the segment's value change, 0 at its start value and 1 at its end value.
    #[arora(id = "76697a69-6a00-0000-0103-000000000002")]
    pub y: f32,
}
