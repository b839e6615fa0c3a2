//! The output table and how a step fills it (docs/playback.md §5.1, §5.2).
//!
//! The table is a run of sections, one per player in creation order; a section holds one
//! position per key its player's instances write, in the order first written. A structural
//! edit rebuilds only the section of the player it touches and moves the sections after it,
//! so it costs what that player holds, not what the whole device holds.

use std::collections::HashMap;

use crate::curve::track::Located;
use crate::playback::batch::Batch;
use crate::playback::library::Animations;
use crate::playback::output::{Output, OutputPosition};
use crate::playback::player::Player;
use crate::time::TimelinePosition;

/// The positions of every player's section, and what each holds after a step.
#[derive(Debug, Default)]
pub(crate) struct OutputTable {
    pub positions: Vec<OutputPosition>,
    pub outputs: Vec<Output>,
    /// Bumped (wrapping) by every structural edit.
    pub revision: u32,
}

impl OutputTable {
    /// Rebuilds the section of `players[index]`: each played track is routed to its key's
    /// position, appending a position the first time the key is written; sets every
    /// instance's routes and cursors. The sections after it move by the change in size.
    /// The caller ends the edit with [`edited`](Self::edited).
    pub fn rebuild_section(
        &mut self,
        players: &mut [Player],
        index: usize,
        animations: &Animations,
    ) {
        let player = &mut players[index];
        let section = section_positions(player, animations);
        let start = player.section.start;
        let old_end = player.section.end;
        let new_end = start + section.len();
        player.section = start..new_end;
        self.positions.splice(start..old_end, section);
        self.shift_after(players, index, old_end, new_end);
    }

    /// Removes the section of `players[index]`, which is about to be removed itself.
    pub fn remove_section(&mut self, players: &mut [Player], index: usize) {
        let section = players[index].section.clone();
        self.positions.drain(section.clone());
        self.shift_after(players, index, section.end, section.start);
    }

    /// Ends a structural edit: one output per position, and the revision bumped once, even
    /// when no position changed.
    pub fn edited(&mut self) {
        self.outputs
            .resize_with(self.positions.len(), Output::default);
        self.revision = self.revision.wrapping_add(1);
    }

    fn shift_after(
        &mut self,
        players: &mut [Player],
        index: usize,
        old_end: usize,
        new_end: usize,
    ) {
        if old_end == new_end {
            return;
        }
        for later in &mut players[index + 1..] {
            let section = &mut later.section;
            *section = section.start + new_end - old_end..section.end + new_end - old_end;
        }
    }
}

/// One player's section: the positions of the keys its instances write, routing each played
/// track there (positions counted from the section's start).
fn section_positions(player: &mut Player, animations: &Animations) -> Vec<OutputPosition> {
    let mut positions: Vec<OutputPosition> = Vec::new();
    let mut section: HashMap<&str, usize> = HashMap::new();
    for instance in &mut player.instances {
        instance.routes.clear();
        let Some(animation) = animations.get(instance.animation) else {
            continue;
        };
        let tracks = &animation.compiled.tracks;
        if instance.cursors.len() != tracks.len() {
            instance.cursors = vec![Default::default(); tracks.len()];
        }
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
            instance.routes.push((index, position));
        }
    }
    positions
}

/// Evaluates every position where the players stand now: instances with a
/// positive weight sample their played tracks at their clip-local time, their number
/// samples solved a batch at a time.
pub(crate) fn evaluate(players: &mut [Player], animations: &Animations, outputs: &mut [Output]) {
    outputs.iter_mut().for_each(Output::clear);
    let mut batch = Batch::new();
    for player in players {
        let position = TimelinePosition::from_ns(player.head.position);
        let section = &mut outputs[player.section.clone()];
        for instance in &mut player.instances {
            if instance.weight <= 0.0 {
                continue;
            }
            let Some(animation) = animations.get(instance.animation) else {
                continue;
            };
            let local = instance.timing.local_time(position);
            batch.start(instance.weight, instance.timing.rate);
            for &(track, slot) in &instance.routes {
                let cursor = &mut instance.cursors[track];
                let compiled = &animation.compiled.tracks[track];
                let narrow = compiled.narrow();
                match compiled.begin(local, cursor) {
                    Some(Located::Sampled(sample)) => {
                        section[slot].add(sample, instance.weight, instance.timing.rate, narrow)
                    }
                    Some(Located::Solve(segment, into)) => {
                        batch.push(segment, into, slot, narrow, section)
                    }
                    None => {}
                }
            }
            batch.flush(section);
        }
    }
}
