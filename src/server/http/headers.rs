//! The headers every response carries: the page's Content-Security-Policy (the one the
//! README states, and this is the only copy the server has), no MIME sniffing, and no
//! `Referer` sent to other sites.

use axum::http::header::{CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS};
use axum::http::HeaderValue;
use axum::response::Response;

/// The Content-Security-Policy of `dist/` (README, "Privacy and Content-Security-Policy").
pub const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; \
style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'none'; frame-ancestors *";

/// Adds the headers to a response (any the handler set itself are replaced).
pub async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}
