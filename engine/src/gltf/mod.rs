//! glTF 2.0 animations converted to clips (issue #27): one glTF animation becomes one 2.0
//! clip, exact wherever the clip's curves can hold the glTF curve — STEP as jumps, LINEAR as
//! lines, CUBICSPLINE as Bézier handles, a hinge rotation as one angle — and fitted within a
//! tolerance, checked, where they cannot (tracks.rs says which).
//!
//! Bytes in, a clip and notes out: no file system. A `.glb` or a `.gltf` with embedded
//! (`data:`) buffers needs nothing else; a `.gltf` naming external files gets them from the
//! caller's resolver (the command line reads them beside the file; the page has none and
//! passes [`no_external_files`]).
//!
//! ```
//! use animation_engine::gltf::{GltfOptions, clip_from_gltf, no_external_files};
//! # let bytes = br#"{"asset": {"version": "2.0"}}"#;
//! match clip_from_gltf(bytes, &GltfOptions::default(), &no_external_files) {
//!     Ok(converted) => println!("{}", converted.clip.to_json()),
//!     Err(error) => println!("{error}"), // here: "the file has no animation"
//! }
//! ```
//!
//! Key times (f32 seconds) become nanoseconds rounded to the nearest; keys that land on one
//! nanosecond become a jump and are reported.
//!
//! The conversion's atan2, sin and cos are the `libm` crate's, not the platform's: glibc's
//! and the wasm target's differ in the last bit, and a file must convert to the same clip
//! on the command line and on the page (compiled to wasm), bit for bit.

mod accessors;
mod buffers;
mod channel;
mod curves;
mod error;
mod fit;
mod hinge;
mod keys;
mod tracks;

pub use error::GltfError;

use crate::clip::model::Clip;
use channel::Channel;

use ::gltf as gltf_crate;

/// The default fitting tolerance, in each track's units (radians, quaternion components).
pub const DEFAULT_TOLERANCE: f64 = 1e-6;

/// Which animation of the file to convert.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnimationChoice {
    /// The first animation with this `name`.
    Name(String),
    /// The animation at this index.
    Index(usize),
}

impl AnimationChoice {
    /// How a command line or a page reads the choice: digits are an index, anything else a
    /// name.
    pub fn parse(text: &str) -> AnimationChoice {
        match text.parse() {
            Ok(index) => AnimationChoice::Index(index),
            Err(_) => AnimationChoice::Name(text.to_string()),
        }
    }
}

/// What to convert and how.
#[derive(Clone, Debug, PartialEq)]
pub struct GltfOptions {
    /// The animation; `None` takes the first (the notes name the others).
    pub animation: Option<AnimationChoice>,
    /// Put before every target (`robot/` gives `robot/arm/rotation/z`).
    pub target_prefix: String,
    /// How far a fitted track may stray from the glTF curve, in the track's units.
    pub tolerance: f64,
}

impl Default for GltfOptions {
    fn default() -> Self {
        GltfOptions {
            animation: None,
            target_prefix: String::new(),
            tolerance: DEFAULT_TOLERANCE,
        }
    }
}

/// A converted animation: the clip, and one line each for what its author should know
/// (which other animations exist, general rotations, fitted channels with their worst
/// error, keys that share a nanosecond).
#[derive(Clone, Debug, PartialEq)]
pub struct GltfClip {
    /// The clip, in format 2.0; `Clip::to_json` writes its document.
    pub clip: Clip,
    /// What the author should know, one line each.
    pub notes: Vec<String>,
}

/// A resolver for callers without files (a page): every external buffer is refused with a
/// message saying what works instead.
pub fn no_external_files(uri: &str) -> Result<Vec<u8>, String> {
    Err(format!(
        "external file {uri:?} cannot be read here: use a .glb or a .gltf with embedded buffers"
    ))
}

/// Whether `bytes` look like glTF: a `.glb` (its magic) or JSON whose top level has an
/// `asset` object. Says nothing about validity; [`clip_from_gltf`] does.
pub fn is_gltf(bytes: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe {
        #[allow(dead_code)]
        asset: serde_json::Map<String, serde_json::Value>,
    }
    bytes.starts_with(b"glTF") || serde_json::from_slice::<Probe>(bytes).is_ok()
}

/// Converts one animation of a glTF 2.0 file (`.gltf` JSON or `.glb`) to a clip; external
/// buffers come from `external` (given the URI as written in the file).
pub fn clip_from_gltf(
    bytes: &[u8],
    options: &GltfOptions,
    external: &dyn Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<GltfClip, GltfError> {
    let tolerance = options.tolerance;
    if !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(GltfError::Tolerance(tolerance));
    }
    let file = buffers::parse(bytes)?;
    let animation = choose(&file, options.animation.as_ref())?;
    let mut notes = vec![others(&file, &animation)];
    if animation.channels().next().is_none() {
        return Err(GltfError::NoChannel(describe(&animation)));
    }
    let data = load_buffers(&file, &animation, external)?;
    let mut tracks = Vec::new();
    let mut animated: Vec<String> = Vec::new();
    for glb_channel in animation.channels() {
        let channel = Channel::read(&file, &glb_channel, &data)?;
        let label = channel.label();
        if animated.contains(&label) {
            notes.push(format!(
                "channel {}: {label} is animated by an earlier channel too; the first track on a target plays",
                channel.index
            ));
        }
        let converted = tracks::convert(&channel, &options.target_prefix, tolerance)?;
        notes.extend(converted.notes);
        tracks.extend(converted.tracks);
        animated.push(label);
    }
    let clip = Clip {
        name: animation
            .name()
            .map_or_else(|| format!("animation{}", animation.index()), String::from),
        length_ns: None,
        tracks,
    };
    match clip.clone().validate() {
        Ok(_) => Ok(GltfClip { clip, notes }),
        Err(e) => Err(GltfError::Clip(e.to_string())),
    }
}

/// `index "name"`, or the index alone for an unnamed animation.
fn describe(animation: &gltf_crate::Animation<'_>) -> String {
    match animation.name() {
        Some(name) => format!("{} {name:?}", animation.index()),
        None => animation.index().to_string(),
    }
}

/// The animation `choice` names (the first when `None`).
fn choose<'a>(
    file: &'a gltf_crate::Gltf,
    choice: Option<&AnimationChoice>,
) -> Result<gltf_crate::Animation<'a>, GltfError> {
    let mut all = file.animations();
    let found = match choice {
        None => all.next(),
        Some(AnimationChoice::Index(i)) => all.nth(*i),
        Some(AnimationChoice::Name(name)) => all.find(|a| a.name() == Some(name.as_str())),
    };
    match (found, choice) {
        (Some(animation), _) => Ok(animation),
        (None, None) => Err(GltfError::NoAnimation),
        (None, Some(choice)) => {
            let listed: Vec<String> = file.animations().map(|a| describe(&a)).collect();
            let available = match listed.len() {
                0 => "no animation".to_string(),
                n => format!("{n}: {}", listed.join(", ")),
            };
            let asked = match choice {
                AnimationChoice::Index(i) => i.to_string(),
                AnimationChoice::Name(name) => format!("{name:?}"),
            };
            Err(GltfError::UnknownAnimation { asked, available })
        }
    }
}

/// The note naming the animation converted and the others the file has.
fn others(file: &gltf_crate::Gltf, chosen: &gltf_crate::Animation<'_>) -> String {
    let rest: Vec<String> = file
        .animations()
        .filter(|a| a.index() != chosen.index())
        .map(|a| describe(&a))
        .collect();
    let converted = format!("animation {} converted", describe(chosen));
    if rest.is_empty() {
        converted
    } else {
        format!(
            "{converted}; the file also has {} (--animation)",
            rest.join(", ")
        )
    }
}

/// The bytes of every buffer the animation's accessors read (`None` for the others).
fn load_buffers(
    file: &gltf_crate::Gltf,
    animation: &gltf_crate::Animation<'_>,
    external: &dyn Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<Vec<Option<Vec<u8>>>, GltfError> {
    let mut data: Vec<Option<Vec<u8>>> = vec![None; file.buffers().count()];
    for sampler in animation.samplers() {
        for accessor in [sampler.input(), sampler.output()] {
            let Some(view) = accessor.view() else {
                continue;
            };
            let index = view.buffer().index();
            if data[index].is_none() {
                data[index] = Some(buffers::buffer_bytes(file, index, external)?);
            }
        }
    }
    Ok(data)
}
