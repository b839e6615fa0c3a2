//! Baking (docs/curves.md §5): every track of a clip sampled at a fixed rate over a window of
//! clip-local time. Sampling only; players take no part.

use crate::clip::model::ValueKind;
use crate::clip::valid_clip::Precision;
use crate::curve::track::{CompiledClip, CompiledTrack, Cursor, Sample};
use crate::time::ClipTime;

/// Nanoseconds per second.
const SEC: f64 = 1e9;

/// The most frames a window may span, and the most samples over all keyed tracks: 2^20.
const SAMPLE_CAP: u64 = 1 << 20;

/// The most bytes the text samples of one bake may hold in all: 32 MiB in a wasm guest,
/// 1 GiB natively.
///
/// The spec caps samples, not bytes, so a long string keyed on a text track and baked at a
/// high rate makes every sample a copy of it: gigabytes, which abort a native host, and far
/// less traps a wasm guest, whose instance memory the engine caps (256 MiB by default),
/// losing all its clips and players. Such a bake is refused instead, as one with too many
/// samples is. In a guest the text is held about twice (samples, then the result buffer),
/// hence 32 MiB there; natively only absurd bakes come near 1 GiB.
#[cfg(target_arch = "wasm32")]
pub const TEXT_CAP: usize = 1 << 25;
/// See the wasm32 definition: natively the cap only stops absurd bakes.
#[cfg(not(target_arch = "wasm32"))]
pub const TEXT_CAP: usize = 1 << 30;

/// A baked clip: the window actually used and one entry per clip track, in clip order.
#[derive(Clone, Debug, PartialEq)]
pub struct Bake {
    /// Samples per second.
    pub rate: f64,
    /// The first sample time.
    pub start: ClipTime,
    /// The end after being raised to the start.
    pub end: ClipTime,
    /// Sample times in clip-local nanoseconds: start + k × (1e9 / rate), up to the first at
    /// or past the end.
    pub times: Vec<f64>,
    /// One entry per clip track, in clip order.
    pub tracks: Vec<BakedTrack>,
}

/// One track's samples; tracks sharing a target with an earlier one are baked too.
#[derive(Clone, Debug, PartialEq)]
pub struct BakedTrack {
    /// The output key the track writes.
    pub target: String,
    /// How the track's numbers are reported.
    pub precision: Precision,
    /// Its samples, one per bake time.
    pub samples: BakedSamples,
}

/// The samples of one track at every bake time.
#[derive(Clone, Debug, PartialEq)]
pub enum BakedSamples {
    /// A track with no keypoint: no samples.
    Empty,
    /// Values, and velocities (units per second of clip-local time) when derivatives were
    /// asked for (empty otherwise).
    Number {
        /// The value at each bake time.
        values: Vec<f64>,
        /// The velocity at each bake time, when asked for.
        velocities: Vec<f64>,
    },
    /// A boolean track: the value holding at each bake time.
    Boolean(Vec<bool>),
    /// A string track: the value holding at each bake time.
    Text(Vec<String>),
}

impl BakedSamples {
    /// The number of samples (0 for an empty track).
    pub fn len(&self) -> usize {
        match self {
            BakedSamples::Empty => 0,
            BakedSamples::Number { values, .. } => values.len(),
            BakedSamples::Boolean(v) => v.len(),
            BakedSamples::Text(v) => v.len(),
        }
    }

    /// Whether there is no sample (a track with no keypoint).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What a bake keeps of each number sample, as a type: its value alone ([`Values`]) or its
/// value and velocity ([`WithVelocities`]): the contract's `bake` and
/// `bake_with_derivatives` are [`bake_as`] of one and the other ([`bake`] the first).
pub trait BakeSamples {
    /// An empty list for the velocities of a number track of `count` samples, as large as
    /// it will grow.
    fn velocities(count: usize) -> Vec<f64>;
    /// Keeps a sample's `velocity` in `velocities`, or not.
    fn keep(velocities: &mut Vec<f64>, velocity: f64);
}

/// Each sample's value alone: what [`bake`] answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Values;

/// Each sample's value and, for a number, its velocity: what
/// [`bake_as`]`::<WithVelocities>` answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct WithVelocities;

impl BakeSamples for Values {
    #[inline]
    fn velocities(_: usize) -> Vec<f64> {
        Vec::new()
    }

    #[inline]
    fn keep(_: &mut Vec<f64>, _: f64) {}
}

impl BakeSamples for WithVelocities {
    #[inline]
    fn velocities(count: usize) -> Vec<f64> {
        Vec::with_capacity(count)
    }

    #[inline]
    fn keep(velocities: &mut Vec<f64>, velocity: f64) {
        velocities.push(velocity);
    }
}

/// Bakes `clip`'s values at `rate` samples per second from `start` (default 0) to `end`
/// (default the clip's end, raised to the start).
///
/// Refused when the rate is not finite and above 0, when the window spans 2^20 periods or
/// more, when samples × (tracks with keypoints) exceeds 2^20, or when the text samples would
/// exceed [`TEXT_CAP`].
pub fn bake(
    clip: &CompiledClip,
    rate: f64,
    start: Option<ClipTime>,
    end: Option<ClipTime>,
) -> Result<Bake, BakeError> {
    bake_as::<Values>(clip, rate, start, end)
}

/// As [`bake`], keeping of each number sample what `S` says: with [`WithVelocities`], each
/// number sample's velocity in value units per second of clip-local time.
pub fn bake_as<S: BakeSamples>(
    clip: &CompiledClip,
    rate: f64,
    start: Option<ClipTime>,
    end: Option<ClipTime>,
) -> Result<Bake, BakeError> {
    let plan = plan(clip, rate, start, end)?;
    let tracks = clip
        .tracks
        .iter()
        .map(|t| BakedTrack {
            target: t.target().to_owned(),
            precision: t.precision(),
            samples: bake_track::<S>(t, &plan.times),
        })
        .collect();
    Ok(Bake {
        rate,
        start: plan.start,
        end: plan.end,
        times: plan.times,
        tracks,
    })
}

/// A bake checked and timed but not yet sampled (docs/curves.md §5): the window actually
/// used, its sample times and the clip's tracks. [`BakePlan::each`] hands one track's
/// samples to a caller as they are solved, so that a caller with its own form of the answer
/// (the host's `Value` lists) builds it straight from the samples, without copying them into
/// a [`Bake`]'s vectors first. [`bake`] is a plan collected into vectors.
#[derive(Clone, Debug)]
pub struct BakePlan<'a> {
    clip: &'a CompiledClip,
    /// Samples per second.
    pub rate: f64,
    /// The first sample time.
    pub start: ClipTime,
    /// The end after being raised to the start.
    pub end: ClipTime,
    /// Sample times in clip-local nanoseconds, as [`Bake::times`].
    pub times: Vec<f64>,
}

impl<'a> BakePlan<'a> {
    /// The clip's tracks, in clip order: one baked track each.
    pub fn tracks(&self) -> &'a [CompiledTrack] {
        &self.clip.tracks
    }

    /// The number of samples `track` bakes: one per time, none for a track with no keypoint.
    pub fn samples(&self, track: &CompiledTrack) -> usize {
        if track.kind().is_some() {
            self.times.len()
        } else {
            0
        }
    }

    /// Hands `each` every sample of `track` in time order, the samples [`bake`] and
    /// [`bake_as`]`::<WithVelocities>` collect (numbers with their velocity).
    pub fn each(&self, track: &'a CompiledTrack, each: impl FnMut(Sample<'a>)) {
        each_sample(track, &self.times, each);
    }

    /// A number track's values and velocities at every time, written into the first
    /// [`times`](Self::times)`.len()` slots of each: the samples [`bake_as`]`::<WithVelocities>`
    /// collects, without a vector of its own. Writes nothing and returns false for another
    /// kind of track or an output shorter than the times.
    pub fn numbers(
        &self,
        track: &CompiledTrack,
        values: &mut [f64],
        velocities: &mut [f64],
    ) -> bool {
        track.sample_numbers(&self.times, values, velocities)
    }
}

/// Checks a bake of `clip` (rate, samples, text, as [`bake`] refuses) and takes its sample
/// times, sampling nothing yet.
pub fn plan(
    clip: &CompiledClip,
    rate: f64,
    start: Option<ClipTime>,
    end: Option<ClipTime>,
) -> Result<BakePlan<'_>, BakeError> {
    let clip_end = ClipTime::from_ns(clip.end_ns());
    let window = BakeWindow::new(clip_end, rate, start, end, SAMPLE_CAP)?;
    let keyed = clip.tracks.iter().filter(|t| t.kind().is_some()).count() as u64;
    if window.samples().saturating_mul(keyed) > SAMPLE_CAP {
        return Err(BakeError::TooManySamples);
    }
    let times: Vec<f64> = (0..window.samples()).map(|k| window.time(k)).collect();
    let text = (clip.tracks.iter().map(|t| text_bytes(t, &times))).fold(0, usize::saturating_add);
    if text > TEXT_CAP {
        return Err(BakeError::TooMuchText);
    }
    Ok(BakePlan {
        clip,
        rate,
        start: window.start,
        end: window.end,
        times,
    })
}

/// A bake's window after its defaults and its sample times (docs/curves.md §5 steps 1–4):
/// from `start` (default 0) to `end` (default the clip's end, raised to the start), a sample
/// every `1e9 / rate` ns, F + 1 samples. The contract's bake and the command line's streamed
/// one both take it; they differ only in the most frames they allow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BakeWindow {
    /// The first sample time.
    pub start: ClipTime,
    /// The end after being raised to the start.
    pub end: ClipTime,
    /// 1e9 / rate: nanoseconds between samples.
    pub period: f64,
    /// F of docs/curves.md §5 step 4: the index of the first sample at or past the end.
    pub frames: u64,
}

impl BakeWindow {
    /// The window of a bake at `rate` samples per second of a clip ending at `clip_end`.
    /// Refused when the rate is not finite and above 0, or when the window spans `limit`
    /// periods or more (see [`frame_count`]).
    pub fn new(
        clip_end: ClipTime,
        rate: f64,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
        limit: u64,
    ) -> Result<BakeWindow, BakeError> {
        if !rate.is_finite() || rate <= 0.0 {
            return Err(BakeError::InvalidRate(rate));
        }
        let start = start.unwrap_or(ClipTime::ZERO);
        let end = end.unwrap_or(clip_end).max(start);
        let period = SEC / rate;
        let frames = frame_count(start, end, period, limit).ok_or(BakeError::TooManySamples)?;
        Ok(BakeWindow {
            start,
            end,
            period,
            frames,
        })
    }

    /// How many samples each keyed track takes: F + 1.
    pub fn samples(&self) -> u64 {
        self.frames + 1
    }

    /// Sample `k`'s time ([`sample_time`]).
    pub fn time(&self, k: u64) -> f64 {
        sample_time(self.start, k, self.period)
    }
}

/// F of docs/curves.md §5 step 4: the index of the first sample at or past `end` of a window
/// from `start` sampled every `period` ns (a bake takes F + 1 samples); none when the window
/// spans `limit` periods or more (the contract's limit is 2^20; a streamed bake may take up
/// to 2^53, where F stays exact in f64).
pub fn frame_count(start: ClipTime, end: ClipTime, period: f64, limit: u64) -> Option<u64> {
    // The difference is formed exactly (i128) so windows wider than i64 cannot wrap; within
    // i64 this is the same f64 as the reference's `end − start`.
    let width = (i128::from(end.ns()) - i128::from(start.ns())) as f64;
    let first_guess = (width / period).floor();
    if !first_guess.is_finite() || first_guess >= limit as f64 {
        return None;
    }
    let (start, end) = (start.ns() as f64, end.ns() as f64);
    let mut frames = first_guess;
    while start + frames * period < end {
        frames += 1.0;
    }
    while frames > 0.0 && start + (frames - 1.0) * period >= end {
        frames -= 1.0;
    }
    Some(frames as u64)
}

/// Sample `k`'s time of a bake from `start` every `period` ns (docs/curves.md §5): clip-local
/// nanoseconds, fractional in general.
pub fn sample_time(start: ClipTime, k: u64, period: f64) -> f64 {
    start.ns() as f64 + k as f64 * period
}

/// One track's values and velocities at `times`, as [`bake_as`]`::<WithVelocities>` gives them;
/// each sample is what sampling its time alone gives.
pub fn sample_track(track: &CompiledTrack, times: &[f64]) -> BakedSamples {
    bake_track::<WithVelocities>(track, times)
}

/// The bytes a text track's samples at `times` hold (0 for other kinds), counted up to just
/// past [`TEXT_CAP`].
fn text_bytes(track: &CompiledTrack, times: &[f64]) -> usize {
    if track.kind() != Some(ValueKind::Text) {
        return 0;
    }
    let mut cursor = Cursor::default();
    let mut total = 0;
    for &t in times {
        if let Some(Sample::Text(text)) = track.sample(t, &mut cursor) {
            total = text.len().saturating_add(total);
        }
        if total > TEXT_CAP {
            break;
        }
    }
    total
}

/// Every sample of `track` at `times`, in time order: numbers located four at a time and
/// solved together, booleans and text one at a time; nothing for a track with no keypoint.
fn each_sample<'a>(track: &'a CompiledTrack, times: &[f64], mut each: impl FnMut(Sample<'a>)) {
    match track.kind() {
        None => {}
        Some(ValueKind::Number) => track.sample_each(times, |_, sample| each(sample)),
        Some(ValueKind::Boolean | ValueKind::Text) => {
            let mut cursor = Cursor::default();
            for &t in times {
                if let Some(sample) = track.sample(t, &mut cursor) {
                    each(sample);
                }
            }
        }
    }
}

/// One track's samples at `times` collected into vectors sized for them up front.
fn bake_track<S: BakeSamples>(track: &CompiledTrack, times: &[f64]) -> BakedSamples {
    let count = times.len();
    match track.kind() {
        None => BakedSamples::Empty,
        Some(ValueKind::Number) => {
            let (mut values, mut velocities) = (Vec::with_capacity(count), S::velocities(count));
            each_sample(track, times, |sample| {
                if let Sample::Number { value, velocity } = sample {
                    values.push(value);
                    S::keep(&mut velocities, velocity);
                }
            });
            BakedSamples::Number { values, velocities }
        }
        Some(ValueKind::Boolean) => {
            let mut values = Vec::with_capacity(count);
            each_sample(track, times, |s| {
                values.push(matches!(s, Sample::Boolean(true)))
            });
            BakedSamples::Boolean(values)
        }
        Some(ValueKind::Text) => {
            let mut values = Vec::with_capacity(count);
            each_sample(track, times, |s| {
                values.push(match s {
                    Sample::Text(text) => text.to_owned(),
                    _ => String::new(),
                })
            });
            BakedSamples::Text(values)
        }
    }
}

/// Why a bake (docs/curves.md §5) is refused.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum BakeError {
    /// The rate is NaN, infinite, zero or negative.
    #[error("frame rate {0} is not a finite number above 0")]
    InvalidRate(f64),
    /// The window needs 2^20 frames or more, or the samples over all keyed tracks exceed 2^20.
    #[error("the bake would take too many samples (more than 1048576)")]
    TooManySamples,
    /// The text samples would hold more than [`TEXT_CAP`] bytes in all.
    #[error("the bake's text samples would exceed {} bytes", TEXT_CAP)]
    TooMuchText,
}
