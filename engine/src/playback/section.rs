//! A player's section of the output table (docs/playback.md §5.1): the positions of the
//! keys its instances write and what each holds after a step. The player owns it;
//! [`output_table`](crate::playback::output_table) lays it out and
//! [`evaluate`](crate::playback::evaluate) fills it.

use crate::playback::output::{Output, OutputPosition};

/// One player's positions, and what each holds after a step.
#[derive(Clone, Debug, Default)]
pub(crate) struct Section {
    pub positions: Vec<OutputPosition>,
    pub outputs: Vec<Output>,
    /// The positions a string track writes, in order: the only ones that can hold a text,
    /// so that what an answer's texts take is counted without visiting every position.
    pub texts: Vec<u32>,
}
