//! The push API (see the [module's](super) table): the club's public key, a member's devices
//! and settings. The state-changing routes take the origin check and the rate limits every
//! route of the API has (`routes`).

use super::notice::Kind;
use super::settings::{check_time_zone, parse_time, time_text, Quiet, Settings};
use super::subscription::{self, SubscriptionBody};
use super::{tables, Push};
use crate::server::error::Refusal;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::{Members, SignedIn};
use crate::server::time::now_ms;
use axum::extract::{FromRef, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The push routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(key, subscribe, unsubscribe, notifications, set_notifications))]
pub struct Api;

/// The push routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Push>: FromRef<S>,
{
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/me/push/subscriptions", post(subscribe).delete(unsubscribe))
        .route("/api/me/notifications", get(notifications).put(set_notifications))
}

#[utoipa::path(get, path = "/api/push/key", tag = "push",
    summary = "The club's VAPID public key, for PushManager.subscribe's applicationServerKey",
    responses((status = 200, description = "{\"key\"}: the uncompressed P-256 point, base64url", body = serde_json::Value)))]
async fn key(State(push): State<Arc<Push>>) -> Response {
    Json(json!({ "key": push.public_key() })).into_response()
}

#[utoipa::path(post, path = "/api/me/push/subscriptions", tag = "push",
    summary = "Subscribes this device to the member's pushes (the same endpoint again replaces it)",
    request_body(content = serde_json::Value, description = "{\"endpoint\",\"keys\":{\"p256dh\",\"auth\"},\"lang\"}"),
    responses(
        (status = 201, description = "{\"ok\":true}", body = serde_json::Value),
        (status = 400, description = "`bad_push_endpoint`, `bad_push_keys`, or a bad `lang`"),
        NotSignedIn,
    ))]
async fn subscribe(
    State(push): State<Arc<Push>>,
    SignedIn { member: me, .. }: SignedIn,
    JsonBody(body): JsonBody<SubscriptionBody>,
) -> Answer {
    let subscription = subscription::check(body)?;
    tables::subscribe(push.pool(), &me.id, &subscription, now_ms()).await.map_err(Refusal::storage)?;
    Ok((StatusCode::CREATED, Json(json!({ "ok": true }))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Unsubscribe {
    endpoint: String,
}

#[utoipa::path(delete, path = "/api/me/push/subscriptions", operation_id = "push_unsubscribe", tag = "push",
    summary = "Unsubscribes a device of the member",
    request_body(content = serde_json::Value, description = "{\"endpoint\"}"),
    responses((status = 204, description = "Unsubscribed (or it was not)"), NotSignedIn))]
async fn unsubscribe(
    State(push): State<Arc<Push>>,
    SignedIn { member: me, .. }: SignedIn,
    JsonBody(body): JsonBody<Unsubscribe>,
) -> Answer {
    tables::unsubscribe(push.pool(), &me.id, &body.endpoint).await.map_err(Refusal::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/me/notifications", tag = "push",
    summary = "The member's push settings and how many devices are subscribed",
    responses(
        (status = 200, description = "{\"kinds\":{kind:bool},\"quiet\":{\"from\",\"to\"}|null,\"time_zone\",\"devices\"}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn notifications(State(push): State<Arc<Push>>, SignedIn { member: me, .. }: SignedIn) -> Answer {
    let settings = tables::settings(push.pool(), &me.id).await.map_err(Refusal::storage)?;
    shown(&push, &me.id, &settings).await
}

/// The settings as the API shows them.
async fn shown(push: &Push, member_id: &str, settings: &Settings) -> Answer {
    let devices = tables::devices(push.pool(), member_id).await.map_err(Refusal::storage)?;
    let kinds: Map<String, Value> =
        Kind::ALL.iter().map(|kind| (kind.name().to_string(), settings.allows(*kind).into())).collect();
    let quiet = settings.quiet.map(|q| json!({ "from": time_text(q.from), "to": time_text(q.to) }));
    let body = json!({ "kinds": kinds, "quiet": quiet, "time_zone": settings.time_zone, "devices": devices });
    Ok(Json(body).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuietBody {
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsBody {
    kinds: Option<HashMap<String, bool>>,
    /// Absent: unchanged; null: no quiet hours.
    #[serde(default, deserialize_with = "present")]
    quiet: Option<Option<QuietBody>>,
    time_zone: Option<String>,
}

/// A field given, maybe as null.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[utoipa::path(put, path = "/api/me/notifications", tag = "push",
    summary = "Changes the member's push settings: any of kinds, quiet hours and time zone",
    request_body(content = serde_json::Value, description = "{\"kinds\"?:{kind:bool},\"quiet\"?:{\"from\":\"22:00\",\"to\":\"07:00\"}|null,\"time_zone\"?}"),
    responses(
        (status = 200, description = "The settings now, as GET gives them", body = serde_json::Value),
        (status = 400, description = "An unknown kind (`bad_field`), `bad_quiet_hours` or `bad_time_zone`"),
        NotSignedIn,
    ))]
async fn set_notifications(
    State(push): State<Arc<Push>>,
    SignedIn { member: me, .. }: SignedIn,
    JsonBody(body): JsonBody<SettingsBody>,
) -> Answer {
    let mut settings = tables::settings(push.pool(), &me.id).await.map_err(Refusal::storage)?;
    for (name, on) in body.kinds.unwrap_or_default() {
        let kind = Kind::named(&name)
            .ok_or_else(|| Refusal::field("kinds", format!("no kind of push is named {name}")))?;
        settings.kinds_off.retain(|off| *off != kind);
        if !on {
            settings.kinds_off.push(kind);
        }
    }
    if let Some(quiet) = body.quiet {
        settings.quiet = match quiet {
            Some(q) => Some(Quiet { from: parse_time(&q.from)?, to: parse_time(&q.to)? }),
            None => None,
        };
    }
    if let Some(zone) = body.time_zone {
        check_time_zone(&zone)?;
        settings.time_zone = zone;
    }
    tables::save_settings(push.pool(), &me.id, &settings).await.map_err(Refusal::storage)?;
    shown(&push, &me.id, &settings).await
}
