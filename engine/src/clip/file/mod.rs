//! Reading a clip file — a 2.0 document (docs/curves.md §1.6) or a 1.x stored animation
//! (docs/curves.md §2) — with refusals precise enough to fix the file by: a JSON syntax
//! error as `file:line:column: what`, a shape error likewise, a broken rule of
//! docs/curves.md §1.5 naming the track, the keypoint and the rule.
//!
//! `arora-animation check` and `convert` read files with it, and so does the authors' page,
//! compiled to WebAssembly (web/runtime/): a file is refused with the same line in both,
//! because it is the same code.

mod error;
mod v1;
mod v2;

pub use error::ClipFileError;
pub use v1::read_v1_document;
pub use v2::read_clip_document;

use crate::clip::v1::ClipV1;
use crate::clip::valid_clip::ValidClip;

/// A clip file read and validated: which document it held, and the clip it plays.
#[derive(Clone, Debug, PartialEq)]
pub enum FileClip {
    /// A 2.0 clip document.
    Document(ValidClip),
    /// A 1.x stored animation, and its conversion to 2.0 (docs/curves.md §2.2).
    V1 {
        /// The animation as the file holds it.
        animation: ClipV1,
        /// The same animation converted and validated.
        converted: ValidClip,
    },
}

impl FileClip {
    /// Reads the clip file `name` holding `text`. A JSON object with a `duration` member is
    /// a 1.x animation (a 2.0 document has none) and is read and converted as `convert`
    /// does; anything else is read as a 2.0 document.
    pub fn read(name: &str, text: &str) -> Result<FileClip, ClipFileError> {
        let json = v2::read_json(name, text)?;
        if json.get("duration").is_none() {
            return v2::read_parsed_document(name, text, &json).map(FileClip::Document);
        }
        let animation = read_v1_document(name, text)?;
        let converted = animation
            .to_valid_clip()
            .map_err(|error| ClipFileError::Convert {
                path: name.to_string(),
                error,
            })?;
        Ok(FileClip::V1 {
            animation,
            converted,
        })
    }

    /// The clip it plays: the document's, or the 1.x animation's conversion.
    pub fn valid(&self) -> &ValidClip {
        match self {
            FileClip::Document(valid) => valid,
            FileClip::V1 { converted, .. } => converted,
        }
    }
}
