//! [`Samples`]: what a value step or a bake answers per sample, as a type.

use animation_engine::Step;
use animation_engine::bake::BakeSamples;

pub use animation_engine::bake::{Values, WithVelocities};

use crate::answer::Output;
use crate::typed::answer_size;
use crate::typed::step::{values, velocities};

/// What a value step or a bake answers per sample: its value alone ([`Values`]:
/// `step_values`, `bake`) or its value and velocity ([`WithVelocities`]:
/// `step_with_velocities`, `bake_with_derivatives`). The steps and the bakes are each
/// written once, generic over it.
pub trait Samples: BakeSamples {
    /// A value step's answer through output `O`: a `StepValues` or a `StepSamples`.
    type Answer<O: Output>;

    /// What a value step's answer takes in memory, counted as the answer budget counts
    /// (`crate::AnswerBudget`).
    fn answer_size(step: &Step<'_>) -> usize;

    /// A value step's answer: every position's value (and velocity), `Unit` where none.
    fn answer<O: Output>(out: &mut O, step: &Step<'_>) -> Self::Answer<O>;

    /// A number track's bake derivatives, from its `velocities`: `Option(Some(F64))` each,
    /// or none at all.
    fn number_derivatives<O: Output>(out: &mut O, velocities: &[f64]) -> O::Value;

    /// A boolean or text track's bake derivatives, for its `samples`: `Option(None)` each,
    /// or none at all.
    fn other_derivatives<O: Output>(out: &mut O, samples: usize) -> O::Value;

    /// A value step's answer holding no position, at `revision`: what a contract function
    /// answers for a step the answer budget refused (docs/contract.md §4.9).
    fn nothing<O: Output>(out: &mut O, revision: u32) -> Self::Answer<O>;
}

/// An empty `ArrayValue`.
#[inline]
fn empty<O: Output>(out: &mut O) -> O::Value {
    let none = out.values(0);
    out.end_values(none)
}

impl Samples for Values {
    type Answer<O: Output> = O::StepValues;

    fn answer_size(step: &Step<'_>) -> usize {
        answer_size::values(step)
    }

    #[inline]
    fn answer<O: Output>(out: &mut O, step: &Step<'_>) -> O::StepValues {
        out.step_values(step.revision(), |out| values(out, step))
    }

    #[inline]
    fn number_derivatives<O: Output>(out: &mut O, _: &[f64]) -> O::Value {
        empty(out)
    }

    #[inline]
    fn other_derivatives<O: Output>(out: &mut O, _: usize) -> O::Value {
        empty(out)
    }

    fn nothing<O: Output>(out: &mut O, revision: u32) -> O::StepValues {
        out.step_values(revision, empty)
    }
}

impl Samples for WithVelocities {
    type Answer<O: Output> = O::StepSamples;

    fn answer_size(step: &Step<'_>) -> usize {
        answer_size::values(step).saturating_add(answer_size::velocities(step))
    }

    #[inline]
    fn answer<O: Output>(out: &mut O, step: &Step<'_>) -> O::StepSamples {
        out.step_samples(
            step.revision(),
            |out| values(out, step),
            |out| velocities(out, step),
        )
    }

    #[inline]
    fn number_derivatives<O: Output>(out: &mut O, velocities: &[f64]) -> O::Value {
        let mut derivatives = out.values(velocities.len());
        for &velocity in velocities {
            let derivative = out.some_f64(velocity);
            out.push(&mut derivatives, derivative);
        }
        out.end_values(derivatives)
    }

    #[inline]
    fn other_derivatives<O: Output>(out: &mut O, samples: usize) -> O::Value {
        let mut derivatives = out.values(samples);
        for _ in 0..samples {
            let none = out.none();
            out.push(&mut derivatives, none);
        }
        out.end_values(derivatives)
    }

    fn nothing<O: Output>(out: &mut O, revision: u32) -> O::StepSamples {
        out.step_samples(revision, empty, empty)
    }
}
