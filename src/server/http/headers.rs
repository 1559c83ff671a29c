//! The headers every response carries: the page's Content-Security-Policy (the one the
//! README states for `dist/`, and this is the only copy the server has), no MIME sniffing, and
//! no `Referer` sent to other sites. The server's own pages act with a member's cookie, so it
//! lets only them and the club's sites (`--embed-origins`) frame it, where `dist/` alone lets
//! any site ([`page_policy`]).

use axum::extract::State;
use axum::http::header::{CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS};
use axum::http::HeaderValue;
use axum::response::Response;

/// The Content-Security-Policy of `dist/` (README, "Privacy and Content-Security-Policy").
pub const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; \
style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'none'; frame-ancestors *";

/// [`POLICY`] as the server sends it: framed by its own pages and the `embed_origins` only.
pub fn page_policy(embed_origins: &[String]) -> HeaderValue {
    let (rest, any) = POLICY.rsplit_once(' ').expect("the policy ends with its frame-ancestors");
    debug_assert_eq!(any, "*");
    let ancestors: Vec<&str> =
        std::iter::once("'self'").chain(embed_origins.iter().map(String::as_str)).collect();
    HeaderValue::from_str(&format!("{rest} {}", ancestors.join(" ")))
        .expect("checked origins are header text")
}

/// Adds the headers to a response, `policy` the [`page_policy`] (any the handler set itself
/// are replaced).
pub async fn secure(State(policy): State<HeaderValue>, mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, policy);
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}
