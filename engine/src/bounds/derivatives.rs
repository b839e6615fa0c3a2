//! The velocity and acceleration of a number track at one clip time, for drawing them
//! (docs/curves.md §8.2): at the Bézier parameter u the literal solver gives for the time,
//! v = y′/x′ and a = (y″x′ − y′x″)/x′³, per second and per second². The same formulas the
//! bounds take their extremes of, so a curve drawn from these reaches the reported maximum
//! at its time. In a hold both are 0; at a keypoint time the segment arriving there answers
//! (docs/curves.md §4.5), so a corner shows as a step between two samples.

use crate::bounds::segment::acceleration;
use crate::curve::solve::solve;
use crate::curve::track::{CompiledTrack, Cursor, Located, Sample};

/// A number track's velocity and acceleration at one time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Derivatives {
    /// Value units per second of clip time (±∞ where time stalls).
    pub velocity: f64,
    /// Value units per second² (±∞ or NaN where time stalls).
    pub acceleration: f64,
}

impl CompiledTrack {
    /// The velocity and acceleration at clip time `t_ns`; `None` for a track that is not a
    /// number track. `cursor` only speeds up the search, as for [`CompiledTrack::sample`].
    pub fn derivatives_at(&self, t_ns: f64, cursor: &mut Cursor) -> Option<Derivatives> {
        if self.kind() != Some(crate::ValueKind::Number) {
            return None;
        }
        Some(match self.begin(t_ns, cursor)? {
            Located::Sampled(Sample::Number { velocity, .. }) => Derivatives {
                velocity,
                acceleration: 0.0,
            },
            Located::Sampled(_) => return None,
            Located::Solve(segment, a) => {
                let u = solve(&segment.x, a);
                let velocity = match segment.sample_at(u) {
                    Sample::Number { velocity, .. } => velocity,
                    _ => 0.0,
                };
                Derivatives {
                    velocity,
                    acceleration: acceleration(&segment.x, &segment.y, u),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clip::model::Clip;
    use crate::curve::track::CompiledClip;

    /// An ease, a handle pair and a back easing: curved segments whose acceleration varies.
    const DOCUMENT: &str = r#"{"name": "d", "tracks": [{"id": "a", "animatableId": "a/x",
        "points": [
          {"id": "k0", "timeNs": 0, "value": 0, "transitions": {"out": "sine"}},
          {"id": "k1", "timeNs": 500000000, "value": 90, "transitions": {"out": "back"}},
          {"id": "k2", "timeNs": 1200000000, "value": -30,
           "transitions": {"in": {"dtNs": -300000000, "dv": 40}}},
          {"id": "k3", "timeNs": 2000000000, "value": 10}]}]}"#;

    fn track() -> CompiledTrack {
        let clip = Clip::from_json(DOCUMENT).expect("a valid document");
        CompiledClip::compile(&clip).tracks.remove(0)
    }

    /// The acceleration against central differences of the engine's own velocities, h =
    /// 1 µs: the difference's error is O(h²·|a″|), below 1e-6 relative here; the velocity
    /// against differences of the sampled values likewise.
    #[test]
    fn the_acceleration_is_the_velocitys_rate_of_change() {
        let track = track();
        let mut cursor = Cursor::default();
        let sample = |t: f64| match track.sample_literal(t, &mut Cursor::default()) {
            Some(Sample::Number { value, velocity }) => (value, velocity),
            _ => panic!("a number track"),
        };
        let h = 1e3;
        let mut checked = 0;
        for i in 1..400 {
            let t = i as f64 * 5e6;
            if [5e8, 1.2e9].iter().any(|k| (t - k).abs() <= 2.0 * h) {
                continue;
            }
            let d = track
                .derivatives_at(t, &mut cursor)
                .expect("a number track");
            let ((v0, dv0), (v1, dv1)) = (sample(t - h), sample(t + h));
            let velocity = (v1 - v0) / (2.0 * h) * 1e9;
            let acceleration = (dv1 - dv0) / (2.0 * h) * 1e9;
            let scale = |x: f64| 1e-6 * x.abs().max(1.0);
            assert!((d.velocity - velocity).abs() <= scale(velocity), "v at {t}");
            assert!(
                (d.acceleration - acceleration).abs() <= scale(acceleration).max(1e-3),
                "a at {t}: {} vs {acceleration}",
                d.acceleration
            );
            checked += 1;
        }
        // Every 5 ms but the two interior keypoints, 0.5 s and 1.2 s.
        assert_eq!(checked, 399 - 2);
    }

    /// At the time the bounds report the largest |velocity| the velocity is that maximum
    /// (within 1e-9) and 1 ms either side it is smaller; holds are still.
    #[test]
    fn the_velocity_reaches_the_bounds_maximum_and_holds_are_still() {
        let track = track();
        let crate::bounds::TrackBounds::Number(bounds) =
            track.bounds(crate::bounds::BoundsWindow::KEYS)
        else {
            panic!("a number track");
        };
        let mut cursor = Cursor::default();
        let peak = bounds.max_abs_velocity;
        let at_peak = track
            .derivatives_at(peak.time_s * 1e9, &mut cursor)
            .unwrap();
        assert!((at_peak.velocity.abs() - peak.value).abs() <= 1e-9 * peak.value);
        for t in [peak.time_s * 1e9 - 1e6, peak.time_s * 1e9 + 1e6] {
            let near = track.derivatives_at(t, &mut cursor).unwrap();
            assert!(near.velocity.abs() < peak.value, "at {t}");
        }
        let held = track.derivatives_at(3e9, &mut cursor).unwrap();
        assert_eq!((held.velocity, held.acceleration), (0.0, 0.0));
    }
}
