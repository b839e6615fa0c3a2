//! The answers that grow with the state, written straight from the engine's views: the
//! three steps, `output_keys`, `player_states`.
//!
//! Each writes the bytes `arora_buffers` gives the `Value` the contract function returns
//! (`crate::typed::step`, `player_states`), and counts the answer against the budget
//! exactly as that function does, so that it is refused in the same states with the same
//! figures; a refused step is still taken.

use animation_engine::{Output, OutputValue, Step};
use arora_types::Uuid;

use crate::budget::AnswerTooLarge;
use crate::convert::time::{device_span, device_time};
use crate::module::{AnimationModule, admits};
use crate::typed::answer_size;
use crate::typed::step::advance;
use crate::wire::ids::ids;
use crate::wire::writer::Writer;

/// `step_values(dt_ns, time_ns)`: a `StepValues`.
pub fn step_values(
    module: &mut AnimationModule,
    dt_ns: u64,
    time_ns: Option<u64>,
    out: &mut Writer<'_>,
) -> Result<(), AnswerTooLarge> {
    let step = advanced(module, dt_ns, time_ns, |step| {
        answer_size::value_arrays(step, 1)
    })?;
    let record = &ids().step_values;
    out.structure(record.id, 2);
    revision_and_values(out, record.fields[0], record.fields[1], &step);
    Ok(())
}

/// `step_with_velocities(dt_ns, time_ns)`: a `StepSamples`.
pub fn step_with_velocities(
    module: &mut AnimationModule,
    dt_ns: u64,
    time_ns: Option<u64>,
    out: &mut Writer<'_>,
) -> Result<(), AnswerTooLarge> {
    let step = advanced(module, dt_ns, time_ns, |step| {
        answer_size::value_arrays(step, 2)
    })?;
    let record = &ids().step_samples;
    out.structure(record.id, 3);
    revision_and_values(out, record.fields[0], record.fields[1], &step);
    out.field(record.fields[2]);
    out.values(step.len());
    for output in step.outputs() {
        match output.velocity() {
            Some(velocity) => out.f64(velocity),
            None => out.unit(),
        }
    }
    Ok(())
}

/// `step(dt_ns, time_ns)`: the valued positions, an array of `TrackOutput`s.
pub fn step(
    module: &mut AnimationModule,
    dt_ns: u64,
    time_ns: Option<u64>,
    out: &mut Writer<'_>,
) -> Result<(), AnswerTooLarge> {
    let step = advanced(module, dt_ns, time_ns, answer_size::track_outputs)?;
    let record = &ids().track_output;
    let count = out.structures_counted_later(record.id);
    let mut valued = 0;
    for (position, output) in step.iter() {
        let Some(value) = output.value() else {
            continue;
        };
        valued += 1;
        out.element(3);
        out.field(record.fields[0]);
        out.string(&position.track_id);
        out.field(record.fields[1]);
        out.string(&position.key);
        out.field(record.fields[2]);
        write_value(out, value, output.narrow());
    }
    out.set_count(count, valued);
    Ok(())
}

/// `output_keys()`: an `OutputKeys`.
pub fn output_keys(module: &AnimationModule, out: &mut Writer<'_>) -> Result<(), AnswerTooLarge> {
    let engine = module.engine();
    module.admits(|| answer_size::keys(engine.positions()))?;
    let record = &ids().output_keys;
    out.structure(record.id, 2);
    out.field(record.fields[0]);
    out.u32(engine.revision());
    out.field(record.fields[1]);
    out.strings(engine.positions().len());
    for position in engine.positions() {
        out.raw_string(&position.key);
    }
    Ok(())
}

/// `player_states()`: an array of `PlayerState`s, from the typed API's records (which
/// count the answer against the budget), without their `Value` tree.
pub fn player_states(module: &AnimationModule, out: &mut Writer<'_>) -> Result<(), AnswerTooLarge> {
    let players = module.player_states()?;
    let (record, instance) = (&ids().player_state, &ids().instance_state);
    let [
        player_id,
        state,
        time,
        duration,
        speed,
        name,
        instances,
        mode,
        ended,
        start,
        end,
        reversed,
        waiting,
    ] = record.fields;
    let [instance_id, anim, weight, offset, time_scale, rate] = instance.fields;
    out.structures(record.id, players.len());
    for player in &players {
        out.element(13);
        out.field(player_id);
        out.u32(player.player);
        out.field(state);
        out.string(&player.state);
        out.field(time);
        out.u64(player.time_ns);
        out.field(duration);
        out.u64(player.duration_ns);
        out.field(speed);
        out.f32(player.speed);
        out.field(name);
        out.string(&player.name);
        out.field(instances);
        out.structures(instance.id, player.instances.len());
        for each in &player.instances {
            out.element(6);
            out.field(instance_id);
            out.u32(each.instance);
            out.field(anim);
            out.u32(each.anim);
            out.field(weight);
            out.f32(each.weight);
            out.field(offset);
            out.i64(each.start_offset_ns);
            out.field(time_scale);
            out.f32(each.time_scale);
            out.field(rate);
            out.f64(each.rate);
        }
        out.field(mode);
        out.string(&player.loop_mode);
        out.field(ended);
        out.boolean(player.ended);
        out.field(start);
        out.u64(player.window_start_ns);
        out.field(end);
        match player.window_end_ns {
            Some(end) => {
                out.some();
                out.u64(end);
            }
            None => out.none(),
        }
        out.field(reversed);
        out.boolean(player.reversed);
        out.field(waiting);
        out.boolean(player.waiting);
    }
    Ok(())
}

/// Takes the step, then counts its answer against the budget: a refused step is still
/// taken, as the contract functions take it.
fn advanced<'m>(
    module: &'m mut AnimationModule,
    dt_ns: u64,
    time_ns: Option<u64>,
    size: impl FnOnce(&Step<'m>) -> usize,
) -> Result<Step<'m>, AnswerTooLarge> {
    let step = advance(
        &mut module.engine,
        device_span(dt_ns),
        time_ns.map(device_time),
    );
    admits(module.budget.as_deref(), || size(&step))?;
    Ok(step)
}

/// The revision and the values, the first two fields of `StepValues` and `StepSamples`.
fn revision_and_values(out: &mut Writer<'_>, revision: Uuid, values: Uuid, step: &Step<'_>) {
    out.field(revision);
    out.u32(step.revision());
    out.field(values);
    out.values(step.len());
    for output in step.outputs() {
        value_or_unit(out, output);
    }
}

/// A position's value, `Unit` where it holds none.
#[inline(always)]
fn value_or_unit(out: &mut Writer<'_>, output: &Output) {
    match output.value() {
        Some(value) => write_value(out, value, output.narrow()),
        None => out.unit(),
    }
}

/// A position's value: `F32` when every contribution was narrow (docs/contract.md §4.3.6).
/// Inlined into the steps' loops: as a call per value (its `OutputValue` through memory,
/// its frame set up each time), the loop spent a quarter of its time in calls, measured in
/// wasm.
#[inline(always)]
fn write_value(out: &mut Writer<'_>, value: OutputValue<'_>, narrow: bool) {
    match value {
        OutputValue::Number(x) if narrow => out.f32(x as f32),
        OutputValue::Number(x) => out.f64(x),
        OutputValue::Boolean(b) => out.boolean(b),
        OutputValue::Text(text) => out.string(text),
    }
}
