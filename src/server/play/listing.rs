//! A page of games as the lists show them (the lobby, the games in play, the archive, a
//! profile's games), each with its players' ratings.

use super::hub::Hub;
use super::protocol::Listed;
use crate::server::error::Refusal;
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::rating::category::Bounds;
use crate::server::rating::shown::beside;
use crate::server::storage::db::{ListFilter, ListPage};
use sqlx::AnyPool;

/// A page of the games of `status` that pass `filter`, as the lists show them: with their
/// members' ratings (from the members' `pool`, in the categories of `bounds`).
pub async fn listed(
    hub: &Hub,
    (pool, bounds): (&AnyPool, Bounds),
    status: Status,
    filter: &ListFilter,
    page: ListPage,
) -> Result<Vec<Listed>, Refusal> {
    // Open games wait for an opponent only so long.
    let created_since = if status == Status::Open { hub.lobby.oldest_open(now_ms()) } else { i64::MIN };
    let games = hub.db.list(status, created_since, filter, page).await.map_err(Refusal::storage)?;
    let ratings = beside(pool, &games, bounds).await.map_err(Refusal::storage)?;
    Ok(games.iter().map(|game| Listed::of(game, &ratings)).collect())
}
