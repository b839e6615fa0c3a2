//! `arora-animation`, the command line for `@arora/animation` clip files: `check`, `plot`,
//! `bake`, `play`, `convert` and `module-dir`. Each command's work is a library function
//! here, so tests call them in-process; `main.rs` only reads the arguments and maps a
//! failure to its exit status (2 usage, 1 refused data).
//!
//! Play sessions go through the contract (`arora_animation_module`'s client on a host
//! registration), as a device calls it. The other commands that read a clip call the engine
//! (`animation_engine`) directly: `clip_file.rs` (its file reader, with precise errors),
//! `sampling.rs` (samples and curves to draw), `commands/bake` (the frame count and sample
//! times of `animation_engine::bake`, streamed past the contract's cap), `check`, `plot` and
//! `convert` (the 1.x model).

pub mod args;
pub mod clip_file;
pub mod commands;
pub mod error;
pub mod figure;
pub mod limits_file;
pub mod number_text;
pub mod sampling;

use args::{Cli, Command};
use error::CliError;

/// Runs one command line (already parsed); `check` prints its own lines and answers its
/// status, the others answer `Ok(0)` or their error.
pub fn run(cli: &Cli) -> Result<u8, CliError> {
    match &cli.command {
        Command::Check(args) => Ok(commands::check::run(
            args,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )),
        Command::Limits(args) => commands::limits::run(
            args,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        ),
        Command::Plot(args) => commands::plot::run(args).map(|()| 0),
        Command::Bake(args) => commands::bake::run(args).map(|()| 0),
        Command::Play(args) => commands::play::run(args).map(|()| 0),
        Command::Convert(args) => commands::convert::run(args).map(|()| 0),
        Command::ModuleDir(args) => commands::module_dir::run(args).map(|()| 0),
        Command::Web(args) => commands::web::run(args).map(|()| 0),
        Command::Serve(args) => commands::serve::run(args).map(|()| 0),
    }
}
