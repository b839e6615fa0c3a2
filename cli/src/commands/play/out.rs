//! How `play` prints the steps: an aligned table for reading, CSV or JSON for programs
//! (exact: numbers in shortest round-trip form; a position with no value is an empty cell
//! or `null`).

use std::io::{self, Write};

use arora_types::value::Value;

use super::PlayFormat;
use crate::number_text::value_text;
use arora_animation_module_dir::Played;

/// Writes `played` in `format`.
pub fn write(played: &Played, format: PlayFormat, out: &mut impl Write) -> io::Result<()> {
    match format {
        PlayFormat::Table => table(played, out),
        PlayFormat::Csv => csv_rows(played, out),
        PlayFormat::Json => json(played, out),
    }
}

fn headers(played: &Played) -> Vec<String> {
    let mut header = vec!["time_ns".to_string()];
    let velocities = played
        .frames
        .first()
        .is_some_and(|f| f.velocities.is_some());
    for key in &played.keys {
        header.push(key.clone());
        if velocities {
            header.push(format!("{key} velocity"));
        }
    }
    header
}

fn cells(played: &Played) -> impl Iterator<Item = Vec<Option<String>>> + '_ {
    played.frames.iter().map(|frame| {
        let mut row = vec![Some(frame.time_ns.to_string())];
        for (i, value) in frame.values.iter().enumerate() {
            row.push(value_text(value));
            if let Some(velocities) = &frame.velocities {
                row.push(velocities.get(i).and_then(value_text));
            }
        }
        row
    })
}

fn csv_rows(played: &Played, out: &mut impl Write) -> io::Result<()> {
    let mut csv = csv::Writer::from_writer(out);
    csv.write_record(headers(played))
        .map_err(io::Error::other)?;
    for row in cells(played) {
        let row = row.into_iter().map(Option::unwrap_or_default);
        csv.write_record(row).map_err(io::Error::other)?;
    }
    csv.flush()
}

fn table(played: &Played, out: &mut impl Write) -> io::Result<()> {
    let header = headers(played);
    let rows: Vec<Vec<String>> = cells(played)
        .map(|row| row.into_iter().map(|c| c.unwrap_or("—".into())).collect())
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            let cells = rows.iter().map(|r| r[c].chars().count());
            cells.chain([header[c].chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:>w$}"))
            .collect();
        padded.join("  ")
    };
    writeln!(out, "{}", line(&header))?;
    for row in &rows {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}

fn json(played: &Played, out: &mut impl Write) -> io::Result<()> {
    let keys = serde_json::to_string(&played.keys).map_err(io::Error::other)?;
    write!(out, "{{\"keys\":{keys},\"steps\":[")?;
    for (i, frame) in played.frames.iter().enumerate() {
        let values = json_array(&frame.values);
        let comma = if i > 0 { "," } else { "" };
        write!(
            out,
            "{comma}{{\"timeNs\":{},\"values\":{values}",
            frame.time_ns
        )?;
        if let Some(velocities) = &frame.velocities {
            write!(out, ",\"velocities\":{}", json_array(velocities))?;
        }
        write!(out, "}}")?;
    }
    writeln!(out, "]}}")
}

fn json_array(values: &[Value]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| match v {
            Value::String(s) => serde_json::Value::from(s.as_str()).to_string(),
            Value::F64(x) if !x.is_finite() => "null".into(),
            Value::F32(x) if !x.is_finite() => "null".into(),
            other => value_text(other).unwrap_or_else(|| "null".into()),
        })
        .collect();
    format!("[{}]", items.join(","))
}
