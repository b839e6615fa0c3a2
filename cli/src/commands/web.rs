//! `web`: the authors' page (web/page/) on the browser device, served on 127.0.0.1.
//!
//! Everything the page needs is built through the browser crate
//! (`arora_animation_browser::Bundle`): arora-web for `wasm32-unknown-unknown` and its
//! `wasm-bindgen` package, the `wasm32-wasip2` module directory, and the page's files, in
//! one directory under `target/web/served/web/`. The first build takes minutes; later ones
//! answer at once. The command then serves that directory until it is stopped (Ctrl-C).

use arora_animation_browser::{Bundle, Server};

use crate::error::CliError;

/// `web`: build and serve the authors' page.
#[derive(Debug, clap::Args)]
pub struct WebArgs {
    /// The port of 127.0.0.1 to serve on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// Builds the page's bundle, serves it and prints its URL; returns only when serving
/// ends.
pub fn run(args: &WebArgs) -> Result<(), CliError> {
    eprintln!("building arora-web, the wasm32-wasip2 module directory and the page…");
    let bundle = Bundle::build("web").map_err(|e| CliError::Device(e.to_string()))?;
    let server =
        Server::start_on(bundle.root(), args.port).map_err(|e| CliError::Usage(e.to_string()))?;
    println!("{}", server.url("index.html"));
    eprintln!("serving {} — Ctrl-C stops", bundle.root().display());
    server.wait();
    Ok(())
}
