//! One glTF channel read and checked: its node's name, its path, its interpolation, its key
//! times in nanoseconds and its output values — the form every later step reads.

use gltf_crate::animation::{Interpolation, Property};
use gltf_crate::json::validation::Checked;

use crate::gltf::accessors::{self, Role};
use crate::gltf::error::GltfError;

use ::gltf as gltf_crate;

/// What a channel animates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathKind {
    /// `translation`: three numbers a key.
    Translation,
    /// `rotation`: a quaternion `(x, y, z, w)` a key.
    Rotation,
    /// `scale`: three numbers a key.
    Scale,
    /// `weights`: one number a morph target a key.
    Weights,
}

impl PathKind {
    /// The path's name in the file and in targets.
    pub(crate) fn name(self) -> &'static str {
        match self {
            PathKind::Translation => "translation",
            PathKind::Rotation => "rotation",
            PathKind::Scale => "scale",
            PathKind::Weights => "weights",
        }
    }

    fn role(self) -> Role {
        match self {
            PathKind::Translation | PathKind::Scale => Role::Vec3,
            PathKind::Rotation => Role::Quaternion,
            PathKind::Weights => Role::Weights,
        }
    }
}

/// A channel's keys: times in nanoseconds, values `width` numbers a key; under
/// `CUBICSPLINE` each key holds in-tangent, value, out-tangent (the glTF 2.0 specification, appendix C).
#[derive(Clone, Debug)]
pub(crate) struct Channel {
    /// The channel's index in its animation.
    pub index: usize,
    /// The node's `name`, else `node<index>`.
    pub node: String,
    /// What it animates.
    pub path: PathKind,
    /// How its keys are joined.
    pub interpolation: Interpolation,
    /// Key times: f32 seconds × 1e9, rounded to the nearest nanosecond.
    pub times_ns: Vec<i64>,
    /// Numbers a value (3, 4, or the morph target count).
    pub width: usize,
    elements: Vec<f64>,
}

/// The largest key time magnitude in nanoseconds (about 146 years): the span between any
/// two keys, and a STEP track's extra nanosecond, stay within `i64`.
const MAX_NS: f64 = 4.6e18;

impl Channel {
    /// Reads channel `channel` from `buffers`, checking its accessors, its counts, its key
    /// times (finite, increasing) and its values (finite).
    pub(crate) fn read(
        document: &gltf_crate::Document,
        channel: &gltf_crate::animation::Channel<'_>,
        buffers: &[Option<Vec<u8>>],
    ) -> Result<Channel, GltfError> {
        let (node, path) = target(document, channel)?;
        let name = node
            .name()
            .map_or_else(|| format!("node{}", node.index()), String::from);
        let sampler = channel.sampler();
        accessors::check(&sampler.input(), Role::Times, buffers)?;
        accessors::check(&sampler.output(), path.role(), buffers)?;
        let label = format!("{name}/{}", path.name());
        let refused = |what: String| GltfError::Channel {
            channel: channel.index(),
            target: label.clone(),
            what,
        };
        let (times, elements) =
            accessors::read(channel, buffers).ok_or_else(|| refused("unreadable data".into()))?;
        let interpolation = sampler.interpolation();
        let per_key = if interpolation == Interpolation::CubicSpline {
            3
        } else {
            1
        };
        let width = match path {
            PathKind::Translation | PathKind::Scale => 3,
            PathKind::Rotation => 4,
            PathKind::Weights => elements.len() / (times.len() * per_key).max(1),
        };
        if width == 0 || elements.len() != times.len() * per_key * width {
            let (n, m) = (times.len(), elements.len());
            return Err(refused(format!(
                "{m} output numbers for {n} keys of {per_key} × {width}"
            )));
        }
        let times_ns = nanoseconds(&times).map_err(refused)?;
        if let Some(i) = elements.iter().position(|v| !v.is_finite()) {
            return Err(refused(format!("output number {i} is not finite")));
        }
        Ok(Channel {
            index: channel.index(),
            node: name,
            path,
            interpolation,
            times_ns,
            width,
            elements,
        })
    }

    /// `node/path`, as errors and notes name the channel.
    pub(crate) fn label(&self) -> String {
        format!("{}/{}", self.node, self.path.name())
    }

    /// The number of keys.
    pub(crate) fn keys(&self) -> usize {
        self.times_ns.len()
    }

    /// Key `k`'s value.
    pub(crate) fn value(&self, k: usize) -> &[f64] {
        self.element(k, 1)
    }

    /// Key `k`'s in-tangent a (per second) under `CUBICSPLINE`.
    pub(crate) fn in_tangent(&self, k: usize) -> &[f64] {
        self.element(k, 0)
    }

    /// Key `k`'s out-tangent b (per second) under `CUBICSPLINE`.
    pub(crate) fn out_tangent(&self, k: usize) -> &[f64] {
        self.element(k, 2)
    }

    fn element(&self, k: usize, which: usize) -> &[f64] {
        let cubic = self.interpolation == Interpolation::CubicSpline;
        let start = if cubic {
            (3 * k + which) * self.width
        } else {
            k * self.width
        };
        &self.elements[start..start + self.width]
    }

    /// The pairs of consecutive keys that round to one nanosecond: they become keypoints
    /// sharing a time (a jump, docs/curves.md §4.6).
    pub(crate) fn coincident_keys(&self) -> Vec<usize> {
        let pairs = self.times_ns.windows(2).enumerate();
        pairs
            .filter(|(_, w)| w[0] == w[1])
            .map(|(k, _)| k)
            .collect()
    }
}

/// The channel's node and path, read from the JSON: the crate validates neither (its
/// `Target::node` and `Target::property` unwrap them).
fn target<'a>(
    document: &'a gltf_crate::Document,
    channel: &gltf_crate::animation::Channel<'_>,
) -> Result<(gltf_crate::Node<'a>, PathKind), GltfError> {
    let root = document.as_json();
    let animation = channel.animation().index();
    let json = &root.animations[animation].channels[channel.index()].target;
    let refused = |what: String| GltfError::Channel {
        channel: channel.index(),
        target: format!("node {}", json.node.value()),
        what,
    };
    let node = document
        .nodes()
        .nth(json.node.value())
        .ok_or_else(|| refused("no such node".into()))?;
    let path = match json.path {
        Checked::Valid(Property::Translation) => PathKind::Translation,
        Checked::Valid(Property::Rotation) => PathKind::Rotation,
        Checked::Valid(Property::Scale) => PathKind::Scale,
        Checked::Valid(Property::MorphTargetWeights) => PathKind::Weights,
        Checked::Invalid => return Err(refused("a path that is not a glTF 2.0 path".into())),
    };
    Ok((node, path))
}

/// Key times in nanoseconds: each f32 second × 1e9 rounded to the nearest (half away from
/// zero); refused when one is not finite, does not exceed its predecessor, or leaves i64.
fn nanoseconds(times: &[f32]) -> Result<Vec<i64>, String> {
    if let Some(k) = times.iter().position(|t| !t.is_finite()) {
        return Err(format!("key time {k} is not finite"));
    }
    if let Some(k) = times.windows(2).position(|w| w[1] <= w[0]) {
        let (a, b) = (times[k], times[k + 1]);
        return Err(format!(
            "key times not increasing: {a} s then {b} s at key {}",
            k + 1
        ));
    }
    let ns = times.iter().map(|&t| (f64::from(t) * 1e9).round());
    ns.map(|ns| {
        if ns.abs() <= MAX_NS {
            Ok(ns as i64)
        } else {
            Err(format!("key time {} s is out of range", ns / 1e9))
        }
    })
    .collect()
}
