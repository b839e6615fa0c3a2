//! Baking (docs/contract.md §4.12, docs/playback.md §8): the engine's bake as a
//! `BakedAnimation`, numbers `F32` for a narrow 1.x track.

use animation_engine::{
    AnimationId, BakePlan, ClipTime, CompiledTrack, Precision, Sample, ValueKind,
};
use arora_types::value::Value;

use crate::convert::time::unsigned;
use crate::module::AnimationModule;
use crate::records::{BakedAnimation, BakedTrack};
use crate::typed::refused::Refused;

/// The frame rate a bake uses when none is given (docs/contract.md §4.12).
pub(crate) const DEFAULT_FRAME_RATE: f32 = 60.0;

impl AnimationModule {
    /// Samples a loaded clip at `frame_rate` (default 60, finite and > 0) over
    /// `[start (default 0), end (default the clip's end)]` of clip-local
    /// time. Refused for an unknown animation, then a bad rate, too many
    /// samples or too much text — each with its own reason.
    pub fn bake(
        &self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<BakedAnimation, Refused> {
        let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
        let plan = (self.engine).bake_plan(anim, rate, start, end)?;
        Ok(baked_animation(&plan, false))
    }

    /// As [`bake`](Self::bake), with each number sample's clip-local
    /// velocity, and `none` for each boolean or text sample.
    pub fn bake_with_derivatives(
        &self,
        anim: AnimationId,
        frame_rate: Option<f32>,
        start: Option<ClipTime>,
        end: Option<ClipTime>,
    ) -> Result<BakedAnimation, Refused> {
        let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
        let plan = (self.engine).bake_plan(anim, rate, start, end)?;
        Ok(baked_animation(&plan, true))
    }
}

/// The record of a bake; `with_derivatives` says whether the derivatives were asked for.
/// Number tracks are sampled into one pair of scratch lists the bake reuses from track to
/// track, and each track's `Value` lists are filled from them in one tight pass, sized
/// exactly.
fn baked_animation(plan: &BakePlan<'_>, with_derivatives: bool) -> BakedAnimation {
    let mut scratch = Scratch::default();
    let tracks = plan.tracks();
    let tracks = (tracks.iter())
        .map(|track| baked_track(plan, track, with_derivatives, &mut scratch))
        .collect();
    BakedAnimation {
        frame_rate: plan.rate as f32,
        start_ns: unsigned(plan.start.ns()),
        end_ns: unsigned(plan.end.ns()),
        tracks,
    }
}

/// A number track's values and velocities at every bake time, reused from track to track.
#[derive(Default)]
struct Scratch {
    values: Vec<f64>,
    velocities: Vec<f64>,
}

/// One track's values and derivatives: per number sample its value (`F32` for a narrow 1.x
/// track) and `Option(Some(F64))` of its velocity, per boolean or text sample
/// `Option(None)`; the derivatives only when asked for.
fn baked_track<'a>(
    plan: &BakePlan<'a>,
    track: &'a CompiledTrack,
    with_derivatives: bool,
    scratch: &mut Scratch,
) -> BakedTrack {
    let samples = plan.samples(track);
    let (values, derivatives) = if track.kind() == Some(ValueKind::Number) {
        scratch.values.resize(samples, 0.0);
        scratch.velocities.resize(samples, 0.0);
        plan.numbers(track, &mut scratch.values, &mut scratch.velocities);
        let values = if track.precision() == Precision::Single {
            let narrow = scratch.values.iter().map(|&x| Value::F32(x as f32));
            narrow.collect()
        } else {
            scratch.values.iter().map(|&x| Value::F64(x)).collect()
        };
        let derivatives = if with_derivatives {
            let velocity = |&v: &f64| Value::Option(Some(Box::new(Value::F64(v))));
            scratch.velocities.iter().map(velocity).collect()
        } else {
            Vec::new()
        };
        (values, derivatives)
    } else {
        let mut values = Vec::with_capacity(samples);
        plan.each(track, |sample| {
            values.push(match sample {
                Sample::Boolean(boolean) => Value::Boolean(boolean),
                Sample::Text(text) => Value::String(text.to_owned()),
                // Not reached: number tracks are sampled above.
                Sample::Number { value, .. } => Value::F64(value),
            })
        });
        let none = if with_derivatives { values.len() } else { 0 };
        (values, vec![Value::Option(None); none])
    };
    BakedTrack {
        animatable_id: track.target().to_owned(),
        values: Value::ArrayValue(values),
        derivatives: Value::ArrayValue(derivatives),
    }
}
