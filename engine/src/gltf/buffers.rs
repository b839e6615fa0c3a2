//! The file and its buffers: the `gltf` crate parses the JSON (of a `.gltf`, or the JSON
//! chunk of a `.glb`) and validates it; the bytes of each buffer a channel reads come from
//! the `.glb` binary chunk, a `data:` URI (base64), or the caller's resolver for an external
//! file — the engine touches no file system, so the page, which has none, calls the same code.

use base64::Engine as _;
use gltf_crate::buffer::Source;

use crate::gltf::error::GltfError;

use ::gltf as gltf_crate;

/// The 12-byte `.glb` header: magic, version, total length.
const GLB_HEADER: usize = 12;

/// Parses and validates the file. A `.glb` whose header declares fewer bytes than the header
/// itself is refused here: the crate would subtract past zero.
pub(crate) fn parse(bytes: &[u8]) -> Result<gltf_crate::Gltf, GltfError> {
    if bytes.starts_with(b"glTF") {
        let declared = bytes
            .get(8..GLB_HEADER)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
        match declared {
            Some(length) if length >= GLB_HEADER => {}
            _ => {
                return Err(GltfError::NotGltf(
                    "a .glb header shorter than 12 bytes".into(),
                ));
            }
        }
    }
    gltf_crate::Gltf::from_slice(bytes).map_err(|e| GltfError::NotGltf(one_line(&e.to_string())))
}

/// The bytes of buffer `index`: the binary chunk, a decoded `data:` URI, or what `external`
/// gives for any other URI; at least as many bytes as the buffer declares.
pub(crate) fn buffer_bytes(
    file: &gltf_crate::Gltf,
    index: usize,
    external: &dyn Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<Vec<u8>, GltfError> {
    let refused = |what: String| GltfError::Buffer { index, what };
    let buffer = file
        .buffers()
        .nth(index)
        .ok_or_else(|| refused("no such buffer".into()))?;
    let bytes = match buffer.source() {
        Source::Bin => file
            .blob
            .clone()
            .ok_or_else(|| refused("the file has no binary chunk".into()))?,
        Source::Uri(uri) if uri.starts_with("data:") => decode_data_uri(uri).map_err(refused)?,
        Source::Uri(uri) => external(uri).map_err(|e| refused(format!("\"{uri}\": {e}")))?,
    };
    if bytes.len() < buffer.length() {
        let (has, declared) = (bytes.len(), buffer.length());
        return Err(refused(format!("has {has} bytes, declares {declared}")));
    }
    Ok(bytes)
}

/// The bytes of a `data:[<media type>];base64,<data>` URI.
fn decode_data_uri(uri: &str) -> Result<Vec<u8>, String> {
    let Some((head, data)) = uri.split_once(',') else {
        return Err("a data: URI without a comma".into());
    };
    if !head.ends_with(";base64") {
        return Err("a data: URI that is not base64".into());
    }
    base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| format!("a data: URI that is not base64: {e}"))
}

/// `text` on one line: the crate's validation lists one problem per line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
