//! The Arora module `@arora/animation` 3.0.0 over `animation-engine`.
