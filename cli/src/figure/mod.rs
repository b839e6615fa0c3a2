//! A figure of tracks over time — the model `plot` and `play --plot` build, and its
//! rendering to SVG or PNG.

pub mod model;
pub mod picture;
