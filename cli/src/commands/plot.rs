//! `plot`: a clip drawn one panel per track. A number track is its exact curve — the
//! engine's polyline of docs/curves.md §4.7 per segment, with points enough for a smooth line at
//! the picture's width — with its keypoints and authored handles; a boolean or string
//! track is its steps, as bands with their values written on them.

mod derivatives;

use animation_engine::limits::{Judgement, judge};
use animation_engine::{BakedSamples, BoundsWindow, Clip, ValueKind, clip_bounds};
use std::path::PathBuf;

use crate::clip_file::ClipFile;
use crate::error::CliError;
use crate::figure::model::{Content, Figure, Panel, Quantity, bands};
use crate::figure::picture::{DEFAULT_WIDTH, default_size, parse_size, write_picture};
use crate::limits_file::LimitsFile;
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
    /// Add a panel under each number track with its exact velocity.
    #[arg(long)]
    pub velocity: bool,
    /// Add a panel under each number track with its acceleration.
    #[arg(long)]
    pub acceleration: bool,
    /// A limits file (as `limits --limits`): its limits drawn as lines on the panels they
    /// bound, and the violations in the warning colour.
    #[arg(long, value_name = "FILE")]
    pub limits: Option<PathBuf>,
}

/// What a plot adds to its number tracks: derivative panels, in order, and limits.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// A panel of each of these under each number track (`Velocity`, `Acceleration`).
    pub derivatives: Vec<Quantity>,
    /// The limits drawn, if any.
    pub limits: Option<LimitsFile>,
}

/// Polyline points per pixel of width: two keep a curve smooth when rasterized.
const POINTS_PER_PIXEL: f64 = 2.0;

/// Runs `plot`.
pub fn run(args: &PlotArgs) -> Result<(), CliError> {
    let file = ClipFile::read(&args.clip)?;
    let size = args.size.as_deref().map(parse_size).transpose()?;
    let width = size.map_or(DEFAULT_WIDTH, |(w, _)| w);
    let velocity = args.velocity.then_some(Quantity::Velocity);
    let acceleration = args.acceleration.then_some(Quantity::Acceleration);
    let extras = Extras {
        derivatives: velocity.into_iter().chain(acceleration).collect(),
        limits: args.limits.as_deref().map(LimitsFile::read).transpose()?,
    };
    let figure = clip_figure_with(&file, &args.tracks, args.from, args.to, width, &extras)?;
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
    clip_figure_with(file, tracks, from, to, width, &Extras::default())
}

/// [`clip_figure`] with `extras`: each number track's panel followed by its derivative
/// panels, and the limits drawn on them.
pub fn clip_figure_with(
    file: &ClipFile,
    tracks: &[String],
    from: Option<f64>,
    to: Option<f64>,
    width: u32,
    extras: &Extras,
) -> Result<Figure, CliError> {
    let clip = &file.clip;
    let indices = selected(clip, tracks)?;
    let (from_ns, to_ns) = range(clip, from, to)?;
    let sampler = Sampler::new(&file.valid);
    let kinds = sampler.kinds();
    let window = (from_ns as f64, to_ns as f64);
    let pixels = f64::from(width);
    let judgement = judged(file, window, extras);
    let mut panels = Vec::new();
    for index in indices {
        let name = panel_name(clip, index);
        let content = match kinds[index] {
            None => Content::Empty,
            Some(ValueKind::Number) => curve(&sampler, clip, index, window, pixels),
            Some(_) => steps(&sampler, clip, index, window),
        };
        let number = kinds[index] == Some(ValueKind::Number);
        let mut track_panels = vec![(name.clone(), content)];
        if number {
            for &quantity in &extras.derivatives {
                let cuts = cuts(clip, index, window);
                let content =
                    derivatives::derivative_curve(&sampler, index, &cuts, quantity, pixels);
                track_panels.push((format!("{name}: {}", quantity.axis()), content));
            }
        }
        for (name, mut content) in track_panels {
            if let (Some(limits), Some(judgement)) = (&extras.limits, &judgement) {
                add_guides(&mut content, clip, index, limits, judgement);
            }
            panels.push(Panel { name, content });
        }
    }
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

/// The judgement of the clip's exact bounds over `window` (ns) by the limits, if any. A
/// table matching no target of this clip is not refused here, unlike `limits` and `check`:
/// a robot's file names every joint, and a plot draws one clip.
fn judged(file: &ClipFile, window: (f64, f64), extras: &Extras) -> Option<Judgement> {
    let limits = extras.limits.as_ref()?;
    let window = BoundsWindow {
        from_s: Some(window.0 / 1e9),
        to_s: Some(window.1 / 1e9),
    };
    Some(judge(&clip_bounds(&file.valid, window), &limits.limits))
}

/// Sets a curve panel's guides from the limits of track `index`'s target.
fn add_guides(
    content: &mut Content,
    clip: &Clip,
    index: usize,
    limits: &LimitsFile,
    judgement: &Judgement,
) {
    let track = &clip.tracks[index];
    let Some(applied) = limits.limits.for_target(&track.target) else {
        return;
    };
    if let Content::Curve {
        runs,
        quantity,
        guides,
        ..
    } = content
    {
        *guides = derivatives::guides(*quantity, &track.id, &applied, judgement, runs);
    }
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
    let cuts = cuts(clip, index, window);
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
        quantity: Quantity::Value,
        guides: Default::default(),
    }
}

/// The window's ends (ns) and the keypoint times of track `index` inside it, in order.
fn cuts(clip: &Clip, index: usize, window: (f64, f64)) -> Vec<f64> {
    let mut cuts = vec![window.0];
    let inside = keypoint_marks(clip, index)
        .into_iter()
        .map(|m| m.time_ns as f64);
    cuts.extend(inside.filter(|&t| t > window.0 && t < window.1));
    cuts.push(window.1);
    cuts.dedup();
    cuts
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
    let cuts = cuts(clip, index, window);
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
