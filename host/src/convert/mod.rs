//! Conversions between the contract's records and the engine's types: the one place
//! where Arora `Value`s meet animation.

pub(crate) mod animation_clip;
pub(crate) mod clip;
pub(crate) mod keypoint_value;
pub(crate) mod time;
