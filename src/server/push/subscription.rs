//! A device's subscription as the page posts it (the browser's `PushSubscription.toJSON()`
//! and its language), checked before it is kept: a push service's URL, a P-256 public key and
//! a 16-byte auth secret (RFC 8291), one of the page's languages.

use super::keys::from_base64url;
use crate::server::error::{Code, Refusal};
use axum::http::Uri;
use serde::Deserialize;
use std::net::IpAddr;

/// The longest endpoint kept, in bytes (the push services' are about 200).
const MAX_ENDPOINT_BYTES: usize = 1000;
/// The languages of the page (`www/i18n/`).
pub const LANGUAGES: [&str; 10] = ["en", "de", "es", "fr", "pt", "vi", "ja", "ko", "zh-hans", "zh-hant"];

/// The keys of a subscription, base64url.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionKeys {
    /// The device's P-256 public key, uncompressed.
    pub p256dh: String,
    /// Its auth secret, 16 bytes.
    pub auth: String,
}

/// `POST api/me/push/subscriptions`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionBody {
    /// The push service's URL for this device.
    pub endpoint: String,
    /// Its keys.
    pub keys: SubscriptionKeys,
    /// The page's language when it subscribed.
    pub lang: String,
    /// The browser's expiry, if it gives one (ignored: a gone subscription is answered 404/410).
    #[serde(default, rename = "expirationTime")]
    pub _expiration_time: Option<serde_json::Value>,
}

/// A checked subscription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    /// The push service's URL.
    pub endpoint: String,
    /// The device's public key, base64url.
    pub p256dh: String,
    /// The auth secret, base64url.
    pub auth: String,
    /// One of [`LANGUAGES`].
    pub lang: String,
}

/// The subscription `body` holds, or the refusal saying what is wrong with it.
pub fn check(body: SubscriptionBody) -> Result<Subscription, Refusal> {
    check_endpoint(&body.endpoint)?;
    let point = from_base64url(&body.keys.p256dh).filter(|bytes| bytes.len() == 65 && bytes[0] == 4);
    let on_curve =
        point.is_some_and(|bytes| web_push_native::p256::PublicKey::from_sec1_bytes(&bytes).is_ok());
    if !on_curve {
        return Err(Refusal::new(
            Code::BadPushKeys,
            "keys.p256dh must be an uncompressed P-256 point, base64url",
        ));
    }
    if from_base64url(&body.keys.auth).is_none_or(|bytes| bytes.len() != 16) {
        return Err(Refusal::new(Code::BadPushKeys, "keys.auth must be 16 bytes, base64url"));
    }
    if !LANGUAGES.contains(&body.lang.as_str()) {
        return Err(Refusal::field("lang", format!("lang must be one of {}", LANGUAGES.join(", "))));
    }
    Ok(Subscription {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        lang: body.lang,
    })
}

/// Refuses an endpoint that is not a push service's URL: `https://` with a host. Plain
/// `http://` is taken only to this machine's loopback addresses: the tests' push service
/// listens there without TLS, and the bodies sent are encrypted for the device, so an address
/// of this machine learns nothing from them (a real push service is always HTTPS).
pub fn check_endpoint(endpoint: &str) -> Result<(), Refusal> {
    let bad = || Refusal::new(Code::BadPushEndpoint, "endpoint must be a push service's https:// URL");
    if endpoint.len() > MAX_ENDPOINT_BYTES || endpoint.chars().any(char::is_control) {
        return Err(bad());
    }
    let uri: Uri = endpoint.parse().map_err(|_| bad())?;
    let host = uri.host().filter(|host| !host.is_empty()).ok_or_else(bad)?;
    match uri.scheme_str() {
        Some("https") => Ok(()),
        Some("http") if is_loopback(host) => Ok(()),
        _ => Err(bad()),
    }
}

fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_are_https_or_loopback() {
        assert!(check_endpoint("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(check_endpoint("http://127.0.0.1:9000/push/1").is_ok());
        assert!(check_endpoint("http://[::1]:9000/push/1").is_ok());
        for bad in ["http://push.example/1", "ftp://x/1", "https://", "not a url", "https://x/\n"] {
            assert_eq!(check_endpoint(bad).unwrap_err().code, Code::BadPushEndpoint, "{bad}");
        }
    }
}
