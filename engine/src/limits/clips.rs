//! Judging several clips against one limits file at once, as `limits a.json b.json
//! --limits robot.toml` and the page (every clip it holds) do.

use super::LimitsError;
use super::table::Limits;
use super::violations::{Judgement, judge};
use crate::bounds::{BoundsWindow, ClipTrackBounds, clip_bounds};
use crate::clip::valid_clip::ValidClip;

/// The bounds of each clip over `window` and, with limits, their judgement (without,
/// an empty one). A table matching no target of any of the clips is refused first: a glob
/// with a typo would otherwise check nothing, silently.
pub fn judge_clips(
    clips: &[&ValidClip],
    window: BoundsWindow,
    limits: Option<&Limits>,
) -> Result<Vec<(Vec<ClipTrackBounds>, Judgement)>, LimitsError> {
    if let Some(limits) = limits {
        let tracks = clips.iter().flat_map(|clip| clip.tracks());
        let targets: Vec<&str> = tracks.map(|t| t.track().target.as_str()).collect();
        limits.check_matches(targets.iter().copied())?;
    }
    let judged = clips.iter().map(|clip| {
        let bounds = clip_bounds(clip, window);
        let judgement = limits.map(|l| judge(&bounds, l)).unwrap_or_default();
        (bounds, judgement)
    });
    Ok(judged.collect())
}
