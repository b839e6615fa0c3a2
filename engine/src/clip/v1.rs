//! Clip format 1.x (docs/curves.md §2): the in-memory model and its exact conversion to 2.0.
//!
//! A 1.x handle is a CSS-timing-style point in its segment's box, measured from the segment's
//! start; a 2.0 handle is an absolute offset from its own keypoint. A cubic Bézier is unchanged
//! by the affine map between the two, so converting the handles once (after rounding stamps to
//! whole nanoseconds) plays the same curve as a 1.x evaluator for handles with 0 ≤ x ≤ 1.

use crate::clip::error::ConvertError;
use crate::clip::model::{Clip, KeyValue, Keypoint, Pairing, Track, Transition};
use crate::clip::valid_clip::{Precision, ValidClip};
use crate::units::NS_PER_MS;

/// The CSS ease-in-out defaults for a missing handle, as single-precision constants.
const DEFAULT_LEAVE: (f32, f32) = (0.42, 0.0);
const DEFAULT_ARRIVE: (f32, f32) = (0.58, 1.0);

/// A 1.x clip: its duration in milliseconds scales every stamp.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClipV1 {
    /// A name for people.
    pub name: String,
    /// The clip's duration in milliseconds: stamps are fractions of it.
    pub duration_ms: u32,
    /// The tracks, in order.
    pub tracks: Vec<TrackV1>,
}

/// A 1.x track; points in any order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrackV1 {
    /// The id.
    pub id: String,
    /// A name for people.
    pub name: String,
    /// The output key the track writes.
    pub animatable_id: String,
    /// The points, in given order.
    pub points: Vec<PointV1>,
}

/// A 1.x point: a stamp as a fraction of the duration (not restricted to [0, 1]) and at most
/// one normalized handle (x, y) per side.
#[derive(Clone, Debug, PartialEq)]
pub struct PointV1 {
    /// The id.
    pub id: String,
    /// Where the point falls, as a fraction of the duration.
    pub stamp: f32,
    /// The value from this point on.
    pub value: ValueV1,
    /// The arriving handle `(x, y)` in the segment's unit square, if given.
    pub arrive: Option<(f32, f32)>,
    /// The leaving handle `(x, y)` in the segment's unit square, if given.
    pub leave: Option<(f32, f32)>,
}

/// A 1.x value; F32 and F64 are both numbers, the width only feeds the single-precision flag.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueV1 {
    /// A single-precision number.
    F32(f32),
    /// A double-precision number.
    F64(f64),
    /// A boolean.
    Boolean(bool),
    /// A string.
    Text(String),
}

impl ValueV1 {
    /// The value as a number, if it is one (F32 widened exactly).
    fn number(&self) -> Option<f64> {
        match *self {
            ValueV1::F32(v) => Some(f64::from(v)),
            ValueV1::F64(v) => Some(v),
            _ => None,
        }
    }

    fn to_key_value(&self) -> KeyValue {
        match self {
            ValueV1::Boolean(b) => KeyValue::Boolean(*b),
            ValueV1::Text(s) => KeyValue::Text(s.clone()),
            number => KeyValue::Number(number.number().unwrap_or(0.0)),
        }
    }
}

impl ClipV1 {
    /// The equivalent 2.0 clip, not yet validated. The first point (tracks in order, points
    /// in given order) with a non-finite stamp or handle refuses the conversion.
    pub fn to_clip(&self) -> Result<Clip, ConvertError> {
        let duration_ns = f64::from(self.duration_ms) * NS_PER_MS;
        let tracks = self
            .tracks
            .iter()
            .map(|t| convert_track(t, duration_ns))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Clip {
            name: self.name.clone(),
            length_ns: Some(duration_ns as i64),
            tracks,
        })
    }

    /// The converted clip, validated (docs/curves.md §1.5), each track single precision when it has
    /// points and every value is `F32` (docs/curves.md §2.4).
    pub fn to_valid_clip(&self) -> Result<ValidClip, ConvertError> {
        let precisions = self.tracks.iter().map(|track| {
            if single_precision(track) {
                Precision::Single
            } else {
                Precision::Double
            }
        });
        Ok(self.to_clip()?.validate()?.with_precisions(precisions))
    }
}

/// docs/curves.md §2.4: at least one point, and every value F32.
fn single_precision(track: &TrackV1) -> bool {
    let all_f32 = track
        .points
        .iter()
        .all(|p| matches!(p.value, ValueV1::F32(_)));
    !track.points.is_empty() && all_f32
}

fn convert_track(track: &TrackV1, duration_ns: f64) -> Result<Track, ConvertError> {
    if let Some(p) = track.points.iter().find(|p| !finite(p)) {
        return Err(ConvertError::NotFinite {
            track: track.id.clone(),
            point: p.id.clone(),
        });
    }
    let mut points: Vec<&PointV1> = track.points.iter().collect();
    points.sort_by(|a, b| a.stamp.total_cmp(&b.stamp));
    let mut keypoints: Vec<Keypoint> = points
        .iter()
        .map(|p| Keypoint {
            id: p.id.clone(),
            time_ns: (f64::from(p.stamp) * duration_ns).round() as i64,
            value: p.value.to_key_value(),
            arrive: None,
            leave: None,
            pairing: Pairing::None,
        })
        .collect();
    for i in 1..points.len() {
        set_handles(&mut keypoints, &points, i - 1);
    }
    Ok(Track {
        id: track.id.clone(),
        name: track.name.clone(),
        target: track.animatable_id.clone(),
        keypoints,
    })
}

/// Stamp and both handles finite (values are not checked).
fn finite(p: &PointV1) -> bool {
    let side = |h: Option<(f32, f32)>| h.is_none_or(|(x, y)| x.is_finite() && y.is_finite());
    p.stamp.is_finite() && side(p.arrive) && side(p.leave)
}

/// docs/curves.md §2.2 step 5 for the pair (i, i+1): both numbers and distinct rounded times give
/// keypoint i a leave handle and keypoint i+1 an arrive handle, scaled to the segment.
fn set_handles(keypoints: &mut [Keypoint], points: &[&PointV1], i: usize) {
    let (Some(v0), Some(v1)) = (points[i].value.number(), points[i + 1].value.number()) else {
        return;
    };
    let dt = keypoints[i + 1].time_ns as f64 - keypoints[i].time_ns as f64;
    if dt == 0.0 {
        return;
    }
    let dv = v1 - v0;
    let (x1, y1) = points[i].leave.unwrap_or(DEFAULT_LEAVE);
    let (x2, y2) = points[i + 1].arrive.unwrap_or(DEFAULT_ARRIVE);
    keypoints[i].leave = Some(Transition::Handle {
        dt_ns: f64::from(x1) * dt,
        dv: f64::from(y1) * dv,
    });
    keypoints[i + 1].arrive = Some(Transition::Handle {
        dt_ns: (f64::from(x2) - 1.0) * dt,
        dv: (f64::from(y2) - 1.0) * dv,
    });
}
