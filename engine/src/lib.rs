//! The animation engine: clip formats, exact curves, players, blending and bake.
//!
//! Pure Rust with no Arora types; `host/` converts Arora values to and from it.
