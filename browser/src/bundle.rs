//! The served directory: arora-web's package, the `wasm32-wasip2` module
//! directory, the test harness and the authors' page, in one tree a static
//! server hands to the browser.
//!
//! ```text
//! <bundle>/
//! ├── pkg/          arora_web.js + arora_web_bg.wasm (wasm-bindgen --target web)
//! ├── module/       header.json, animation.wasm, records/, with-records.json
//! ├── harness/      browser/harness/: the tests' page and driver
//! └── …             web/page/: the authors' page (index.html at the root)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arora_animation_module_dir::{RECORDS_DIR, Target, build_guest, write};

use crate::error::BundleError;
use crate::paths::{harness_dir, page_dir, web_target_dir};
use crate::runtime::{bindgen, build_runtime, remove_dir};

/// arora-web's package in a bundle.
pub const PKG_DIR: &str = "pkg";
/// The module directory in a bundle.
pub const MODULE_DIR: &str = "module";
/// The tests' page and driver in a bundle.
pub const HARNESS_DIR: &str = "harness";
/// In the module directory: its records as `withRecords` takes them, one
/// object mapping each file's path under `records/` to its YAML. A static
/// server lists no directory, so the page reads them all from this file.
pub const WITH_RECORDS_FILE: &str = "with-records.json";

/// A built bundle, ready to serve.
#[derive(Clone, Debug)]
pub struct Bundle {
    root: PathBuf,
}

impl Bundle {
    /// Build the bundle `name` under `target/web/served/`. Each caller that
    /// may run at the same time as another (a test binary, the `web`
    /// command) names its own, so none rewrites a tree another serves.
    ///
    /// arora-web and the guest are built by cargo, which answers at once when
    /// they are fresh; `wasm-bindgen` runs only when the runtime's wasm is
    /// newer than the package; the module directory, the harness and the
    /// page are copied afresh (a few files).
    pub fn build(name: &str) -> Result<Bundle, BundleError> {
        let root = web_target_dir().join("served").join(name);
        let runtime = build_runtime()?;
        let guest = build_guest(Target::Wasip2)?;
        create_dir(&root)?;
        bindgen(&runtime, &root.join(PKG_DIR))?;
        // Everything but the package is written afresh, so nothing removed
        // from the page or the harness lingers.
        for entry in read_dir(&root)? {
            let path = entry.path();
            if path.file_name() != Some(PKG_DIR.as_ref()) {
                remove_path(&path)?;
            }
        }
        let module = root.join(MODULE_DIR);
        write(&module, &guest)?;
        write_with_records(&module)?;
        copy_tree(&harness_dir(), &root.join(HARNESS_DIR))?;
        let page = page_dir();
        if page.is_dir() {
            copy_tree(&page, &root)?;
        }
        Ok(Bundle { root })
    }

    /// The directory to serve.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The module directory in the bundle, which a native device loads too.
    pub fn module_dir(&self) -> PathBuf {
        self.root.join(MODULE_DIR)
    }
}

/// Write `with-records.json` beside `records/` in the module directory `dir`.
fn write_with_records(dir: &Path) -> Result<(), BundleError> {
    let records = dir.join(RECORDS_DIR);
    let mut files = BTreeMap::new();
    let mut pending = vec![records.clone()];
    while let Some(at) = pending.pop() {
        for entry in read_dir(&at)? {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let name = path
                    .strip_prefix(&records)
                    .expect("found under records/")
                    .to_string_lossy()
                    .into_owned();
                files.insert(name, read_text(&path)?);
            }
        }
    }
    let json = serde_json::to_string_pretty(&files).expect("a map of strings serializes");
    let path = dir.join(WITH_RECORDS_FILE);
    std::fs::write(&path, json).map_err(|source| BundleError::Io { path, source })
}

/// Copy every file under `from` to the same place under `to`.
fn copy_tree(from: &Path, to: &Path) -> Result<(), BundleError> {
    create_dir(to)?;
    for entry in read_dir(from)? {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|source| BundleError::Io {
                path: target,
                source,
            })?;
        }
    }
    Ok(())
}

fn read_dir(dir: &Path) -> Result<Vec<std::fs::DirEntry>, BundleError> {
    let io = |source| BundleError::Io {
        path: dir.to_path_buf(),
        source,
    };
    std::fs::read_dir(dir)
        .map_err(io)?
        .collect::<Result<_, _>>()
        .map_err(io)
}

fn read_text(path: &Path) -> Result<String, BundleError> {
    std::fs::read_to_string(path).map_err(|source| BundleError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn create_dir(dir: &Path) -> Result<(), BundleError> {
    std::fs::create_dir_all(dir).map_err(|source| BundleError::Io {
        path: dir.to_path_buf(),
        source,
    })
}

fn remove_path(path: &Path) -> Result<(), BundleError> {
    if path.is_dir() {
        remove_dir(path)
    } else {
        std::fs::remove_file(path).map_err(|source| BundleError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}
