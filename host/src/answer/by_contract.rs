//! The answers that grow with the state, called with the contract's plain integers: what a
//! caller that reads a call's arguments itself (the guest) calls, so that each argument
//! enters the engine as the contract functions enter it (`crate::convert::time`).

use animation_engine::{AnimationId, BakePlan};

use crate::answer::{Output, Samples};
use crate::budget::AnswerTooLarge;
use crate::contract::functions::ContractModule;
use crate::convert::time::{clip_time, device_span, device_time};
use crate::typed::refused::Refused;

impl ContractModule {
    /// `step(dt_ns, time_ns)`, written to `out`
    /// ([`AnimationModule::step_to`](crate::AnimationModule::step_to)).
    pub fn step_to<O: Output>(
        &mut self,
        dt_ns: u64,
        time_ns: Option<u64>,
        out: &mut O,
    ) -> Result<O::Step, AnswerTooLarge> {
        let (dt, now) = (device_span(dt_ns), time_ns.map(device_time));
        self.module_mut().step_to(dt, now, out)
    }

    /// `step_values` or `step_with_velocities(dt_ns, time_ns)`, as `S` says, written to
    /// `out` ([`AnimationModule::step_samples`](crate::AnimationModule::step_samples_to)).
    pub fn step_samples<S: Samples, O: Output>(
        &mut self,
        dt_ns: u64,
        time_ns: Option<u64>,
        out: &mut O,
    ) -> Result<S::Answer<O>, AnswerTooLarge> {
        let (dt, now) = (device_span(dt_ns), time_ns.map(device_time));
        self.module_mut().step_samples_to::<S, O>(dt, now, out)
    }

    /// The plan of `bake` or `bake_with_derivatives(anim, frame_rate, start_ns, end_ns)`:
    /// refused as the contract function refuses (it answers none), else
    /// [`baked`](crate::answer::baked) writes it.
    pub fn bake_plan(
        &self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Result<BakePlan<'_>, Refused> {
        let anim = AnimationId::from_raw(anim);
        let (start, end) = (start_ns.map(clip_time), end_ns.map(clip_time));
        self.module().bake_plan(anim, frame_rate, start, end)
    }
}
