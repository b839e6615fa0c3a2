//! What a picture shows, independent of how it is drawn: panels stacked over one time axis
//! in seconds, a number panel holding its curve, keypoints and handles, a boolean or string
//! panel holding step bands with their values. `plot` fills it from a clip, `play --plot`
//! from the values a session played.

use crate::number_text::shortest;
use crate::number_text::value_text;
use arora_animation_module_dir::Played;

/// A picture: a title, the time range shown (seconds) and one panel per track or key.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The figure's title.
    pub title: String,
    /// Where the time axis starts, in seconds.
    pub from_s: f64,
    /// Where it ends, in seconds.
    pub to_s: f64,
    /// One panel per track, stacked.
    pub panels: Vec<Panel>,
}

/// One track's or key's panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The track's name as shown.
    pub name: String,
    /// What the panel draws.
    pub content: Content,
}

/// What a panel draws; times in seconds.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// A number curve: runs of (time, value) drawn as lines (a gap between runs), the
    /// keypoints as rings, and each authored handle as a line from keypoint to control point.
    Curve {
        /// The curve, in runs of (seconds, value) points.
        runs: Vec<Vec<(f64, f64)>>,
        /// Each keypoint as (seconds, value).
        keypoints: Vec<(f64, f64)>,
        /// Each authored handle, from its keypoint to its control point.
        handles: Vec<[(f64, f64); 2]>,
        /// What the curve is: a value, or one of its derivatives (the axis says which).
        quantity: Quantity,
        /// A robot's limits on it and where they are broken (`plot --limits`).
        guides: Guides,
    },
    /// Steps: bands in time order, each with its value written on it.
    Steps {
        /// The bands, in time order.
        bands: Vec<Band>,
    },
    /// A track with no keypoint (nothing to draw).
    Empty,
}

/// What a curve panel draws over time: the axis's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Quantity {
    /// A track's value.
    #[default]
    Value,
    /// Its velocity, units per second.
    Velocity,
    /// Its acceleration, units per second².
    Acceleration,
}

impl Quantity {
    /// The vertical axis's description.
    pub fn axis(self) -> &'static str {
        match self {
            Quantity::Value => "value",
            Quantity::Velocity => "units/s",
            Quantity::Acceleration => "units/s²",
        }
    }
}

/// A limit band on a curve and the places it is broken: the band's edges are drawn as
/// lines, the curve's points outside it and the violations in the warning colour.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Guides {
    /// The lowest value allowed (`min`, or −`max_velocity`), if any.
    pub low: Option<f64>,
    /// The highest value allowed, if any.
    pub high: Option<f64>,
    /// Each violation's extreme as (seconds, value): a ring in the warning colour.
    pub marks: Vec<(f64, f64)>,
    /// Each violation at an instant (a jump, an unbounded velocity, a velocity step), in
    /// seconds: a vertical line in the warning colour.
    pub instants: Vec<f64>,
}

impl Guides {
    /// Whether `value` lies outside the band.
    pub fn outside(&self, value: f64) -> bool {
        self.low.is_some_and(|low| value < low) || self.high.is_some_and(|high| value > high)
    }
}

/// One step of a boolean or string track.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    /// Where the band starts, in seconds.
    pub from_s: f64,
    /// Where it ends, in seconds.
    pub to_s: f64,
    /// The value as written on the band.
    pub label: String,
    /// `Some` for a boolean band (its fill says on or off); `None` for a string.
    pub on: Option<bool>,
}

impl Content {
    /// The value range the panel needs, widened by a tenth (a flat curve by ±1).
    pub fn value_range(&self) -> (f64, f64) {
        let Content::Curve {
            runs,
            keypoints,
            handles,
            guides,
            ..
        } = self
        else {
            return (0.0, 1.0);
        };
        let points = runs.iter().flatten().chain(keypoints).chain(&guides.marks);
        let ends = handles.iter().flatten();
        let band = [guides.low, guides.high].into_iter().flatten();
        let values = points.chain(ends).map(|p| p.1).chain(band);
        let values = values.filter(|v| v.is_finite());
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        if low > high {
            return (-1.0, 1.0);
        }
        // Halves first, so values near ±f64::MAX widen without overflowing.
        let pad = high / 10.0 - low / 10.0;
        let (low, high) = if pad <= 1e-13 * high.abs().max(low.abs()).max(1.0) {
            // Flat: a band around the value.
            (low - low.abs().max(1.0), high + high.abs().max(1.0))
        } else {
            (low - pad, high + pad)
        };
        if low.is_finite() && high.is_finite() {
            (low, high)
        } else {
            (-f64::MAX, f64::MAX)
        }
    }
}

/// Merges `(time, label, on)` steps into bands: each holds from its time to the next
/// different one (or `end_s`).
pub fn bands(steps: &[(f64, String, Option<bool>)], end_s: f64) -> Vec<Band> {
    let mut bands: Vec<Band> = Vec::new();
    for (i, (from_s, label, on)) in steps.iter().enumerate() {
        let to_s = steps.get(i + 1).map_or(end_s, |next| next.0);
        match bands.last_mut() {
            Some(last) if last.label == *label => last.to_s = to_s,
            _ => bands.push(Band {
                from_s: *from_s,
                to_s,
                label: label.clone(),
                on: *on,
            }),
        }
    }
    bands
}

/// The picture of a played session: each output key over device time.
pub fn played_figure(title: &str, played: &Played) -> Figure {
    let seconds = |ns: u64| ns as f64 / 1e9;
    let to_s = played.frames.last().map_or(1.0, |f| seconds(f.time_ns));
    let from_s = played.frames.first().map_or(0.0, |f| seconds(f.time_ns));
    let panels = (0..played.keys.len())
        .map(|key| {
            let at = |f: &arora_animation_module_dir::Frame| f.values.get(key).cloned();
            let column: Vec<(f64, Option<arora_types::value::Value>)> = played
                .frames
                .iter()
                .map(|f| (seconds(f.time_ns), at(f)))
                .collect();
            Panel {
                name: played.keys[key].clone(),
                content: played_content(&column, to_s),
            }
        })
        .collect();
    Figure {
        title: title.to_string(),
        from_s,
        to_s: if to_s > from_s { to_s } else { from_s + 1.0 },
        panels,
    }
}

fn played_content(column: &[(f64, Option<arora_types::value::Value>)], end_s: f64) -> Content {
    use arora_types::value::Value;
    let number = |v: &Value| match v {
        Value::F64(x) => Some(*x),
        Value::F32(x) => Some(f64::from(*x)),
        _ => None,
    };
    let is_number = column
        .iter()
        .any(|(_, v)| v.as_ref().and_then(number).is_some());
    if is_number {
        let mut runs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
        for (t, value) in column {
            match value.as_ref().and_then(number) {
                Some(x) => runs.last_mut().map_or((), |run| run.push((*t, x))),
                None => runs.push(Vec::new()),
            }
        }
        runs.retain(|run| !run.is_empty());
        return Content::Curve {
            runs,
            keypoints: Vec::new(),
            handles: Vec::new(),
            quantity: Quantity::Value,
            guides: Guides::default(),
        };
    }
    let steps: Vec<(f64, String, Option<bool>)> = column
        .iter()
        .map(|(t, value)| {
            let on = match value {
                Some(Value::Boolean(b)) => Some(*b),
                _ => None,
            };
            let label = value
                .as_ref()
                .and_then(value_text)
                .unwrap_or_else(|| "—".into());
            (*t, label, on)
        })
        .collect();
    Content::Steps {
        bands: bands(&steps, end_s),
    }
}

/// A time in seconds as an axis label writes it.
pub fn time_label(s: f64) -> String {
    shortest((s * 1e6).round() / 1e6)
}
