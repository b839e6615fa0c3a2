//! `AnimationClip` (format 1.x) ⇄ the engine's 1.x model: to a valid engine clip, with each
//! track's precision (docs/contract.md §4.3), and back to the record (what the page sends
//! for a 1.x file the engine's reader read).
//!
//! The record becomes the engine's 1.x model — values remembering `F32`,
//! the first handle of each side — and the engine converts that to 2.0:
//! sorting, rounding stamps to nanoseconds and turning handles absolute.

use animation_engine::{ClipV1, PointV1, TrackV1, ValidClip, ValueV1};
use arora_types::value::Value;

use crate::convert::keypoint_value::{kind_name, value_v1};
use crate::records::{AnimTrack, AnimationClip, Keypoint, TransitionHandle};
use crate::typed::refused::ClipRefused;

/// The validated engine clip; a track whose values are all `F32` outputs `F32`.
pub fn engine_clip_v1(clip: &AnimationClip) -> Result<ValidClip, ClipRefused> {
    let tracks = clip.tracks.iter().map(track_v1).collect::<Result<_, _>>()?;
    let v1 = ClipV1 {
        name: clip.name.clone(),
        duration_ms: clip.duration,
        tracks,
    };
    Ok(v1.to_valid_clip()?)
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

/// The `AnimationClip` record of a 1.x clip: exact, each value as the `Value` it was (`F32`
/// or `F64`), each side's handle a list of at most one element.
pub fn animation_clip_record(clip: &ClipV1) -> AnimationClip {
    let handles = |handle: Option<(f32, f32)>| {
        let handle = handle.map(|(x, y)| TransitionHandle { x, y });
        handle.into_iter().collect()
    };
    let point = |point: &PointV1| Keypoint {
        id: point.id.clone(),
        stamp: point.stamp,
        value: match &point.value {
            ValueV1::F32(x) => Value::F32(*x),
            ValueV1::F64(x) => Value::F64(*x),
            ValueV1::Boolean(b) => Value::Boolean(*b),
            ValueV1::Text(s) => Value::String(s.clone()),
        },
        transitions_in: handles(point.arrive),
        transitions_out: handles(point.leave),
    };
    let track = |track: &TrackV1| AnimTrack {
        id: track.id.clone(),
        name: track.name.clone(),
        animatable_id: track.animatable_id.clone(),
        points: track.points.iter().map(point).collect(),
    };
    AnimationClip {
        name: clip.name.clone(),
        duration: clip.duration_ms,
        tracks: clip.tracks.iter().map(track).collect(),
    }
}
