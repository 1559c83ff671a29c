//! The client's address, for rate limits and caps: the peer's, or behind a trusted proxy the
//! address the proxy saw. A handler takes it as an argument ([`ClientIp`]).

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};

/// Whose word on the client's address the server takes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Proxies {
    /// Whether the client's address is read from `X-Forwarded-For`.
    pub trusted: bool,
}

impl Proxies {
    /// The client's address: the peer's, or behind a trusted proxy the last address of
    /// `X-Forwarded-For` (the one the proxy saw; earlier ones the client may forge).
    pub fn client_ip(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let forwarded = || {
            let header = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
            header.rsplit(',').next()?.trim().parse().ok()
        };
        if self.trusted {
            forwarded().unwrap_or(peer.ip())
        } else {
            peer.ip()
        }
    }
}

/// The address of the client that sent the request ([`Proxies::client_ip`]).
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    Proxies: FromRef<S>,
{
    type Rejection = <ConnectInfo<SocketAddr> as FromRequestParts<S>>::Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // Every connection is served with its peer's address (`listen`).
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await?;
        Ok(ClientIp(Proxies::from_ref(state).client_ip(peer, &parts.headers)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behind_a_trusted_proxy_the_last_forwarded_address_counts() {
        let peer: SocketAddr = "10.0.0.1:5000".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
        assert_eq!(Proxies { trusted: false }.client_ip(peer, &headers), peer.ip());
        let proxied = Proxies { trusted: true };
        assert_eq!(proxied.client_ip(peer, &headers), "198.51.100.7".parse::<IpAddr>().unwrap());
        assert_eq!(proxied.client_ip(peer, &HeaderMap::new()), peer.ip());
    }
}
