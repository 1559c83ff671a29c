//! The page's own origin, one rule for the whole API: a request that changes state (any
//! method but GET, HEAD and OPTIONS) must carry an `Origin` header naming the host it was
//! sent to (`https` only when the club is reached by HTTPS), so that no other page — another
//! site, or another port of the same host — acts with a member's cookie (cross-site request
//! forgery), whatever the browser does with `SameSite`. Browsers send `Origin` with every such
//! request, the club's own page included. A missing or `null` origin is refused too.
//!
//! The one exception: a request carrying no cookie at all to a route open to guests
//! (creating or joining a game), which acts for nobody — so that guests' own clients and the
//! load generator need not send `Origin`. Signing up and in carry no cookie either but are
//! checked all the same: they set one (a forged sign-in would sign the victim in as the
//! attacker). Behind a proxy, the proxy passes the `Host` the browser sent; or else the club
//! names its address with `--public-origin`, whose `Origin` is its own whatever the `Host`
//! (a proxy that passes its own upstream's name, as nginx and Apache do by default).

use crate::server::error::{Code, Refusal};
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The club's own origin: the one its `Host` names, or its `--public-origin`.
#[derive(Clone, Debug, Default)]
pub struct OwnOrigin {
    /// The club is reached by HTTPS: only `https` origins are its own.
    pub https_only: bool,
    /// `--public-origin`, without a trailing `/`.
    pub public: Option<Arc<str>>,
}

impl OwnOrigin {
    /// The club reached by HTTPS or not, at `public` if it names its address.
    pub fn new(https_only: bool, public: Option<&str>) -> OwnOrigin {
        OwnOrigin { https_only, public: public.map(|url| url.trim_end_matches('/').into()) }
    }

    /// Whether the request's `Origin` is the club's: `--public-origin`, or `http(s)://HOST` for
    /// its `Host` (`https` only, when the club is reached by HTTPS).
    pub fn sent(&self, headers: &HeaderMap) -> bool {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        let public = self.public.as_deref();
        let named = origin.zip(public).is_some_and(|(origin, public)| origin.eq_ignore_ascii_case(public));
        named || same_origin(headers, self.https_only)
    }
}

/// What the check needs to know of the club.
#[derive(Clone)]
pub struct Origins {
    /// The club's own origin.
    pub own: OwnOrigin,
    /// The routes (as written in the router) that a request without cookies may change
    /// from anywhere.
    pub open_to_guests: &'static [&'static str],
    /// The routes that act by a token in the request alone, never by a cookie, and only ever
    /// turn something off: any request may change them (an email's one-click unsubscribe,
    /// which mail providers POST from their servers).
    pub by_token: &'static [&'static str],
}

/// Whether the request's `Origin` is `http(s)://HOST` for its `Host` (`https` only, when the
/// server runs behind HTTPS).
fn same_origin(headers: &HeaderMap, https_only: bool) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(origin), Some(host)) = (text(header::ORIGIN), text(header::HOST)) else { return false };
    let host_of = |scheme: &str| origin.strip_prefix(scheme).and_then(|rest| rest.strip_prefix("://"));
    let named = if https_only { host_of("https") } else { host_of("https").or_else(|| host_of("http")) };
    named.is_some_and(|named| named.eq_ignore_ascii_case(host))
}

/// Refuses a state-changing request from anywhere but the club's own page (see the module).
pub async fn own_page_only(State(origins): State<Origins>, request: Request, next: Next) -> Response {
    if allowed(&origins, &request) {
        next.run(request).await
    } else {
        Refusal::new(Code::BadOrigin, "this request must come from the club's own page").into_response()
    }
}

fn allowed(origins: &Origins, request: &Request) -> bool {
    let reads = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    reads || origins.own.sent(request.headers()) || a_guest_s(origins, request) || by_token(origins, request)
}

/// A request to a route that acts by its token alone.
fn by_token(origins: &Origins, request: &Request) -> bool {
    let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str);
    route.is_some_and(|route| origins.by_token.contains(&route))
}

/// A request without any cookie to a route open to guests.
fn a_guest_s(origins: &Origins, request: &Request) -> bool {
    let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str);
    !request.headers().contains_key(header::COOKIE)
        && route.is_some_and(|route| origins.open_to_guests.contains(&route))
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
        assert!(!same_origin(&headers(Some("http://club.example:8081"), "club.example:8080"), false));
        assert!(!same_origin(&headers(Some("null"), "club.example"), false));
        assert!(!same_origin(&headers(None, "club.example"), false), "no Origin, no change");
    }

    #[test]
    fn the_public_origin_is_the_club_s_whatever_the_host() {
        let club = OwnOrigin::new(true, Some("https://Club.example/"));
        // A proxy that passes its upstream's name as the Host.
        assert!(club.sent(&headers(Some("https://club.example"), "127.0.0.1:8080")));
        assert!(club.sent(&headers(Some("https://club.example"), "club.example")));
        assert!(!club.sent(&headers(Some("http://club.example"), "127.0.0.1:8080")), "https only");
        assert!(!club.sent(&headers(Some("https://club.example.evil"), "127.0.0.1:8080")));
        assert!(!club.sent(&headers(Some("https://evil.example"), "127.0.0.1:8080")));
        assert!(!club.sent(&headers(None, "127.0.0.1:8080")), "no Origin, no change");
        let unnamed = OwnOrigin::new(false, None);
        assert!(!unnamed.sent(&headers(Some("https://club.example"), "127.0.0.1:8080")));
    }
}
