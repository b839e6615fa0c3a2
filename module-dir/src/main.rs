//! `cargo run --release -p arora-animation-module-dir -- <dir> [--target
//! wasm32-wasip1|wasm32-wasip2] [--guest <file.wasm>]`
//!
//! Builds the guest (unless `--guest` gives one), writes the module directory
//! `<dir>`, loads it on an in-process Arora device, plays the bundled clip
//! for one second of device time, and prints what the device describes and
//! the values it played. The arguments and the run are the library's
//! ([`arora_animation_module_dir::ModuleDirArgs`]), shared with `arora-animation module-dir`.

use std::process::ExitCode;

use arora_animation_module_dir::{ModuleDirArgs, run};
use clap::Parser;

/// Writes the @arora/animation module directory and plays it on a device.
#[derive(Parser)]
#[command(name = "arora-animation-module-dir", version)]
struct Cli {
    #[command(flatten)]
    args: ModuleDirArgs,
}

fn main() -> ExitCode {
    match run(&Cli::parse().args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
