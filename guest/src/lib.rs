//! The wasm guest of `@arora/animation`.
