//! `module-dir`: what `arora-animation-module-dir` does — build the guest, write the module
//! directory, play the bundled clip on a device — through that crate's library.

use arora_animation_module_dir::{ARTIFACT_FILE, Target, build_guest, play, write};
use std::path::PathBuf;

use crate::error::CliError;

/// `module-dir`: write the module directory and play it on a device.
#[derive(Debug, clap::Args)]
pub struct ModuleDirArgs {
    /// The module directory to write.
    pub dir: PathBuf,
    /// `wasm32-wasip1` (default) or `wasm32-wasip2`.
    #[arg(long, default_value = "wasm32-wasip1")]
    pub target: String,
    /// A prebuilt guest (core module or component) instead of building one.
    #[arg(long, value_name = "FILE")]
    pub guest: Option<PathBuf>,
}

/// Runs `module-dir`.
pub fn run(args: &ModuleDirArgs) -> Result<(), CliError> {
    let target: Target = args
        .target
        .parse()
        .map_err(|e: arora_animation_module_dir::UnknownTarget| CliError::Usage(e.to_string()))?;
    let shown = args.dir.display().to_string();
    let data = |what: String| CliError::Data {
        path: shown.clone(),
        what,
    };
    let guest = match &args.guest {
        Some(path) => std::fs::read(path).map_err(|e| CliError::Data {
            path: path.display().to_string(),
            what: format!("cannot read: {e}"),
        })?,
        None => {
            eprintln!("building the guest for {target} …");
            build_guest(target).map_err(|e| data(e.to_string()))?
        }
    };
    write(&args.dir, &guest).map_err(|e| data(e.to_string()))?;
    let artifact =
        std::fs::metadata(args.dir.join(ARTIFACT_FILE)).map_err(|e| data(e.to_string()))?;
    println!(
        "wrote {shown} (guest {} bytes, component {} bytes)",
        guest.len(),
        artifact.len()
    );
    print!("{}", play(&args.dir).map_err(|e| data(e.to_string()))?);
    Ok(())
}
