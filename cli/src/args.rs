//! The command line, as clap reads it. Values arrive in the user's units (seconds, hertz)
//! and are turned into the contract's (nanoseconds, f32 rates) by the commands.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

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
    Check(CheckArgs),
    /// Draw a clip's tracks, one panel each, to an SVG or PNG file.
    Plot(PlotArgs),
    /// Sample every track at a fixed rate, as the contract's `bake` does.
    Bake(BakeArgs),
    /// Play clips on one player and print the values of each step.
    Play(PlayArgs),
    /// Convert a 1.x stored animation to a 2.0 clip document.
    Convert(ConvertArgs),
    /// Build the guest, write the module directory and play the bundled clip on a device.
    ModuleDir(ModuleDirArgs),
    /// Serve the authors' page (clips played on the browser device) on 127.0.0.1.
    Web(crate::web::WebArgs),
    /// Serve a device with this module (and a tree) on the open local bridge, 127.0.0.1.
    Serve(crate::serve::ServeArgs),
}

/// `check`: read and validate clip files.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The clip files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// `plot`: draw a clip's tracks.
#[derive(Debug, clap::Args)]
pub struct PlotArgs {
    /// The clip file (2.0 JSON document).
    pub clip: PathBuf,
    /// The picture: `.svg`, or `.png` (the SVG rendered).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Only these tracks (by id), in the order given; all tracks when absent.
    #[arg(long = "track", value_name = "ID")]
    pub tracks: Vec<String>,
    /// The first time drawn, in seconds (default: the earliest keypoint, or 0).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub from: Option<f64>,
    /// The last time drawn, in seconds (default: the clip's end).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub to: Option<f64>,
    /// The picture's size in pixels (default 800 wide, 600 high or 160 a panel if more).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
}

/// The two forms of a bake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BakeFormat {
    /// Comma-separated values, a column per track.
    Csv,
    /// The baked animation as JSON.
    Json,
}

/// `bake`: sample every track at a rate, as the contract's bake does.
#[derive(Debug, clap::Args)]
pub struct BakeArgs {
    /// The clip file (2.0 JSON document).
    pub clip: PathBuf,
    /// Samples per second (the contract takes it as f32; default 60).
    #[arg(
        long,
        value_name = "HZ",
        default_value_t = 60.0,
        allow_hyphen_values = true
    )]
    pub rate: f64,
    /// The window's start in seconds of clip-local time (default 0).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub from: Option<f64>,
    /// The window's end in seconds (default the clip's end).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub to: Option<f64>,
    /// Add each number sample's velocity (units per second of clip-local time).
    #[arg(long)]
    pub derivatives: bool,
    /// How the samples are written.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: BakeFormat,
    /// Write here instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// How `play` prints the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayFormat {
    /// A table for people.
    Table,
    /// Comma-separated values.
    Csv,
    /// JSON, one object per step.
    Json,
}

/// The loop modes of `set_loop` (docs/contract.md §4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum LoopArg {
    /// Play once and stop at the end.
    Once,
    /// Loop over the window.
    Loop,
    /// Go to the end and back once.
    Bounce,
    /// Go back and forth for ever.
    PingPong,
}

impl LoopArg {
    /// The engine's loop mode of this name.
    pub fn mode(self) -> animation_engine::LoopMode {
        use animation_engine::LoopMode;
        match self {
            LoopArg::Once => LoopMode::Once,
            LoopArg::Loop => LoopMode::Loop,
            LoopArg::Bounce => LoopMode::Bounce,
            LoopArg::PingPong => LoopMode::PingPong,
        }
    }
}

/// `play`: one player with one instance per clip, stepped through the contract.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The clips: one instance each on one player, in order.
    #[arg(required = true)]
    pub clips: Vec<PathBuf>,
    /// The player's speed (negative plays backwards).
    #[arg(long, value_name = "X", allow_hyphen_values = true)]
    pub speed: Option<f32>,
    /// The loop mode.
    #[arg(long = "loop", value_enum, value_name = "MODE")]
    pub loop_mode: Option<LoopArg>,
    /// The player's window in seconds: `A..B` or `A..`.
    #[arg(long, value_name = "A..B")]
    pub window: Option<String>,
    /// The player's length in seconds.
    #[arg(long, value_name = "S")]
    pub length: Option<f64>,
    /// Start heading against the speed's sign.
    #[arg(long)]
    pub reversed: bool,
    /// The weight of each instance, in order (default 1).
    #[arg(long = "weight", value_name = "W", allow_hyphen_values = true)]
    pub weights: Vec<f32>,
    /// The start offset of each instance in seconds, in order (default 0).
    #[arg(long = "offset", value_name = "S", allow_hyphen_values = true)]
    pub offsets: Vec<f64>,
    /// Device steps per second.
    #[arg(long, value_name = "HZ", default_value_t = 60.0)]
    pub rate: f64,
    /// Seconds of device time to play (default the longest clip's end, at least one step).
    #[arg(long, value_name = "S")]
    pub duration: Option<f64>,
    /// Step with `step_with_velocities` and print the velocities too.
    #[arg(long)]
    pub velocities: bool,
    /// How the steps are written.
    #[arg(long, value_enum, default_value = "table")]
    pub format: PlayFormat,
    /// Also draw each output key over device time to this SVG or PNG.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Play on the wasm guest of this module directory on an `arora` device.
    #[arg(long, value_name = "DIR")]
    pub module_dir: Option<PathBuf>,
}

/// `convert`: a 1.x stored animation to a 2.0 clip document.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The 1.x stored animation (duration in ms, normalized stamps, `{x, y}` handles).
    pub input: PathBuf,
    /// The 2.0 clip document to write.
    #[arg(short, long)]
    pub output: PathBuf,
}

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
