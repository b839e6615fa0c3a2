//! How a step fills the output table (docs/playback.md §5.2): each player's section from
//! the instances it plays.

use crate::curve::track::Located;
use crate::playback::batch::Batch;
use crate::playback::output::Output;
use crate::playback::player::{Player, Players};
use crate::time::TimelinePosition;

/// Evaluates every position where the players stand now: instances with a
/// positive weight sample their played tracks at their clip-local time, their number
/// samples solved a batch at a time.
pub(crate) fn evaluate(players: &mut Players) {
    let mut batch = Batch::new();
    for player in players.values_mut() {
        evaluate_player(player, &mut batch);
    }
}

/// Evaluates one player's section where it stands now. A step calls it right after
/// advancing the player, so that the player's state is read from memory once per step:
/// with ten thousand players, a second walk over them found none of it in cache.
pub(crate) fn evaluate_player<'a>(player: &'a mut Player, batch: &mut Batch<'a>) {
    let position = TimelinePosition::from_ns(player.head.position);
    let section = &mut player.section.outputs;
    section.iter_mut().for_each(Output::clear);
    for instance in &mut player.instances {
        if instance.weight <= 0.0 {
            continue;
        }
        let animation = &*instance.clip;
        let local = instance.timing.local_time(position);
        batch.start(instance.weight, instance.timing.rate);
        for route in &mut instance.routes {
            let (cursor, slot) = (&mut route.cursor, route.slot as usize);
            let compiled = &animation.compiled.tracks[route.track as usize];
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
