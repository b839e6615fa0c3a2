//! `convert`: a 1.x stored animation (the editor's 1.x JSON, read by the engine's
//! [`read_v1_document`]) written as a 2.0 clip document through the conversion of
//! docs/curves.md §2.2, so the written clip samples as the 1.x clip does.
//!
//! A glTF 2.0 file (`.glb`, or `.gltf` JSON with an `asset` object — recognised by its
//! content) is converted by the engine's `gltf` module instead: one animation to one clip,
//! exact where the clip's curves hold the glTF curve, fitted within `--tolerance` where they
//! cannot; external buffers are read from the file's folder, and the conversion's notes
//! are printed, one a line.

use std::path::{Path, PathBuf};

use animation_engine::gltf::{
    AnimationChoice, DEFAULT_TOLERANCE, GltfOptions, clip_from_gltf, is_gltf,
};
use animation_engine::{ClipFileError, read_v1_document};

use crate::clip_file::read_text;
use crate::error::CliError;

/// `convert`: a 1.x stored animation or a glTF 2.0 animation to a 2.0 clip document.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The 1.x stored animation (duration in ms, normalized stamps, `{x, y}` handles), or a
    /// glTF 2.0 file (`.gltf` or `.glb`).
    pub input: PathBuf,
    /// The 2.0 clip document to write.
    #[arg(short, long)]
    pub output: PathBuf,
    /// glTF: the animation to convert, by name or index (default: the first).
    #[arg(long, value_name = "NAME|INDEX")]
    pub animation: Option<String>,
    /// glTF: put before every target (`robot/` gives `robot/arm/rotation/z`).
    #[arg(long, value_name = "P")]
    pub target_prefix: Option<String>,
    /// glTF: how far a fitted track may stray from the glTF curve, in its units.
    #[arg(long, value_name = "X")]
    pub tolerance: Option<f64>,
}

impl ConvertArgs {
    /// Whether an option only a glTF file reads was given.
    fn has_gltf_options(&self) -> bool {
        self.animation.is_some() || self.target_prefix.is_some() || self.tolerance.is_some()
    }

    /// The engine's options from the command line's.
    fn gltf_options(&self) -> GltfOptions {
        GltfOptions {
            animation: self.animation.as_deref().map(AnimationChoice::parse),
            target_prefix: self.target_prefix.clone().unwrap_or_default(),
            tolerance: self.tolerance.unwrap_or(DEFAULT_TOLERANCE),
        }
    }
}

/// The clip document and the notes of the glTF file `bytes` read from `path`; its external
/// buffers are read from its folder. A bad `--animation` or `--tolerance` is a usage error,
/// anything wrong with the file refused data.
pub fn convert_gltf(
    path: &Path,
    bytes: &[u8],
    options: &GltfOptions,
) -> Result<(String, Vec<String>), CliError> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let external = |uri: &str| std::fs::read(folder.join(uri)).map_err(|e| e.to_string());
    let shown = path.display().to_string();
    match clip_from_gltf(bytes, options, &external) {
        Ok(converted) => Ok((converted.clip.to_json(), converted.notes)),
        Err(error) if error.is_usage() => Err(CliError::Usage(format!("{shown}: {error}"))),
        Err(error) => Err(CliError::Data {
            path: shown,
            what: error.to_string(),
        }),
    }
}

/// The 2.0 document of the 1.x document `text`: converted (docs/curves.md §2.2)
/// and validated (docs/curves.md §1.5).
pub fn convert_text(shown: &str, text: &str) -> Result<String, CliError> {
    let v1 = read_v1_document(shown, text)?;
    let clip = v1.to_valid_clip().map_err(|error| ClipFileError::Convert {
        path: shown.to_string(),
        error,
    })?;
    Ok(clip.into_clip().to_json())
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    let shown = args.input.display().to_string();
    let bytes = std::fs::read(&args.input).map_err(|source| {
        CliError::Clip(crate::clip_file::ClipFileError::Read {
            path: shown.clone(),
            source,
        })
    })?;
    if is_gltf(&bytes) {
        let (document, notes) = convert_gltf(&args.input, &bytes, &args.gltf_options())?;
        write_file(&args.output, &(document + "\n"))?;
        notes.iter().for_each(|note| println!("{note}"));
        return Ok(());
    }
    if args.has_gltf_options() {
        return Err(CliError::Usage(format!(
            "{shown}: --animation, --target-prefix and --tolerance are for glTF files"
        )));
    }
    let text = read_text(&args.input)?;
    let document = convert_text(&shown, &text)?;
    write_file(&args.output, &(document + "\n"))
}

/// Writes `text` to `path`.
pub fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::write(path, e))
}
