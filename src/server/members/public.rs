//! What anyone may read of the members — no more than a public profile shows — and a member's
//! own games as records.
//!
//! ```text
//! GET api/leaderboard?rules=TEXT&category=NAME&limit=N
//!                                        → {"rules","category","rule_sets":[…],"categories":[…],
//!                                           "players":[{"name","bot","rules","category","rating",
//!                                           "deviation","games","provisional"}],"min_games"}
//!                                           (no category: the fastest played in these rules;
//!                                           only members with `min_games` rated games there,
//!                                           `--leaderboard-games`)
//! GET api/members/{name}                 → {"name","bot","created","ratings":[…],"results":{"wins",
//!                                           "draws","losses"},"history":[{"rules","category",
//!                                           "rating","game","at"}],"playing":[…],"recent":[…]}
//!                                           (games as the lists show them); 404 `no_member`
//! GET api/me/games.txt                   → the signed-in member's finished games as records
//! ```

use super::accounts::{self, Member};
use super::{games, Members, SignedIn};
use crate::rules::Rules;
use crate::server::error::Refusal;
use crate::server::game::ending::Status;
use crate::server::game::record::record_text;
use crate::server::http::lists::{self, MAX_LIST};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::QueryParams;
use crate::server::play::hub::Hub;
use crate::server::play::hub::MAX_RULES_BYTES;
use crate::server::play::listing::listed;
use crate::server::rating::category::{Bounds, Category};
use crate::server::rating::tables::{categories, history, leaderboard, rule_sets, standings, Asked};
use crate::server::storage::db::{ListFilter, ListPage};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;

type Answer = Result<Response, Refusal>;

/// The finished games a profile lists.
const RECENT: i64 = 20;
/// The most games an export holds: the latest.
pub const MAX_EXPORT: i64 = 1000;

/// The member called `name` (whatever its case), or a refusal.
pub async fn member_named(members: &Members, name: &str) -> Result<Member, Refusal> {
    let found = accounts::by_name(members.pool(), name).await.map_err(Refusal::storage)?;
    found.map(|(member, _)| member).ok_or_else(Refusal::no_member)
}

/// `?rules=TEXT&category=NAME&limit=N` of the leaderboard.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[serde(default)]
    rules: String,
    category: Option<String>,
    limit: Option<i64>,
}

impl Board {
    /// The leaderboard asked for, checked.
    pub fn checked(self) -> Result<Asked, Refusal> {
        let limit = lists::limit(self.limit)?;
        if self.rules.len() > MAX_RULES_BYTES {
            return Err(Refusal::field("rules", format!("rules are limited to {MAX_RULES_BYTES} bytes")));
        }
        if let Err(e) = self.rules.parse::<Rules>() {
            return Err(Refusal::field("rules", format!("{e}")));
        }
        let category = match self.category.as_deref() {
            Some(name) => Some(Category::from_name(name).ok_or_else(|| {
                Refusal::field(
                    "category",
                    "category must be blitz, rapid, classical, correspondence or over-the-board",
                )
            })?),
            None => None,
        };
        Ok(Asked { rules: self.rules, category, limit })
    }
}

#[utoipa::path(get, path = "/api/leaderboard", tag = "ratings",
    summary = "The leaderboard of a rule set and clock category",
    params(Board),
    responses(
        (status = 200, description = "The leading members with their ratings, and the rule sets and categories there are", body = serde_json::Value),
        (status = 400, description = "A bad rule set, category or limit"),
    ))]
pub async fn board(State(members): State<Arc<Members>>, QueryParams(query): QueryParams<Board>) -> Answer {
    Ok(Json(leaders(&members, &query.checked()?).await?).into_response())
}

/// The leaderboard `asked`, as `GET api/leaderboard` shows it.
pub async fn leaders(members: &Members, asked: &Asked) -> Result<serde_json::Value, Refusal> {
    let pool = members.pool();
    let played = categories(pool, &asked.rules).await.map_err(Refusal::storage)?;
    let category = asked.category.unwrap_or_else(|| played.first().copied().unwrap_or(Category::Rapid));
    let players = leaderboard(pool, &asked.rules, category, asked.limit, members.leaderboard_games)
        .await
        .map_err(Refusal::storage)?;
    let sets = rule_sets(pool).await.map_err(Refusal::storage)?;
    Ok(serde_json::json!({
        "rules": asked.rules,
        "category": category,
        "rule_sets": sets,
        "categories": played,
        "players": players,
        "min_games": members.leaderboard_games,
    }))
}

#[utoipa::path(get, path = "/api/members/{name}", tag = "members",
    summary = "A member's public profile: ratings, their history and recent games",
    params(("name" = String, Path, description = "The member")),
    responses(
        (status = 200, description = "The profile", body = serde_json::Value),
        (status = 404, description = "No member of this name"),
    ))]
pub async fn profile(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(bounds): State<Bounds>,
    Path(name): Path<String>,
) -> Answer {
    let member = member_named(&members, &name).await?;
    let pool = members.pool();
    let ratings = standings(pool, &member.id).await.map_err(Refusal::storage)?;
    let results = games::results(pool, &member.id).await.map_err(Refusal::storage)?;
    let points = history(pool, &member.id).await.map_err(Refusal::storage)?;
    let filter = ListFilter { member: Some(member.id), ..ListFilter::default() };
    let page = |limit| ListPage { before: i64::MAX, limit, offset: 0 };
    let playing = listed(&hub, (pool, bounds), Status::Playing, &filter, page(MAX_LIST)).await?;
    let recent = listed(&hub, (pool, bounds), Status::Over, &filter, page(RECENT)).await?;
    Ok(Json(serde_json::json!({
        "name": member.name,
        "bot": member.bot,
        "created": member.created,
        "ratings": ratings,
        "results": results,
        "history": points,
        "playing": playing,
        "recent": recent,
    }))
    .into_response())
}

#[utoipa::path(get, path = "/api/me/games.txt", tag = "members",
    summary = "The signed-in member's finished games as one text file of records",
    responses(
        (status = 200, description = "The records", body = String, content_type = "text/plain"),
        NotSignedIn,
    ))]
pub async fn export(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    SignedIn { member, .. }: SignedIn,
) -> Answer {
    let ids = games::finished(members.pool(), &member.id, MAX_EXPORT).await.map_err(Refusal::storage)?;
    let mut records = Vec::with_capacity(ids.len());
    for id in ids {
        records.push(record_text(&hub.snapshot(&id).await?));
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"jungle-games.txt\""),
        ],
        records.join("\n"),
    )
        .into_response())
}
