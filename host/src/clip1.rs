//! `AnimationClip` (format 1.x) → engine clip and narrow flags (contract §4.3).
//!
//! The record becomes the engine's 1.x model — values remembering `F32`,
//! the first handle of each side — and the engine converts that to 2.0:
//! sorting, rounding stamps to nanoseconds and turning handles absolute.

use animation_engine::{Clip as EngineClip, ClipV1, PointV1, TrackV1};

use crate::keypoint_value::{kind_name, value_v1};
use crate::records::{AnimTrack, AnimationClip, Keypoint, TransitionHandle};
use crate::refused::ClipRefused;

/// The validated engine clip and, per track, whether it outputs `F32`.
pub fn engine_clip_v1(clip: &AnimationClip) -> Result<(EngineClip, Vec<bool>), ClipRefused> {
    let tracks = clip.tracks.iter().map(track_v1).collect::<Result<_, _>>()?;
    let v1 = ClipV1 {
        name: clip.name.clone(),
        duration_ms: clip.duration,
        tracks,
    };
    let (converted, narrow) = v1.to_clip()?;
    converted.validate()?;
    Ok((converted, narrow))
}

fn track_v1(track: &AnimTrack) -> Result<TrackV1, ClipRefused> {
    let points = track
        .points
        .iter()
        .map(|point| point_v1(track, point))
        .collect::<Result<_, _>>()?;
    Ok(TrackV1 {
        id: track.id.clone(),
        name: track.name.clone(),
        animatable_id: track.animatable_id.clone(),
        points,
    })
}

fn point_v1(track: &AnimTrack, point: &Keypoint) -> Result<PointV1, ClipRefused> {
    let value = value_v1(&point.value).ok_or_else(|| ClipRefused::KeypointValue {
        track: track.id.clone(),
        keypoint: point.id.clone(),
        value: kind_name(&point.value),
    })?;
    Ok(PointV1 {
        id: point.id.clone(),
        stamp: point.stamp,
        value,
        arrive: first_handle(&point.transitions_in),
        leave: first_handle(&point.transitions_out),
    })
}

/// Only the first handle of a side counts; further ones are ignored.
fn first_handle(handles: &[TransitionHandle]) -> Option<(f32, f32)> {
    handles.first().map(|handle| (handle.x, handle.y))
}
