//! Number samples of one instance solved side by side (docs/curves.md §4.3–§4.4).
//!
//! Nearly all of a step's time is the docs/curves.md §4.3 solver: a few dependent Newton iterations
//! per sample, each waiting on a division. The tracks of one instance are independent, so their
//! solves are queued here and run [`LANES`] at a time in lockstep, which lets the processor
//! overlap them; each lane computes exactly what a lone solve would. Tracks keyed together
//! with the same easings share their segments' time curves, and a solve depends only on
//! the curve and the time, so a solve already done in this instance is reused.

use crate::curve::fast_solve::{FastCurve, Place, solve_some_fast};
use crate::curve::solve::{LANES, numbers_at};
use crate::curve::track::{Sample, Segment};
use crate::playback::output::Output;

/// What the lanes not in use point at before the first sample is queued.
static IDLE: Segment = Segment {
    start: 0,
    start_ns: 0,
    end_ns: 0,
    origin: 0.0,
    end: 0.0,
    x: [0.0; 4],
    y: [0.0; 4],
    fast: FastCurve::NONE,
    timing: 0,
};

/// What a solve depends on: the segment's timing (its time curve and certification, see
/// [`Segment::timing`]) and the time into it as bits, so that exactly the identical inputs
/// match: 0 does not match −0 (as `==` would have it), and a NaN matches the same NaN
/// (which `==` never does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Key {
    timing: u32,
    into: u64,
}

/// Queued number samples of one instance at a time, each bound for its own output
/// position, and the solves of the last batch. One batch serves a whole step: [`Batch::start`]
/// moves it to the next instance.
pub(crate) struct Batch<'a> {
    segments: [&'a Segment; LANES],
    keys: [Key; LANES],
    into: [f64; LANES],
    place: [Place; LANES],
    slots: [usize; LANES],
    narrow: [bool; LANES],
    len: usize,
    /// The last batch's solves: inputs, u and B′(X; u).
    solved: [(Key, f64, f64); LANES],
    solved_len: usize,
    weight: f64,
    rate: f64,
}

impl<'a> Batch<'a> {
    /// An empty batch; [`Batch::start`] it before pushing.
    pub(crate) fn new() -> Self {
        Batch {
            segments: [&IDLE; LANES],
            keys: [Key::default(); LANES],
            into: [0.0; LANES],
            place: [Place::default(); LANES],
            slots: [0; LANES],
            narrow: [false; LANES],
            len: 0,
            solved: [(Key::default(), 0.0, 0.0); LANES],
            solved_len: 0,
            weight: 0.0,
            rate: 0.0,
        }
    }

    /// Starts an instance of this weight and rate whose samples all come from one compiled
    /// clip (timings are numbered per clip). Flush the previous instance first.
    pub(crate) fn start(&mut self, weight: f64, rate: f64) {
        debug_assert_eq!(self.len, 0, "the previous instance was not flushed");
        self.weight = weight;
        self.rate = rate;
        self.solved_len = 0;
    }

    /// Adds the sample `into` ns into `segment` to position `slot`: at once if the last
    /// batch solved the same inputs, else once its batch is solved. A full batch, or one
    /// already holding the same inputs, is solved first.
    #[inline]
    pub(crate) fn push(
        &mut self,
        segment: &'a Segment,
        into: f64,
        slot: usize,
        narrow: bool,
        outputs: &mut [Output],
    ) {
        let key = Key {
            timing: segment.timing,
            into: into.to_bits(),
        };
        if self.keys[..self.len].contains(&key) {
            self.flush(outputs);
        }
        if let Some(&(_, u, dx)) = self.solved[..self.solved_len]
            .iter()
            .find(|(solved, ..)| *solved == key)
        {
            // The same timing: the same time curve, so B′(X; u) is the solved lane's.
            outputs[slot].add(segment.sample_with(u, dx), self.weight, self.rate, narrow);
            return;
        }
        let lane = self.len;
        self.segments[lane] = segment;
        self.keys[lane] = key;
        self.into[lane] = into;
        self.place[lane] = segment.fast.place(into);
        self.slots[lane] = slot;
        self.narrow[lane] = narrow;
        self.len += 1;
        if self.len == LANES {
            self.flush(outputs);
        }
    }

    /// Solves what is queued and adds each sample to its position. The positions differ
    /// (a clip plays one track per target), so the order of the adds does not matter.
    pub(crate) fn flush(&mut self, outputs: &mut [Output]) {
        if self.len == 0 {
            return;
        }
        let x = self.segments.map(|segment| &segment.x);
        let fast = self.segments.map(|segment| &segment.fast);
        let u = solve_some_fast(self.len, fast, x, self.into, self.place);
        let numbers = numbers_at(self.len, x, self.segments.map(|segment| &segment.y), u);
        for lane in 0..self.len {
            let (value, velocity, dx) = numbers[lane];
            let sample = Sample::Number { value, velocity };
            outputs[self.slots[lane]].add(sample, self.weight, self.rate, self.narrow[lane]);
            self.solved[lane] = (self.keys[lane], u[lane], dx);
        }
        self.solved_len = self.len;
        self.len = 0;
    }
}
