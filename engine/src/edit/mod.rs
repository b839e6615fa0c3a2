//! Editing a clip (docs/curves.md §9): edits as values, a document with undo and redo and an
//! exact save, and snapping a pointer's time to frames.
//!
//! Everything here knows the clip format so that a page need not: it sends an [`Edit`],
//! gets the edited clip or the reason it is refused, and draws.

mod apply;
mod document;
mod edits;
mod handles;
mod insert;
mod refused;
mod snap;

pub use document::EditedClip;
pub use edits::{Edit, Inserted, KeypointAt, Move, Side};
pub use refused::EditRefused;
pub use snap::{FrameRate, Snap};
