//! A static file server on 127.0.0.1, for the bundle: files by path, with
//! the MIME types a browser insists on (`application/wasm` for
//! `WebAssembly.instantiateStreaming`, `text/javascript` for ES modules).

use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

use tiny_http::{Header, Method, Request, Response, StatusCode};

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
pub struct Server {
    addr: SocketAddr,
    server: Arc<tiny_http::Server>,
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
        let server =
            tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| failed(e.to_string()))?;
        let addr = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| failed("not an IP address".into()))?;
        let server = Arc::new(server);
        let serving = Arc::clone(&server);
        let root = root.to_path_buf();
        let thread = std::thread::Builder::new()
            .name(format!("serve {addr}"))
            .spawn(move || {
                for request in serving.incoming_requests() {
                    respond(&root, request);
                }
            })
            .map_err(|e| failed(e.to_string()))?;
        Ok(Server {
            addr,
            server,
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
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
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

fn respond(root: &Path, request: Request) {
    let file = (matches!(request.method(), Method::Get | Method::Head))
        .then(|| local_path(root, request.url()))
        .flatten();
    let response = match file.and_then(|path| Some((std::fs::read(&path).ok()?, path))) {
        Some((bytes, path)) => Response::from_data(bytes)
            .with_header(header("Content-Type", mime_type(&path)))
            .with_header(header("Cache-Control", "no-store")),
        None => Response::from_string("not found")
            .with_status_code(StatusCode(404))
            .with_header(header("Content-Type", "text/plain; charset=utf-8")),
    };
    // A browser that went away mid-response is no error of the server's.
    let _ = request.respond(response);
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

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
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
