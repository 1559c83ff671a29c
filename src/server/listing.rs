//! A page of games as the lists show them (the lobby, the games in play, the archive, a
//! profile's games), each with its players' ratings.

use super::app::App;
use super::error::Refusal;
use super::rating::shown::beside;
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::play::protocol::Listed;
use crate::server::storage::db::{ListFilter, ListPage};

/// A page of the games of `status` that pass `filter`, as the lists show them.
pub async fn listed(
    app: &App,
    status: Status,
    filter: &ListFilter,
    page: ListPage,
) -> Result<Vec<Listed>, Refusal> {
    // Open games wait for an opponent only so long.
    let created_since = if status == Status::Open { app.hub.lobby.oldest_open(now_ms()) } else { i64::MIN };
    let games = app.hub.db.list(status, created_since, filter, page).await.map_err(Refusal::storage)?;
    let ratings = beside(app.members.pool(), &games, app.pairing.bounds).await.map_err(Refusal::storage)?;
    Ok(games.iter().map(|game| Listed::of(game, &ratings)).collect())
}
