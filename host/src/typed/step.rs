//! Stepping (docs/contract.md §4.10, docs/playback.md §1.3): the device clock, then the
//! outputs as `Value`s, each built once from the engine's outputs.

use animation_engine::{DeviceSpan, DeviceTime, Engine, Output, OutputValue, Step};
use arora_types::value::Value;

use crate::budget::AnswerTooLarge;
use crate::module::{AnimationModule, admits};
use crate::records::{OutputKeys, StepSamples, StepValues, TrackOutput};
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

    /// `step`: the valued positions, in table order. The vector is sized for every
    /// position up front: collected from a filter it would grow by doubling, copying the
    /// records it holds at each step of the way. Refused when an
    /// [`AnswerBudget`](crate::AnswerBudget) has no room for the list; the step is taken
    /// all the same.
    pub fn step(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<Vec<TrackOutput>, AnswerTooLarge> {
        let step = advance(&mut self.engine, dt, now);
        admits(self.budget.as_deref(), || answer_size::track_outputs(&step))?;
        let mut outputs = Vec::with_capacity(step.len());
        outputs.extend(step.iter().filter_map(|(position, output)| {
            Some(TrackOutput {
                track_id: position.track_id.clone(),
                default_key: position.key.clone(),
                value: value_of(output)?,
            })
        }));
        Ok(outputs)
    }

    /// `step_values`: every position's value, `Unit` where none. Refused as
    /// [`step`](Self::step) is; the step is taken all the same.
    pub fn step_values(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<StepValues, AnswerTooLarge> {
        let step = advance(&mut self.engine, dt, now);
        admits(self.budget.as_deref(), || {
            answer_size::value_arrays(&step, 1)
        })?;
        Ok(StepValues {
            revision: step.revision(),
            values: Value::ArrayValue(step.outputs().map(value_or_unit).collect()),
        })
    }

    /// `step_with_velocities`: every position's value and velocity. Refused as
    /// [`step`](Self::step) is; the step is taken all the same.
    pub fn step_with_velocities(
        &mut self,
        dt: DeviceSpan,
        now: Option<DeviceTime>,
    ) -> Result<StepSamples, AnswerTooLarge> {
        let step = advance(&mut self.engine, dt, now);
        admits(self.budget.as_deref(), || {
            answer_size::value_arrays(&step, 2)
        })?;
        // One walk over the table fills both lists, each sized for every position up front.
        let mut values = Vec::with_capacity(step.len());
        let mut velocities = Vec::with_capacity(step.len());
        for output in step.outputs() {
            values.push(value_or_unit(output));
            velocities.push(output.velocity().map_or(Value::Unit, Value::F64));
        }
        Ok(StepSamples {
            revision: step.revision(),
            values: Value::ArrayValue(values),
            velocities: Value::ArrayValue(velocities),
        })
    }

    /// `output_keys`: the revision and one key per position. Refused when an
    /// [`AnswerBudget`](crate::AnswerBudget) has no room for the keys.
    pub fn output_keys(&self) -> Result<OutputKeys, AnswerTooLarge> {
        let positions = || self.engine.positions();
        self.admits(|| answer_size::keys(positions()))?;
        Ok(OutputKeys {
            revision: self.engine.revision(),
            keys: positions().map(|position| position.key.clone()).collect(),
        })
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

/// A position's value, `Unit` where it holds none.
fn value_or_unit(output: &Output) -> Value {
    value_of(output).unwrap_or(Value::Unit)
}

/// A position's value: `F32` when every contribution was narrow (docs/contract.md §4.3.6).
fn value_of(output: &Output) -> Option<Value> {
    Some(match output.value()? {
        OutputValue::Number(x) if output.narrow() => Value::F32(x as f32),
        OutputValue::Number(x) => Value::F64(x),
        OutputValue::Boolean(b) => Value::Boolean(b),
        OutputValue::Text(text) => Value::String(text.to_string()),
    })
}
