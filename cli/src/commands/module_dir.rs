//! `module-dir`: what `arora-animation-module-dir` does — build the guest, write the module
//! directory, play the bundled clip on a device — with that crate's own arguments and run.

pub use arora_animation_module_dir::ModuleDirArgs;

use crate::error::CliError;

/// Runs `module-dir`.
pub fn run(args: &ModuleDirArgs) -> Result<(), CliError> {
    arora_animation_module_dir::run(args).map_err(|e| CliError::Data {
        path: args.dir.display().to_string(),
        what: e.to_string(),
    })
}
