//! The `games` table's one home: a game ([`Match`]) as its row and back, and a row as a game
//! in a list ([`Summary`]). The moves are rows of `moves`, replayed by the engine on reading.
//! Nothing here knows the wire format; the SQL that runs these is in `db` (reads) and `store`
//! (the writer's batches). The two statements that other tables pick the games of, for the
//! deletion of a member's account, run here ([`count_unfinished`], [`rename_player`]), and the
//! rating sweep's note of why a rated game did not count ([`set_uncounted`]). A game is read
//! with the tournament board it is played for, if any ([`SELECT_GAME`]).

use crate::rules::{ByColor, Color, Game, Position, Rules};
use crate::server::game::clock::{ClockSpec, Clocks};
use crate::server::game::ending::{EndReason, Ending, Offer, OfferKind, Status};
use crate::server::game::match_state::{Match, Seat};
use crate::server::game::summary::Summary;
use crate::server::game::tournament_board::TournamentBoard;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Row};

/// A query of the `Any` driver, to bind a game's values to.
pub type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// Stores a new game: the statement, its values bound by [`bind_new`].
pub const INSERT: &str =
    "INSERT INTO games (id, rules, fen, clock, red_name, red_token, blue_name, blue_token, status,
     red_left, blue_left, since, ply, version, created, updated, creator, rated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $14, $14, $15, $16)";

/// The columns of a game that a change sets, in the order [`bind_change`] binds them after the
/// game's id and the version it must have.
pub const UPDATE_COLUMNS: [&str; 16] = [
    "red_name",
    "red_token",
    "blue_name",
    "blue_token",
    "status",
    "winner",
    "reason",
    "offer_kind",
    "offer_by",
    "rematch",
    "red_left",
    "blue_left",
    "since",
    "ply",
    "version",
    "updated",
];

/// Reads game `$1`'s row (all columns) with its tournament board's and the ends of its members'
/// vacations, for [`read_game`].
pub const SELECT_GAME: &str =
    "SELECT g.*, p.tournament_id AS board_tournament, t.name AS board_tournament_name,
     p.round AS board_round, p.board AS board_number, t.no_show_ms AS board_no_show_ms,
     (SELECT MAX(v.ends) FROM member_games mg JOIN member_vacations v ON v.member_id = mg.member_id
      WHERE mg.game_id = g.id AND mg.color = 'red') AS red_vacation,
     (SELECT MAX(v.ends) FROM member_games mg JOIN member_vacations v ON v.member_id = mg.member_id
      WHERE mg.game_id = g.id AND mg.color = 'blue') AS blue_vacation
     FROM games g LEFT JOIN tournament_pairings p ON p.game_id = g.id
     LEFT JOIN tournaments t ON t.id = p.tournament_id
     WHERE g.id = $1";

/// The columns [`read_summary`] reads.
pub const SUMMARY_COLUMNS: &str =
    "id, red_name, blue_name, rules, clock, ply, winner, reason, created, updated, rated, uncounted";

fn seat_name(seat: &Option<Seat>) -> Option<String> {
    seat.as_ref().map(|s| s.name.clone())
}

fn seat_token(seat: &Option<Seat>) -> Option<String> {
    seat.as_ref().map(|s| s.token_digest.clone())
}

/// Binds the values of [`INSERT`] for the new game `m`.
pub fn bind_new<'q>(query: AnyQuery<'q>, m: &'q Match) -> AnyQuery<'q> {
    query
        .bind(&m.id)
        .bind(m.game.rules().to_string())
        .bind(m.game.start().fen())
        .bind(m.clock.to_text())
        .bind(seat_name(&m.seats.red))
        .bind(seat_token(&m.seats.red))
        .bind(seat_name(&m.seats.blue))
        .bind(seat_token(&m.seats.blue))
        .bind(m.status.name())
        .bind(m.clocks.left.red)
        .bind(m.clocks.left.blue)
        .bind(m.clocks.since)
        .bind(m.version)
        .bind(m.created)
        .bind(&m.creator)
        .bind(i64::from(m.rated))
}

/// Binds a change of `m`: its id, the version the stored row must have (the one before
/// `m`'s), then the values of [`UPDATE_COLUMNS`], `updated` last.
pub fn bind_change<'q>(query: AnyQuery<'q>, m: &'q Match, updated: i64) -> AnyQuery<'q> {
    query
        .bind(&m.id)
        .bind(m.version - 1)
        .bind(seat_name(&m.seats.red))
        .bind(seat_token(&m.seats.red))
        .bind(seat_name(&m.seats.blue))
        .bind(seat_token(&m.seats.blue))
        .bind(m.status.name())
        .bind(m.ending.and_then(|e| e.winner).map(|c| c.name()))
        .bind(m.ending.map(|e| e.reason.name()))
        .bind(m.offer.map(|o| o.kind.name()))
        .bind(m.offer.map(|o| o.by.name()))
        .bind(&m.rematch)
        .bind(m.clocks.left.red)
        .bind(m.clocks.left.blue)
        .bind(m.clocks.since)
        .bind(m.ply() as i64)
        .bind(m.version)
        .bind(updated)
}

fn corrupt(id: &str, what: impl std::fmt::Display) -> sqlx::Error {
    sqlx::Error::Protocol(format!("stored game {id} is unreadable: {what}"))
}

fn color(name: Option<String>) -> Option<Color> {
    Color::ALL.into_iter().find(|c| Some(c.name()) == name.as_deref())
}

fn seat(row: &AnyRow, side: &str) -> sqlx::Result<Option<Seat>> {
    let name: Option<String> = row.try_get(format!("{side}_name").as_str())?;
    let token: Option<String> = row.try_get(format!("{side}_token").as_str())?;
    Ok(name.zip(token).map(|(name, token_digest)| Seat { name, token_digest }))
}

fn ending(id: &str, row: &AnyRow) -> sqlx::Result<Option<Ending>> {
    let Some(reason) = row.try_get::<Option<String>, _>("reason")? else { return Ok(None) };
    let reason = EndReason::from_name(&reason).ok_or_else(|| corrupt(id, "unknown reason"))?;
    Ok(Some(Ending { winner: color(row.try_get("winner")?), reason }))
}

fn clock(id: &str, row: &AnyRow) -> sqlx::Result<ClockSpec> {
    let clock = row.try_get::<String, _>("clock")?;
    ClockSpec::from_text(&clock).ok_or_else(|| corrupt(id, "bad clock"))
}

/// The tournament board of a row of [`SELECT_GAME`], if the game is played for one.
fn tournament_board(row: &AnyRow) -> sqlx::Result<Option<TournamentBoard>> {
    let Some(id) = row.try_get::<Option<String>, _>("board_tournament")? else { return Ok(None) };
    Ok(Some(TournamentBoard {
        id,
        name: row.try_get("board_tournament_name")?,
        round: row.try_get("board_round")?,
        board: row.try_get("board_number")?,
        no_show_ms: row.try_get("board_no_show_ms")?,
    }))
}

/// The game of a row of [`SELECT_GAME`] and its `moves` rows (`mv`, `at`, by ply).
pub fn read_game(row: &AnyRow, moves: &[AnyRow]) -> sqlx::Result<Match> {
    let id: String = row.try_get("id")?;
    let rules: Rules = row.try_get::<String, _>("rules")?.parse().map_err(|e| corrupt(&id, e))?;
    let fen: String = row.try_get("fen")?;
    let start = Position::from_fen(&fen, rules).map_err(|e| corrupt(&id, e))?;
    let mut game = Game::from_position(start);
    let mut move_times = Vec::with_capacity(moves.len());
    for mv in moves {
        game.play_text(&mv.try_get::<String, _>("mv")?).map_err(|e| corrupt(&id, e))?;
        move_times.push(mv.try_get("at")?);
    }
    let status = row.try_get::<String, _>("status")?;
    let status = Status::from_name(&status).ok_or_else(|| corrupt(&id, "bad status"))?;
    let offer_kind: Option<String> = row.try_get("offer_kind")?;
    let offer = offer_kind
        .and_then(|k| OfferKind::from_name(&k))
        .zip(color(row.try_get("offer_by")?))
        .map(|(kind, by)| Offer { kind, by });
    Ok(Match {
        ending: ending(&id, row)?,
        game,
        clock: clock(&id, row)?,
        clocks: Clocks {
            left: ByColor::new(row.try_get("red_left")?, row.try_get("blue_left")?),
            since: row.try_get("since")?,
        },
        seats: ByColor::new(seat(row, "red")?, seat(row, "blue")?),
        status,
        offer,
        rematch: row.try_get("rematch")?,
        move_times,
        version: row.try_get("version")?,
        created: row.try_get("created")?,
        creator: row.try_get("creator")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        tournament: tournament_board(row)?,
        vacation: ByColor::new(row.try_get("red_vacation")?, row.try_get("blue_vacation")?),
        id,
    })
}

/// The game in a list of a row of [`SUMMARY_COLUMNS`].
pub fn read_summary(row: &AnyRow) -> sqlx::Result<Summary> {
    let id: String = row.try_get("id")?;
    Ok(Summary {
        names: ByColor::new(row.try_get("red_name")?, row.try_get("blue_name")?),
        rules: row.try_get("rules")?,
        clock: clock(&id, row)?,
        ply: row.try_get("ply")?,
        ending: ending(&id, row)?,
        created: row.try_get("created")?,
        updated: row.try_get("updated")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        uncounted: row.try_get("uncounted")?,
        id,
    })
}

/// Notes why the rated game `id` did not count in the ratings (the rating sweep's `reason`).
pub async fn set_uncounted(conn: &mut AnyConnection, id: &str, reason: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET uncounted = $1 WHERE id = $2").bind(reason).bind(id).execute(conn).await?;
    Ok(())
}

/// Games picked by another table: `subquery` selects their ids (`SELECT game_id FROM …`), its
/// parameters numbered from `$2` and given by `params`.
pub struct Picked<'a> {
    pub subquery: &'a str,
    pub params: &'a [&'a str],
}

/// Runs `sql`, whose `$1` is `first`, with the values of [`Picked::params`] from `$2`.
fn picking<'q>(sql: &'q str, first: &'q str, picked: &Picked<'q>) -> AnyQuery<'q> {
    picked.params.iter().fold(sqlx::query(sql).bind(first), |query, param| query.bind(*param))
}

/// How many of the games `picked` are not over (open or in play).
pub async fn count_unfinished(conn: &mut AnyConnection, picked: &Picked<'_>) -> sqlx::Result<i64> {
    let sql = format!("SELECT COUNT(*) AS n FROM games WHERE status <> $1 AND id IN ({})", picked.subquery);
    picking(&sql, Status::Over.name(), picked).fetch_one(conn).await?.try_get("n")
}

/// Gives the player of the `color` seat of the games `picked` the name `name`. Each game's version goes
/// up, so that a server holding the game in memory reads it again rather than write the old
/// name back.
pub async fn rename_player(
    conn: &mut AnyConnection,
    color: Color,
    name: &str,
    picked: &Picked<'_>,
) -> sqlx::Result<()> {
    let sql = format!(
        "UPDATE games SET {}_name = $1, version = version + 1 WHERE id IN ({})",
        color.name(),
        picked.subquery
    );
    picking(&sql, name, picked).execute(conn).await?;
    Ok(())
}
