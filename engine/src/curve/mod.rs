//! Curves (docs/curves.md §3–§4): where each segment's control points go, and how a compiled
//! track is sampled — the exact solver, values, velocities, steps, holds and polylines.

pub(crate) mod certify;
pub(crate) mod fast_solve;
pub(crate) mod hypot;
pub(crate) mod monotone;
pub(crate) mod point;
pub(crate) mod ray;
pub(crate) mod resolve;
pub(crate) mod sample;
pub(crate) mod solve;
pub(crate) mod track;

#[cfg(test)]
mod fast_solve_tests;
