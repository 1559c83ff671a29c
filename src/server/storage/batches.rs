//! The SQL of the writer's transactions: new games, and the changes of many games at once —
//! one `UPDATE … FROM (VALUES …)` that checks every game's version and names the games it
//! changed, then one `INSERT` of all their new moves — so that a batch costs a few round
//! trips to the database whatever its size. The same SQL runs on SQLite and PostgreSQL; a
//! game's values are those of [`games_table`].

use super::games_table;
use super::note::{Note, CHANNEL};
use crate::server::game::clock::now_ms;
use crate::server::game::match_state::Match;
use sqlx::{AnyConnection, Row};
use std::collections::HashSet;
use std::fmt::Write as _;

/// The most games one batch changes: their columns stay well under the bound parameters
/// a statement may have (32,766 on SQLite, 65,535 on PostgreSQL).
pub const MAX_BATCH: usize = 256;
/// The longest `NOTIFY` payload PostgreSQL takes is 8,000 bytes; notes are packed below it.
const MAX_PAYLOAD: usize = 7_900;

/// A database error.
pub type DbResult<T> = Result<T, sqlx::Error>;

/// What a change does to the stored moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MovesChange {
    /// The moves are unchanged.
    None,
    /// The game's last move was added.
    Append,
    /// Moves were taken back down to the game's current length.
    Truncate,
}

/// A change of a game to store: `game`'s version must be one more than the stored one.
pub struct Save {
    /// The game as it is to be stored.
    pub game: Match,
    /// What happens to its stored moves.
    pub moves: MovesChange,
    /// A new game stored in the same transaction (a rematch).
    pub also: Option<Match>,
    /// Whether the change is a flag's fall, stored only once the database has been back a
    /// while (see [`writer`](super::writer)).
    pub flag: bool,
}

/// Stores a new game.
pub async fn insert_game(conn: &mut AnyConnection, m: &Match) -> DbResult<()> {
    games_table::bind_new(sqlx::query(games_table::INSERT), m).execute(conn).await?;
    Ok(())
}

/// `count` rows of `width` parameters: numbered from `$1` for PostgreSQL, `($1, $2), ($3,
/// $4)`; anonymous for SQLite, `(?, ?), (?, ?)`, which it binds in order (a numbered
/// parameter costs it a search through all the others: a batch's thousands would cost
/// millions of steps).
fn value_rows(count: usize, width: usize, postgres: bool) -> String {
    let mut sql = String::with_capacity(count * width * 6);
    for row in 0..count {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..width {
            sql.push_str(if column == 0 { "" } else { ", " });
            if postgres {
                let _ = write!(sql, "${}", row * width + column + 1);
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    sql
}

/// Stores the changes whose game's stored version is one less than theirs; the games changed
/// and their new versions (the others were changed first by another instance, or are a
/// second change of a game in the batch: a row is changed once per statement).
async fn update_games(
    conn: &mut AnyConnection,
    saves: &[&Save],
    postgres: bool,
) -> DbResult<HashSet<(String, i64)>> {
    // The VALUES columns are named column1, column2, … on both databases: the game id, the
    // version it must have, then the new values in the order of UPDATE_COLUMNS (bind_change).
    let set: Vec<String> = games_table::UPDATE_COLUMNS
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{c} = v.column{}", i + 3))
        .collect();
    let sql = format!(
        "UPDATE games SET {} FROM (VALUES {}) AS v WHERE games.id = v.column1 AND games.version = v.column2
         RETURNING games.id, games.version",
        set.join(", "),
        value_rows(saves.len(), games_table::UPDATE_COLUMNS.len() + 2, postgres),
    );
    let updated = now_ms();
    let mut query = sqlx::query(&sql);
    for save in saves {
        query = games_table::bind_change(query, &save.game, updated);
    }
    let rows = query.fetch_all(&mut *conn).await?;
    rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("version")?))).collect()
}

async fn append_moves(conn: &mut AnyConnection, games: &[&Match], postgres: bool) -> DbResult<()> {
    if games.is_empty() {
        return Ok(());
    }
    let sql =
        format!("INSERT INTO moves (game_id, ply, mv, at) VALUES {}", value_rows(games.len(), 4, postgres));
    let mut query = sqlx::query(&sql);
    for m in games {
        let ply = m.ply() - 1;
        query = query
            .bind(&m.id)
            .bind(ply as i64)
            .bind(m.game.history()[ply].mv.to_string())
            .bind(m.move_times[ply]);
    }
    query.execute(conn).await?;
    Ok(())
}

async fn truncate_moves(conn: &mut AnyConnection, m: &Match) -> DbResult<()> {
    sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
        .bind(&m.id)
        .bind(m.ply() as i64)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores `inserts` and `saves` in the open transaction on `conn`; for each, whether
/// it was stored (false: another instance changed that game first). On PostgreSQL, each
/// stored change and each of `notes` is announced when the transaction commits.
pub async fn save_games(
    conn: &mut AnyConnection,
    postgres: bool,
    inserts: &[&Match],
    saves: &[&Save],
    notes: &[Note],
) -> DbResult<Vec<bool>> {
    for m in inserts {
        insert_game(conn, m).await?;
    }
    let mut changed =
        if saves.is_empty() { HashSet::new() } else { update_games(conn, saves, postgres).await? };
    // A change sent twice is stored once: the first of them takes the row.
    let stored: Vec<bool> =
        saves.iter().map(|s| changed.remove(&(s.game.id.clone(), s.game.version))).collect();
    let kept = || saves.iter().zip(&stored).filter(|(_, &ok)| ok).map(|(s, _)| *s);
    let appended: Vec<&Match> = kept().filter(|s| s.moves == MovesChange::Append).map(|s| &s.game).collect();
    append_moves(conn, &appended, postgres).await?;
    for save in kept() {
        if save.moves == MovesChange::Truncate {
            truncate_moves(conn, &save.game).await?;
        }
        if let Some(new) = &save.also {
            insert_game(conn, new).await?;
        }
    }
    if postgres {
        let changes = inserts.iter().map(|m| Note::changed(m, false));
        let changes = changes.chain(kept().map(|s| Note::changed(&s.game, s.moves == MovesChange::Append)));
        send_notes(conn, changes.chain(notes.iter().cloned())).await?;
    }
    Ok(stored)
}

/// Sends `notes` on the channel, as few payloads as fit, one note a line.
pub(super) async fn send_notes(conn: &mut AnyConnection, notes: impl Iterator<Item = Note>) -> DbResult<()> {
    let mut payload = String::new();
    for note in notes {
        let line = note.to_string();
        if !payload.is_empty() && payload.len() + 1 + line.len() > MAX_PAYLOAD {
            notify(conn, std::mem::take(&mut payload)).await?;
        }
        if !payload.is_empty() {
            payload.push('\n');
        }
        payload.push_str(&line);
    }
    if !payload.is_empty() {
        notify(conn, payload).await?;
    }
    Ok(())
}

async fn notify(conn: &mut AnyConnection, payload: String) -> DbResult<()> {
    sqlx::query("SELECT 1 FROM (SELECT pg_notify($1, $2)) AS sent")
        .bind(CHANNEL)
        .bind(payload)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_rows_number_every_parameter() {
        assert_eq!(value_rows(2, 3, true), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(value_rows(1, 1, true), "($1)");
        assert_eq!(value_rows(2, 2, false), "(?, ?), (?, ?)");
    }
}
