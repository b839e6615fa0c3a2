//! Why a clip file is refused, in the words `arora-animation check` prints and the page
//! shows: a place (`file:line:column`) for what the JSON reader finds, the track and
//! keypoint for what validation finds.

use crate::clip::error::ConvertError;

/// Why the text of a clip file is refused; each message is one line naming the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClipFileError {
    /// The text is not JSON.
    #[error("{path}:{line}:{column}: {what}")]
    Syntax {
        /// The file as named.
        path: String,
        /// The line (from 1).
        line: usize,
        /// The column (from 1, in bytes).
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// JSON, but not a clip document: a missing or mistyped field, an unknown transition.
    #[error("{path}:{line}:{column}: not a clip: {what}")]
    Shape {
        /// The file as named.
        path: String,
        /// The line (from 1).
        line: usize,
        /// The column (from 1, in bytes).
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// A clip document breaking a rule of docs/curves.md §1.5.
    #[error("{path}: track \"{track}\" keypoint \"{keypoint}\": {rule}")]
    Invalid {
        /// The file as named.
        path: String,
        /// The track's id.
        track: String,
        /// The keypoint's id.
        keypoint: String,
        /// The rule it breaks.
        rule: String,
    },
    /// Not a 1.x stored animation: a syntax or shape error met reading it as one.
    #[error("{path}:{line}:{column}: not a 1.x animation: {what}")]
    NotV1 {
        /// The file as named.
        path: String,
        /// The line (from 1).
        line: usize,
        /// The column (from 1, in bytes).
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// A 1.x point whose value is neither a number, a boolean nor a string.
    #[error("{path}: track \"{track}\" point \"{point}\": a value is a number, boolean or string")]
    V1Value {
        /// The file as named.
        path: String,
        /// The track's id.
        track: String,
        /// The point's id.
        point: String,
    },
    /// A 1.x animation whose conversion to 2.0 (docs/curves.md §2.2) is refused.
    #[error("{path}: {error}")]
    Convert {
        /// The file as named.
        path: String,
        /// Why the conversion is refused.
        error: ConvertError,
    },
}
