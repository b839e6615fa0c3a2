//! Where things are: the workspace, the runtime's own workspace, and the
//! target directory the browser builds write to.

use std::path::{Path, PathBuf};

/// The workspace this crate belongs to.
pub fn workspace_dir() -> &'static Path {
    arora_animation_module_dir::workspace_dir()
}

/// `web/runtime/`: arora-web linked into one `cdylib`, a cargo workspace of
/// its own with its own `Cargo.lock`.
pub fn runtime_dir() -> PathBuf {
    workspace_dir().join("web").join("runtime")
}

/// `web/page/`: the authors' page, copied into every bundle.
pub fn page_dir() -> PathBuf {
    workspace_dir().join("web").join("page")
}

/// `browser/harness/`: the test page and its driver, copied into every bundle.
pub fn harness_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("harness")
}

/// `target/web/`: the runtime's cargo target directory and the bundles, apart
/// from the workspace's own target directory so the two builds never wait on
/// each other's lock.
pub fn web_target_dir() -> PathBuf {
    workspace_dir().join("target").join("web")
}
