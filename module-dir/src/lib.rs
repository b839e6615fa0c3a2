//! Writes a module directory for `@arora/animation`.
