//! `cargo run --release -p arora-animation-module-dir -- <dir> [--target
//! wasm32-wasip1|wasm32-wasip2] [--guest <file.wasm>]`
//!
//! Builds the guest (unless `--guest` gives one), writes the module directory
//! `<dir>`, loads it on an in-process Arora device, plays the bundled clip
//! for one second of device time, and prints what the device describes and
//! the values it played.

use std::path::PathBuf;
use std::process::ExitCode;

use arora_animation_module_dir::{Target, build_guest, play, write};

const USAGE: &str = "usage: arora-animation-module-dir <dir> [--target wasm32-wasip1|wasm32-wasip2] [--guest <file.wasm>]";

/// The command line, read.
struct Args {
    dir: PathBuf,
    target: Target,
    guest: Option<PathBuf>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let dir = args.next().filter(|dir| !dir.starts_with("--"));
    let mut parsed = Args {
        dir: dir
            .ok_or("the first argument is the module directory")?
            .into(),
        target: Target::default(),
        guest: None,
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--target" => parsed.target = value.parse().map_err(|e| format!("{e}"))?,
            "--guest" => parsed.guest = Some(value.into()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(parsed)
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let guest = match &args.guest {
        Some(path) => std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?,
        None => {
            eprintln!("building the guest for {} …", args.target);
            build_guest(args.target)?
        }
    };
    write(&args.dir, &guest)?;
    let artifact = std::fs::metadata(args.dir.join(arora_animation_module_dir::ARTIFACT_FILE))?;
    println!(
        "wrote {} (guest {} bytes, component {} bytes)",
        args.dir.display(),
        guest.len(),
        artifact.len()
    );
    print!("{}", play(&args.dir)?);
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(why) => {
            eprintln!("{why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Result<Args, String> {
        parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn the_directory_comes_first_then_the_options() {
        let parsed = args("out --target wasm32-wasip2 --guest g.wasm").unwrap();
        assert_eq!(parsed.dir, PathBuf::from("out"));
        assert_eq!(parsed.target, Target::Wasip2);
        assert_eq!(parsed.guest, Some(PathBuf::from("g.wasm")));
        let default = args("out").unwrap();
        assert_eq!((default.target, default.guest), (Target::Wasip1, None));
    }

    #[test]
    fn a_missing_directory_an_unknown_option_or_target_is_refused() {
        assert!(args("").is_err());
        assert!(args("--target wasm32-wasip1").is_err());
        assert!(args("out --fast yes").is_err());
        assert!(args("out --target wasm32-wasi").is_err());
        assert!(args("out --guest").is_err());
    }
}
