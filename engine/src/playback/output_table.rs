//! Building the output table and evaluating it (playback §5.1, §5.2).

use std::collections::HashMap;

use crate::curve::track::Located;
use crate::playback::batch::Batch;
use crate::playback::library::Animations;
use crate::playback::output::{Output, OutputPosition};
use crate::playback::player::Player;

/// Rebuilds the table: a fresh section per player, in creation order; each
/// played track is routed to its key's position in that section, appending a
/// position the first time the key is written. Sets every instance's routes.
pub(crate) fn rebuild(players: &mut [Player], animations: &Animations) -> Vec<OutputPosition> {
    let mut positions: Vec<OutputPosition> = Vec::new();
    for player in players {
        let mut section: HashMap<&str, usize> = HashMap::new();
        for instance in &mut player.instances {
            instance.routes.clear();
            let Some(animation) = animations.get(instance.animation) else {
                continue;
            };
            let tracks = &animation.clip.tracks;
            if instance.cursors.len() != tracks.len() {
                instance.cursors = vec![Default::default(); tracks.len()];
            }
            for (index, track) in tracks
                .iter()
                .enumerate()
                .filter(|(index, _)| animation.played[*index])
            {
                let position = *section.entry(track.target.as_str()).or_insert_with(|| {
                    positions.push(OutputPosition {
                        key: track.target.clone(),
                        track_id: track.id.clone(),
                    });
                    positions.len() - 1
                });
                instance.routes.push((index, position));
            }
        }
    }
    positions
}

/// Evaluates every position where the players stand now: instances with a
/// positive weight sample their played tracks at their clip-local time, their number
/// samples solved a batch at a time.
pub(crate) fn evaluate(players: &mut [Player], animations: &Animations, outputs: &mut [Output]) {
    outputs.iter_mut().for_each(Output::clear);
    for player in players {
        let position = player.head.position;
        for instance in &mut player.instances {
            if instance.weight <= 0.0 {
                continue;
            }
            let Some(animation) = animations.get(instance.animation) else {
                continue;
            };
            let local = instance.timing.local_time(position);
            let mut batch = Batch::new(instance.weight, instance.timing.rate);
            for &(track, slot) in &instance.routes {
                let cursor = &mut instance.cursors[track];
                let narrow = animation.narrow[track];
                match animation.compiled.tracks[track].begin(local, cursor) {
                    Some(Located::Sampled(sample)) => {
                        outputs[slot].add(sample, instance.weight, instance.timing.rate, narrow)
                    }
                    Some(Located::Solve(segment, into)) => {
                        batch.push(segment, into, slot, narrow, outputs)
                    }
                    None => {}
                }
            }
            batch.flush(outputs);
        }
    }
}
