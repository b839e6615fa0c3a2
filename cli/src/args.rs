//! The command line, as clap reads it: the commands; each command's arguments are its own
//! (`commands/<command>`). Values arrive in the user's units (seconds, hertz) and are
//! turned into the contract's (nanoseconds, f32 rates) by the commands.

use clap::{Parser, Subcommand};

/// Check, plot, bake, play and convert `@arora/animation` clip files (the 2.0 JSON
/// document of docs/curves.md §1.6).
#[derive(Debug, Parser)]
#[command(name = "arora-animation", version)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read and validate clip files: one line per file.
    Check(crate::commands::check::CheckArgs),
    /// The exact range, velocity and acceleration of every track, checked against limits.
    Limits(crate::commands::limits::LimitsArgs),
    /// Draw a clip's tracks, one panel each, to an SVG or PNG file.
    Plot(crate::commands::plot::PlotArgs),
    /// Sample every track at a fixed rate, as the contract's `bake` does.
    Bake(crate::commands::bake::BakeArgs),
    /// Play clips on one player and print the values of each step.
    Play(crate::commands::play::PlayArgs),
    /// Convert a 1.x stored animation to a 2.0 clip document.
    Convert(crate::commands::convert::ConvertArgs),
    /// Build the guest, write the module directory and play the bundled clip on a device.
    ModuleDir(crate::commands::module_dir::ModuleDirArgs),
    /// Serve the authors' page (clips played on the browser device) on 127.0.0.1.
    Web(crate::commands::web::WebArgs),
    /// Serve a device with this module (and a tree) on the open local bridge, 127.0.0.1.
    Serve(crate::commands::serve::ServeArgs),
}
