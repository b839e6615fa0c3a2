//! `serve`: an `arora` device carrying this module, optionally running a behavior tree,
//! serving the open local bridge (`arora-bridge-ws`) on 127.0.0.1 until Ctrl-C.
//!
//! What the `arora` runner does given `--module DIR` (and a Groot file), without its
//! terminal UI and with the module directory written for you: the guest is built and the
//! directory written under `target/guest/serve/` unless `--module-dir` names one. A tree
//! is Groot XML (a `.xml` file, loaded as the runner loads one) or arora-behavior-tree's
//! text language (any other file), which can also select a record's fields — what a tree
//! needs to write each output of `step_values` to its key (examples/trees/README.md).

use std::path::{Path, PathBuf};

use arora::bridge_ws::{AroraWSServer, ServerConfig};
use arora::{Arora, FunctionIndex, ModuleFunction};
use arora_animation_module_dir::{Target, build_guest, guest_target_dir, write};
use arora_behavior::interpreter_module;
use arora_behavior_tree::text;

use crate::error::CliError;

/// `serve`: a device with this module on the open local bridge.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The module directory to load (default: build the guest and write one).
    #[arg(long, value_name = "DIR")]
    pub module_dir: Option<PathBuf>,
    /// A behavior tree to run: Groot XML (`.xml`) or the behavior text language.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// The bridge's port on 127.0.0.1.
    #[arg(long, default_value_t = 9000)]
    pub port: u16,
}

/// Starts the device, prints where its bridge listens, and serves until Ctrl-C.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    if args.port == 0 {
        return Err(CliError::Usage(
            "--port 0: name the port to serve on".into(),
        ));
    }
    let tree = match &args.tree {
        Some(path) => Some(read_tree(path)?),
        None => None,
    };
    let dir = match &args.module_dir {
        Some(dir) => dir.clone(),
        None => written_module_dir()?,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Device(format!("a runtime: {e}")))?;
    runtime.block_on(serve(&dir, tree.as_ref(), args.port))
}

/// A tree file, and whether it is Groot XML.
struct TreeFile {
    path: PathBuf,
    text: String,
    groot: bool,
}

fn read_tree(path: &Path) -> Result<TreeFile, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Data {
        path: path.display().to_string(),
        what: format!("cannot read: {e}"),
    })?;
    Ok(TreeFile {
        path: path.to_path_buf(),
        text,
        groot: path.extension().is_some_and(|extension| extension == "xml"),
    })
}

/// The guest built and its module directory written, as `module-dir` writes one.
fn written_module_dir() -> Result<PathBuf, CliError> {
    let dir = guest_target_dir().join("serve");
    eprintln!("building the guest for {} …", Target::Wasip1);
    let guest = build_guest(Target::Wasip1).map_err(|e| CliError::Device(e.to_string()))?;
    write(&dir, &guest).map_err(|e| CliError::Data {
        path: dir.display().to_string(),
        what: e.to_string(),
    })?;
    Ok(dir)
}

async fn serve(dir: &Path, tree: Option<&TreeFile>, port: u16) -> Result<(), CliError> {
    let server = std::sync::Arc::new(AroraWSServer::new(ServerConfig::with_port(port)));
    let bridge = arora::serve_local_ws_bridge(server)
        .await
        .map_err(|e| CliError::Device(format!("{e:#}")))?;
    // The module directory is the device directory too: it holds no `modules/`, so the
    // device carries exactly the module given.
    let mut device = Arora::builder()
        .with_bridge(bridge)
        .with_module_dirs(dir, &[dir.to_path_buf()])
        .await
        .and_then(|builder| builder.build())
        .map_err(|e| CliError::Device(format!("{e:#}")))?;
    if let Some(tree) = tree {
        load_tree(&mut device, tree).map_err(|what| CliError::Data {
            path: tree.path.display().to_string(),
            what,
        })?;
    }
    println!(
        "serving {} on ws://127.0.0.1:{port}{} — Ctrl-C stops",
        dir.display(),
        tree.map(|tree| format!(", running {}", tree.path.display()))
            .unwrap_or_default()
    );
    tokio::select! {
        stopped = device.run(Arora::DEFAULT_STEP_PERIOD) => {
            stopped.map_err(|e| CliError::Device(e.to_string()))
        }
        signal = tokio::signal::ctrl_c() => {
            signal.map_err(|e| CliError::Device(format!("waiting for Ctrl-C: {e}")))?;
            println!("stopped");
            Ok(())
        }
    }
}

/// Install `tree` as the device's behavior: Groot through `Arora::load_groot`, a text
/// tree resolved against the device's functions and loaded through the interpreter
/// module's `load`, as a remote client loads one.
fn load_tree(device: &mut Arora, tree: &TreeFile) -> Result<(), String> {
    if tree.groot {
        return device.load_groot(&tree.text).map_err(|e| format!("{e:#}"));
    }
    let functions: FunctionIndex = device
        .describe_methods(None)
        .into_iter()
        .map(|method| {
            let function = ModuleFunction {
                module_id: method.module_id,
                function_id: method.id,
                function_name: method.name,
                function: method.function,
            };
            (method.id, function)
        })
        .collect();
    let parsed = text::parse(&tree.text);
    let loaded = text::resolve(&parsed.document, &functions);
    let errors: Vec<String> = parsed
        .diagnostics
        .iter()
        .chain(&loaded.diagnostics)
        .filter(|diagnostic| diagnostic.severity == text::Severity::Error)
        .map(|diagnostic| diagnostic.message.clone())
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("; "));
    }
    device
        .call(interpreter_module::encode_load(&loaded.graph))
        .map(|_| ())
        .map_err(|e| format!("the tree does not load: {e}"))
}
