//! The output table (docs/playback.md §5.1): how each player's section is laid out.
//!
//! The table is a run of sections, one per player in creation order; a section holds one
//! position per key its player's instances write, in the order first written, and what each
//! position holds after a step. Each player owns its section, so a structural edit rebuilds
//! only the section of the player it touches and moves nothing else: it costs what that
//! player holds, whatever else the device holds.

use std::collections::HashMap;

use crate::clip::model::ValueKind;
use crate::curve::track::Cursor;
use crate::playback::instance::Route;
use crate::playback::output::{Output, OutputPosition};
use crate::playback::player::Player;

/// What the table keeps beside the players' sections: their total size and the revision.
#[derive(Debug, Default)]
pub(crate) struct OutputTable {
    /// The number of positions in all sections together.
    pub len: usize,
    /// The number of positions a string track writes, in all sections together.
    pub texts: usize,
    /// Bumped (wrapping) by every structural edit.
    pub revision: u32,
}

impl OutputTable {
    /// Rebuilds the section of `player`: each played track is routed to its key's position,
    /// appending a position the first time the key is written; sets every instance's routes,
    /// each with a fresh cursor. The caller ends the edit with [`edited`](Self::edited).
    pub fn rebuild_section(&mut self, player: &mut Player) {
        let (positions, texts) = section_positions(player);
        let section = &mut player.section;
        self.len = self.len - section.positions.len() + positions.len();
        self.texts = self.texts - section.texts.len() + texts.len();
        section
            .outputs
            .resize_with(positions.len(), Output::default);
        section.positions = positions;
        section.texts = texts;
    }

    /// Forgets the section of `player`, which is being removed.
    pub fn remove_section(&mut self, player: &Player) {
        self.len -= player.section.positions.len();
        self.texts -= player.section.texts.len();
    }

    /// Ends a structural edit: the revision bumped once, even when no position changed.
    pub fn edited(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }
}

/// One player's section: the positions of the keys its instances write, routing each played
/// track there (positions counted from the section's start), and the positions a string
/// track writes, in order.
fn section_positions(player: &mut Player) -> (Vec<OutputPosition>, Vec<u32>) {
    let mut positions: Vec<OutputPosition> = Vec::new();
    let mut texts: Vec<u32> = Vec::new();
    let mut section: HashMap<&str, usize> = HashMap::new();
    for instance in &mut player.instances {
        instance.routes.clear();
        let animation = &*instance.clip;
        let tracks = &animation.compiled.tracks;
        let played = tracks
            .iter()
            .enumerate()
            .filter(|(i, _)| animation.played[*i]);
        for (index, track) in played {
            let position = *section.entry(track.target()).or_insert_with(|| {
                positions.push(OutputPosition {
                    key: track.target().to_owned(),
                    track_id: track.id().to_owned(),
                });
                positions.len() - 1
            });
            if track.kind() == Some(ValueKind::Text) {
                texts.push(position as u32);
            }
            // Fresh cursors: any cursor gives the same samples, a fresh one is always valid.
            instance.routes.push(Route {
                track: index as u32,
                slot: position as u32,
                cursor: Cursor::default(),
            });
        }
    }
    texts.sort_unstable();
    texts.dedup();
    (positions, texts)
}
