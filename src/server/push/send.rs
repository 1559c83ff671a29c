//! One push sent to a push service: the payload encrypted for the device (RFC 8291,
//! `aes128gcm`, by `web-push-native`), signed by the club's VAPID key (RFC 8292), POSTed, and
//! the answer read as what to do next.

use super::keys::{from_base64url, Keys};
use super::notice::Kind;
use super::tables::Queued;
use axum::http::{HeaderValue, Uri};
use std::time::Duration;
use web_push_native::jwt_simple::algorithms::ECDSAP256KeyPairLike;
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::{Auth, WebPushBuilder};

/// How long a VAPID token holds (at most 24 hours, RFC 8292).
const TOKEN_LIFE: Duration = Duration::from_secs(12 * 3600);
/// How long a push service keeps a push for a device that is offline (`TTL`), in seconds:
/// a day for game notices, the length of a night and a bus ride; an hour for a chat line.
const KEEP_GAME_NOTICE_S: u64 = 24 * 3600;
const KEEP_CHAT_S: u64 = 3600;
/// How long the push service may take to answer.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(15);

/// What the push service's answer means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Accepted (2xx).
    Delivered,
    /// The subscription is gone (404, 410): it is dropped.
    Gone,
    /// Try again later (429, 5xx, no answer), not before `retry_after` ms if it said.
    Retry {
        /// The service's `Retry-After`, in ms.
        retry_after: Option<i64>,
    },
    /// Refused for good (another 4xx, or a payload that cannot be sent).
    Refused,
}

/// Sends `notice` with `payload` (JSON text with its `lang`) through `client`, signed by
/// `keys` with `contact` as the VAPID subject.
pub async fn send(
    client: &reqwest::Client,
    keys: &Keys,
    contact: &str,
    notice: &Queued,
    payload: String,
) -> Answer {
    let request = match build(keys, contact, notice, payload) {
        Ok(request) => request,
        Err(error) => {
            tracing::warn!(%error, "push: cannot build the request");
            return Answer::Refused;
        }
    };
    let (parts, body) = request.into_parts();
    let sent = client.post(parts.uri.to_string()).headers(parts.headers).body(body).send().await;
    match sent {
        Ok(response) => read(response.status().as_u16(), response.headers().get("retry-after")),
        Err(error) => {
            tracing::info!(error = %error.without_url(), "push: no answer from the push service");
            Answer::Retry { retry_after: None }
        }
    }
}

fn build(
    keys: &Keys,
    contact: &str,
    notice: &Queued,
    payload: String,
) -> Result<axum::http::Request<Vec<u8>>, String> {
    let endpoint: Uri = notice.endpoint.parse().map_err(|_| "a bad endpoint")?;
    let point = from_base64url(&notice.p256dh).ok_or("a bad p256dh")?;
    let device = web_push_native::p256::PublicKey::from_sec1_bytes(&point).map_err(|_| "a bad p256dh")?;
    let auth = from_base64url(&notice.auth).filter(|a| a.len() == 16).ok_or("a bad auth")?;
    let vapid = vapid(keys, contact, &endpoint)?;
    let builder = WebPushBuilder::new(endpoint, device, Auth::clone_from_slice(&auth));
    let mut request = builder.build(payload).map_err(|e| e.to_string())?;
    let keep = if notice.kind == Some(Kind::Chat) { KEEP_CHAT_S } else { KEEP_GAME_NOTICE_S };
    let urgency = if notice.kind.is_some_and(Kind::urgent) { "high" } else { "normal" };
    let headers = request.headers_mut();
    headers.insert("authorization", HeaderValue::from_str(&vapid).map_err(|e| e.to_string())?);
    headers.insert("ttl", HeaderValue::from(keep));
    headers.insert("urgency", HeaderValue::from_static(urgency));
    Ok(request)
}

/// The `Authorization` header of a push to `endpoint` (RFC 8292): `vapid t=TOKEN, k=KEY`, the
/// token's `aud` the endpoint's origin. Made here rather than by `web-push-native`, whose
/// `aud` leaves out a port: an endpoint on another port than its scheme's would refuse it.
fn vapid(keys: &Keys, contact: &str, endpoint: &Uri) -> Result<String, String> {
    let scheme = endpoint.scheme_str().ok_or("an endpoint without a scheme")?;
    let host = endpoint.host().ok_or("an endpoint without a host")?;
    let default_port = if scheme == "https" { 443 } else { 80 };
    let origin = match endpoint.port_u16() {
        Some(port) if port != default_port => format!("{scheme}://{host}:{port}"),
        _ => format!("{scheme}://{host}"),
    };
    let claims = Claims::create(TOKEN_LIFE.into()).with_audience(origin).with_subject(contact);
    let token = keys.pair().sign(claims).map_err(|e| e.to_string())?;
    Ok(format!("vapid t={token}, k={}", keys.public()))
}

/// What an answer of `status` (with its `Retry-After`, if any) means.
fn read(status: u16, retry_after: Option<&HeaderValue>) -> Answer {
    match status {
        200..=299 => Answer::Delivered,
        404 | 410 => Answer::Gone,
        429 | 500..=599 => {
            // Retry-After in seconds (an HTTP date is read as no advice).
            let seconds =
                retry_after.and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<i64>().ok());
            Answer::Retry { retry_after: seconds.map(|s| s.clamp(0, 86_400) * 1000) }
        }
        _ => Answer::Refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_as_the_protocol_means_them() {
        assert_eq!(read(201, None), Answer::Delivered);
        assert_eq!(read(410, None), Answer::Gone);
        assert_eq!(read(404, None), Answer::Gone);
        assert_eq!(
            read(503, Some(&HeaderValue::from_static("120"))),
            Answer::Retry { retry_after: Some(120_000) }
        );
        assert_eq!(
            read(429, Some(&HeaderValue::from_static("Wed, 21 Oct 2026 07:28:00 GMT"))),
            Answer::Retry { retry_after: None }
        );
        assert_eq!(read(400, None), Answer::Refused);
    }
}
