//! `plot`: a clip drawn one panel per track. A number track is its exact curve — the
//! engine's polyline of docs/curves.md §4.7 per segment, with points enough for a smooth line at
//! the picture's width — with its keypoints and authored handles; a boolean or string
//! track is its steps, as bands with their values written on them.

use animation_engine::{BakedSamples, Clip, ValueKind};
use std::path::PathBuf;

use crate::clip_file::ClipFile;
use crate::error::CliError;
use crate::figure::model::{Content, Figure, Panel, bands};
use crate::figure::picture::{DEFAULT_WIDTH, default_size, parse_size, write_picture};
use crate::number_text::seconds_to_ns;
use crate::sampling::{MarkValue, Sampler, authored_handles, keypoint_marks};

/// `plot`: draw a clip's tracks.
#[derive(Debug, clap::Args)]
pub struct PlotArgs {
    /// The clip file (2.0 JSON document).
    pub clip: PathBuf,
    /// The picture: `.svg`, or `.png` (the SVG rendered).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Only these tracks (by id), in the order given; all tracks when absent.
    #[arg(long = "track", value_name = "ID")]
    pub tracks: Vec<String>,
    /// The first time drawn, in seconds (default: the earliest keypoint, or 0).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub from: Option<f64>,
    /// The last time drawn, in seconds (default: the clip's end).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub to: Option<f64>,
    /// The picture's size in pixels (default 800 wide, 600 high or 160 a panel if more).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
}

/// Polyline points per pixel of width: two keep a curve smooth when rasterized.
const POINTS_PER_PIXEL: f64 = 2.0;

/// Runs `plot`.
pub fn run(args: &PlotArgs) -> Result<(), CliError> {
    let file = ClipFile::read(&args.clip)?;
    let size = args.size.as_deref().map(parse_size).transpose()?;
    let width = size.map_or(DEFAULT_WIDTH, |(w, _)| w);
    let figure = clip_figure(&file, &args.tracks, args.from, args.to, width)?;
    let size = size.unwrap_or_else(|| default_size(figure.panels.len()));
    write_picture(&args.output, &figure, size)
}

/// The figure of `file`'s tracks (`tracks` by id, or all) from `from` to `to` seconds
/// (defaults: the earliest keypoint or 0, and the clip's end), for a picture `width` wide.
pub fn clip_figure(
    file: &ClipFile,
    tracks: &[String],
    from: Option<f64>,
    to: Option<f64>,
    width: u32,
) -> Result<Figure, CliError> {
    let clip = &file.clip;
    let indices = selected(clip, tracks)?;
    let (from_ns, to_ns) = range(clip, from, to)?;
    let sampler = Sampler::new(&file.valid);
    let kinds = sampler.kinds();
    let window = (from_ns as f64, to_ns as f64);
    let pixels = f64::from(width);
    let panels = indices
        .into_iter()
        .map(|index| Panel {
            name: panel_name(clip, index),
            content: match kinds[index] {
                None => Content::Empty,
                Some(ValueKind::Number) => curve(&sampler, clip, index, window, pixels),
                Some(_) => steps(&sampler, clip, index, window),
            },
        })
        .collect();
    let name = file
        .path
        .file_name()
        .map(|n| n.to_string_lossy().to_string());
    let title = match clip.name.as_str() {
        "" => name.unwrap_or_default(),
        clip_name => clip_name.to_string(),
    };
    Ok(Figure {
        title,
        from_s: window.0 / 1e9,
        to_s: window.1 / 1e9,
        panels,
    })
}

/// The indices of the tracks asked for, in the order asked; every track when none is.
fn selected(clip: &Clip, tracks: &[String]) -> Result<Vec<usize>, CliError> {
    if tracks.is_empty() {
        return Ok((0..clip.tracks.len()).collect());
    }
    let find = |id: &String| {
        let found = clip.tracks.iter().position(|t| t.id == *id);
        found.ok_or_else(|| CliError::Usage(format!("--track {id}: the clip has no such track")))
    };
    tracks.iter().map(find).collect()
}

/// The window in ns; `from` must be before `to`.
fn range(clip: &Clip, from: Option<f64>, to: Option<f64>) -> Result<(i64, i64), CliError> {
    let ns = |option: &str, s: f64| {
        seconds_to_ns(s).ok_or_else(|| CliError::Usage(format!("{option} {s}: not a time")))
    };
    let earliest = clip
        .tracks
        .iter()
        .flat_map(|t| &t.keypoints)
        .map(|k| k.time_ns)
        .min();
    let from_ns = from.map(|s| ns("--from", s)).transpose()?;
    let from_ns = from_ns.unwrap_or(earliest.unwrap_or(0).min(0));
    let to_ns = to
        .map(|s| ns("--to", s))
        .transpose()?
        .unwrap_or(clip.end_ns());
    if to_ns > from_ns {
        return Ok((from_ns, to_ns));
    }
    match (from, to) {
        (Some(_), _) | (_, Some(_)) => Err(CliError::Usage(format!(
            "--from {} s is not before --to {} s",
            from_ns as f64 / 1e9,
            to_ns as f64 / 1e9
        ))),
        // A clip ending where it starts is drawn over one second.
        _ => Ok((from_ns, from_ns.saturating_add(1_000_000_000))),
    }
}

fn panel_name(clip: &Clip, index: usize) -> String {
    let track = &clip.tracks[index];
    match track.name.as_str() {
        "" | "-" => format!("{} ({})", track.id, track.target),
        name => format!("{name} ({})", track.target),
    }
}

/// The curve of number track `index` over `window` (ns): a polyline per stretch between
/// consecutive keypoint times, its points in proportion to the pixels it spans.
fn curve(sampler: &Sampler, clip: &Clip, index: usize, window: (f64, f64), pixels: f64) -> Content {
    let marks = keypoint_marks(clip, index);
    let mut cuts = vec![window.0];
    let inside = marks.iter().map(|m| m.time_ns as f64);
    cuts.extend(inside.filter(|&t| t > window.0 && t < window.1));
    cuts.push(window.1);
    cuts.dedup();
    let span = window.1 - window.0;
    let mut run = Vec::new();
    for pair in cuts.windows(2) {
        let share = (pair[1] - pair[0]) / span;
        let count = ((share * pixels * POINTS_PER_PIXEL).ceil() as usize).clamp(2, 100_000);
        let points = sampler.polyline(index, pair[0], pair[1], count);
        run.extend(points.into_iter().map(|(t, v)| (t / 1e9, v)));
    }
    let in_window = |t: f64| t >= window.0 && t <= window.1;
    let keypoints = marks
        .iter()
        .filter(|m| in_window(m.time_ns as f64))
        .filter_map(|m| match m.value {
            MarkValue::Number(v) => Some((m.time_ns as f64 / 1e9, v)),
            _ => None,
        })
        .collect();
    let handles = authored_handles(clip, index)
        .into_iter()
        .filter(|[k, _]| in_window(k.0))
        .map(|[k, c]| clipped_handle(k, c, window))
        .map(|[k, c]| [(k.0 / 1e9, k.1), (c.0 / 1e9, c.1)])
        .collect();
    Content::Curve {
        runs: vec![run],
        keypoints,
        handles,
    }
}

/// A handle line cut where it leaves the window (ns).
fn clipped_handle(k: (f64, f64), c: (f64, f64), window: (f64, f64)) -> [(f64, f64); 2] {
    let t = c.0.clamp(window.0, window.1);
    if t == c.0 || c.0 == k.0 {
        return [k, c];
    }
    let share = (t - k.0) / (c.0 - k.0);
    [k, (t, k.1 + (c.1 - k.1) * share)]
}

/// The bands of a boolean or string track over `window` (ns): the value between two
/// consecutive keypoint times is the sample at their midpoint.
fn steps(sampler: &Sampler, clip: &Clip, index: usize, window: (f64, f64)) -> Content {
    let mut cuts = vec![window.0];
    let times = keypoint_marks(clip, index)
        .into_iter()
        .map(|m| m.time_ns as f64);
    cuts.extend(times.filter(|&t| t > window.0 && t < window.1));
    cuts.push(window.1);
    cuts.dedup();
    let mids: Vec<f64> = cuts
        .windows(2)
        .map(|p| p[0] + (p[1] - p[0]) / 2.0)
        .collect();
    let labelled: Vec<(String, Option<bool>)> = match sampler.samples(index, &mids) {
        BakedSamples::Boolean(values) => values.iter().map(|b| (b.to_string(), Some(*b))).collect(),
        BakedSamples::Text(values) => values.into_iter().map(|s| (s, None)).collect(),
        _ => Vec::new(),
    };
    let steps: Vec<(f64, String, Option<bool>)> = cuts
        .iter()
        .zip(labelled)
        .map(|(t, (label, on))| (t / 1e9, label, on))
        .collect();
    Content::Steps {
        bands: bands(&steps, window.1 / 1e9),
    }
}
