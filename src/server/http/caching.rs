//! How long browsers may keep the page's files. The build (scripts/postbuild/fingerprint.mjs)
//! names the scripts, style sheets and WebAssembly modules after their content, so such a
//! file never changes: it is kept a year without asking again. Every other file (`index.html`,
//! the service worker, the manifest, images) is asked again each time, with an `ETag`, and a
//! file that has not changed is answered `304 Not Modified` without its body.

use axum::http::header::{CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use std::fs::Metadata;
use std::time::UNIX_EPOCH;

/// Files named after their content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Every other file: kept, but checked with the server before each use.
const REVALIDATE: &str = "no-cache";
/// The length of the content hash in a name, as the build writes it (and esbuild its chunks).
const HASH_LENGTH: usize = 8;

/// Whether the file `name` (its last path segment) is named after its content: `main-ABCD2345.js`,
/// a hash of eight capital letters and digits 2–7 (base 32) after the last `-`.
pub fn is_fingerprinted(name: &str) -> bool {
    let Some((stem, _extension)) = name.rsplit_once('.') else { return false };
    let Some((_, hash)) = stem.rsplit_once('-') else { return false };
    hash.len() == HASH_LENGTH && hash.bytes().all(|b| b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b))
}

/// The entity tag of a file's version: its length and time of change, and the encoding sent
/// (the gzip and brotli copies are other bodies, so other tags).
fn entity_tag(file: &Metadata, encoding: Option<&HeaderValue>) -> String {
    let changed =
        file.modified().ok().and_then(|time| time.duration_since(UNIX_EPOCH).ok()).unwrap_or_default();
    let encoding = encoding.and_then(|value| value.to_str().ok()).unwrap_or("identity");
    format!("\"{:x}-{:x}-{encoding}\"", file.len(), changed.as_nanos())
}

/// Whether `If-None-Match` names `tag` (or is `*`).
fn matches(request: &HeaderMap, tag: &str) -> bool {
    let Some(value) = request.get(IF_NONE_MATCH).and_then(|v| v.to_str().ok()) else { return false };
    value.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == "*" || t == tag)
}

/// Adds the caching headers to the answer `response` for the file `name` (whose metadata is
/// `file`) to a request with the headers `request`; a revalidated file that has not changed
/// becomes a `304` without a body.
pub fn apply(name: &str, file: &Metadata, request: &HeaderMap, mut response: Response) -> Response {
    let status = response.status();
    if !status.is_success() && status != StatusCode::NOT_MODIFIED {
        return response;
    }
    let headers = response.headers_mut();
    headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
    if is_fingerprinted(name) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
        return response;
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    if status == StatusCode::NOT_MODIFIED {
        return response; // unchanged since the date the browser gave (`ServeDir` answered)
    }
    let tag = entity_tag(file, headers.get(CONTENT_ENCODING));
    if let Ok(value) = HeaderValue::from_str(&tag) {
        headers.insert(ETAG, value);
    }
    if matches(request, &tag) {
        let mut unchanged = Response::new(axum::body::Body::empty());
        *unchanged.status_mut() = StatusCode::NOT_MODIFIED;
        for name in [CACHE_CONTROL, ETAG, VARY] {
            if let Some(value) = response.headers().get(&name) {
                unchanged.headers_mut().insert(name, value.clone());
            }
        }
        return unchanged;
    }
    response
}

#[cfg(test)]
mod tests {
    use super::is_fingerprinted;

    #[test]
    fn names_with_a_content_hash_are_told_apart() {
        for name in
            ["main-ABCD2345.js", "chunk-674M5QO5.js", "jungle-page_bg-QQQQ7777.wasm", "page-ZZZZZZZZ.css"]
        {
            assert!(is_fingerprinted(name), "{name}");
        }
        for name in [
            "index.html",
            "sw.js",
            "main.js",
            "icon-192.png",
            "text-en-abcd2345.js",
            "x-ABCD1234.js",
            "ABCD2345",
        ] {
            assert!(!is_fingerprinted(name), "{name}");
        }
    }
}
