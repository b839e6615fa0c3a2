//! Baking (docs/contract.md §4.12, docs/playback.md §8): the engine's bake plan written once
//! to any [`Output`] as a `BakedAnimation`, numbers `F32` for a narrow 1.x track.

use std::cell::Cell;

use animation_engine::{
    AnimationId, BakePlan, ClipTime, CompiledTrack, Precision, Sample, ValueKind,
};

use crate::answer::{Output, Records, Samples};
use crate::convert::time::unsigned;
use crate::records::BakedAnimation;
use crate::state::AnimationModule;
use crate::typed::refused::Refused;

/// The frame rate a bake uses when none is given (docs/contract.md §4.12).
pub(crate) const DEFAULT_FRAME_RATE: f32 = 60.0;

impl AnimationModule {
    /// Samples a loaded clip at `frame_rate` (default 60, finite and > 0) over
    /// `[start (default 0), end (default the clip's end)]` of clip-local
    /// time. Refused for an unknown animation, then a bad rate, too many
    /// samples or too much text — each with its own reason. Each sample as `S` says: the
    /// contract's `bake` is `S` = [`Values`](crate::answer::Values), `bake_with_derivatives`
    /// [`WithVelocities`](crate::answer::WithVelocities).
    pub fn bake<S: Samples>(
        &self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<BakedAnimation, Refused> {
        let plan = self.bake_plan(anim, frame_rate, start, end)?;
        Ok(baked::<S, _>(&plan, &mut Records))
    }

    /// A bake checked and timed as [`bake`](Self::bake) checks it, its samples not yet
    /// taken: [`baked`] writes them.
    pub fn bake_plan(
        &self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<BakePlan<'_>, Refused> {
        let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
        Ok(self.engine.bake_plan(anim, rate, start, end)?)
    }
}

/// A bake's `BakedAnimation`, each sample as `S` says (`bake`:
/// [`Values`](crate::answer::Values), `bake_with_derivatives`:
/// [`WithVelocities`](crate::answer::WithVelocities)), written to `out`. Number tracks are
/// sampled into one pair of scratch lists reused from track to track and written from them
/// in one tight pass; boolean and text samples are written as they are sampled.
pub fn baked<S: Samples, O: Output>(plan: &BakePlan<'_>, out: &mut O) -> O::Baked {
    let tracks = plan.tracks();
    let (start, end) = (unsigned(plan.start.ns()), unsigned(plan.end.ns()));
    let mut baked = out.baked_animation(plan.rate as f32, start, end, tracks.len());
    let mut scratch = Scratch::default();
    for track in tracks {
        if track.kind() == Some(ValueKind::Number) {
            scratch.sample(plan, track);
            let scratch = &scratch;
            out.baked_track(
                &mut baked,
                track.target(),
                |out| numbers(out, &scratch.values, track.precision()),
                |out| S::number_derivatives(out, &scratch.velocities),
            );
        } else {
            let samples = Cell::new(0);
            out.baked_track(
                &mut baked,
                track.target(),
                |out| others(out, plan, track, &samples),
                |out| S::other_derivatives(out, samples.get()),
            );
        }
    }
    out.end_baked_animation(baked)
}

/// A number track's values and velocities at every bake time, reused from track to track.
#[derive(Default)]
struct Scratch {
    values: Vec<f64>,
    velocities: Vec<f64>,
}

impl Scratch {
    /// Samples number track `track` at every time of `plan`.
    fn sample(&mut self, plan: &BakePlan<'_>, track: &CompiledTrack) {
        let samples = plan.samples(track);
        self.values.resize(samples, 0.0);
        self.velocities.resize(samples, 0.0);
        plan.numbers(track, &mut self.values, &mut self.velocities);
    }
}

/// A number track's values: `F32` for a narrow 1.x track, `F64` otherwise.
#[inline(always)]
fn numbers<O: Output>(out: &mut O, samples: &[f64], precision: Precision) -> O::Value {
    let mut values = out.values(samples.len());
    if precision == Precision::Single {
        for &x in samples {
            let value = out.f32(x as f32);
            out.push(&mut values, value);
        }
    } else {
        for &x in samples {
            let value = out.f64(x);
            out.push(&mut values, value);
        }
    }
    out.end_values(values)
}

/// A boolean or text track's values, written as they are sampled; their number left in
/// `count`.
fn others<'a, O: Output>(
    out: &mut O,
    plan: &BakePlan<'a>,
    track: &'a CompiledTrack,
    count: &Cell<usize>,
) -> O::Value {
    let mut values = out.values(plan.samples(track));
    plan.each(track, |sample| {
        count.set(count.get() + 1);
        let value = match sample {
            Sample::Boolean(boolean) => out.boolean(boolean),
            Sample::Text(text) => out.text(text),
            // Not reached: number tracks are sampled apart.
            Sample::Number { value, .. } => out.f64(value),
        };
        out.push(&mut values, value);
    });
    out.end_values(values)
}
