//! The typed API of [`AnimationModule`](crate::AnimationModule): the contract's functions
//! with engine ids and Rust types, each refusal a [`Refused`] naming its reason.

pub(crate) mod answer_size;
pub(crate) mod bake;
mod bounds;
mod clips;
mod player_states;
mod players;
pub(crate) mod refused;
pub(crate) mod step;
mod transport;
