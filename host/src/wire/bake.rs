//! `bake` and `bake_with_derivatives` written straight from the engine's bake: the bytes
//! `arora_buffers` gives the `Option<BakedAnimation>` the contract function returns
//! (`crate::typed::bake`), without its `Value` per sample (and, for the derivatives, a
//! boxed `Value` per sample).

use animation_engine::{AnimationId, Bake, BakedSamples, Precision};

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
    let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
    let baked = module.engine().bake(
        AnimationId::from_raw(anim),
        rate,
        start_ns.map(clip_time),
        end_ns.map(clip_time),
    );
    baked_animation(baked.ok().as_ref(), false, out);
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
    let rate = f64::from(frame_rate.unwrap_or(DEFAULT_FRAME_RATE));
    let baked = module.engine().bake_with_derivatives(
        AnimationId::from_raw(anim),
        rate,
        start_ns.map(clip_time),
        end_ns.map(clip_time),
    );
    baked_animation(baked.ok().as_ref(), true, out);
}

/// The optional record of a bake; `with_derivatives` says whether they were asked for.
fn baked_animation(bake: Option<&Bake>, with_derivatives: bool, out: &mut Writer<'_>) {
    let Some(bake) = bake else {
        out.none();
        return;
    };
    let (record, track) = (&ids().baked_animation, &ids().baked_track);
    out.some();
    out.structure(record.id, 4);
    out.field(record.fields[0]);
    out.f32(bake.rate as f32);
    out.field(record.fields[1]);
    out.u64(unsigned(bake.start.ns()));
    out.field(record.fields[2]);
    out.u64(unsigned(bake.end.ns()));
    out.field(record.fields[3]);
    out.structures(track.id, bake.tracks.len());
    for baked in &bake.tracks {
        out.element(3);
        out.field(track.fields[0]);
        out.string(&baked.target);
        let narrow = baked.precision == Precision::Single;
        samples(&baked.samples, narrow, with_derivatives, track.fields, out);
    }
}

/// One track's values and derivatives, each under its field: `Option(Some(F64))` per
/// number sample's derivative and `Option(None)` per boolean or text sample's when asked
/// for, else none.
fn samples(
    samples: &BakedSamples,
    narrow: bool,
    with_derivatives: bool,
    [_, values, derivatives]: [arora_types::Uuid; 3],
    out: &mut Writer<'_>,
) {
    out.field(values);
    let count = match samples {
        BakedSamples::Empty => {
            out.values(0);
            0
        }
        BakedSamples::Number { values, velocities } => {
            out.values(values.len());
            for &x in values {
                if narrow {
                    out.f32(x as f32);
                } else {
                    out.f64(x);
                }
            }
            out.field(derivatives);
            out.values(velocities.len());
            for &v in velocities {
                out.some();
                out.f64(v);
            }
            return;
        }
        BakedSamples::Boolean(values) => {
            out.values(values.len());
            for &b in values {
                out.boolean(b);
            }
            values.len()
        }
        BakedSamples::Text(values) => {
            out.values(values.len());
            for text in values {
                out.string(text);
            }
            values.len()
        }
    };
    out.field(derivatives);
    let none = if with_derivatives { count } else { 0 };
    out.values(none);
    for _ in 0..none {
        out.none();
    }
}
