#![doc = include_str!("../README.md")]

pub mod bake;
mod clamp;
pub mod clip;
pub mod clip1;
pub mod curve;
mod document;
pub mod error;
mod hypot;
mod monotone;
mod resolve;
pub mod sample;
mod solve;
mod validate;

pub use bake::{Bake, BakedSamples, BakedTrack, bake};
pub use clip::{Clip, Easing, KeyValue, Keypoint, Pairing, Track, Transition, ms_to_ns, ns_to_ms};
pub use clip1::{ClipV1, PointV1, TrackV1, ValueV1};
pub use curve::{CompiledClip, CompiledTrack, Cursor, Sample, ValueKind};
pub use error::{BakeError, ClipError, ConvertError};
pub use hypot::hypot;
pub use sample::PlayedSegment;

// Playback (playback.md): clock, players, instances, stepping and outputs.
mod animations;
mod batch;
mod clock;
mod engine;
mod engine_bake;
mod engine_transport;
mod instance;
mod loop_mode;
mod output;
mod player;
mod state;
mod table;
mod transport;
mod travel;

pub use clock::{MAX_SPEED, speed_is_valid};
pub use engine::Engine;
pub use instance::{AnimationId, InstanceId, PlayerId, Timing, weight_is_valid};
pub use loop_mode::LoopMode;
pub use output::{Output, OutputPosition, OutputValue};
pub use state::{InstanceRecord, PlayerRecord};
pub use transport::TransportState;
pub use travel::Window;
