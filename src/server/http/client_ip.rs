//! The client's address, for rate limits and caps: the peer's, or behind a trusted proxy the
//! address the proxy saw; an IPv6 address by its /64 ([`counted`]). A handler takes it as an
//! argument ([`ClientIp`]).

use super::address_block::{counted, AddressBlock};
use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// Whose word on the client's address the server takes: the proxies' (`--trust-proxy`).
#[derive(Clone, Debug, Default)]
pub struct Proxies {
    trusted: Arc<[AddressBlock]>,
}

impl Proxies {
    /// Believing `X-Forwarded-For` from the peers in `trusted` only.
    pub fn new(trusted: &[AddressBlock]) -> Proxies {
        Proxies { trusted: trusted.into() }
    }

    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|block| block.contains(ip))
    }

    /// The client's address as caps count it: the peer's, or if the peer is a trusted proxy
    /// the last address of `X-Forwarded-For` that is not a trusted proxy too (the one the
    /// proxies saw; earlier ones the client may forge).
    pub fn client_ip(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer.ip()) {
            return counted(peer.ip());
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|header| header.to_str().ok())
            .flat_map(|header| header.split(','))
            .collect();
        let client = forwarded
            .iter()
            .rev()
            .map(|entry| entry.trim().parse::<IpAddr>().ok())
            .find(|entry| entry.is_none_or(|ip| !self.trusts(ip)))
            .flatten();
        counted(client.unwrap_or(peer.ip()))
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
    fn forwarded_addresses_are_believed_from_trusted_proxies_only() {
        let proxies = Proxies::new(&["10.0.0.0/8".parse().unwrap()]);
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7, 10.0.0.2".parse().unwrap());
        let proxy: SocketAddr = "10.0.0.1:5000".parse().unwrap();
        assert_eq!(proxies.client_ip(proxy, &headers), "198.51.100.7".parse::<IpAddr>().unwrap());
        assert_eq!(proxies.client_ip(proxy, &HeaderMap::new()), proxy.ip());
        let stranger: SocketAddr = "192.0.2.1:5000".parse().unwrap();
        assert_eq!(proxies.client_ip(stranger, &headers), stranger.ip(), "a forged header is ignored");
        assert_eq!(Proxies::default().client_ip(proxy, &headers), proxy.ip(), "no proxy trusted");
        let v6: SocketAddr = "[2001:db8:1:2::77]:5000".parse().unwrap();
        assert_eq!(proxies.client_ip(v6, &headers), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
    }
}
