//! Drawing a [`Figure`]: SVG through `plotters` (its SVG backend writes `<text>` elements,
//! so no font is needed), PNG by rendering that SVG with `resvg`. Rendering text needs a
//! font: the system's fonts are loaded (DejaVu Sans preferred for `sans-serif`); on a
//! machine without any, the PNG has no text and everything else is drawn. No font is
//! shipped: no crate of the workspace's dependencies bundles one.
//!
//! The SVG is deterministic — the same figure gives the same bytes — so a committed
//! picture can be compared with what `plot` writes.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::error::CliError;
use crate::figure::model::{Band, Content, Figure, Guides, time_label};

/// A picture's width when none is given.
pub const DEFAULT_WIDTH: u32 = 800;

/// A picture's size when none is given: 800 wide, 600 high or 160 a panel if more.
pub fn default_size(panels: usize) -> (u32, u32) {
    let high = 60 + 160 * u32::try_from(panels).unwrap_or(u32::MAX / 320);
    (DEFAULT_WIDTH, high.clamp(600, 10_000))
}
/// The curve's colour; tests look for it in the rendered picture.
pub const CURVE: RGBColor = RGBColor(31, 119, 180);
/// Keypoint rings.
pub const KEYPOINT: RGBColor = RGBColor(214, 39, 40);
/// Handle lines.
pub const HANDLE: RGBColor = RGBColor(255, 127, 14);
/// A broken limit: the curve beyond it, the violation's ring, a jump's line.
pub const WARNING: RGBColor = RGBColor(255, 0, 0);
/// A limit's line.
pub const LIMIT: RGBColor = RGBColor(110, 110, 110);
/// Boolean bands: on and off; string bands alternate between the two greys.
pub const ON: RGBColor = RGBColor(152, 223, 138);
/// A boolean band that is false.
pub const OFF: RGBColor = RGBColor(220, 220, 220);
/// A string band, the first of two alternating shades.
pub const TEXT_A: RGBColor = RGBColor(199, 199, 235);
/// A string band, the second shade.
pub const TEXT_B: RGBColor = RGBColor(235, 215, 180);

/// Where a panel's marks landed, in pixels: for tests and for checking a picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PanelPixels {
    /// Each keypoint ring's centre.
    pub keypoints: Vec<(i32, i32)>,
    /// Each band's left and right edge and the row through its middle.
    pub bands: Vec<(i32, i32, i32)>,
}

/// `WxH` in pixels, each from 100 to 10000.
pub fn parse_size(text: &str) -> Result<(u32, u32), CliError> {
    let refused = || CliError::Usage(format!("--size {text}: expected WxH, e.g. 800x600"));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(refused)?;
    let (w, h): (u32, u32) = (
        w.parse().map_err(|_| refused())?,
        h.parse().map_err(|_| refused())?,
    );
    let fits = |n: u32| (100..=10_000).contains(&n);
    if fits(w) && fits(h) {
        Ok((w, h))
    } else {
        Err(refused())
    }
}

/// Writes `figure` to `path`, as SVG or (by its extension) PNG.
pub fn write_picture(path: &Path, figure: &Figure, size: (u32, u32)) -> Result<(), CliError> {
    let png = is_png(path)?;
    let (svg, _) = render_svg(figure, size)?;
    let bytes = if png {
        svg_to_png(&svg)?
    } else {
        svg.into_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| CliError::write(path, e))
}

/// The SVG text of `figure` and where its marks landed.
pub fn render_svg(
    figure: &Figure,
    size: (u32, u32),
) -> Result<(String, Vec<PanelPixels>), CliError> {
    let mut svg = String::new();
    let mut pixels = Vec::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let root = root
            .titled(&figure.title, ("sans-serif", 20))
            .map_err(drawing)?;
        let count = figure.panels.len().max(1);
        for (i, (panel, area)) in figure
            .panels
            .iter()
            .zip(root.split_evenly((count, 1)))
            .enumerate()
        {
            let last = i + 1 == count;
            pixels.push(draw_panel(
                &area,
                figure,
                &panel.name,
                &panel.content,
                last,
            )?);
        }
        root.present().map_err(drawing)?;
    }
    Ok((svg, pixels))
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

fn draw_panel(
    area: &Area<'_>,
    figure: &Figure,
    name: &str,
    content: &Content,
    last: bool,
) -> Result<PanelPixels, CliError> {
    let (low, high) = content.value_range();
    let mut chart = ChartBuilder::on(area)
        .caption(name, ("sans-serif", 14))
        .margin(8)
        .x_label_area_size(if last { 36 } else { 20 })
        .y_label_area_size(56)
        .build_cartesian_2d(figure.from_s..figure.to_s, low..high)
        .map_err(drawing)?;
    let steps = matches!(content, Content::Steps { .. });
    let axis = match content {
        Content::Curve { quantity, .. } => quantity.axis(),
        Content::Steps { .. } => "",
        Content::Empty => "value",
    };
    let formatter = |x: &f64| time_label(*x);
    let mut mesh = chart.configure_mesh();
    mesh.x_label_formatter(&formatter)
        .x_label_style(("sans-serif", 12))
        .y_label_style(("sans-serif", 12))
        .axis_desc_style(("sans-serif", 12))
        .y_desc(axis)
        .light_line_style(WHITE);
    if steps {
        mesh.disable_y_axis().disable_y_mesh();
    }
    if last {
        mesh.x_desc("time (s)");
    }
    mesh.draw().map_err(drawing)?;
    let mut pixels = PanelPixels::default();
    match content {
        Content::Curve {
            runs,
            keypoints,
            handles,
            guides,
            ..
        } => {
            for [k, c] in handles {
                let line = PathElement::new(vec![*k, *c], HANDLE.stroke_width(1));
                chart.draw_series([line]).map_err(drawing)?;
                let end = Circle::new(*c, 2, HANDLE.filled());
                chart.draw_series([end]).map_err(drawing)?;
            }
            for run in runs {
                let line = LineSeries::new(run.iter().copied(), CURVE.stroke_width(2));
                chart.draw_series(line).map_err(drawing)?;
            }
            if *guides != Guides::default() {
                draw_guides(&mut chart, figure, runs, guides, (low, high))?;
            }
            let rings = keypoints
                .iter()
                .map(|p| Circle::new(*p, 5, KEYPOINT.stroke_width(1)));
            chart.draw_series(rings).map_err(drawing)?;
            pixels.keypoints = keypoints.iter().map(|p| chart.backend_coord(p)).collect();
        }
        Content::Steps { bands } => {
            for (i, band) in bands.iter().enumerate() {
                pixels
                    .bands
                    .push(draw_band(&mut chart, band, i, (low, high))?);
            }
        }
        Content::Empty => {
            let style = ("sans-serif", 14).into_font().color(&BLACK);
            let centre = style.pos(Pos::new(HPos::Center, VPos::Center));
            let at = ((figure.from_s + figure.to_s) / 2.0, (low + high) / 2.0);
            let text = Text::new("no keypoints", at, centre);
            chart.draw_series([text]).map_err(drawing)?;
        }
    }
    Ok(pixels)
}

type Chart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// A curve's limits: the band's edges as lines across the panel, the curve's stretches
/// outside the band over it in the warning colour, each violation's ring and each instant's
/// vertical line in the same colour.
fn draw_guides(
    chart: &mut Chart<'_, '_>,
    figure: &Figure,
    runs: &[Vec<(f64, f64)>],
    guides: &Guides,
    (low, high): (f64, f64),
) -> Result<(), CliError> {
    for edge in [guides.low, guides.high].into_iter().flatten() {
        let line = vec![(figure.from_s, edge), (figure.to_s, edge)];
        let line = PathElement::new(line, LIMIT.stroke_width(1));
        chart.draw_series([line]).map_err(drawing)?;
    }
    for run in runs {
        let outside = run
            .split(|p| !guides.outside(p.1))
            .filter(|part| !part.is_empty());
        for part in outside {
            let mut points = part.to_vec();
            if points.len() == 1 {
                points.push(points[0]);
            }
            let line = LineSeries::new(points, WARNING.stroke_width(3));
            chart.draw_series(line).map_err(drawing)?;
        }
    }
    for &t in &guides.instants {
        let line = PathElement::new(vec![(t, low), (t, high)], WARNING.stroke_width(2));
        chart.draw_series([line]).map_err(drawing)?;
    }
    let rings = guides
        .marks
        .iter()
        .map(|p| Circle::new(*p, 6, WARNING.stroke_width(2)));
    chart.draw_series(rings).map_err(drawing)?;
    Ok(())
}

/// One band, filled by its value, with the value written in its middle; its pixel edges.
fn draw_band(
    chart: &mut Chart<'_, '_>,
    band: &Band,
    index: usize,
    (low, high): (f64, f64),
) -> Result<(i32, i32, i32), CliError> {
    let fill = match band.on {
        Some(true) => ON,
        Some(false) => OFF,
        None if index.is_multiple_of(2) => TEXT_A,
        None => TEXT_B,
    };
    let (bottom, top) = (low + (high - low) * 0.15, low + (high - low) * 0.85);
    let rect = Rectangle::new([(band.from_s, bottom), (band.to_s, top)], fill.filled());
    chart.draw_series([rect]).map_err(drawing)?;
    let middle = ((band.from_s + band.to_s) / 2.0, (low + high) / 2.0);
    let style = ("sans-serif", 13).into_font().color(&BLACK);
    let text = Text::new(
        band.label.clone(),
        middle,
        style.pos(Pos::new(HPos::Center, VPos::Center)),
    );
    chart.draw_series([text]).map_err(drawing)?;
    let (left, row) = chart.backend_coord(&(band.from_s, (low + high) / 2.0));
    let (right, _) = chart.backend_coord(&(band.to_s, (low + high) / 2.0));
    Ok((left, right, row))
}

fn drawing(error: impl std::fmt::Display) -> CliError {
    CliError::Data {
        path: "picture".to_string(),
        what: format!("cannot draw: {error}"),
    }
}

/// Renders SVG text to PNG bytes with the system's fonts for its text.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, CliError> {
    let pixmap = rasterize(svg)?;
    pixmap.encode_png().map_err(drawing)
}

/// Renders SVG text to pixels (premultiplied RGBA).
pub fn rasterize(svg: &str) -> Result<resvg::tiny_skia::Pixmap, CliError> {
    let mut options = resvg::usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    let families: Vec<String> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let preferred = families
        .iter()
        .find(|f| *f == "DejaVu Sans")
        .or(families.first());
    if let Some(family) = preferred.cloned() {
        fonts.set_sans_serif_family(family.clone());
        options.font_family = family;
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(drawing)?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| drawing("an empty picture"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The figure's output path must name an SVG or PNG file.
pub fn is_png(path: &Path) -> Result<bool, CliError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(false),
        Some("png") => Ok(true),
        _ => Err(CliError::Usage(format!(
            "{}: the picture is written as .svg or .png",
            path.display()
        ))),
    }
}
