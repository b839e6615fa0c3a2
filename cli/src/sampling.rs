//! Sampling a clip through the engine: the samples of a streamed bake and the curves a
//! plot draws. With `clip_file.rs`, the only place the command line calls the engine
//! directly.

use animation_engine::bake::sample_track;
use animation_engine::{
    BakedSamples, Clip, CompiledClip, KeyValue, Transition, ValidClip, ValueKind,
};

/// A compiled clip, sampled by the bake and the plot.
pub struct Sampler {
    compiled: CompiledClip,
}

impl Sampler {
    /// Compiles a validated clip.
    pub fn new(clip: &ValidClip) -> Sampler {
        Sampler {
            compiled: CompiledClip::compile(clip),
        }
    }

    /// The clip's end (docs/curves.md §1.1): the default end of a bake window.
    pub fn end_ns(&self) -> i64 {
        self.compiled.end_ns()
    }

    /// Every track's target, in clip order.
    pub fn targets(&self) -> Vec<&str> {
        self.compiled.tracks.iter().map(|t| t.target()).collect()
    }

    /// Every track's kind, in clip order; `None` for a track with no keypoint.
    pub fn kinds(&self) -> Vec<Option<ValueKind>> {
        self.compiled.tracks.iter().map(|t| t.kind()).collect()
    }

    /// How many tracks have at least one keypoint.
    pub fn keyed_tracks(&self) -> usize {
        self.kinds().iter().flatten().count()
    }

    /// Track `index`'s samples at `times`, each exactly what sampling that time alone gives
    /// (the engine's batch sampling, docs/curves.md §4.7).
    pub fn samples(&self, index: usize, times: &[f64]) -> BakedSamples {
        sample_track(&self.compiled.tracks[index], times)
    }

    /// The velocities (units per second of clip time) of number track `index` at `times`,
    /// each the engine's exact velocity at that time (docs/curves.md §4.4); empty for a
    /// boolean or string track.
    pub fn velocities(&self, index: usize, times: &[f64]) -> Vec<f64> {
        let mut values = vec![0.0; times.len()];
        let mut velocities = vec![0.0; times.len()];
        match self.compiled.tracks[index].sample_numbers(times, &mut values, &mut velocities) {
            true => velocities,
            false => Vec::new(),
        }
    }

    /// `count` points (time ns, value) of number track `index` from `start` to `end`, spaced
    /// evenly in the Bézier parameter within a segment (docs/curves.md §4.7); empty for other tracks.
    pub fn polyline(&self, index: usize, start: f64, end: f64, count: usize) -> Vec<(f64, f64)> {
        let mut points = Vec::with_capacity(count);
        self.compiled.tracks[index].polyline(start, end, count, &mut points);
        points
    }
}

/// A track's keypoints as the plot marks them: (time ns, value).
#[derive(Clone, Debug, PartialEq)]
pub struct KeypointMark {
    /// The keypoint's time in nanoseconds.
    pub time_ns: i64,
    /// Its value.
    pub value: MarkValue,
}

/// A keypoint's value, for marking it.
#[derive(Clone, Debug, PartialEq)]
pub enum MarkValue {
    /// A number.
    Number(f64),
    /// A boolean.
    Boolean(bool),
    /// A string.
    Text(String),
}

/// The keypoints of track `index` of `clip`, in time order.
pub fn keypoint_marks(clip: &Clip, index: usize) -> Vec<KeypointMark> {
    let mut marks: Vec<KeypointMark> = clip.tracks[index]
        .keypoints
        .iter()
        .map(|k| KeypointMark {
            time_ns: k.time_ns,
            value: match &k.value {
                KeyValue::Number(x) => MarkValue::Number(*x),
                KeyValue::Boolean(b) => MarkValue::Boolean(*b),
                KeyValue::Text(s) => MarkValue::Text(s.clone()),
            },
        })
        .collect();
    marks.sort_by_key(|m| m.time_ns);
    marks
}

/// The handles authored on number track `index` of `clip`: (keypoint, control point) in
/// (ns, value), one per side given as `{"dtNs", "dv"}`.
pub fn authored_handles(clip: &Clip, index: usize) -> Vec<[(f64, f64); 2]> {
    let mut handles = Vec::new();
    for k in &clip.tracks[index].keypoints {
        let KeyValue::Number(value) = k.value else {
            continue;
        };
        let at = (k.time_ns as f64, value);
        for side in [k.arrive, k.leave].into_iter().flatten() {
            if let Transition::Handle { dt_ns, dv } = side {
                handles.push([at, (at.0 + dt_ns, value + dv)]);
            }
        }
    }
    handles
}
