//! A tournament's settings changed before its start (`PATCH api/tournaments/{id}`): by its
//! director ([`directors`](super::directors)), checked as a new one's are
//! ([`settings`](super::settings)), each change noted in its log and its watchers told. New
//! rules seed the players by their rating under them.

use super::director::Parts;
use super::directors::must_direct;
use super::settings::{Checked, Settings};
use super::shown::shown;
use super::tables;
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::SignedIn;
use crate::server::rating::tables::rating_of;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

#[utoipa::path(patch, path = "/api/tournaments/{id}", operation_id = "edit_tournament", tag = "tournaments",
    summary = "Changes a tournament's settings before its start (its director)",
    params(("id" = String, Path, description = "The tournament")),
    request_body(content = serde_json::Value, description = "The fields of POST api/tournaments, each optional: one left out stays as it was (`starts_at` null: the director starts it)"),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "Not its director: an admin, or its maker where members make tournaments"),
        (status = 404, description = "No such tournament"),
        (status = 409, description = "It has started or is over: its settings stay as they are"),
    ))]
pub async fn edit(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(change): JsonBody<Settings>,
) -> Result<Response, Refusal> {
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let row = tables::get(&mut tx, &id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("tournament"))?;
    must_direct(&who.member, &row, &parts.members)?;
    let started = || {
        let why = "this tournament has started: its settings can change only before the start";
        Refusal::new(Code::AlreadyStarted, why)
    };
    match row.state.as_str() {
        "registering" => {}
        "finished" => {
            return Err(Refusal::new(Code::TournamentFinished, "this tournament is over: its settings stay"))
        }
        _ => return Err(started()),
    }
    let before = Checked::of(&row);
    let after = before.changed_by(change)?;
    let changes = after.changes_from(&before);
    if !changes.is_empty() {
        let mut changed = row.clone();
        after.put_in(&mut changed);
        // The start may have come meanwhile, on another instance or by the director's clock.
        if !tables::set_settings(&mut tx, &id, &changed).await.map_err(Refusal::storage)? {
            return Err(started());
        }
        if after.rules != before.rules {
            for player in tables::players(&mut tx, &id).await.map_err(Refusal::storage)? {
                let rating =
                    rating_of(&mut tx, &player.member_id, &after.rules).await.map_err(Refusal::storage)?;
                tables::set_rating(&mut tx, &id, &player.member_id, rating.rating.round() as i64)
                    .await
                    .map_err(Refusal::storage)?;
            }
        }
        for change in &changes {
            tables::log(&mut tx, &id, &who.member.id, "changed", change).await.map_err(Refusal::storage)?;
        }
        tx.commit().await.map_err(Refusal::storage)?;
        parts.live.tournament_changed(&id);
    } else {
        drop(tx);
    }
    Ok(Json(shown(&parts.members, &id).await?).into_response())
}
