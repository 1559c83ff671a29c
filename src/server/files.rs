//! The built page: files from inside `dist/` only. Paths are resolved to their canonical
//! form first, so a symbolic link in `dist/` that leads out of it (to `/etc`, say) is
//! answered 404 like a missing file; links that stay inside work.

use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::ServeDir;

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

    /// Whether the file an address names (the one `ServeDir` would send: for a folder, its
    /// `index.html`) is inside the root once every link is followed.
    async fn inside(&self, address: &str) -> bool {
        let Ok(decoded) = percent_decode_str(address).decode_utf8() else { return false };
        let mut path = self.root.clone();
        for part in decoded.split('/').filter(|p| !p.is_empty() && *p != ".") {
            if part == ".." || part.contains('\\') {
                return false;
            }
            path.push(part);
        }
        let Ok(found) = tokio::fs::canonicalize(&path).await else { return false };
        let index = found.join("index.html");
        let file = if found.is_dir() && tokio::fs::symlink_metadata(&index).await.is_ok() {
            match tokio::fs::canonicalize(&index).await {
                Ok(index) => index,
                Err(_) => return false,
            }
        } else {
            found
        };
        file.starts_with(&self.root)
    }
}

/// Answers a request for a file of the page.
pub async fn serve(files: Arc<Files>, request: Request) -> Response {
    if !files.inside(request.uri().path()).await {
        return (StatusCode::NOT_FOUND, Body::empty()).into_response();
    }
    match ServeDir::new(&files.root).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}
