//! The built page: files from inside `dist/` only. Paths are resolved to their canonical
//! form first, so a symbolic link in `dist/` that leads out of it (to `/etc`, say) is
//! answered 404 like a missing file; links that stay inside work. The build writes a brotli
//! (`.br`) and a gzip (`.gz`) copy beside each file worth compressing; the copy the browser
//! accepts is sent (brotli first), with `Content-Encoding`, and the same checks apply to it.
//! How long browsers keep each file: `caching.rs`.

use super::caching;
use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{IF_MODIFIED_SINCE, IF_NONE_MATCH};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// The endings of the compressed copies the build writes beside a file.
const COMPRESSED_COPIES: [&str; 2] = ["br", "gz"];

/// The folder served.
pub struct Files {
    /// `dist/`, canonical.
    root: PathBuf,
}

impl Files {
    /// Serves `dist` (which must exist).
    pub fn new(dist: &Path) -> std::io::Result<Files> {
        Ok(Files { root: std::fs::canonicalize(dist)? })
    }

    /// The path an address names under the root, unresolved; `None` for `..` or `\`.
    fn path_of(&self, address: &str) -> Option<PathBuf> {
        let decoded = percent_decode_str(address).decode_utf8().ok()?;
        let mut path = self.root.clone();
        for part in decoded.split('/').filter(|p| !p.is_empty() && *p != ".") {
            if part == ".." || part.contains('\\') {
                return None;
            }
            path.push(part);
        }
        Some(path)
    }

    /// `path` once every link is followed, if it exists inside the root.
    async fn canonical_inside(&self, path: &Path) -> Option<PathBuf> {
        let found = tokio::fs::canonicalize(path).await.ok()?;
        found.starts_with(&self.root).then_some(found)
    }

    /// The file an address names (the one `ServeDir` would send: for a folder, its
    /// `index.html`), canonical, if it and each of its compressed copies are inside the root.
    async fn inside(&self, address: &str) -> Option<PathBuf> {
        let mut path = self.path_of(address)?;
        let index = path.join("index.html");
        if tokio::fs::metadata(&path).await.ok()?.is_dir()
            && tokio::fs::symlink_metadata(&index).await.is_ok()
        {
            path = index;
        }
        let file = self.canonical_inside(&path).await?;
        for ending in COMPRESSED_COPIES {
            let copy = with_ending(&path, ending);
            if tokio::fs::symlink_metadata(&copy).await.is_ok() {
                self.canonical_inside(&copy).await?;
            }
        }
        Some(file)
    }
}

/// `path` with `.ending` added to its name.
fn with_ending(path: &Path, ending: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".");
    name.push(ending);
    PathBuf::from(name)
}

/// Answers a request for a file of the page.
pub async fn serve(files: Arc<Files>, mut request: Request) -> Response {
    let Some(file) = files.inside(request.uri().path()).await else {
        return (StatusCode::NOT_FOUND, Body::empty()).into_response();
    };
    let Ok(metadata) = tokio::fs::metadata(&file).await else {
        return (StatusCode::NOT_FOUND, Body::empty()).into_response();
    };
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
    let headers = request.headers().clone();
    // An entity tag outweighs a date (RFC 9110, 13.2.2): `ServeDir` must not answer 304 by
    // the date when the tag, which caching.rs checks, has changed.
    if headers.contains_key(IF_NONE_MATCH) {
        request.headers_mut().remove(IF_MODIFIED_SINCE);
    }
    let serve_dir = ServeDir::new(&files.root).precompressed_br().precompressed_gzip();
    match serve_dir.oneshot(request).await {
        Ok(response) => caching::apply(&name, &metadata, &headers, response.into_response()),
        Err(never) => match never {},
    }
}
