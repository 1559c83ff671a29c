//! A member's games still open or in play, wherever they were started: whose move, the clocks,
//! the opponent. Seat tokens are stored only as digests, so none can be handed out here: a
//! member's other device plays such a seat by subscribing with `{"type":"subscribe","member":true}`
//! over the session cookie (see [`Session`](crate::server::connection::session::Session)).
//!
//! ```text
//! GET api/me/games → {"your_move":N,"games":[{"id","rules","clock","status","color","turn",
//!                     "your_move","opponent":{"name","rating","vacation": ms|null}|null,
//!                     "time_left":{"red","blue"}|null}]}
//!                     401 `not_signed_in` for a guest
//! ```
//!
//! The games at the member's move come first, the least time left first (untimed ones last of
//! them), then the others, latest changed first. An opponent on vacation in a correspondence
//! game is shown with the vacation's end.

use super::{Members, SignedIn};
use crate::rules::Color;
use crate::server::error::Refusal;
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::http::lists::MAX_LIST;
use crate::server::http::openapi::NotSignedIn;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::rating::shown::Shown;
use crate::server::rating::tables::rating_in;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use sqlx::{AnyPool, Row};
use std::sync::Arc;

/// One of the member's seats in an unfinished game, with the opponent's rating if a member.
struct Seat {
    game_id: String,
    color: Color,
    opponent_rating: Option<Shown>,
}

/// The member's seats in games open or in play, latest changed first; the opponent's rating
/// in the game's rules and clock category (by `bounds`).
async fn seats(pool: &AnyPool, member_id: &str, bounds: Bounds) -> sqlx::Result<Vec<Seat>> {
    let rows = sqlx::query(
        "SELECT mg.game_id, mg.color, o.member_id AS opponent, g.rules, g.clock
         FROM member_games mg JOIN games g ON g.id = mg.game_id
         LEFT JOIN member_games o ON o.game_id = mg.game_id AND o.color <> mg.color
         WHERE mg.member_id = $1 AND g.status IN ('open', 'playing') ORDER BY g.updated DESC LIMIT $2",
    )
    .bind(member_id)
    .bind(MAX_LIST)
    .fetch_all(pool)
    .await?;
    let mut conn = pool.acquire().await?;
    let mut seats = Vec::with_capacity(rows.len());
    for row in rows {
        let color: String = row.try_get("color")?;
        let Some(color) = Color::ALL.into_iter().find(|c| c.name() == color) else { continue };
        let opponent_rating = match row.try_get::<Option<String>, _>("opponent")? {
            Some(opponent) => {
                let (rules, clock): (String, String) = (row.try_get("rules")?, row.try_get("clock")?);
                let category = bounds.category_of_text(&clock);
                Some(Shown::of(rating_in(&mut conn, &opponent, &rules, category).await?))
            }
            None => None,
        };
        seats.push(Seat { game_id: row.try_get("game_id")?, color, opponent_rating });
    }
    Ok(seats)
}

#[utoipa::path(get, path = "/api/me/games", operation_id = "my_games", tag = "members",
    summary = "The signed-in member's unfinished games: those waiting for their move first, least time left first",
    responses(
        (status = 200, description = "The games and how many wait for the member's move", body = serde_json::Value),
        NotSignedIn,
    ))]
pub async fn list(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(bounds): State<Bounds>,
    SignedIn { member, .. }: SignedIn,
) -> Result<Response, Refusal> {
    let games = unfinished(&members, &hub, bounds, &member.id).await?;
    let your_move = games.iter().filter(|game| game["your_move"] == true).count();
    Ok(Json(json!({ "your_move": your_move, "games": games })).into_response())
}

/// The unfinished games of member `member_id`, as `GET api/me/games` lists them (the daily
/// digest reads them too).
pub async fn unfinished(
    members: &Members,
    hub: &Hub,
    bounds: Bounds,
    member_id: &str,
) -> Result<Vec<serde_json::Value>, Refusal> {
    let (mut games, now) = (Vec::new(), now_ms());
    for seat in seats(members.pool(), member_id, bounds).await.map_err(Refusal::storage)? {
        let game = hub.snapshot(&seat.game_id).await?;
        if game.status == Status::Over {
            continue; // ended since the table was read
        }
        let mine = game.status == Status::Playing && game.turn() == seat.color;
        let opponent = game.seats[!seat.color].as_ref().map(|s| {
            json!({ "name": s.name, "rating": seat.opponent_rating, "vacation": game.on_vacation(!seat.color, now) })
        });
        let time_left = game.clock.is_timed().then(
            || json!({ "red": game.time_left(Color::Red, now), "blue": game.time_left(Color::Blue, now) }),
        );
        let urgency =
            mine.then(|| if game.clock.is_timed() { game.time_left(seat.color, now) } else { i64::MAX });
        games.push((
            urgency,
            json!({
                "id": game.id,
                "rules": game.game.rules().to_string(),
                "clock": game.clock,
                "status": game.status.name(),
                "color": seat.color.name(),
                "turn": game.turn().name(),
                "your_move": mine,
                "opponent": opponent,
                "time_left": time_left,
            }),
        ));
    }
    // At one's move first (`Some`), least time left first; the sort keeps the others' order.
    games.sort_by_key(|(urgency, _)| (urgency.is_none(), *urgency));
    Ok(games.into_iter().map(|(_, game)| game).collect())
}
