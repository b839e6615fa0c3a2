//! Stepping (docs/contract.md §4.10, docs/playback.md §1.3): the device clock, then the
//! outputs, each written once to any [`Output`] from the engine's output table.

use animation_engine::{DeviceSpan, DeviceTime, Engine, OutputValue, Step};

use crate::answer::{Output, Records, Samples};
use crate::budget::AnswerTooLarge;
use crate::records::{OutputKeys, TrackOutput};
use crate::state::{AnimationModule, admits};
use crate::typed::answer_size;

impl AnimationModule {
    /// Moves the device clock to `now` when given, else by `dt` from the last device
    /// time (0 before the first step, saturating), and every player with it; the output
    /// table with each position's output. `dt` counts even when `now` is given: a
    /// transport command queued before the first step applies at `now − dt`, that
    /// step's start (docs/playback.md §2.2), so a step is a span *and* an end, not one of
    /// the two.
    pub fn advance(&mut self, dt: DeviceSpan, now: Option<DeviceTime>) -> Step<'_> {
        advance(&mut self.engine, dt, now)
    }

    /// `step`: the valued positions, in table order. Refused when an
    /// [`AnswerBudget`](crate::AnswerBudget) has no room for the list; the step is taken
    /// all the same.
    pub fn step(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<Vec<TrackOutput>, AnswerTooLarge> {
        self.step_to(dt, now, &mut Records)
    }

    /// [`step`](Self::step), written to `out`. The list is begun for every position up
    /// front (a list grown by doubling would copy what it holds at each step of the way).
    pub fn step_to<O: Output>(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
        out: &mut O,
    ) -> Result<O::Step, AnswerTooLarge> {
        let step = advance(&mut self.engine, dt, now);
        admits(self.budget.as_deref(), || answer_size::track_outputs(&step))?;
        let mut outputs = out.track_outputs(step.len());
        for (position, output) in step.iter() {
            let Some(value) = output.value() else {
                continue;
            };
            let (track_id, key) = (&position.track_id, &position.key);
            out.track_output(&mut outputs, track_id, key, |out| {
                value_of(out, value, output.narrow())
            });
        }
        Ok(out.end_track_outputs(outputs))
    }

    /// `step_values` (`S` = [`Values`](crate::answer::Values)): every position's value, `Unit`
    /// where none; or `step_with_velocities` ([`WithVelocities`](crate::answer::WithVelocities)):
    /// every position's value and velocity.
    /// Refused as [`step`](Self::step) is; the step is taken all the same.
    pub fn step_samples<S: Samples>(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<S::Answer<Records>, AnswerTooLarge> {
        self.step_samples_to::<S, _>(dt, now, &mut Records)
    }

    /// [`step_samples`](Self::step_samples), written to `out`.
    pub fn step_samples_to<S: Samples, O: Output>(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
        out: &mut O,
    ) -> Result<S::Answer<O>, AnswerTooLarge> {
        let step = advance(&mut self.engine, dt, now);
        admits(self.budget.as_deref(), || S::answer_size(&step))?;
        Ok(S::answer(out, &step))
    }

    /// `output_keys`: the revision and one key per position. Refused when an
    /// [`AnswerBudget`](crate::AnswerBudget) has no room for the keys.
    pub fn output_keys(&self) -> Result<OutputKeys, AnswerTooLarge> {
        self.output_keys_to(&mut Records)
    }

    /// [`output_keys`](Self::output_keys), written to `out`.
    pub fn output_keys_to<O: Output>(&self, out: &mut O) -> Result<O::OutputKeys, AnswerTooLarge> {
        let positions = || self.engine.positions();
        self.admits(|| answer_size::keys(positions()))?;
        let keys = positions().map(|position| position.key.as_str());
        Ok(out.output_keys(self.engine.revision(), keys))
    }
}

/// Moves `engine`'s clock as [`AnimationModule::advance`] says.
pub(crate) fn advance(engine: &mut Engine, dt: DeviceSpan, now: Option<DeviceTime>) -> Step<'_> {
    let now = now.unwrap_or_else(|| {
        engine
            .clock()
            .unwrap_or(DeviceTime::ZERO)
            .saturating_add(dt)
    });
    engine.step(now, dt)
}

/// Every position's value, `Unit` where it holds none: an `ArrayValue`.
#[inline(always)]
pub(crate) fn values<O: Output>(out: &mut O, step: &Step<'_>) -> O::Value {
    let mut values = out.values(step.len());
    for output in step.outputs() {
        let value = match output.value() {
            Some(value) => value_of(out, value, output.narrow()),
            None => out.unit(),
        };
        out.push(&mut values, value);
    }
    out.end_values(values)
}

/// Every position's velocity, `Unit` where it holds none: an `ArrayValue`.
#[inline(always)]
pub(crate) fn velocities<O: Output>(out: &mut O, step: &Step<'_>) -> O::Value {
    let mut velocities = out.values(step.len());
    for output in step.outputs() {
        let velocity = match output.velocity() {
            Some(velocity) => out.f64(velocity),
            None => out.unit(),
        };
        out.push(&mut velocities, velocity);
    }
    out.end_values(velocities)
}

/// A position's value: `F32` when every contribution was narrow (docs/contract.md §4.3.6).
/// Inlined into the steps' loops: as a call per value (its `OutputValue` through memory,
/// its frame set up each time), the guest's loop spent a quarter of its time in calls,
/// measured in wasm.
#[inline(always)]
fn value_of<O: Output>(out: &mut O, value: OutputValue<'_>, narrow: bool) -> O::Value {
    match value {
        OutputValue::Number(x) if narrow => out.f32(x as f32),
        OutputValue::Number(x) => out.f64(x),
        OutputValue::Boolean(b) => out.boolean(b),
        OutputValue::Text(text) => out.text(text),
    }
}
