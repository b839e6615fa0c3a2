//! Validation of a 2.0 clip (docs/curves.md §1.5): one kind per track, finite numbers.
//!
//! Nothing else is checked: order, shared or extreme times, duplicate ids or targets, empty
//! tracks, negative lengths, handle sizes and transitions on step tracks are all accepted.

use crate::clip::error::ClipError;
use crate::clip::model::ValueKind;
use crate::clip::model::{Clip, KeyValue, Keypoint, Track, Transition};
use crate::clip::valid_clip::ValidClip;

impl Clip {
    /// The clip as a [`ValidClip`] (every track double precision), or the first rule
    /// broken, tracks in order and keypoints in document order.
    pub fn validate(self) -> Result<ValidClip, ClipError> {
        self.tracks.iter().try_for_each(validate_track)?;
        Ok(ValidClip::checked(self))
    }
}

fn validate_track(track: &Track) -> Result<(), ClipError> {
    let Some(first) = track.keypoints.first().map(|k| ValueKind::of(&k.value)) else {
        return Ok(());
    };
    for keypoint in &track.keypoints {
        let kind = ValueKind::of(&keypoint.value);
        if kind != first {
            return Err(ClipError::MixedKinds {
                track: track.id.clone(),
                first,
                other: kind,
            });
        }
        if !finite(keypoint) {
            return Err(ClipError::NotFinite {
                track: track.id.clone(),
                keypoint: keypoint.id.clone(),
            });
        }
    }
    Ok(())
}

/// A number value and both handles (on tracks of every kind) must be finite.
fn finite(keypoint: &Keypoint) -> bool {
    let value = match keypoint.value {
        KeyValue::Number(v) => v.is_finite(),
        _ => true,
    };
    let side = |t: Option<Transition>| match t {
        Some(Transition::Handle { dt_ns, dv }) => dt_ns.is_finite() && dv.is_finite(),
        _ => true,
    };
    value && side(keypoint.arrive) && side(keypoint.leave)
}
