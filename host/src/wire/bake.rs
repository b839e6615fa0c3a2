//! `bake` and `bake_with_derivatives` written straight from the engine's bake plan: the
//! bytes `arora_buffers` gives the `Option<BakedAnimation>` the contract function returns
//! (`crate::typed::bake`), without its `Value` per sample (and, for the derivatives, a
//! boxed `Value` per sample), and without collecting the samples first: number tracks are
//! sampled into one scratch pair reused from track to track, booleans and text written as
//! they are sampled.

use animation_engine::{AnimationId, BakePlan, CompiledTrack, Precision, Sample, ValueKind};
use arora_types::Uuid;

use crate::convert::time::{clip_time, unsigned};
use crate::module::AnimationModule;
use crate::typed::bake::DEFAULT_FRAME_RATE;
use crate::wire::ids::ids;
use crate::wire::writer::Writer;

/// `bake(anim, frame_rate, start_ns, end_ns)`: `Some(BakedAnimation)`, none when refused.
pub fn bake(
    module: &AnimationModule,
    anim: u32,
    frame_rate: Option<f32>,
    start_ns: Option<u64>,
    end_ns: Option<u64>,
    out: &mut Writer<'_>,
) {
    baked(module, anim, frame_rate, [start_ns, end_ns], false, out);
}

/// `bake_with_derivatives(anim, frame_rate, start_ns, end_ns)`: as [`bake`], with each
/// number sample's velocity.
pub fn bake_with_derivatives(
    module: &AnimationModule,
    anim: u32,
    frame_rate: Option<f32>,
    start_ns: Option<u64>,
    end_ns: Option<u64>,
    out: &mut Writer<'_>,
) {
    baked(module, anim, frame_rate, [start_ns, end_ns], true, out);
}

/// The optional record of a bake; `with_derivatives` says whether they were asked for.
fn baked(
    module: &AnimationModule,
    anim: u32,
    frame_rate: Option<f32>,
    [start_ns, end_ns]: [Option<u64>; 2],
    with_derivatives: bool,
    out: &mut Writer<'_>,
) {
    let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
    let plan = module.engine().bake_plan(
        AnimationId::from_raw(anim),
        rate,
        start_ns.map(clip_time),
        end_ns.map(clip_time),
    );
    let Ok(plan) = plan else {
        out.none();
        return;
    };
    let (record, track) = (&ids().baked_animation, &ids().baked_track);
    out.some();
    out.structure(record.id, 4);
    out.field(record.fields[0]);
    out.f32(plan.rate as f32);
    out.field(record.fields[1]);
    out.u64(unsigned(plan.start.ns()));
    out.field(record.fields[2]);
    out.u64(unsigned(plan.end.ns()));
    out.field(record.fields[3]);
    out.structures(track.id, plan.tracks().len());
    let mut scratch = Scratch::default();
    for baked in plan.tracks() {
        out.element(3);
        out.field(track.fields[0]);
        out.string(baked.target());
        samples(
            &plan,
            baked,
            with_derivatives,
            track.fields,
            &mut scratch,
            out,
        );
    }
}

/// A number track's values and velocities at every bake time, reused from track to track.
#[derive(Default)]
struct Scratch {
    values: Vec<f64>,
    velocities: Vec<f64>,
}

/// One track's values and derivatives, each under its field: `Option(Some(F64))` per
/// number sample's derivative and `Option(None)` per boolean or text sample's when asked
/// for, else none.
fn samples<'a>(
    plan: &BakePlan<'a>,
    track: &'a CompiledTrack,
    with_derivatives: bool,
    [_, values, derivatives]: [Uuid; 3],
    scratch: &mut Scratch,
    out: &mut Writer<'_>,
) {
    out.field(values);
    if track.kind() == Some(ValueKind::Number) {
        let samples = plan.samples(track);
        scratch.values.resize(samples, 0.0);
        scratch.velocities.resize(samples, 0.0);
        plan.numbers(track, &mut scratch.values, &mut scratch.velocities);
        out.values(samples);
        if track.precision() == Precision::Single {
            scratch.values.iter().for_each(|&x| out.f32(x as f32));
        } else {
            scratch.values.iter().for_each(|&x| out.f64(x));
        }
        out.field(derivatives);
        let velocities = if with_derivatives {
            &scratch.velocities[..]
        } else {
            &[]
        };
        out.values(velocities.len());
        for &v in velocities {
            out.some();
            out.f64(v);
        }
        return;
    }
    let at = out.values_counted_later();
    let mut count = 0;
    plan.each(track, |sample| {
        count += 1;
        match sample {
            Sample::Boolean(b) => out.boolean(b),
            Sample::Text(text) => out.string(text),
            // Not reached: number tracks are sampled above.
            Sample::Number { value, .. } => out.f64(value),
        }
    });
    out.set_count(at, count);
    out.field(derivatives);
    let none = if with_derivatives { count } else { 0 };
    out.values(none);
    for _ in 0..none {
        out.none();
    }
}
