//! The guest, built and compiled once per test binary, and the directories
//! the tests write it into.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arora_animation_module_dir::{Target, build_guest, componentize, guest_target_dir, write};
use arora_engine::compiled::CompiledModule;

/// The guest built for `target` and made a component, built on first use
/// and kept for the test binary's life. Panics — failing the test — when
/// the guest does not build.
pub fn component(target: Target) -> &'static [u8] {
    static WASIP1: OnceLock<Vec<u8>> = OnceLock::new();
    static WASIP2: OnceLock<Vec<u8>> = OnceLock::new();
    let cell = match target {
        Target::Wasip1 => &WASIP1,
        Target::Wasip2 => &WASIP2,
    };
    cell.get_or_init(|| {
        let wasm = build_guest(target)
            .unwrap_or_else(|e| panic!("the guest must build for {target}: {e}"));
        componentize(&wasm).unwrap_or_else(|e| panic!("the {target} guest: {e}"))
    })
}

/// The `wasm32-wasip1` guest component compiled for the engine once: every
/// engine a test starts loads it without compiling again.
pub fn compiled() -> &'static CompiledModule {
    static COMPILED: OnceLock<CompiledModule> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let header = arora_animation_module::animation::header(
            arora_animation_module_dir::wasm_component_executor(),
        );
        CompiledModule::new(header, component(Target::Wasip1))
            .unwrap_or_else(|e| panic!("the guest component must compile: {e:?}"))
    })
}

/// The module directory `name`, written (afresh) around the `wasm32-wasip1`
/// guest under the guest build's directory; each test names its own.
pub fn module_dir(name: &str) -> PathBuf {
    let dir = guest_target_dir().join("module-dirs").join(name);
    write(&dir, component(Target::Wasip1))
        .unwrap_or_else(|e| panic!("the module directory {}: {e}", dir.display()));
    dir
}

/// A fresh, empty directory for a test to write into.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = guest_target_dir().join("scratch").join(name);
    match std::fs::remove_dir_all(&dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            panic!("{}: {e}", dir.display())
        }
        _ => {}
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Every file under `dir`, as paths relative to it, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).unwrap_or_else(|e| panic!("{}: {e}", at.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    files.sort();
    files
}
