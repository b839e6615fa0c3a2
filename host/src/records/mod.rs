//! The sixteen records of `@arora/animation` 3.0.0 (docs/contract.md §2).
//!
//! Each is a plain Rust struct deriving `AroraType`: the derive pins the
//! record id, version and field ids, writes the record a registry holds, and
//! converts to and from `Value` by the rules of docs/contract.md §2.3 (fields by id in
//! any order, optional fields absent or bare, dynamic fields as-is). Every
//! record lives in the `arora` scope whatever names it.

mod animation_clip;
mod bake;
mod clip;
mod outputs;
mod player_state;

pub use animation_clip::{AnimTrack, AnimationClip, Keypoint, TransitionHandle};
pub use bake::{BakedAnimation, BakedTrack};
pub use clip::{Clip, ClipKeypoint, ClipTrack, ClipTransition};
pub use outputs::{OutputKeys, StepSamples, StepValues, TrackOutput};
pub use player_state::{InstanceState, PlayerState};
