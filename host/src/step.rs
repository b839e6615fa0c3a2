//! Stepping (contract §4.10, playback §1.3): the device clock, then the
//! outputs as `Value`s, each built once from the engine's outputs.

use animation_engine::{Output, OutputPosition, OutputValue};
use arora_types::value::Value;

use crate::module::{AnimationModule, ns};
use crate::records::{OutputKeys, StepSamples, StepValues, TrackOutput};

impl AnimationModule {
    /// Moves the device clock to `time_ns` when given, else by `dt_ns` from the
    /// last device time (0 before the first step, saturating), and every
    /// player with it; the output table and each position's output.
    pub fn advance(&mut self, dt_ns: u64, time_ns: Option<u64>) -> (&[OutputPosition], &[Output]) {
        let dt = ns(dt_ns);
        let now = match time_ns {
            Some(time) => ns(time),
            None => self.engine.clock().unwrap_or(0).saturating_add(dt),
        };
        let outputs = self.engine.step(now, dt);
        (&self.table, outputs)
    }

    /// `step`: the valued positions, in table order.
    pub fn step_outputs(&mut self, dt_ns: u64, time_ns: Option<u64>) -> Vec<TrackOutput> {
        let (table, outputs) = self.advance(dt_ns, time_ns);
        table
            .iter()
            .zip(outputs)
            .filter_map(|(position, output)| {
                Some(TrackOutput {
                    track_id: position.track_id.clone(),
                    default_key: position.key.clone(),
                    value: value_of(output)?,
                })
            })
            .collect()
    }

    /// `step_values`: every position's value, `Unit` where none.
    pub fn step_value_record(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepValues {
        let (_, outputs) = self.advance(dt_ns, time_ns);
        let values = values_of(outputs);
        StepValues {
            revision: self.engine.revision(),
            values,
        }
    }

    /// `step_with_velocities`: every position's value and velocity.
    pub fn step_sample_record(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepSamples {
        let (_, outputs) = self.advance(dt_ns, time_ns);
        let values = values_of(outputs);
        let velocities = Value::ArrayValue(
            outputs
                .iter()
                .map(|output| output.velocity().map_or(Value::Unit, Value::F64))
                .collect(),
        );
        StepSamples {
            revision: self.engine.revision(),
            values,
            velocities,
        }
    }

    /// `output_keys`: the revision and one key per position.
    pub fn output_key_record(&self) -> OutputKeys {
        OutputKeys {
            revision: self.engine.revision(),
            keys: self
                .table
                .iter()
                .map(|position| position.key.clone())
                .collect(),
        }
    }
}

fn values_of(outputs: &[Output]) -> Value {
    Value::ArrayValue(
        outputs
            .iter()
            .map(|output| value_of(output).unwrap_or(Value::Unit))
            .collect(),
    )
}

/// A position's value: `F32` when every contribution was narrow (§4.3.6).
fn value_of(output: &Output) -> Option<Value> {
    Some(match output.value()? {
        OutputValue::Number(x) if output.narrow() => Value::F32(x as f32),
        OutputValue::Number(x) => Value::F64(x),
        OutputValue::Boolean(b) => Value::Boolean(b),
        OutputValue::Text(text) => Value::String(text.to_string()),
    })
}
