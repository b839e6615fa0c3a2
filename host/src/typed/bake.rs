//! Baking (docs/contract.md §4.12, docs/playback.md §8): the engine's bake as a
//! `BakedAnimation`, numbers `F32` for a narrow 1.x track.

use animation_engine::{AnimationId, Bake, BakedSamples, ClipTime, Precision};
use arora_types::value::Value;

use crate::convert::time::unsigned;
use crate::module::AnimationModule;
use crate::records::{BakedAnimation, BakedTrack};
use crate::typed::refused::Refused;

/// The frame rate a bake uses when none is given.
const DEFAULT_FRAME_RATE: f32 = 60.0;

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
        let bake = (self.engine).bake(anim, rate, start, end)?;
        Ok(baked_animation(bake, false))
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
        let bake = (self.engine).bake_with_derivatives(anim, rate, start, end)?;
        Ok(baked_animation(bake, true))
    }
}

/// The record of a bake; `with_derivatives` says whether the derivatives were asked for.
fn baked_animation(bake: Bake, with_derivatives: bool) -> BakedAnimation {
    let tracks = bake
        .tracks
        .into_iter()
        .map(|track| {
            let narrow = track.precision == Precision::Single;
            let (values, derivatives) = samples(track.samples, narrow, with_derivatives);
            BakedTrack {
                animatable_id: track.target,
                values: Value::ArrayValue(values),
                derivatives: Value::ArrayValue(derivatives),
            }
        })
        .collect();
    BakedAnimation {
        frame_rate: bake.rate as f32,
        start_ns: unsigned(bake.start.ns()),
        end_ns: unsigned(bake.end.ns()),
        tracks,
    }
}

/// One track's values and derivatives: `Option(Some(F64))` per number sample
/// and `Option(None)` per boolean or text sample when asked for, else none.
fn samples(
    samples: BakedSamples,
    narrow: bool,
    with_derivatives: bool,
) -> (Vec<Value>, Vec<Value>) {
    let none = |count: usize| {
        let derivatives = if with_derivatives { count } else { 0 };
        vec![Value::Option(None); derivatives]
    };
    match samples {
        BakedSamples::Empty => (Vec::new(), Vec::new()),
        BakedSamples::Number { values, velocities } => {
            let number = |x: f64| {
                if narrow {
                    Value::F32(x as f32)
                } else {
                    Value::F64(x)
                }
            };
            let derivatives = velocities
                .into_iter()
                .map(|v| Value::Option(Some(Box::new(Value::F64(v)))))
                .collect();
            (values.into_iter().map(number).collect(), derivatives)
        }
        BakedSamples::Boolean(values) => {
            let derivatives = none(values.len());
            (
                values.into_iter().map(Value::Boolean).collect(),
                derivatives,
            )
        }
        BakedSamples::Text(values) => {
            let derivatives = none(values.len());
            (values.into_iter().map(Value::String).collect(), derivatives)
        }
    }
}
