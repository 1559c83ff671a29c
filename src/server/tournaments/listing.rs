//! The list of tournaments, in pages: the open ones (registering, running) first, then the
//! finished ones, the newest first in each, so that years of finished tournaments never make
//! one answer large.
//!
//! ```text
//! GET api/tournaments?limit=N&after=NEXT → {"tournaments":[…],"makers":"admins"|"members",
//!                                           "next":NEXT|null}
//! ```
//! `limit`: 1 to 100, 50 unless given; `after`: the `next` of the page before (none: the first
//! page); `next` is null on the last page. A page follows its place in the order, not a count:
//! tournaments made meanwhile do not shift the pages after it.

use super::shown::summary;
use super::tables::{self, Place};
use crate::server::error::Refusal;
use crate::server::http::lists;
use crate::server::http::QueryParams;
use crate::server::members::options::TournamentMakers;
use crate::server::members::Members;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use utoipa::IntoParams;

/// The longest `after` taken, in bytes.
const MAX_AFTER_BYTES: usize = 80;

/// `?limit=N&after=NEXT` of the list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// Tournaments on the page: 1 to 100, 50 unless given.
    limit: Option<i64>,
    /// The `next` of the page before; none for the first page.
    after: Option<String>,
}

/// A place in the list as `next` writes it: `finished.created.id` (finished: 0 or 1).
fn written(place: &Place) -> String {
    format!("{}.{}.{}", u8::from(place.finished), place.created, place.id)
}

/// The place `after` names; else the refusal.
fn read(after: &str) -> Result<Place, Refusal> {
    let bad = || Refusal::field("after", "after is the next of the page before");
    if after.len() > MAX_AFTER_BYTES {
        return Err(bad());
    }
    let mut parts = after.splitn(3, '.');
    let finished = match parts.next() {
        Some("0") => false,
        Some("1") => true,
        _ => return Err(bad()),
    };
    let created = parts.next().and_then(|created| created.parse().ok()).ok_or_else(bad)?;
    let id = parts.next().filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric()));
    Ok(Place { finished, created, id: id.ok_or_else(bad)?.to_string() })
}

#[utoipa::path(get, path = "/api/tournaments", operation_id = "list_tournaments", tag = "tournaments",
    summary = "The tournaments, a page at a time (the open ones first, the newest first), and who may make one",
    params(Page),
    responses(
        (status = 200, description = "{\"tournaments\":[…],\"makers\":\"admins\"|\"members\",\"next\":NEXT|null}", body = serde_json::Value),
        (status = 400, description = "A bad limit or after"),
    ))]
pub async fn list(
    State(members): State<Arc<Members>>,
    QueryParams(page): QueryParams<Page>,
) -> Result<Response, Refusal> {
    let limit = lists::limit(page.limit)?;
    let after = page.after.as_deref().map(read).transpose()?;
    // One more than the page, to know whether there is a next one.
    let mut rows = tables::list(members.pool(), after.as_ref(), limit + 1).await.map_err(Refusal::storage)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let next = rows.last().filter(|_| more).map(|(row, _)| written(&Place::of(row)));
    let shown: Vec<Value> = rows
        .iter()
        .map(|(row, players)| {
            let mut line = summary(row);
            line["players"] = json!(players);
            line
        })
        .collect();
    let makers = if members.tournament_makers == TournamentMakers::Members { "members" } else { "admins" };
    Ok(Json(json!({ "tournaments": shown, "makers": makers, "next": next })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_reads_back_as_written_and_nothing_else_is_taken() {
        let place = Place { finished: true, created: 1_700_000_000_000, id: "abc23".to_string() };
        assert_eq!(read(&written(&place)).unwrap(), place);
        for bad in ["", "2.1.abc", "0.x.abc", "0.1.", "0.1.a-b", "0.1", "1.1.a.b"] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
