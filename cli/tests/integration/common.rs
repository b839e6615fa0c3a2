//! What the command line's tests share: the example clips and the contract they are
//! compared with.

use std::path::PathBuf;

use arora_animation_cli::clip_file::ClipFile;
use arora_animation_module::records::BakedAnimation;
use arora_animation_module::{Animation, ContractModule, clip_record};

/// An example clip of `examples/clips/`.
pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/clips")
        .join(name)
}

/// The command line, built.
pub fn cli() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("arora-animation").expect("the arora-animation binary")
}

/// What `command` writes to standard output; it must succeed (its standard error is the
/// failure's message).
pub fn stdout_of(command: &mut assert_cmd::Command) -> Vec<u8> {
    let output = command.output().expect("the command runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The rows of CSV `bytes`, header first.
pub fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes)
        .records()
        .map(|r| r.expect("a CSV row").iter().map(str::to_string).collect())
        .collect()
}

/// A host registration holding the example `name`: the module and the clip's id.
pub fn host_with(name: &str) -> (ContractModule, u32) {
    let file = ClipFile::read(&example(name)).expect("the example reads");
    let mut module = ContractModule::new();
    let anim = module.load_clip(clip_record(&file.clip));
    assert_ne!(anim, u32::MAX, "the contract loads {name}");
    (module, anim)
}

/// The contract's bake of example `name`.
pub fn contract_bake(
    name: &str,
    rate: f32,
    start_ns: Option<u64>,
    end_ns: Option<u64>,
    derivatives: bool,
) -> BakedAnimation {
    let (mut module, anim) = host_with(name);
    let baked = if derivatives {
        module.bake_with_derivatives(anim, Some(rate), start_ns, end_ns)
    } else {
        module.bake(anim, Some(rate), start_ns, end_ns)
    };
    baked.expect("the contract bakes the window")
}
