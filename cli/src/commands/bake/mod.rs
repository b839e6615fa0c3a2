//! `bake`: every track of a clip sampled at a fixed rate over a window, as the contract's
//! `bake` / `bake_with_derivatives` do (docs/curves.md §5, docs/contract.md §4.12), streamed.
//!
//! The contract caps a bake at 2^20 samples and answers it whole. The command line lifts
//! the cap and never holds the whole bake: it takes the rate as the contract's f32 and the
//! engine's own window of docs/curves.md §5 (`animation_engine::bake::BakeWindow`: the
//! defaults, the frame count F with a limit of 2^53 instead of 2^20, the sample times
//! `f64(start) + k × period`), and samples runs of [`CHUNK`](plan::CHUNK) consecutive times
//! through the engine, each sample exactly what sampling its time alone gives. Chunking the
//! contract's own bake by windows would not do: a window starting at an integer nanosecond
//! cannot reproduce the fractional times `start + k × period` of the one bake.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::clip_file::ClipFile;
use crate::error::CliError;
use crate::sampling::Sampler;
use out::{Baking, write_csv, write_json};
use plan::StreamedBake;
use progress::Progress;

pub mod out;
pub mod plan;
pub mod progress;

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

/// Runs `bake`: reads the clip, plans the window and streams the samples out.
pub fn run(args: &BakeArgs) -> Result<(), CliError> {
    let file = ClipFile::read(&args.clip)?;
    let sampler = Sampler::new(&file.valid);
    let plan = StreamedBake::new(sampler.end_ns(), args.rate, args.from, args.to)?;
    let shown = args
        .output
        .as_deref()
        .unwrap_or(Path::new("standard output"));
    let out: Box<dyn Write> = match &args.output {
        Some(path) => {
            let file = File::create(path).map_err(|e| CliError::write(path, e))?;
            Box::new(BufWriter::new(file))
        }
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let tracks = sampler.targets().len().max(1) as u64;
    let mut progress = Progress::new(plan.samples().saturating_mul(tracks));
    let bake = Baking {
        sampler: &sampler,
        plan: &plan,
        derivatives: args.derivatives,
    };
    let written = match args.format {
        BakeFormat::Csv => write_csv(bake, out, &mut progress),
        BakeFormat::Json => write_json(bake, out, &mut progress),
    };
    progress.finish();
    written.map_err(|e| CliError::write(shown, e))
}
