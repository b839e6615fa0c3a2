//! The accessors a channel reads, checked before the `gltf` crate decodes them: the crate's
//! reader trusts types, counts and ranges (it asserts, or subtracts past zero, on a file that
//! lies), so every accessor is checked here against what its role may hold and against the
//! bytes its buffer view and buffer really have. The crate then reads the elements.

use gltf_crate::accessor::{DataType, Dimensions};
use gltf_crate::animation::util::{MorphTargetWeights as Weights, ReadOutputs, Rotations};

use crate::gltf::error::GltfError;

use ::gltf as gltf_crate;

/// What an accessor is read as: its element shape and the component types it may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Key times: `SCALAR` `f32`.
    Times,
    /// Translations and scales: `VEC3` `f32`.
    Vec3,
    /// Rotations: `VEC4`, `f32` or a normalised integer.
    Quaternion,
    /// Morph target weights: `SCALAR`, `f32` or a normalised integer.
    Weights,
}

impl Role {
    fn dimensions(self) -> Dimensions {
        match self {
            Role::Times | Role::Weights => Dimensions::Scalar,
            Role::Vec3 => Dimensions::Vec3,
            Role::Quaternion => Dimensions::Vec4,
        }
    }

    fn allows_normalized_integers(self) -> bool {
        matches!(self, Role::Quaternion | Role::Weights)
    }
}

/// Checks that `accessor` can be read in `role` from `buffers` (indexed by buffer; `None`
/// for a buffer not loaded) without leaving its bytes.
pub(crate) fn check(
    accessor: &gltf_crate::Accessor<'_>,
    role: Role,
    buffers: &[Option<Vec<u8>>],
) -> Result<(), GltfError> {
    let index = accessor.index();
    let refused = |what: String| GltfError::Accessor { index, what };
    check_type(accessor, role).map_err(refused)?;
    if accessor.sparse().is_some() {
        return Err(refused("sparse accessors are not read".into()));
    }
    if accessor.count() == 0 {
        return Err(refused("no element".into()));
    }
    let view = accessor
        .view()
        .ok_or_else(|| refused("no buffer view".into()))?;
    let size = accessor.size();
    let stride = view.stride().unwrap_or(size);
    if stride < size {
        return Err(refused(format!(
            "stride {stride} under element size {size}"
        )));
    }
    let end = (accessor.count() - 1)
        .checked_mul(stride)
        .and_then(|n| n.checked_add(size))
        .and_then(|n| n.checked_add(accessor.offset()));
    match end {
        Some(end) if end <= view.length() => {}
        _ => {
            return Err(refused(format!(
                "out of range of buffer view {}",
                view.index()
            )));
        }
    }
    let available = buffers.get(view.buffer().index()).and_then(Option::as_ref);
    let available = available.map_or(0, Vec::len);
    match view.offset().checked_add(view.length()) {
        Some(end) if end <= available => Ok(()),
        _ => Err(refused(format!(
            "buffer view {} out of range of buffer {}",
            view.index(),
            view.buffer().index()
        ))),
    }
}

fn check_type(accessor: &gltf_crate::Accessor<'_>, role: Role) -> Result<(), String> {
    let dimensions = accessor.dimensions();
    if dimensions != role.dimensions() {
        return Err(format!(
            "{dimensions:?} where {:?} is read",
            role.dimensions()
        ));
    }
    let integer = matches!(
        accessor.data_type(),
        DataType::I8 | DataType::U8 | DataType::I16 | DataType::U16
    );
    match accessor.data_type() {
        DataType::F32 if !accessor.normalized() => Ok(()),
        _ if integer && accessor.normalized() && role.allows_normalized_integers() => Ok(()),
        data_type => Err(format!(
            "{data_type:?}{} cannot hold {role:?}",
            if accessor.normalized() {
                " normalized"
            } else {
                ""
            }
        )),
    }
}

/// A channel's key times and its output values flattened (`width` numbers an element for
/// translations, scales and rotations; one a weight), read by the crate. The accessors must
/// have passed [`check`]. Normalised integers are decoded here in f64 by the glTF 2.0 specification's section 3.11
/// formulas (`max(c / 127, −1)`, `c / 255`, `max(c / 32767, −1)`, `c / 65535`): the crate's
/// own decoding rounds them to f32.
pub(crate) fn read(
    channel: &gltf_crate::animation::Channel<'_>,
    buffers: &[Option<Vec<u8>>],
) -> Option<(Vec<f32>, Vec<f64>)> {
    let reader = channel.reader(|buffer| buffers.get(buffer.index())?.as_deref());
    let times: Vec<f32> = reader.read_inputs()?.collect();
    let values: Vec<f64> = match reader.read_outputs()? {
        ReadOutputs::Translations(items) | ReadOutputs::Scales(items) => {
            items.flatten().map(f64::from).collect()
        }
        ReadOutputs::Rotations(items) => match items {
            Rotations::I8(items) => items.flatten().map(|c| signed(c.into(), 127.0)).collect(),
            Rotations::U8(items) => items.flatten().map(|c| f64::from(c) / 255.0).collect(),
            Rotations::I16(items) => items.flatten().map(|c| signed(c.into(), 32767.0)).collect(),
            Rotations::U16(items) => items.flatten().map(|c| f64::from(c) / 65535.0).collect(),
            Rotations::F32(items) => items.flatten().map(f64::from).collect(),
        },
        ReadOutputs::MorphTargetWeights(items) => match items {
            Weights::I8(items) => items.map(|c| signed(c.into(), 127.0)).collect(),
            Weights::U8(items) => items.map(|c| f64::from(c) / 255.0).collect(),
            Weights::I16(items) => items.map(|c| signed(c.into(), 32767.0)).collect(),
            Weights::U16(items) => items.map(|c| f64::from(c) / 65535.0).collect(),
            Weights::F32(items) => items.map(f64::from).collect(),
        },
    };
    Some((times, values))
}

/// A normalised signed integer: `max(c / max, −1)`.
fn signed(c: f64, max: f64) -> f64 {
    (c / max).max(-1.0)
}
