//! Integration tests of `@arora/animation` live under `tests/tests/`.
