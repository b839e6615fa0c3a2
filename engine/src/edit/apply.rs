//! Applying one edit to a clip: the edited track, validated, or the reason it is refused.
//!
//! Every edit changes one track. The edit is made on a copy of that track, which is then
//! validated as the engine validates any clip (docs/curves.md §1.5); the clip itself is
//! never touched here, so a refusal changes nothing.

use crate::clip::model::{Clip, KeyValue, Keypoint, Pairing, Track, ValueKind};
use crate::edit::edits::{Edit, Inserted, KeypointAt, Move};
use crate::edit::handles::{move_handle, side_of};
use crate::edit::insert::insert_on_curve;
use crate::edit::refused::EditRefused;

impl Edit {
    /// The track this edit changes (its index in `clip`) and what it becomes, validated.
    pub(crate) fn edited_track(&self, clip: &Clip) -> Result<(usize, Track), EditRefused> {
        let index = self.track_index();
        let track = clip.tracks.get(index).ok_or(EditRefused::NoTrack {
            track: index,
            count: clip.tracks.len(),
        })?;
        let mut track = track.clone();
        self.edit(&mut track)?;
        Ok((index, validated(track)?))
    }

    fn track_index(&self) -> usize {
        match self {
            Edit::Move { at, .. }
            | Edit::MoveHandle { at, .. }
            | Edit::SetTransition { at, .. }
            | Edit::Delete { at } => at.track,
            Edit::Insert { track, .. } => *track,
        }
    }

    /// Makes the edit on (a copy of) its track.
    fn edit(&self, track: &mut Track) -> Result<(), EditRefused> {
        match self {
            Edit::Move { at, to } => {
                let keypoint = keypoint(track, at)?;
                match to {
                    Move::TimeAndValue { time_ns, value } => {
                        keypoint.time_ns = *time_ns;
                        keypoint.value = KeyValue::Number(*value);
                    }
                    Move::Time { time_ns } => keypoint.time_ns = *time_ns,
                    Move::Value(value) => keypoint.value = value.clone(),
                }
            }
            Edit::MoveHandle {
                at,
                side,
                dt_ns,
                dv,
            } => {
                let (track_id, keypoint) = curve_keypoint(track, at)?;
                move_handle(&track_id, keypoint, *side, (*dt_ns, *dv))?;
            }
            Edit::SetTransition {
                at,
                side,
                transition,
            } => *side_of(curve_keypoint(track, at)?.1, *side) = *transition,
            Edit::Insert { time_ns, value, .. } => {
                let id = fresh_id(track);
                match value {
                    Inserted::OnCurve => insert_on_curve(track, *time_ns, id)?,
                    Inserted::Value(value) => track.keypoints.push(Keypoint {
                        id,
                        time_ns: *time_ns,
                        value: value.clone(),
                        arrive: None,
                        leave: None,
                        pairing: Pairing::None,
                    }),
                }
            }
            Edit::Delete { at } => {
                keypoint(track, at)?;
                track.keypoints.remove(at.keypoint);
            }
        }
        Ok(())
    }
}

/// The keypoint `at` names in `track`, or [`EditRefused::NoKeypoint`].
fn keypoint<'a>(track: &'a mut Track, at: &KeypointAt) -> Result<&'a mut Keypoint, EditRefused> {
    let count = track.keypoints.len();
    let id = &track.id;
    let refused = || EditRefused::NoKeypoint {
        track: id.clone(),
        keypoint: at.keypoint,
        count,
    };
    track.keypoints.get_mut(at.keypoint).ok_or_else(refused)
}

/// The keypoint `at` names on a number track (with the track's id), or why not: transitions
/// only shape number curves.
fn curve_keypoint<'a>(
    track: &'a mut Track,
    at: &KeypointAt,
) -> Result<(String, &'a mut Keypoint), EditRefused> {
    let kind = track.keypoints.first().map(|k| ValueKind::of(&k.value));
    if let Some(kind @ (ValueKind::Boolean | ValueKind::Text)) = kind {
        let track = track.id.clone();
        return Err(EditRefused::Steps { track, kind });
    }
    let id = track.id.clone();
    Ok((id, keypoint(track, at)?))
}

/// The id of a new keypoint (docs/curves.md §9.1): `k<n>` with the smallest n ≥ 0 that no
/// keypoint of the track has — unique in the track, and the same for the same track.
pub(crate) fn fresh_id(track: &Track) -> String {
    let taken = |id: &str| track.keypoints.iter().any(|k| k.id == id);
    let mut n = 0usize;
    loop {
        let id = format!("k{n}");
        if !taken(&id) {
            return id;
        }
        n += 1;
    }
}

/// The track back when it passes validation (docs/curves.md §1.5), else the engine's reason.
fn validated(track: Track) -> Result<Track, EditRefused> {
    let probe = Clip {
        tracks: vec![track],
        ..Clip::default()
    };
    let mut clip = probe.validate()?.into_clip();
    Ok(clip.tracks.remove(0))
}
