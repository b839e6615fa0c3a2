//! The two forms a bake is written in, both streamed a chunk at a time.
//!
//! CSV: a `time_ns` column, then one column per track in clip order headed by its target
//! (with `--derivatives`, a number track's column is followed by `<target> velocity`);
//! numbers in shortest round-trip form, booleans `true`/`false`, strings quoted as CSV
//! quotes them; a track with no keypoint leaves its cells empty.
//!
//! JSON: the contract's `BakedAnimation` — `frameRate`, `startNs`, `endNs`, and per track
//! `animatableId`, `values` and `derivatives` (empty without `--derivatives`; `null` for a
//! boolean or string sample).

use std::io::{self, Write};

use animation_engine::{BakedSamples, ValueKind};

use super::plan::StreamedBake;
use super::progress::Progress;
use crate::number_text::shortest;
use crate::sampling::Sampler;

/// A bake to write, in either form: its tracks, its times, and whether each number
/// sample's velocity goes with it.
#[derive(Clone, Copy)]
pub struct Baking<'a> {
    /// The clip's tracks, sampled a chunk of times at a time.
    pub sampler: &'a Sampler,
    /// The bake's rate, window and times.
    pub plan: &'a StreamedBake,
    /// Whether velocities are written too (`--derivatives`).
    pub derivatives: bool,
}

/// Writes the bake as CSV, a row per sample time.
pub fn write_csv(bake: Baking<'_>, out: impl Write, progress: &mut Progress) -> io::Result<()> {
    let (sampler, plan, derivatives) = (bake.sampler, bake.plan, bake.derivatives);
    let mut csv = csv::Writer::from_writer(out);
    let kinds = sampler.kinds();
    let mut header = vec!["time_ns".to_string()];
    for (target, kind) in sampler.targets().into_iter().zip(&kinds) {
        header.push(target.to_string());
        if derivatives && *kind == Some(ValueKind::Number) {
            header.push(format!("{target} velocity"));
        }
    }
    csv.write_record(&header).map_err(io_error)?;
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for times in plan.chunks() {
        let columns: Vec<BakedSamples> = (0..kinds.len())
            .map(|index| sampler.samples(index, &times))
            .collect();
        for (i, &t) in times.iter().enumerate() {
            row.clear();
            row.push(shortest(t));
            for samples in &columns {
                push_cells(&mut row, samples, i, derivatives);
            }
            csv.write_record(&row).map_err(io_error)?;
        }
        progress.advance((times.len() * kinds.len().max(1)) as u64);
    }
    csv.flush()
}

/// The cells of sample `i` of one track.
fn push_cells(row: &mut Vec<String>, samples: &BakedSamples, i: usize, derivatives: bool) {
    match samples {
        BakedSamples::Empty => row.push(String::new()),
        BakedSamples::Number { values, velocities } => {
            row.push(shortest(values[i]));
            if derivatives {
                row.push(shortest(velocities[i]));
            }
        }
        BakedSamples::Boolean(values) => row.push(values[i].to_string()),
        BakedSamples::Text(values) => row.push(values[i].clone()),
    }
}

/// Writes the bake as the contract's baked animation in JSON, a track at a time.
pub fn write_json(bake: Baking<'_>, out: impl Write, progress: &mut Progress) -> io::Result<()> {
    let (sampler, plan, derivatives) = (bake.sampler, bake.plan, bake.derivatives);
    let mut out = io::BufWriter::new(out);
    write!(
        out,
        "{{\"frameRate\":{},\"startNs\":{},\"endNs\":{},\"tracks\":[",
        json_number(f64::from(plan.rate)),
        plan.window.start.ns(),
        plan.window.end.ns()
    )?;
    for (index, target) in sampler.targets().into_iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write!(
            out,
            "{{\"animatableId\":{},\"values\":[",
            json_string(target)
        )?;
        let advance = |samples: usize| progress.advance(samples as u64);
        write_json_list(&mut out, sampler, plan, index, json_value, advance)?;
        out.write_all(b"],\"derivatives\":[")?;
        if derivatives {
            write_json_list(&mut out, sampler, plan, index, json_derivative, |_| {})?;
        }
        out.write_all(b"]}")?;
    }
    out.write_all(b"]}\n")?;
    out.flush()
}

/// The items of one JSON list over track `index`'s samples, comma-separated: sample `i` as
/// `item` writes it (none: left out), sampled a chunk of times at a time, `chunk_done`
/// told each chunk's length.
fn write_json_list(
    out: &mut impl Write,
    sampler: &Sampler,
    plan: &StreamedBake,
    index: usize,
    item: impl Fn(&BakedSamples, usize) -> Option<String>,
    mut chunk_done: impl FnMut(usize),
) -> io::Result<()> {
    let mut first = true;
    for times in plan.chunks() {
        let samples = sampler.samples(index, &times);
        for text in (0..times.len()).filter_map(|i| item(&samples, i)) {
            out.write_all(if first { b"" } else { b"," })?;
            out.write_all(text.as_bytes())?;
            first = false;
        }
        chunk_done(times.len());
    }
    Ok(())
}

/// Sample `i` as JSON; `None` for a track with no keypoint.
fn json_value(samples: &BakedSamples, i: usize) -> Option<String> {
    match samples {
        BakedSamples::Empty => None,
        BakedSamples::Number { values, .. } => Some(json_number(values[i])),
        BakedSamples::Boolean(values) => Some(values[i].to_string()),
        BakedSamples::Text(values) => Some(json_string(&values[i])),
    }
}

/// Sample `i`'s derivative as JSON: a number's velocity, `null` for a boolean or string;
/// `None` for a track with no keypoint.
fn json_derivative(samples: &BakedSamples, i: usize) -> Option<String> {
    match samples {
        BakedSamples::Empty => None,
        BakedSamples::Number { velocities, .. } => Some(json_number(velocities[i])),
        BakedSamples::Boolean(_) | BakedSamples::Text(_) => Some("null".to_string()),
    }
}

/// A number in shortest round-trip form; `null` when not finite (JSON has no NaN).
fn json_number(x: f64) -> String {
    if x.is_finite() {
        shortest(x)
    } else {
        "null".to_string()
    }
}

fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

fn io_error(error: csv::Error) -> io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(error) => error,
        other => io::Error::other(format!("{other:?}")),
    }
}
