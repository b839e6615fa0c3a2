//! What a step leaves behind: the output table and each position's value, read together so
//! that a key and its value can never come from different revisions.

use std::ops::Deref;

use crate::playback::output::{Output, OutputPosition};
use crate::playback::output_table::OutputTable;

/// The outputs of the last evaluation, one per output position, with the positions
/// themselves and the table's revision. Derefs to the outputs.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    table: &'a OutputTable,
}

impl<'a> Step<'a> {
    pub(crate) fn of(table: &'a OutputTable) -> Self {
        Self { table }
    }

    /// The table's revision (wrapping, bumped by every structural edit).
    pub fn revision(&self) -> u32 {
        self.table.revision
    }

    /// Every output position: its key and the track that first writes it.
    pub fn positions(&self) -> &'a [OutputPosition] {
        &self.table.positions
    }

    /// What each position holds, in table order.
    pub fn outputs(&self) -> &'a [Output] {
        &self.table.outputs
    }

    /// Each position with what it holds, in table order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'a OutputPosition, &'a Output)> + 'a {
        self.table.positions.iter().zip(&self.table.outputs)
    }
}

impl Deref for Step<'_> {
    type Target = [Output];

    fn deref(&self) -> &[Output] {
        &self.table.outputs
    }
}
