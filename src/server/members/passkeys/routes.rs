//! The passkey API. Each ceremony is a `begin` (the options for
//! `navigator.credentials.create/get`, as `publicKey`, and the ceremony's id) and a `finish`
//! (the id and the browser's credential, as JSON with base64url fields).
//!
//! ```text
//! POST   api/passkeys/sign-up      {"name","invite"?}          → {"ceremony","publicKey"}
//! POST   api/passkeys/sign-up/finish {"ceremony","credential"} → 201 the member; signed in
//! POST   api/passkeys/sign-in                                   → {"ceremony","publicKey"}
//! POST   api/passkeys/sign-in/finish {"ceremony","credential"} → the member; signed in
//! GET    api/me/passkeys                         → [{"id","created","used"}], oldest first
//! POST   api/me/passkeys           {"password"|"passkey"}       → {"ceremony","publicKey"}
//! POST   api/me/passkeys/finish    {"ceremony","credential"}   → 201 {"id","created","used"}
//! DELETE api/me/passkeys/{id}                    → 204 (never the last way to sign in)
//! POST   api/me/passkeys/confirm                                → {"ceremony","publicKey"}
//! ```
//!
//! A `confirm` ceremony proves who a signed-in member is with one of their own passkeys, before
//! a change the session alone may not make; the request making it carries the assertion
//! ([`proof`](crate::server::members::proof)). Adding a passkey is such a change (a passkey
//! added with a stolen session would prove the thief's identity after): it takes the password
//! or an assertion of a passkey the member has already.
//!
//! Any failed sign-in (unknown, expired or used ceremony, unknown credential, bad signature,
//! another origin) is answered alike: `bad_credentials`.

use super::ceremonies::{self, Ceremony, Kind};
use super::credentials;
use super::proof::{confirm, Confirm};
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::accounts;
use crate::server::members::admission::{admit, invite_needed, signed_in_as};
use crate::server::members::names::check_name;
use crate::server::members::{Members, SignedIn};
use axum::extract::{FromRef, Path, State};
use axum::http::header::ORIGIN;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::OpenApi;
use webauthn_rs::prelude::{
    DiscoverableAuthentication, DiscoverableKey, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};

type Answer = Result<Response, Refusal>;

/// A request's `Origin`, if it has one in text.
fn origin(headers: &HeaderMap) -> Option<&str> {
    headers.get(ORIGIN).and_then(|value| value.to_str().ok())
}

/// The passkey routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    begin_sign_up,
    finish_sign_up,
    begin_sign_in,
    finish_sign_in,
    list,
    begin_add,
    finish_add,
    remove,
    begin_confirm
))]
pub struct Api;

/// The passkey routes (the member router checks their origin).
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Proxies: FromRef<S>,
{
    Router::new()
        .route("/api/passkeys/sign-up", post(begin_sign_up))
        .route("/api/passkeys/sign-up/finish", post(finish_sign_up))
        .route("/api/passkeys/sign-in", post(begin_sign_in))
        .route("/api/passkeys/sign-in/finish", post(finish_sign_in))
        .route("/api/me/passkeys", post(begin_add).get(list))
        .route("/api/me/passkeys/finish", post(finish_add))
        .route("/api/me/passkeys/{id}", delete(remove))
        .route("/api/me/passkeys/confirm", post(begin_confirm))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMember {
    name: String,
    invite: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Registered {
    ceremony: String,
    credential: RegisterPublicKeyCredential,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Asserted {
    ceremony: String,
    credential: PublicKeyCredential,
}

/// A ceremony's start: its id and the options the browser needs.
fn begun(ceremony: String, mut options: serde_json::Value) -> Response {
    options["ceremony"] = ceremony.into();
    Json(options).into_response()
}

/// A registration's state: the member's user handle and webauthn-rs's state.
type Registration = (Uuid, PasskeyRegistration);

/// Starts a registration for the member of `user_handle` called `name`, asking for a
/// discoverable credential (so that signing in needs no name), none of `existing` again.
fn start_registration(
    members: &Members,
    user_handle: Uuid,
    name: &str,
    existing: Vec<Passkey>,
) -> Result<(serde_json::Value, Registration), String> {
    let exclude = existing.iter().map(|passkey| passkey.cred_id().clone()).collect::<Vec<_>>();
    let (options, state) = members
        .relying_party
        .start_passkey_registration(user_handle, name, name, Some(exclude))
        .map_err(|e| e.to_string())?;
    let mut options = serde_json::to_value(options).map_err(|e| e.to_string())?;
    options["publicKey"]["authenticatorSelection"]["residentKey"] = "required".into();
    options["publicKey"]["authenticatorSelection"]["requireResidentKey"] = true.into();
    Ok((options, (user_handle, state)))
}

#[utoipa::path(post, path = "/api/passkeys/sign-up", tag = "members",
    summary = "Begins signing up with a passkey",
    request_body(content = serde_json::Value, description = "{\"name\",\"invite\"?}"),
    responses(
        (status = 200, description = "{\"ceremony\",\"publicKey\"}: the options for navigator.credentials", body = serde_json::Value),
        (status = 400, description = "A bad name"),
        (status = 403, description = "A missing or bad invite, or wrong_address: the page is at another address than the club's (`expected`)"),
        (status = 409, description = "The name is taken"),
        (status = 429, description = "Too many sign-ups from this address"),
    ))]
async fn begin_sign_up(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<NewMember>,
) -> Answer {
    members.relying_party.refuse_other_address(origin(&headers))?;
    members.limits.sign_up(ip).map_err(Refusal::rate_limited)?;
    check_name(&request.name).map_err(|message| Refusal::field("name", message))?;
    let invite = invite_needed(&members, request.invite).await?;
    if accounts::by_name(&members.pool, &request.name).await.map_err(Refusal::storage)?.is_some() {
        return Err(Refusal::name_taken());
    }
    let (options, state) =
        start_registration(&members, Uuid::new_v4(), &request.name, Vec::new()).map_err(Refusal::storage)?;
    let ceremony = Ceremony { state, member_id: None, name: Some(request.name), invite };
    let id = ceremonies::begin(&members.pool, Kind::SignUp, &ceremony).await.map_err(Refusal::storage)?;
    Ok(begun(id, options))
}

#[utoipa::path(post, path = "/api/passkeys/sign-up/finish", tag = "members",
    summary = "Finishes signing up with a passkey, and signs in",
    request_body(content = serde_json::Value, description = "{\"ceremony\",\"credential\"}"),
    responses(
        (status = 201, description = "The member; the session cookie is set", body = serde_json::Value),
        (status = 401, description = "The ceremony or credential is refused"),
    ))]
async fn finish_sign_up(
    State(members): State<Arc<Members>>,
    JsonBody(request): JsonBody<Registered>,
) -> Answer {
    let taken = ceremonies::take::<Registration>(&members.pool, Kind::SignUp, &request.ceremony);
    let ceremony = taken.await.map_err(Refusal::storage)?.ok_or_else(Refusal::bad_credentials)?;
    let passkey = members
        .relying_party
        .finish_passkey_registration(&request.credential, &ceremony.state.1)
        .map_err(|_| Refusal::bad_credentials())?;
    let user_handle = ceremony.state.0;
    let name = ceremony.name.ok_or_else(Refusal::bad_credentials)?;
    let mut tx = members.pool.begin().await.map_err(Refusal::storage)?;
    // No password: '' matches none (see the migration).
    let member = admit(&mut tx, ceremony.invite, &name, "").await?;
    if !credentials::insert(&mut tx, &member.id, user_handle, &passkey).await.map_err(Refusal::storage)? {
        return Err(Refusal::bad_credentials());
    }
    tx.commit().await.map_err(Refusal::storage)?;
    signed_in_as(&members, member, StatusCode::CREATED).await
}

#[utoipa::path(post, path = "/api/passkeys/sign-in", tag = "members",
    summary = "Begins signing in with a passkey",
    responses(
        (status = 200, description = "{\"ceremony\",\"publicKey\"}: the options for navigator.credentials", body = serde_json::Value),
        (status = 403, description = "wrong_address: the page is at another address than the club's (`expected`)"),
        (status = 429, description = "Too many attempts"),
    ))]
async fn begin_sign_in(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Answer {
    members.relying_party.refuse_other_address(origin(&headers))?;
    members.limits.sign_in_from(ip).map_err(Refusal::rate_limited)?;
    let (mut options, state) =
        members.relying_party.start_discoverable_authentication().map_err(Refusal::storage)?;
    // Asked for by a button, not an autofill field: the browser's usual dialog.
    options.mediation = None;
    let options = serde_json::to_value(options).map_err(Refusal::storage)?;
    let ceremony = Ceremony { state, member_id: None, name: None, invite: None };
    let id = ceremonies::begin(&members.pool, Kind::SignIn, &ceremony).await.map_err(Refusal::storage)?;
    Ok(begun(id, options))
}

#[utoipa::path(post, path = "/api/passkeys/sign-in/finish", tag = "members",
    summary = "Finishes signing in with a passkey",
    request_body(content = serde_json::Value, description = "{\"ceremony\",\"credential\"}"),
    responses(
        (status = 200, description = "The member; the session cookie is set", body = serde_json::Value),
        (status = 401, description = "The ceremony or credential is refused"),
        (status = 403, description = "The account is suspended"),
    ))]
async fn finish_sign_in(
    State(members): State<Arc<Members>>,
    JsonBody(request): JsonBody<Asserted>,
) -> Answer {
    let taken =
        ceremonies::take::<DiscoverableAuthentication>(&members.pool, Kind::SignIn, &request.ceremony);
    let ceremony = taken.await.map_err(Refusal::storage)?.ok_or_else(Refusal::bad_credentials)?;
    let rp = &members.relying_party;
    let (user_handle, credential_id) = rp
        .identify_discoverable_authentication(&request.credential)
        .map_err(|_| Refusal::bad_credentials())?;
    let stored = credentials::by_id(&members.pool, &credentials::id_text(credential_id))
        .await
        .map_err(Refusal::storage)?
        .filter(|stored| stored.user_handle == user_handle)
        .ok_or_else(Refusal::bad_credentials)?;
    let key = DiscoverableKey::from(&stored.passkey);
    let result = rp
        .finish_discoverable_authentication(&request.credential, ceremony.state, &[key])
        .map_err(|_| Refusal::bad_credentials())?;
    let mut passkey = stored.passkey;
    passkey.update_credential(&result);
    credentials::used(&members.pool, &passkey).await.map_err(Refusal::storage)?;
    let member = accounts::by_id(&members.pool, &stored.member_id).await.map_err(Refusal::storage)?;
    signed_in_as(&members, member.ok_or_else(Refusal::bad_credentials)?, StatusCode::OK).await
}

#[utoipa::path(get, path = "/api/me/passkeys", operation_id = "list_passkeys", tag = "members",
    summary = "The signed-in member's passkeys, oldest first",
    responses(
        (status = 200, description = "[{\"id\",\"created\",\"used\"}]", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn list(State(members): State<Arc<Members>>, who: SignedIn) -> Answer {
    let passkeys = credentials::of_member(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    Ok(Json(passkeys.into_iter().map(|(listed, _)| listed).collect::<Vec<_>>()).into_response())
}

#[utoipa::path(post, path = "/api/me/passkeys", tag = "members",
    summary = "Begins adding a passkey to the account, with fresh proof of who asks",
    request_body(content = serde_json::Value, description = "{\"password\"} or {\"passkey\": {\"ceremony\",\"credential\"}}"),
    responses(
        (status = 200, description = "{\"ceremony\",\"publicKey\"}: the options for navigator.credentials", body = serde_json::Value),
        (status = 401, description = "Not signed in, a wrong password or a refused passkey"),
        (status = 403, description = "wrong_address: the page is at another address than the club's (`expected`); proof_needed: neither the password nor a passkey assertion"),
    ))]
async fn begin_add(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    who: SignedIn,
    JsonBody(request): JsonBody<Confirm>,
) -> Answer {
    members.relying_party.refuse_other_address(origin(&headers))?;
    confirm(&members, ip, &headers, &who, request.proof()).await?;
    let existing = credentials::of_member(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    let user_handle =
        credentials::user_handle(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    let existing = existing.into_iter().map(|(_, passkey)| passkey).collect();
    let (options, state) =
        start_registration(&members, user_handle, &who.member.name, existing).map_err(Refusal::storage)?;
    let ceremony = Ceremony { state, member_id: Some(who.member.id), name: None, invite: None };
    let id = ceremonies::begin(&members.pool, Kind::Add, &ceremony).await.map_err(Refusal::storage)?;
    Ok(begun(id, options))
}

#[utoipa::path(post, path = "/api/me/passkeys/finish", tag = "members",
    summary = "Finishes adding a passkey",
    request_body(content = serde_json::Value, description = "{\"ceremony\",\"credential\"}"),
    responses(
        (status = 201, description = "{\"id\",\"created\",\"used\"}", body = serde_json::Value),
        (status = 401, description = "Not signed in or the credential is refused"),
    ))]
async fn finish_add(
    State(members): State<Arc<Members>>,
    who: SignedIn,
    JsonBody(request): JsonBody<Registered>,
) -> Answer {
    let taken = ceremonies::take::<Registration>(&members.pool, Kind::Add, &request.ceremony);
    let ceremony = taken
        .await
        .map_err(Refusal::storage)?
        .filter(|ceremony| ceremony.member_id.as_ref() == Some(&who.member.id))
        .ok_or_else(Refusal::bad_credentials)?;
    let passkey = members
        .relying_party
        .finish_passkey_registration(&request.credential, &ceremony.state.1)
        .map_err(|_| Refusal::bad_credentials())?;
    let user_handle = ceremony.state.0;
    let mut conn = members.pool.acquire().await.map_err(Refusal::storage)?;
    if !credentials::insert(&mut conn, &who.member.id, user_handle, &passkey)
        .await
        .map_err(Refusal::storage)?
    {
        return Err(Refusal::bad_credentials());
    }
    let id = credentials::id_of(&passkey);
    let listed = credentials::of_member(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    let added = listed.into_iter().map(|(listed, _)| listed).find(|listed| listed.id == id);
    Ok((StatusCode::CREATED, Json(added.ok_or_else(|| Refusal::not_found("passkey"))?)).into_response())
}

#[utoipa::path(delete, path = "/api/me/passkeys/{id}", operation_id = "remove_passkey", tag = "members",
    summary = "Removes a passkey (never the last way to sign in)",
    params(("id" = String, Path, description = "The passkey")),
    responses(
        (status = 204, description = "Removed"),
        NotSignedIn,
        (status = 404, description = "No such passkey"),
        (status = 409, description = "The last way to sign in"),
    ))]
async fn remove(State(members): State<Arc<Members>>, who: SignedIn, Path(id): Path<String>) -> Answer {
    match credentials::remove(&members.pool, &who.member.id, &id).await.map_err(Refusal::storage)? {
        Some(true) => Ok(StatusCode::NO_CONTENT.into_response()),
        Some(false) => Err(Refusal::new(Code::LastSignIn, "add a password or another passkey first")),
        None => Err(Refusal::not_found("passkey")),
    }
}

#[utoipa::path(post, path = "/api/me/passkeys/confirm", tag = "members",
    summary = "Begins proving who the signed-in member is with one of their passkeys",
    responses(
        (status = 200, description = "{\"ceremony\",\"publicKey\"}: the options for navigator.credentials.get, the member's passkeys allowed", body = serde_json::Value),
        (status = 403, description = "wrong_address: the page is at another address than the club's (`expected`)"),
        NotSignedIn,
        (status = 404, description = "The member has no passkey"),
        (status = 429, description = "Too many attempts"),
    ))]
async fn begin_confirm(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    who: SignedIn,
) -> Answer {
    members.relying_party.refuse_other_address(origin(&headers))?;
    members.limits.sign_in_from(ip).map_err(Refusal::rate_limited)?;
    let held = credentials::of_member(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    if held.is_empty() {
        return Err(Refusal::not_found("passkey"));
    }
    let passkeys: Vec<Passkey> = held.into_iter().map(|(_, passkey)| passkey).collect();
    let (options, state) =
        members.relying_party.start_passkey_authentication(&passkeys).map_err(Refusal::storage)?;
    let options = serde_json::to_value(options).map_err(Refusal::storage)?;
    let ceremony = Ceremony { state, member_id: Some(who.member.id), name: None, invite: None };
    let id = ceremonies::begin(&members.pool, Kind::Confirm, &ceremony).await.map_err(Refusal::storage)?;
    Ok(begun(id, options))
}
