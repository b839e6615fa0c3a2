//! glTF 2.0 files the conversion tests write (issue #27): nodes, animations, channels and
//! samplers described as plain data, written as a `.gltf` with an embedded (`data:`)
//! buffer, a `.gltf` with an external buffer file, or a `.glb`. Each accessor has its own
//! buffer view, 4-byte aligned and tightly packed; the numbers are stored as the test gives
//! them (f32, or the integers of a normalised integer accessor).

use base64::Engine as _;
use serde_json::{Value, json};

/// How an output accessor stores its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// `FLOAT` (5126).
    F32,
    /// Normalised `BYTE` (5120).
    I8,
    /// Normalised `UNSIGNED_BYTE` (5121).
    U8,
    /// Normalised `SHORT` (5122).
    I16,
    /// Normalised `UNSIGNED_SHORT` (5123).
    U16,
}

impl Storage {
    /// The accessor's `componentType`.
    pub fn component_type(self) -> u32 {
        match self {
            Storage::I8 => 5120,
            Storage::U8 => 5121,
            Storage::I16 => 5122,
            Storage::U16 => 5123,
            Storage::F32 => 5126,
        }
    }

    fn write(self, number: f64, out: &mut Vec<u8>) {
        match self {
            Storage::F32 => out.extend((number as f32).to_le_bytes()),
            Storage::I8 => out.extend((number as i8).to_le_bytes()),
            Storage::U8 => out.extend((number as u8).to_le_bytes()),
            Storage::I16 => out.extend((number as i16).to_le_bytes()),
            Storage::U16 => out.extend((number as u16).to_le_bytes()),
        }
    }

    /// The number a stored one stands for (the glTF 2.0 specification, section 3.11): an f32 as it is, a normalised
    /// integer c as max(c / 127, −1), c / 255, max(c / 32767, −1) or c / 65535.
    pub fn decode(self, stored: f64) -> f64 {
        match self {
            Storage::F32 => f64::from(stored as f32),
            Storage::I8 => (stored / 127.0).max(-1.0),
            Storage::U8 => stored / 255.0,
            Storage::I16 => (stored / 32767.0).max(-1.0),
            Storage::U16 => stored / 65535.0,
        }
    }
}

/// A sampler: key times in seconds, output numbers flattened (under `CUBICSPLINE` each key
/// gives in-tangent, value, out-tangent), its interpolation's name.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    /// `STEP`, `LINEAR` or `CUBICSPLINE`.
    pub interpolation: &'static str,
    /// Key times in seconds.
    pub times: Vec<f32>,
    /// Output numbers as stored.
    pub outputs: Vec<f64>,
    /// How the outputs are stored.
    pub storage: Storage,
}

impl Sampler {
    /// A sampler with f32 outputs.
    pub fn new(interpolation: &'static str, times: &[f32], outputs: &[f64]) -> Sampler {
        Sampler {
            interpolation,
            times: times.to_vec(),
            outputs: outputs.to_vec(),
            storage: Storage::F32,
        }
    }

    /// The outputs as the file means them ([`Storage::decode`]).
    pub fn decoded(&self) -> Vec<f64> {
        self.outputs
            .iter()
            .map(|&n| self.storage.decode(n))
            .collect()
    }
}

/// A channel: node `node`'s `path` (`translation`, `rotation`, `scale`, `weights`).
#[derive(Clone, Debug, PartialEq)]
pub struct Channel {
    /// The node's index.
    pub node: usize,
    /// The animated path.
    pub path: &'static str,
    /// Its sampler (each channel has its own).
    pub sampler: Sampler,
}

impl Channel {
    /// Numbers a value of the path (weights: `weights` morph targets).
    pub fn width(&self, weights: usize) -> usize {
        match self.path {
            "rotation" => 4,
            "weights" => weights,
            _ => 3,
        }
    }
}

/// An animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Animation {
    /// Its `name`, if any.
    pub name: Option<String>,
    /// Its channels.
    pub channels: Vec<Channel>,
}

/// A file: its nodes' names (`None`: unnamed) and its animations.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GltfFile {
    /// One entry per node.
    pub nodes: Vec<Option<String>>,
    /// The animations.
    pub animations: Vec<Animation>,
}

impl GltfFile {
    /// The glTF JSON, its buffer at `uri` (`None`: the `.glb` binary chunk), and the
    /// buffer's bytes.
    pub fn json(&self, uri: Option<&str>) -> (Value, Vec<u8>) {
        let mut bin = Vec::new();
        let (mut views, mut accessors, mut animations) = (Vec::new(), Vec::new(), Vec::new());
        let mut add = |bytes: Vec<u8>, accessor: Value| -> usize {
            views.push(json!({"buffer": 0, "byteOffset": bin.len(), "byteLength": bytes.len()}));
            bin.extend(&bytes);
            while !bin.len().is_multiple_of(4) {
                bin.push(0);
            }
            let mut accessor = accessor;
            accessor["bufferView"] = json!(views.len() - 1);
            accessors.push(accessor);
            accessors.len() - 1
        };
        for animation in &self.animations {
            let (mut channels, mut samplers) = (Vec::new(), Vec::new());
            for (i, channel) in animation.channels.iter().enumerate() {
                let s = &channel.sampler;
                let times: Vec<u8> = s.times.iter().flat_map(|t| t.to_le_bytes()).collect();
                let (min, max) = (s.times.first(), s.times.last());
                let input = add(
                    times,
                    json!({"componentType": 5126, "count": s.times.len(), "type": "SCALAR",
                           "min": [min], "max": [max]}),
                );
                let kind = match channel.path {
                    "rotation" => ("VEC4", 4),
                    "weights" => ("SCALAR", 1),
                    _ => ("VEC3", 3),
                };
                let mut bytes = Vec::new();
                s.outputs
                    .iter()
                    .for_each(|&n| s.storage.write(n, &mut bytes));
                let mut accessor = json!({"componentType": s.storage.component_type(),
                    "count": s.outputs.len() / kind.1, "type": kind.0});
                if s.storage != Storage::F32 {
                    accessor["normalized"] = json!(true);
                }
                let output = add(bytes, accessor);
                samplers.push(
                    json!({"input": input, "output": output, "interpolation": s.interpolation}),
                );
                channels.push(
                    json!({"sampler": i, "target": {"node": channel.node, "path": channel.path}}),
                );
            }
            let mut value = json!({"channels": channels, "samplers": samplers});
            if let Some(name) = &animation.name {
                value["name"] = json!(name);
            }
            animations.push(value);
        }
        let nodes: Vec<Value> = self
            .nodes
            .iter()
            .map(|name| name.as_ref().map_or(json!({}), |n| json!({"name": n})))
            .collect();
        let mut buffer = json!({"byteLength": bin.len()});
        if let Some(uri) = uri {
            buffer["uri"] = json!(uri);
        }
        let document = json!({
            "asset": {"version": "2.0", "generator": "arora-animation tests"},
            "nodes": nodes, "animations": animations, "accessors": accessors,
            "bufferViews": views, "buffers": [buffer],
        });
        (document, bin)
    }

    /// The `.gltf` with its buffer embedded as a base64 `data:` URI.
    pub fn embedded(&self) -> Vec<u8> {
        let (_, bin) = self.json(None);
        let encoded = base64::engine::general_purpose::STANDARD.encode(&bin);
        let uri = format!("data:application/octet-stream;base64,{encoded}");
        self.json(Some(&uri)).0.to_string().into_bytes()
    }

    /// The `.gltf` naming its buffer `uri`, and the buffer file's bytes.
    pub fn external(&self, uri: &str) -> (Vec<u8>, Vec<u8>) {
        let (document, bin) = self.json(Some(uri));
        (document.to_string().into_bytes(), bin)
    }

    /// The `.glb`: the JSON chunk and the binary chunk.
    pub fn glb(&self) -> Vec<u8> {
        let (document, bin) = self.json(None);
        glb(&document, &bin)
    }
}

/// A `.glb` of this JSON and binary chunk (each padded to 4 bytes: spaces, zeros).
pub fn glb(document: &Value, bin: &[u8]) -> Vec<u8> {
    let mut json = document.to_string().into_bytes();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    let mut bin = bin.to_vec();
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend(b"glTF");
    out.extend(2u32.to_le_bytes());
    out.extend((total as u32).to_le_bytes());
    out.extend((json.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(&json);
    out.extend((bin.len() as u32).to_le_bytes());
    out.extend(b"BIN\0");
    out.extend(&bin);
    out
}
