//! What a step leaves behind: the output table and each position's value, read together so
//! that a key and its value can never come from different revisions.

use std::collections::btree_map;
use std::iter::Zip;
use std::slice;

use crate::playback::ids::PlayerId;
use crate::playback::output::{Output, OutputPosition};
use crate::playback::output_table::OutputTable;
use crate::playback::player::{Player, Players};

/// The outputs of the last evaluation, one per output position, with the positions
/// themselves and the table's revision.
///
/// The table is read in order, section by section (one per player, in creation order):
/// each player keeps its own, so that an edit of one player moves nobody else's.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    players: &'a Players,
    table: &'a OutputTable,
}

impl<'a> Step<'a> {
    pub(crate) fn of(players: &'a Players, table: &'a OutputTable) -> Self {
        Self { players, table }
    }

    /// The table's revision (wrapping, bumped by every structural edit).
    pub fn revision(&self) -> u32 {
        self.table.revision
    }

    /// The number of output positions.
    pub fn len(&self) -> usize {
        self.table.len
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.table.len == 0
    }

    /// Each position with what it holds, in table order.
    pub fn iter(
        &self,
    ) -> impl ExactSizeIterator<Item = (&'a OutputPosition, &'a Output)> + use<'a> {
        Entries {
            players: self.players.values(),
            section: [].iter().zip(&[]),
            left: self.table.len,
        }
    }

    /// Every output position: its key and the track that first writes it, in table order.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &'a OutputPosition> + use<'a> {
        self.iter().map(|(position, _)| position)
    }

    /// What each position holds, in table order.
    pub fn outputs(&self) -> impl ExactSizeIterator<Item = &'a Output> + use<'a> {
        self.iter().map(|(_, output)| output)
    }

    /// The string each position holding one holds, in table order: read from the positions
    /// a string track writes only, none at all when no track played is a string track. What
    /// an answer's size depends on, counted without visiting every position.
    pub fn texts(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let players = if self.table.texts == 0 {
            None
        } else {
            Some(self.players.values())
        };
        players.into_iter().flatten().flat_map(|player| {
            let section = &player.section;
            let texts = section.texts.iter();
            texts.filter_map(|&slot| section.outputs[slot as usize].text())
        })
    }
}

/// The positions of every section with their outputs, counting down what is left.
struct Entries<'a> {
    players: btree_map::Values<'a, PlayerId, Box<Player>>,
    section: Zip<slice::Iter<'a, OutputPosition>, slice::Iter<'a, Output>>,
    left: usize,
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a OutputPosition, &'a Output);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(entry) = self.section.next() {
                self.left -= 1;
                return Some(entry);
            }
            let section = &self.players.next()?.section;
            self.section = section.positions.iter().zip(&section.outputs);
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Entries<'_> {}
