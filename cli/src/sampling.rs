//! Sampling a clip through the engine: the samples of a streamed bake and the curves a
//! plot draws. With `clip_file.rs`, the only place the command line calls the engine
//! directly.

use animation_engine::{
    Clip, CompiledClip, CompiledTrack, Cursor, KeyValue, Sample, Transition, ValidClip, ValueKind,
};

/// One track's samples at a run of times, in the order of the times.
#[derive(Clone, Debug, PartialEq)]
pub enum Samples {
    /// A track with no keypoint has no sample.
    Empty,
    /// Values and velocities (units per second of clip-local time).
    Number {
        /// Values, one per sample.
        values: Vec<f64>,
        /// Velocities, one per sample, when asked for.
        velocities: Vec<f64>,
    },
    /// Boolean samples.
    Boolean(Vec<bool>),
    /// String samples.
    Text(Vec<String>),
}

/// The kind of a track, as the command line shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Number keypoints.
    Number,
    /// Boolean keypoints.
    Boolean,
    /// String keypoints.
    Text,
}

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
    pub fn kinds(&self) -> Vec<Option<Kind>> {
        self.compiled.tracks.iter().map(track_kind).collect()
    }

    /// How many tracks have at least one keypoint.
    pub fn keyed_tracks(&self) -> usize {
        self.kinds().iter().flatten().count()
    }

    /// Track `index`'s samples at `times`, each exactly what sampling that time alone gives
    /// (the engine's batch sampling, docs/curves.md §4.7).
    pub fn samples(&self, index: usize, times: &[f64]) -> Samples {
        let track = &self.compiled.tracks[index];
        match track_kind(track) {
            None => Samples::Empty,
            Some(Kind::Number) => {
                let mut values = Vec::with_capacity(times.len());
                let mut velocities = Vec::with_capacity(times.len());
                track.sample_each(times, |_, sample| {
                    if let Sample::Number { value, velocity } = sample {
                        values.push(value);
                        velocities.push(velocity);
                    }
                });
                Samples::Number { values, velocities }
            }
            Some(Kind::Boolean) => {
                let each = steps(track, times, |s| matches!(s, Sample::Boolean(true)));
                Samples::Boolean(each)
            }
            Some(Kind::Text) => Samples::Text(steps(track, times, |s| match s {
                Sample::Text(text) => text.to_string(),
                _ => String::new(),
            })),
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

/// The step samples of a boolean or text track, in the order of `times`.
fn steps<T>(track: &CompiledTrack, times: &[f64], read: impl Fn(Sample<'_>) -> T) -> Vec<T> {
    let mut cursor = Cursor::default();
    times
        .iter()
        .filter_map(|&t| track.sample(t, &mut cursor))
        .map(read)
        .collect()
}

fn track_kind(track: &CompiledTrack) -> Option<Kind> {
    track.kind().map(|kind| match kind {
        ValueKind::Number => Kind::Number,
        ValueKind::Boolean => Kind::Boolean,
        ValueKind::Text => Kind::Text,
    })
}
