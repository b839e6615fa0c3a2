//! A static file server on 127.0.0.1, for the bundle: files by path, with
//! the MIME types a browser insists on (`application/wasm` for
//! `WebAssembly.instantiateStreaming`, `text/javascript` for ES modules).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

use http::{Method, Request, Response, StatusCode, header};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
#[error("could not serve {root} on 127.0.0.1:{port}: {message}")]
pub struct ServeError {
    /// The directory to serve.
    pub root: PathBuf,
    /// The port asked for (0: any free port).
    pub port: u16,
    /// Why.
    pub message: String,
}

/// A running server; it stops when dropped (or by [`Server::stop`]).
///
/// hyper on a current-thread tokio runtime of its own thread: every connection is served
/// as its own task, so no connection waits behind another's keep-alive — a browser opens
/// several at once, and the tests run several browsers.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<Notify>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serve `root` on a free port of 127.0.0.1.
    pub fn start(root: &Path) -> Result<Server, ServeError> {
        Server::start_on(root, 0)
    }

    /// Serve `root` on 127.0.0.1:`port` (0: a free port).
    pub fn start_on(root: &Path, port: u16) -> Result<Server, ServeError> {
        let failed = |message: String| ServeError {
            root: root.to_path_buf(),
            port,
            message,
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .map_err(|e| failed(e.to_string()))?;
        let listener = runtime
            .block_on(TcpListener::bind(("127.0.0.1", port)))
            .map_err(|e| failed(e.to_string()))?;
        let addr = listener.local_addr().map_err(|e| failed(e.to_string()))?;
        let stop = Arc::new(Notify::new());
        let stopped = Arc::clone(&stop);
        let root: Arc<Path> = root.into();
        let thread = std::thread::Builder::new()
            .name(format!("serve {addr}"))
            .spawn(move || runtime.block_on(serve(listener, root, stopped)))
            .map_err(|e| failed(e.to_string()))?;
        Ok(Server {
            addr,
            stop,
            thread: Some(thread),
        })
    }

    /// The address served.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL of `path` (relative to the served directory, `/` separated).
    pub fn url(&self, path: &str) -> String {
        format!("http://{}/{}", self.addr, path.trim_start_matches('/'))
    }

    /// Serve until the process ends (the `web` command's loop).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Stop serving and wait for the serving thread to end.
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A permit is kept if the loop is not waiting yet: the stop is never missed.
        self.stop.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Accepts connections until `stop`, each served as a task of its own; the tasks end with
/// the runtime.
async fn serve(listener: TcpListener, root: Arc<Path>, stop: Arc<Notify>) {
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // A connection that failed before it was accepted: the next one may not.
                Err(_) => continue,
            },
            () = stop.notified() => return,
        };
        let root = Arc::clone(&root);
        tokio::spawn(async move {
            let answer = service_fn(move |request| {
                let response = respond(&root, &request);
                async move { Ok::<_, Infallible>(response) }
            });
            // A browser that went away mid-response is no error of the server's.
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), answer)
                .await;
        });
    }
}

/// The MIME type of a file by its extension.
pub fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("yaml" | "yml") => "text/yaml; charset=utf-8",
        Some("txt" | "ts" | "md") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn respond(root: &Path, request: &Request<Incoming>) -> Response<Full<Bytes>> {
    let file = (matches!(*request.method(), Method::GET | Method::HEAD))
        .then(|| local_path(root, request.uri().path()))
        .flatten();
    let answer = Response::builder();
    let answer = match file.and_then(|path| Some((std::fs::read(&path).ok()?, path))) {
        Some((bytes, path)) => answer
            .header(header::CONTENT_TYPE, mime_type(&path))
            .header(header::CACHE_CONTROL, "no-store")
            .body(Full::new(Bytes::from(bytes))),
        None => answer
            .status(StatusCode::NOT_FOUND)
            .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
            .body(Full::new(Bytes::from_static(b"not found"))),
    };
    answer.expect("a response of fixed, valid headers")
}

/// The file under `root` a request URL names (`/` is `index.html`); none
/// for a path leaving `root` or a directory.
fn local_path(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let mut local = root.to_path_buf();
    for part in Path::new(&percent_decoded(path)?).components() {
        match part {
            Component::Normal(name) => local.push(name),
            Component::RootDir | Component::CurDir => {}
            Component::ParentDir | Component::Prefix(_) => return None,
        }
    }
    if local.is_dir() {
        local.push("index.html");
    }
    local.is_file().then_some(local)
}

/// `%XX` escapes decoded; none when one is malformed or the result is not UTF-8.
fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_under_the_root() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            local_path(root, "/Cargo.toml?x=1"),
            Some(root.join("Cargo.toml"))
        );
        assert_eq!(local_path(root, "/../Cargo.toml"), None);
        assert_eq!(local_path(root, "/src/%2e%2e/%2e%2e/Cargo.toml"), None);
        assert_eq!(local_path(root, "/missing.js"), None);
    }

    #[test]
    fn the_browser_gets_the_types_it_checks() {
        assert_eq!(mime_type(Path::new("a/b_bg.wasm")), "application/wasm");
        assert_eq!(
            mime_type(Path::new("pkg/arora_web.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            mime_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
    }
}
