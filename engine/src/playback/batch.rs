//! Number samples of one instance solved side by side (curves §4.3–§4.4).
//!
//! Nearly all of a step's time is the §4.3 solver: a few dependent Newton iterations per
//! sample, each waiting on a division. The tracks of one instance are independent, so their
//! solves are queued here and run [`LANES`] at a time in lockstep, which lets the processor
//! overlap them; each lane computes exactly what a lone solve would. Tracks keyed together
//! with the same easings share their segments' time curves, and a solve depends only on
//! the curve and the time, so a solve already done in this instance is reused.

use crate::curve::fast_solve::{FastCurve, solve_some_fast};
use crate::curve::solve::LANES;
use crate::curve::track::Segment;
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
};

/// A solve's inputs as bits, so that exactly the identical inputs match: 0 does not match
/// −0 (as `==` would have it), and a NaN matches the same NaN (which `==` never does).
/// Whether the segment is certified for the fast solve is part of them: it depends on the
/// segment's values too, so two tracks sharing a time curve may solve it differently.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Inputs {
    x: [u64; 4],
    into: u64,
    certified: bool,
}

impl Inputs {
    fn of(segment: &Segment, into: f64) -> Inputs {
        Inputs {
            x: segment.x.map(f64::to_bits),
            into: into.to_bits(),
            certified: segment.fast.is_certified(),
        }
    }
}

/// Queued number samples of one instance, each bound for its own output position, and the
/// solves of the last batch.
pub(crate) struct Batch<'a> {
    segments: [&'a Segment; LANES],
    inputs: [Inputs; LANES],
    slots: [usize; LANES],
    narrow: [bool; LANES],
    len: usize,
    solved: [(Inputs, f64); LANES],
    solved_len: usize,
    weight: f64,
    rate: f64,
}

impl<'a> Batch<'a> {
    /// An empty batch for an instance of this weight and rate.
    pub(crate) fn new(weight: f64, rate: f64) -> Self {
        Batch {
            segments: [&IDLE; LANES],
            inputs: [Inputs::default(); LANES],
            slots: [0; LANES],
            narrow: [false; LANES],
            len: 0,
            solved: [(Inputs::default(), 0.0); LANES],
            solved_len: 0,
            weight,
            rate,
        }
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
        let inputs = Inputs::of(segment, into);
        if self.inputs[..self.len].contains(&inputs) {
            self.flush(outputs);
        }
        if let Some(&(_, u)) = self.solved[..self.solved_len]
            .iter()
            .find(|(solved, _)| *solved == inputs)
        {
            outputs[slot].add(segment.sample_at(u), self.weight, self.rate, narrow);
            return;
        }
        let lane = self.len;
        self.segments[lane] = segment;
        self.inputs[lane] = inputs;
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
        let into = self.inputs.map(|inputs| f64::from_bits(inputs.into));
        let fast = self.segments.map(|segment| &segment.fast);
        let u = solve_some_fast(
            self.len,
            fast,
            self.segments.map(|segment| &segment.x),
            into,
        );
        for lane in 0..self.len {
            let sample = self.segments[lane].sample_at(u[lane]);
            outputs[self.slots[lane]].add(sample, self.weight, self.rate, self.narrow[lane]);
            self.solved[lane] = (self.inputs[lane], u[lane]);
        }
        self.solved_len = self.len;
        self.len = 0;
    }
}
