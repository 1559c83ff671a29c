//! The page's own origin: a request that changes a member's state (POST, PUT, DELETE) must
//! carry an `Origin` header naming the host it was sent to, so that another site's page cannot
//! act with a member's cookie (cross-site request forgery), whatever the browser does with
//! `SameSite`. Behind a proxy, the proxy must pass the `Host` the browser sent.

use super::Members;
use crate::server::error::{Code, Refusal};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Whether the request's `Origin` is `http(s)://HOST` for its `Host` (`https` only, when the
/// server runs behind HTTPS).
pub fn same_origin(headers: &HeaderMap, https_only: bool) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(origin), Some(host)) = (text(header::ORIGIN), text(header::HOST)) else { return false };
    let host_of = |scheme: &str| origin.strip_prefix(scheme).and_then(|rest| rest.strip_prefix("://"));
    let named = if https_only { host_of("https") } else { host_of("https").or_else(|| host_of("http")) };
    named.is_some_and(|named| named.eq_ignore_ascii_case(host))
}

/// Refuses a state-changing request from another origin.
pub async fn only_own_page(State(members): State<Arc<Members>>, request: Request, next: Next) -> Response {
    let reads = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if reads || same_origin(request.headers(), members.secure_cookies) {
        next.run(request).await
    } else {
        Refusal::new(Code::BadOrigin, "this request must come from the club's own page").into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().unwrap());
        }
        headers
    }

    #[test]
    fn only_the_host_s_own_origin_passes() {
        assert!(same_origin(&headers(Some("http://club.example:8080"), "club.example:8080"), false));
        assert!(same_origin(&headers(Some("https://club.example"), "club.example"), true));
        assert!(!same_origin(&headers(Some("http://club.example"), "club.example"), true), "https only");
        assert!(!same_origin(&headers(Some("https://evil.example"), "club.example"), false));
        assert!(!same_origin(&headers(Some("https://club.example.evil"), "club.example"), false));
        assert!(!same_origin(&headers(Some("null"), "club.example"), false));
        assert!(!same_origin(&headers(None, "club.example"), false), "no Origin, no change");
    }
}
