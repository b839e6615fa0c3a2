//! Why a limits file is refused.

/// A limits file refused: the line it is about (from 1) and what is wrong, in one line.
/// The reader does not know the file's name; a caller writes `limits.toml:3: …`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct LimitsError {
    /// The line the error is about, from 1.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}
