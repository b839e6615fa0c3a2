#![doc = include_str!("../README.md")]

pub mod bake;
mod bounds;
mod clip;
mod curve;
mod edit;
#[cfg(feature = "gltf")]
pub mod gltf;
pub mod limits;
mod number_text;
mod playback;
mod time;
mod units;

pub use bake::{Bake, BakeError, BakePlan, BakedSamples, BakedTrack, TEXT_CAP, bake, bake_as};
pub use bounds::{
    At, BoundsWindow, Change, ClipTrackBounds, Derivatives, Jump, NumberBounds, Played, StepBounds,
    TrackBounds, VelocityStep, clip_bounds, played_bounds,
};
pub use clip::error::{ClipError, ConvertError};
pub use clip::file::{ClipFileError, FileClip, read_clip_document, read_v1_document};
pub use clip::model::{Clip, Easing, KeyValue, Keypoint, Pairing, Track, Transition, ValueKind};
pub use clip::v1::{ClipV1, PointV1, TrackV1, ValueV1};
pub use clip::valid_clip::{Precision, ValidClip, ValidTrack};
/// The fast solve's differential check, for the wasm build's test (the `testing` feature).
#[cfg(feature = "testing")]
#[doc(hidden)]
pub use curve::fast_solve::differential as fast_solve_differential;
pub use curve::hypot::hypot;
pub use curve::sample::PlayedSegment;
pub use curve::track::{CompiledClip, CompiledTrack, Cursor, Sample};
pub use edit::{Edit, EditRefused, EditedClip, FrameRate, Inserted, KeypointAt, Move, Side, Snap};
pub use number_text::shortest;
pub use time::{ClipTime, DeviceSpan, DeviceTime, TimelinePosition};
pub use units::{ms_to_ns, ns_to_ms};

pub use playback::clock::{MAX_SPEED, speed_is_valid};
pub use playback::engine::Engine;
pub use playback::error::PlaybackError;
pub use playback::ids::{AnimationId, IdKind, InstanceId, PlayerId};
pub use playback::instance::{Timing, rate_is_valid, weight_is_valid};
pub use playback::loop_mode::LoopMode;
pub use playback::output::{Output, OutputPosition, OutputValue};
pub use playback::records::{InstanceRecord, PlayerRecord, PlayerSize};
pub use playback::step::Step;
pub use playback::transport::TransportState;
pub use playback::travel::Window;
