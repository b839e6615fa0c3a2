//! The `module-dir` command line, one definition for both front ends: the crate's own binary
//! and `arora-animation module-dir` take the same arguments and do the same run.

use std::io;
use std::path::PathBuf;

use crate::guest_build::{BuildError, build_guest};
use crate::play::{PlayError, play};
use crate::target::Target;
use crate::write::{ARTIFACT_FILE, WriteError, write};

/// Build the guest (or take a prebuilt one), write the module directory, and play the
/// bundled clip on an in-process device.
#[derive(Debug, clap::Args)]
pub struct ModuleDirArgs {
    /// The module directory to write.
    pub dir: PathBuf,
    /// The guest's target: `wasm32-wasip1`, or `wasm32-wasip2` (the build a browser loads).
    #[arg(long, default_value_t = Target::Wasip1)]
    pub target: Target,
    /// A prebuilt guest (core module or component) instead of building one.
    #[arg(long, value_name = "FILE")]
    pub guest: Option<PathBuf>,
}

/// Why a `module-dir` run stopped; each names the file or step it was at.
#[derive(Debug, thiserror::Error)]
pub enum ModuleDirError {
    /// The `--guest` file could not be read.
    #[error("{}: cannot read the guest: {source}", path.display())]
    ReadGuest {
        /// The `--guest` file.
        path: PathBuf,
        /// What reading it said.
        source: io::Error,
    },
    /// Compiling the guest failed.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// Writing the directory failed.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The written component could not be looked at.
    #[error("{}: {source}", path.display())]
    Artifact {
        /// The component file.
        path: PathBuf,
        /// What the file system said.
        source: io::Error,
    },
    /// Loading or playing on the device failed.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Runs `module-dir`, printing progress to stderr and the report to stdout.
pub fn run(args: &ModuleDirArgs) -> Result<(), ModuleDirError> {
    let guest = match &args.guest {
        Some(path) => std::fs::read(path).map_err(|source| ModuleDirError::ReadGuest {
            path: path.clone(),
            source,
        })?,
        None => {
            eprintln!("building the guest for {} …", args.target);
            build_guest(args.target)?
        }
    };
    write(&args.dir, &guest)?;
    let path = args.dir.join(ARTIFACT_FILE);
    let artifact =
        std::fs::metadata(&path).map_err(|source| ModuleDirError::Artifact { path, source })?;
    println!(
        "wrote {} (guest {} bytes, component {} bytes)",
        args.dir.display(),
        guest.len(),
        artifact.len()
    );
    print!("{}", play(&args.dir)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: ModuleDirArgs,
    }

    fn args(line: &str) -> Result<ModuleDirArgs, clap::Error> {
        let words = std::iter::once("module-dir").chain(line.split_whitespace());
        Line::try_parse_from(words).map(|line| line.args)
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
        let unknown = args("out --target wasm32-wasi").err().unwrap().to_string();
        assert!(
            unknown.contains("unknown target `wasm32-wasi`"),
            "{unknown}"
        );
        assert!(args("out --guest").is_err());
    }
}
