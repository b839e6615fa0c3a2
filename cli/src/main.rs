//! `arora-animation <command> …`: see `arora-animation --help` and the README's
//! "Command line" section.

use std::process::ExitCode;

use clap::Parser;

use arora_animation_cli::args::Cli;

fn main() -> ExitCode {
    // clap prints a usage error itself and exits with status 2.
    let cli = Cli::parse();
    match arora_animation_cli::run(&cli) {
        Ok(status) => ExitCode::from(status),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_status())
        }
    }
}
