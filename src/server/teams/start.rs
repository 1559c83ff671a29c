//! A match starts: each team's line-up (its captain's, checked, or its highest rated in the
//! match's rating category), then one board per pair with its game, colours alternating by
//! board — all in the transaction whose first write claims the start, so that of two
//! instances or requests only the first makes the games.

use super::store::{self, BoardRow, MatchRow, Team, SIDES};
use super::Parts;
use crate::competitions::team_match::{by_captain, by_rating, home_color, Boards, LineUpError, TeamMember};
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::Status;
use crate::server::game::token::new_game_id;
use crate::server::rating::tables::rating_in;
use crate::server::storage::member_game::{self, MemberGame, Player};
use crate::server::time::now_ms;
use crate::server::tournaments::tables::begin_writing;
use sqlx::AnyConnection;

/// The refusal of a line-up.
pub fn refusal_of(error: &LineUpError) -> Refusal {
    let message = error.to_string();
    match *error {
        LineUpError::TooFewMembers { boards, .. } => {
            Refusal::new(Code::TeamTooSmall, message).with("boards", boards)
        }
        LineUpError::WrongSize { boards, .. } => {
            Refusal::new(Code::LineUpSize, message).with("boards", boards)
        }
        LineUpError::Twice(_) => Refusal::new(Code::LineUpTwice, message),
        LineUpError::NotInTeam(_) => Refusal::new(Code::NotInTeam, message),
    }
}

/// The boards of match `m`, checked.
pub fn boards_of(m: &MatchRow) -> Result<Boards, Refusal> {
    usize::try_from(m.boards)
        .ok()
        .and_then(Boards::new)
        .ok_or_else(|| Refusal::storage("a match's boards out of range"))
}

/// `team`'s members with their ratings in `m`'s rules and rating category.
pub async fn rated_members(
    conn: &mut AnyConnection,
    parts: &Parts,
    m: &MatchRow,
    team: &Team,
) -> Result<Vec<TeamMember>, Refusal> {
    let category = parts.bounds.category_of_text(&m.clock);
    let mut members = Vec::with_capacity(team.members.len());
    for mate in &team.members {
        let rating = rating_in(conn, &mate.id, &m.rules, category).await.map_err(Refusal::storage)?;
        members.push(TeamMember { id: mate.id.clone(), rating: rating.rating });
    }
    Ok(members)
}

/// Starts match `id`, which must be accepted: true if this call started it, false if it was
/// not accepted (started already by another, or not yet accepted); a refusal if a line-up
/// cannot be made (then nothing changed).
pub async fn start(parts: &Parts, id: &str) -> Result<bool, Refusal> {
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !store::change_state(&mut tx, id, "accepted", "playing").await.map_err(Refusal::storage)? {
        return Ok(false);
    }
    let m = store::get_match(&mut tx, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("match"))?;
    let boards = boards_of(&m)?;
    let mut sides = Vec::with_capacity(2);
    for (side, team_id) in SIDES.into_iter().zip([&m.home, &m.away]) {
        let team = store::team(&mut tx, team_id)
            .await
            .map_err(Refusal::storage)?
            .ok_or_else(|| Refusal::not_found("team"))?;
        let members = rated_members(&mut tx, parts, &m, &team).await?;
        let named = store::line_up(&mut tx, id, side).await.map_err(Refusal::storage)?;
        let order =
            if named.is_empty() { by_rating(&members, boards) } else { by_captain(&members, boards, &named) };
        let order = order.map_err(|e| {
            let refusal = refusal_of(&e);
            let message = format!("{}: {}", team.name, refusal.message);
            Refusal { message, ..refusal }
        })?;
        sides.push((team, order));
    }
    let now = now_ms();
    let name = |team: &Team, id: &str| team.members.iter().find(|t| t.id == id).map(|t| t.name.clone());
    let mut rows = Vec::with_capacity(boards.count());
    for (index, (home_id, away_id)) in sides[0].1.iter().zip(&sides[1].1).enumerate() {
        let board = index + 1;
        let home = (home_id.as_str(), name(&sides[0].0, home_id).unwrap_or_default());
        let away = (away_id.as_str(), name(&sides[1].0, away_id).unwrap_or_default());
        let (red, blue) = if home_color(board) == Color::Red { (&home, &away) } else { (&away, &home) };
        let game_id = new_game_id();
        let game = MemberGame {
            id: &game_id,
            rules: m.rules.parse().unwrap_or_default(),
            clock: ClockSpec::from_text(&m.clock).unwrap_or_default(),
            rated: m.rated,
            players: [Player { member_id: red.0, name: &red.1 }, Player { member_id: blue.0, name: &blue.1 }],
            at: now,
            status: Status::Playing,
        };
        member_game::insert(&mut tx, &game).await.map_err(Refusal::storage)?;
        rows.push(BoardRow {
            board: board as i64,
            game_id,
            home_member: home_id.clone(),
            away_member: away_id.clone(),
            result: None,
        });
    }
    store::insert_boards(&mut tx, id, &rows).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.team_match_changed(id);
    Ok(true)
}
