//! The vacation API of the signed-in member.
//!
//! ```text
//! GET    api/me/vacation              → {"days_per_year","days_left","until": ms|null}
//! POST   api/me/vacation {"days": N}  → the same, on vacation for N days from now
//!                                       400 bad_field (N not 1 to 366), 409 on_vacation,
//!                                       409 no_vacation_days {"left"}
//! DELETE api/me/vacation              → the same, the vacation ended now (if any)
//! ```
//!
//! A vacation begun or ended is applied at once to each of the member's correspondence games
//! not over ([`hold`](super::hold)).

use super::hold::hold_games;
use super::{store, Refused, Vacations};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::{Members, SignedIn};
use crate::server::play::hub::Hub;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The longest vacation asked for at once, in days (a year's allowance is at most a year).
const MAX_DAYS: u32 = 366;

/// A vacation asked for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Begin {
    days: u32,
}

fn view(vacations: &Vacations, per_year: u32, now: i64) -> Json<Value> {
    Json(json!({
        "days_per_year": per_year,
        "days_left": vacations.days_left(per_year, now),
        "until": vacations.until(now),
    }))
}

#[utoipa::path(get, path = "/api/me/vacation", operation_id = "my_vacation", tag = "members",
    summary = "The signed-in member's vacation days left this year, and their vacation's end if on one",
    responses(
        (status = 200, description = "{\"days_per_year\",\"days_left\",\"until\": ms or null}", body = serde_json::Value),
        NotSignedIn,
    ))]
pub async fn show(
    State(members): State<Arc<Members>>,
    SignedIn { member, .. }: SignedIn,
) -> Result<Json<Value>, Refusal> {
    let vacations = store::read(members.pool(), &member.id).await.map_err(Refusal::storage)?;
    Ok(view(&vacations, members.vacation_days, now_ms()))
}

#[utoipa::path(post, path = "/api/me/vacation", operation_id = "begin_vacation", tag = "members",
    summary = "Begins a vacation of N days now: the member's correspondence clocks stand until it ends",
    request_body(content = serde_json::Value, description = "{\"days\": N}"),
    responses(
        (status = 200, description = "The vacation days left and the vacation's end", body = serde_json::Value),
        (status = 400, description = "`bad_field`: days is not 1 to 366"),
        NotSignedIn,
        (status = 409, description = "`on_vacation`: already on vacation; `no_vacation_days`: fewer days left this year (`left`)"),
    ))]
pub async fn begin(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    SignedIn { member, .. }: SignedIn,
    JsonBody(request): JsonBody<Begin>,
) -> Result<Json<Value>, Refusal> {
    if !(1..=MAX_DAYS).contains(&request.days) {
        return Err(Refusal::field("days", format!("days must be 1 to {MAX_DAYS}")));
    }
    let (per_year, now) = (members.vacation_days, now_ms());
    let old = store::read(members.pool(), &member.id).await.map_err(Refusal::storage)?;
    let new = old.begin(request.days, per_year, now).map_err(|refused| match refused {
        Refused::OnVacation => on_vacation(),
        Refused::TooFewDays(left) => {
            Refusal::new(Code::NoVacationDays, format!("only {left} vacation days are left this year"))
                .with("left", left)
        }
    })?;
    if !store::replace(members.pool(), &member.id, &old, &new).await.map_err(Refusal::storage)? {
        return Err(on_vacation());
    }
    hold_games(&members, &hub, &member.id, Some(new.ends)).await;
    Ok(view(&new, per_year, now))
}

#[utoipa::path(delete, path = "/api/me/vacation", operation_id = "end_vacation", tag = "members",
    summary = "Ends the member's vacation now (if on one): its whole days not begun are given back",
    responses(
        (status = 200, description = "The vacation days left; `until` null", body = serde_json::Value),
        NotSignedIn,
    ))]
pub async fn end(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    SignedIn { member, .. }: SignedIn,
) -> Result<Json<Value>, Refusal> {
    let (per_year, now) = (members.vacation_days, now_ms());
    let old = store::read(members.pool(), &member.id).await.map_err(Refusal::storage)?;
    let Some(new) = old.end(now) else { return Ok(view(&old, per_year, now)) };
    if !store::replace(members.pool(), &member.id, &old, &new).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::Unchanged, "the vacation changed meanwhile; try again"));
    }
    hold_games(&members, &hub, &member.id, None).await;
    Ok(view(&new, per_year, now))
}

fn on_vacation() -> Refusal {
    Refusal::new(Code::OnVacation, "you are on vacation already: end it first")
}
