//! The member API: sign up, sign in and out, the signed-in member, passwords, deleting an
//! account, and invites. Every answer that signs in sets the session cookie; no body ever
//! holds a session id.
//!
//! ```text
//! POST   api/members          {"name","password","invite"?} → 201 the member; signed in
//! GET    api/session                                → {"member": the member, or null, "email": the club sends mail}
//! POST   api/session          {"name","password"}           → the member; signed in
//! DELETE api/session                                        → 204; signed out
//! GET    api/me                                   → {"name","admin","created","ratings":[…],"has_password"}
//! DELETE api/me/sessions                                    → {"ended":N}: the other sessions
//! PUT    api/me/password      {"password"|"passkey","new_password"} → 204; the other sessions end
//! DELETE api/me               {"password"|"passkey"}        → 204; games stay, renamed
//! ```
//!
//! Setting or changing the password, deleting the account (and adding a passkey) need fresh
//! proof of who asks ([`proof`](super::proof)): the password, or `"passkey": {"ceremony",
//! "credential"}`, an assertion for a ceremony begun by `POST api/me/passkeys/confirm`. The
//! session alone is refused (`proof_needed`).
//!
//! Invites, which only an admin makes: see [`admin::routes`](crate::server::admin::routes).
//!
//! Passkeys (sign-up, sign-in, one's passkeys): see [`passkeys::routes`].
//!
//! The leaderboard, public profiles and the export of one's games: see [`public`]; one's
//! unfinished games: [`my_games`]; one's vacation: [`vacation::routes`].

use super::accounts;
use super::admission::{admit, invite_needed, signed_in_as};
use super::names::{check_name, name_key};
use super::passkeys::proof::{confirm, Assertion, Confirm, Proof};
use super::passwords::check_password;
use super::{devices, games, my_games, passkeys, public, sessions, vacation, Members, SignedIn};
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::rating::tables::standings;
use axum::extract::{FromRef, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The member routes in the OpenAPI document (the passkeys' are in [`passkeys::routes::Api`]).
#[derive(OpenApi)]
#[openapi(paths(
    sign_up,
    session,
    sign_in,
    sign_out,
    me,
    delete_account,
    sign_out_elsewhere,
    change_password,
    public::board,
    public::profile,
    public::export,
    my_games::list,
    vacation::routes::show,
    vacation::routes::begin,
    vacation::routes::end
))]
pub struct Api;

/// The member routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Hub>: FromRef<S>,
    Bounds: FromRef<S>,
    Proxies: FromRef<S>,
{
    Router::new()
        .route("/api/members", post(sign_up))
        .route("/api/session", get(session).post(sign_in).delete(sign_out))
        .route("/api/me", get(me).delete(delete_account))
        .route("/api/me/sessions", delete(sign_out_elsewhere))
        .route("/api/me/password", put(change_password))
        .route("/api/leaderboard", get(public::board))
        .route("/api/members/{name}", get(public::profile))
        .route("/api/me/games.txt", get(public::export))
        .route("/api/me/games", get(my_games::list))
        .route(
            "/api/me/vacation",
            get(vacation::routes::show).post(vacation::routes::begin).delete(vacation::routes::end),
        )
        .merge(passkeys::routes::router())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SignUp {
    name: String,
    password: String,
    invite: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SignIn {
    name: String,
    password: String,
}

/// A new password, with the proof of who asks: the current password, or (a member who has
/// none yet) a passkey assertion.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    password: Option<String>,
    new_password: String,
    passkey: Option<Assertion>,
}

#[utoipa::path(post, path = "/api/members", tag = "members",
    summary = "Signs up a member (with an invite when the club asks for one) and signs in",
    request_body(content = serde_json::Value, description = "{\"name\",\"password\",\"invite\"?}"),
    responses(
        (status = 201, description = "The member; the session cookie is set", body = serde_json::Value),
        (status = 400, description = "A bad name or password"),
        (status = 403, description = "A missing or bad invite"),
        (status = 409, description = "The name is taken"),
        (status = 429, description = "Too many sign-ups from this address"),
    ))]
async fn sign_up(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    JsonBody(request): JsonBody<SignUp>,
) -> Answer {
    members.limits.sign_up(ip).map_err(Refusal::rate_limited)?;
    check_name(&request.name).map_err(|message| Refusal::field("name", message))?;
    check_password(&request.password).map_err(|message| Refusal::field("password", message))?;
    let invite = invite_needed(&members, request.invite).await?;
    // Hashed before the name is looked at: a taken name is answered no sooner than a new one.
    let hash = members.passwords.hash(request.password).await.map_err(Refusal::storage)?;
    let mut tx = members.pool.begin().await.map_err(Refusal::storage)?;
    let member = admit(&mut tx, invite, &request.name, &hash).await?;
    tx.commit().await.map_err(Refusal::storage)?;
    signed_in_as(&members, member, StatusCode::CREATED).await
}

#[utoipa::path(post, path = "/api/session", tag = "members",
    summary = "Signs in with a name and password",
    request_body(content = serde_json::Value, description = "{\"name\",\"password\"}"),
    responses(
        (status = 200, description = "The member; the session cookie is set", body = serde_json::Value),
        (status = 401, description = "Wrong name or password"),
        (status = 403, description = "The account is suspended"),
        (status = 429, description = "Too many attempts"),
    ))]
async fn sign_in(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<SignIn>,
) -> Answer {
    members.limits.sign_in_from(ip).map_err(Refusal::rate_limited)?;
    if !devices::known_for_name(&members.pool, &headers, &request.name).await.map_err(Refusal::storage)? {
        members.limits.sign_in_on(&name_key(&request.name)).map_err(Refusal::rate_limited)?;
    }
    check_password(&request.password).map_err(|_| Refusal::bad_credentials())?;
    // An unknown name costs the same hash as a wrong password, and is answered the same.
    let found = accounts::by_name(&members.pool, &request.name).await.map_err(Refusal::storage)?;
    let (member, stored) = found.unzip();
    let stored = stored.filter(|hash| !hash.is_empty());
    let matches = members.passwords.verify(request.password, stored).await.map_err(Refusal::storage)?;
    match member.filter(|_| matches) {
        Some(member) => signed_in_as(&members, member, StatusCode::OK).await,
        None => Err(Refusal::bad_credentials()),
    }
}

/// Who is signed in, answered alike for a guest (no error for the page to log).
#[utoipa::path(get, path = "/api/session", tag = "members",
    summary = "Who is signed in",
    responses(
        (status = 200, description = "{\"member\": the member, or null, \"email\": whether the club sends mail}", body = serde_json::Value),
    ))]
async fn session(State(members): State<Arc<Members>>, headers: HeaderMap) -> Answer {
    let who = members.signed_in(&headers).await.map_err(Refusal::storage)?;
    let member = who.map(|who| who.member);
    Ok(Json(serde_json::json!({ "member": member, "email": members.sends_mail })).into_response())
}

#[utoipa::path(delete, path = "/api/session", tag = "members",
    summary = "Signs out",
    responses(
        (status = 204, description = "Signed out; the cookie is removed"),
    ))]
async fn sign_out(State(members): State<Arc<Members>>, headers: HeaderMap) -> Answer {
    if let Some(session) = sessions::from_request(&headers) {
        if let Some(member_id) = sessions::close(&members.pool, &session).await.map_err(Refusal::storage)? {
            members.ends.ended(&member_id);
        }
    }
    let removed = sessions::removed(members.secure_cookies);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, removed)]).into_response())
}

#[utoipa::path(get, path = "/api/me", tag = "members",
    summary = "The signed-in member, with their ratings",
    responses(
        (status = 200, description = "{\"name\",\"admin\",\"created\",\"ratings\",\"has_password\"}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn me(State(members): State<Arc<Members>>, SignedIn { member, .. }: SignedIn) -> Answer {
    let pool = &members.pool;
    let ratings = standings(pool, &member.id).await.map_err(Refusal::storage)?;
    // A member who signed up with a passkey has none ('') until they set one.
    let has_password = !accounts::password_of(pool, &member.id).await.map_err(Refusal::storage)?.is_empty();
    let mut shown = serde_json::to_value(member).map_err(Refusal::storage)?;
    shown["ratings"] = serde_json::to_value(ratings).map_err(Refusal::storage)?;
    shown["has_password"] = has_password.into();
    Ok(Json(shown).into_response())
}

#[utoipa::path(delete, path = "/api/me/sessions", tag = "members",
    summary = "Ends the member's other sessions",
    responses(
        (status = 200, description = "{\"ended\":N}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn sign_out_elsewhere(State(members): State<Arc<Members>>, who: SignedIn) -> Answer {
    let ended = sessions::close_others(&members.pool, &who.member.id, &who.session)
        .await
        .map_err(Refusal::storage)?;
    members.ends.ended(&who.member.id);
    Ok(Json(serde_json::json!({ "ended": ended })).into_response())
}

#[utoipa::path(put, path = "/api/me/password", tag = "members",
    summary = "Changes the password; the other sessions end",
    request_body(content = serde_json::Value, description = "{\"password\" or \"passkey\": {\"ceremony\",\"credential\"}, \"new_password\"}"),
    responses(
        (status = 204, description = "Changed"),
        (status = 400, description = "A bad new password"),
        (status = 401, description = "Not signed in, a wrong password or a refused passkey"),
        (status = 403, description = "proof_needed: neither the password nor a passkey assertion"),
    ))]
async fn change_password(
    State(members): State<Arc<Members>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    who: SignedIn,
    JsonBody(request): JsonBody<NewPassword>,
) -> Answer {
    check_password(&request.new_password).map_err(|message| Refusal::field("new_password", message))?;
    let proof = Proof { password: request.password.as_deref(), passkey: request.passkey.as_ref() };
    confirm(&members, ip, &headers, &who, proof).await?;
    let hash = members.passwords.hash(request.new_password).await.map_err(Refusal::storage)?;
    accounts::set_password(&members.pool, &who.member.id, &hash).await.map_err(Refusal::storage)?;
    sessions::close_others(&members.pool, &who.member.id, &who.session).await.map_err(Refusal::storage)?;
    members.ends.ended(&who.member.id);
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(delete, path = "/api/me", tag = "members",
    summary = "Deletes the account (its games stay, renamed)",
    request_body(content = serde_json::Value, description = "{\"password\"} or {\"passkey\": {\"ceremony\",\"credential\"}}"),
    responses(
        (status = 204, description = "Deleted and signed out"),
        (status = 401, description = "Not signed in, a wrong password or a refused passkey"),
        (status = 403, description = "proof_needed: neither the password nor a passkey assertion"),
        (status = 409, description = "Games still in play"),
    ))]
async fn delete_account(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    who: SignedIn,
    JsonBody(request): JsonBody<Confirm>,
) -> Answer {
    confirm(&members, ip, &headers, &who, request.proof()).await?;
    let renamed = games::delete_account(&members.pool, &who.member.id).await.map_err(Refusal::storage)?;
    let renamed =
        renamed.ok_or_else(|| Refusal::new(Code::GamesInPlay, "finish or abort your games first"))?;
    members.ends.ended(&who.member.id);
    for game in renamed {
        if let Some(room) = hub.loaded(&game) {
            room.refresh().await;
        }
    }
    let removed = sessions::removed(members.secure_cookies);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, removed)]).into_response())
}
