//! The email API. Without `--smtp-url` every route answers `email_off`.
//!
//! ```text
//! GET    api/me/email                               → {"address"|null,"verified","digest"}
//! PUT    api/me/email   {"address"?,"lang"?,"digest"?} → the same; a new address is mailed a link
//! DELETE api/me/email                               → 204
//! POST   api/email/verify        {"token"}          → {"address"}
//! POST   api/password-reset      {"address"}        → 202 {"ok":true}, whatever the address
//! POST   api/password-reset/complete {"token","password"} → {"name"}; every session ended
//! POST   api/email/unsubscribe   {"token"} or ?token= → {"ok":true}: no more digests
//! GET    api/email/unsubscribe?token=               → 303 to the page's ?unsubscribe= link
//! ```
//!
//! No answer tells whether an address belongs to a member: adding an address verified by
//! another member answers as any other (its owner is mailed that someone tried), and a reset
//! is answered before anything is looked up (the work goes on in the background).

use super::address::normalized;
use super::letters;
use super::store::{self, Address, Purpose};
use super::words::words;
use super::Email;
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::query::QueryParams;
use crate::server::http::JsonBody;
use crate::server::members::accounts;
use crate::server::members::passwords::check_password;
use crate::server::members::{Members, SignedIn};
use axum::body::Bytes;
use axum::extract::{FromRef, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// How long a verification link works: 24 hours.
pub const VERIFY_MS: i64 = 24 * 3600 * 1000;
/// How long a reset link works: 30 minutes.
pub const RESET_MS: i64 = 30 * 60 * 1000;

/// The routes a request changes by a token alone, from anywhere: see [`unsubscribe`].
pub const BY_TOKEN: &[&str] = &["/api/email/unsubscribe"];

/// The email routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    my_address,
    set_address,
    remove_address,
    verify,
    reset,
    complete_reset,
    unsubscribe,
    unsubscribe_page
))]
pub struct Api;

/// The email routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Email>: FromRef<S>,
    Proxies: FromRef<S>,
{
    Router::new()
        .route("/api/me/email", get(my_address).put(set_address).delete(remove_address))
        .route("/api/email/verify", post(verify))
        .route("/api/password-reset", post(reset))
        .route("/api/password-reset/complete", post(complete_reset))
        .route("/api/email/unsubscribe", post(unsubscribe).get(unsubscribe_page))
}

/// The club sends mail; else `email_off`.
fn on(email: &Email) -> Result<(), Refusal> {
    if email.is_on() {
        Ok(())
    } else {
        Err(Refusal::new(Code::EmailOff, "this club sends no mail"))
    }
}

fn bad_link() -> Refusal {
    Refusal::new(Code::BadEmailLink, "this link is unknown, used or expired")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AddressChange {
    address: Option<String>,
    lang: Option<String>,
    digest: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Token {
    token: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResetAsked {
    address: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    token: String,
    password: String,
}

/// The address as the member sees it.
fn shown(address: Option<&Address>) -> Response {
    Json(json!({
        "address": address.map(|a| &a.address),
        "verified": address.is_some_and(|a| a.verified),
        "digest": address.is_some_and(|a| a.digest),
    }))
    .into_response()
}

#[utoipa::path(get, path = "/api/me/email", tag = "email",
    summary = "The signed-in member's email address",
    responses(
        (status = 200, description = "{\"address\": the address or null, \"verified\", \"digest\"}", body = serde_json::Value),
        (status = 409, description = "email_off: the club sends no mail"),
        NotSignedIn,
    ))]
async fn my_address(State(email): State<Arc<Email>>, who: SignedIn) -> Answer {
    on(&email)?;
    let address = store::of_member(&email.pool, &who.member.id).await.map_err(Refusal::storage)?;
    Ok(shown(address.as_ref()))
}

#[utoipa::path(put, path = "/api/me/email", tag = "email",
    summary = "Sets the address (a link to verify it is mailed to it), its language, or the daily digest",
    request_body(content = serde_json::Value, description = "{\"address\"?, \"lang\"?, \"digest\"?: true or false}"),
    responses(
        (status = 200, description = "The address as GET answers it", body = serde_json::Value),
        (status = 400, description = "A bad address"),
        (status = 409, description = "email_off, or no address to switch the digest of"),
        (status = 429, description = "Too many addresses added"),
        NotSignedIn,
    ))]
async fn set_address(
    State(email): State<Arc<Email>>,
    headers: HeaderMap,
    who: SignedIn,
    JsonBody(change): JsonBody<AddressChange>,
) -> Answer {
    on(&email)?;
    let member = &who.member.id;
    let lang = change.lang.map(|lang| lang.to_ascii_lowercase());
    let lang = lang.filter(|lang| super::words::LANGUAGES.contains(&lang.as_str()));
    if let Some(typed) = change.address {
        let address = normalized(&typed).map_err(|message| Refusal::field("address", message))?;
        email.limits.add_address(member).map_err(Refusal::rate_limited)?;
        let origin = match &email.public_origin {
            Some(origin) => origin.clone(),
            // The origin checked by `own_page_only`: the member's own page sent it.
            None => headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string(),
        };
        let lang = lang.clone().unwrap_or_else(|| "en".into());
        let unverified =
            store::set(&email.pool, member, &address, &lang, &origin).await.map_err(Refusal::storage)?;
        if unverified {
            mail_verification(&email, member, &address).await.map_err(Refusal::storage)?;
        }
    }
    let found = store::of_member(&email.pool, member).await.map_err(Refusal::storage)?;
    let Some(mut found) = found else {
        return Err(Refusal::new(Code::NoEmail, "add an email address first"));
    };
    if let Some(lang) = lang.filter(|lang| *lang != found.lang) {
        let origin = found.origin.clone();
        store::set(&email.pool, member, &found.address, &lang, &origin).await.map_err(Refusal::storage)?;
        found.lang = lang;
    }
    if let Some(digest) = change.digest {
        store::set_digest(&email.pool, member, digest).await.map_err(Refusal::storage)?;
        found.digest = digest;
    }
    Ok(shown(Some(&found)))
}

/// Mails the link that verifies `address` of `member_id`; if another member verified it
/// already, mails that member that someone tried instead (the answer is the same).
async fn mail_verification(email: &Email, member_id: &str, address: &str) -> sqlx::Result<()> {
    let club = email.club();
    if let Some(owner) = store::verified(&email.pool, address).await?.filter(|o| o.member_id != member_id) {
        email.post(&owner, &owner.address, &letters::tried(words(&owner.lang), &club)).await;
        return Ok(());
    }
    let Some(adder) = store::of_member(&email.pool, member_id).await? else { return Ok(()) };
    let token = store::issue(&email.pool, member_id, Purpose::Verify, address, VERIFY_MS).await?;
    let link = format!("{}/?verify-email={token}", adder.origin);
    email.post(&adder, address, &letters::verify(words(&adder.lang), &club, link)).await;
    Ok(())
}

#[utoipa::path(delete, path = "/api/me/email", tag = "email",
    summary = "Removes the address (no more mail of any kind)",
    responses(
        (status = 204, description = "Removed"),
        (status = 409, description = "email_off"),
        NotSignedIn,
    ))]
async fn remove_address(State(email): State<Arc<Email>>, who: SignedIn) -> Answer {
    on(&email)?;
    store::remove(&email.pool, &who.member.id).await.map_err(Refusal::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/email/verify", tag = "email",
    summary = "Verifies an address by the token of the link mailed to it (no sign-in needed)",
    request_body(content = serde_json::Value, description = "{\"token\"}"),
    responses(
        (status = 200, description = "{\"address\"}", body = serde_json::Value),
        (status = 403, description = "bad_email_link: unknown, used or expired"),
        (status = 409, description = "email_off"),
    ))]
async fn verify(State(email): State<Arc<Email>>, JsonBody(request): JsonBody<Token>) -> Answer {
    on(&email)?;
    let taken = store::take(&email.pool, &request.token, Purpose::Verify).await.map_err(Refusal::storage)?;
    let (member, address) = taken.ok_or_else(bad_link)?;
    if !store::mark_verified(&email.pool, &member, &address).await.map_err(Refusal::storage)? {
        return Err(bad_link());
    }
    Ok(Json(json!({ "address": address })).into_response())
}

#[utoipa::path(post, path = "/api/password-reset", tag = "email",
    summary = "Mails a link to set a new password, if the address is a member's verified one; the same answer for any address",
    request_body(content = serde_json::Value, description = "{\"address\"}"),
    responses(
        (status = 202, description = "{\"ok\": true}, whatever the address", body = serde_json::Value),
        (status = 400, description = "Not an email address"),
        (status = 409, description = "email_off"),
        (status = 429, description = "Too many resets asked for this address or from this client"),
    ))]
async fn reset(
    State(email): State<Arc<Email>>,
    ClientIp(ip): ClientIp,
    JsonBody(request): JsonBody<ResetAsked>,
) -> Answer {
    on(&email)?;
    let address = normalized(&request.address).map_err(|message| Refusal::field("address", message))?;
    email.limits.reset(ip, &address).map_err(Refusal::rate_limited)?;
    // Answered before anything is looked up: neither the answer nor its time tells whether
    // the address is a member's.
    tokio::spawn(async move {
        if let Err(e) = mail_reset(&email, &address).await {
            tracing::error!(error = %e, "email: a password reset failed");
        }
    });
    Ok((StatusCode::ACCEPTED, Json(json!({ "ok": true }))).into_response())
}

/// Mails the reset link to `address` if it is a member's verified address.
async fn mail_reset(email: &Email, address: &str) -> sqlx::Result<()> {
    let Some(owner) = store::verified(&email.pool, address).await? else { return Ok(()) };
    let token = store::issue(&email.pool, &owner.member_id, Purpose::Reset, &owner.address, RESET_MS).await?;
    let link = format!("{}/?reset={token}", owner.origin);
    email.post(&owner, &owner.address, &letters::reset(words(&owner.lang), &email.club(), link)).await;
    Ok(())
}

#[utoipa::path(post, path = "/api/password-reset/complete", tag = "email",
    summary = "Sets a new password by the token of a reset link; every session of the member ends",
    request_body(content = serde_json::Value, description = "{\"token\", \"password\"}"),
    responses(
        (status = 200, description = "{\"name\"}: the member, who signs in next", body = serde_json::Value),
        (status = 400, description = "A bad password"),
        (status = 403, description = "bad_email_link: unknown, used or expired"),
        (status = 409, description = "email_off"),
    ))]
async fn complete_reset(
    State(email): State<Arc<Email>>,
    State(members): State<Arc<Members>>,
    JsonBody(request): JsonBody<NewPassword>,
) -> Answer {
    on(&email)?;
    check_password(&request.password).map_err(|message| Refusal::field("password", message))?;
    let taken = store::take(&email.pool, &request.token, Purpose::Reset).await.map_err(Refusal::storage)?;
    let (member_id, _) = taken.ok_or_else(bad_link)?;
    let member = accounts::by_id(&email.pool, &member_id).await.map_err(Refusal::storage)?;
    let member = member.ok_or_else(bad_link)?;
    members.reset_password(&member.id, request.password).await.map_err(Refusal::storage)?;
    Ok(Json(json!({ "name": member.name })).into_response())
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// Turns the digest off. The one route that takes a state-changing request from anywhere
/// ([`BY_TOKEN`]): mail providers POST the `List-Unsubscribe` link (RFC 8058) from their own
/// servers, without an `Origin`. That is safe: the token, not a cookie, says whose mail it
/// is, and all it can do is turn mail off.
#[utoipa::path(post, path = "/api/email/unsubscribe", tag = "email",
    summary = "Turns the daily digest off, by the token of a mail's unsubscribe link (no sign-in, any origin: RFC 8058 one-click)",
    params(("token" = Option<String>, Query, description = "The token (one-click), else in the JSON body")),
    request_body(content = serde_json::Value, description = "{\"token\"}, or `List-Unsubscribe=One-Click` with the token in the query"),
    responses(
        (status = 200, description = "{\"ok\": true}", body = serde_json::Value),
        (status = 403, description = "bad_email_link: unknown or expired"),
        (status = 409, description = "email_off"),
    ))]
async fn unsubscribe(
    State(email): State<Arc<Email>>,
    QueryParams(query): QueryParams<TokenQuery>,
    body: Bytes,
) -> Answer {
    on(&email)?;
    let token = match query.token {
        Some(token) => token,
        None => {
            serde_json::from_slice::<Token>(&body).map_err(|e| Refusal::field("token", e.to_string()))?.token
        }
    };
    let member = store::read(&email.pool, &token, Purpose::Unsubscribe).await.map_err(Refusal::storage)?;
    let member = member.ok_or_else(bad_link)?;
    store::set_digest(&email.pool, &member, false).await.map_err(Refusal::storage)?;
    Ok(Json(json!({ "ok": true })).into_response())
}

/// A mail program that opens the `List-Unsubscribe` link in a browser: the page asks.
#[utoipa::path(get, path = "/api/email/unsubscribe", tag = "email",
    summary = "Sends a browser to the page that unsubscribes (a GET changes nothing)",
    params(("token" = Option<String>, Query, description = "The token")),
    responses((status = 303, description = "To ?unsubscribe=TOKEN")))]
async fn unsubscribe_page(QueryParams(query): QueryParams<TokenQuery>) -> Response {
    let token: String = query.token.unwrap_or_default().chars().filter(char::is_ascii_hexdigit).collect();
    (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/?unsubscribe={token}"))]).into_response()
}
