//! The typed API for a clip's exact bounds (docs/curves.md §8): what a loaded clip asks of a
//! joint — value range, largest |velocity| and |acceleration|, jumps, velocity steps — in
//! clip time, or as one instance plays it (its rate and offset, over a timeline window).

use animation_engine::{AnimationId, BoundsWindow, ClipTrackBounds, InstanceId, PlayerId};

use crate::state::AnimationModule;
use crate::typed::refused::Refused;

impl AnimationModule {
    /// The bounds of every track of a loaded clip over a clip-time `window` (seconds; `None`
    /// ends are each track's key range), in clip order.
    pub fn clip_bounds(
        &self,
        anim: AnimationId,
        window: BoundsWindow,
    ) -> Result<Vec<ClipTrackBounds>, Refused> {
        Ok(self.engine.bounds(anim, window)?)
    }

    /// The bounds of an instance's clip as it plays it, over a `window` of its player's
    /// timeline (seconds): times on the timeline, velocities × the instance's rate,
    /// accelerations × rate² (docs/curves.md §8.6).
    pub fn instance_bounds(
        &self,
        player: PlayerId,
        instance: InstanceId,
        window: BoundsWindow,
    ) -> Result<Vec<ClipTrackBounds>, Refused> {
        Ok(self.engine.instance_bounds(player, instance, window)?)
    }
}
