//! The database: SQLite (a file, created on first start) or PostgreSQL, through sqlx's `Any`
//! driver with the portable migrations under `src/server/migrations/`. Every change is one transaction
//! that checks the game's version first, so two server instances never overwrite each other.

use super::clock::{ClockSpec, Clocks};
use super::ending::{EndReason, Ending, Offer, OfferKind, Status};
use super::protocol::ResultView;
use super::referee::{Match, Seat};
use super::view::Listed;
use crate::rules::{ByColor, Color, Game, Position, Rules};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

/// The PostgreSQL channel on which every stored change is announced.
pub const CHANNEL: &str = "jungle_games";

/// Which database is behind the pool.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// A local SQLite file: one server instance.
    Sqlite,
    /// PostgreSQL: any number of instances.
    Postgres,
}

/// The game store.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    /// Which database.
    pub backend: Backend,
    url: String,
}

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

/// A database error or a stored game the engine does not accept.
pub type DbResult<T> = Result<T, sqlx::Error>;

fn corrupt(id: &str, what: impl std::fmt::Display) -> sqlx::Error {
    sqlx::Error::Protocol(format!("stored game {id} is unreadable: {what}"))
}

impl Db {
    /// Opens the database named by `--db`: a `postgres://` URL, or else a SQLite file path
    /// (created if missing), and brings its schema up to date.
    pub async fn open(db: &str) -> DbResult<Db> {
        sqlx::any::install_default_drivers();
        let postgres = db.starts_with("postgres://") || db.starts_with("postgresql://");
        let (url, backend, connections) = if postgres {
            (db.to_string(), Backend::Postgres, 16)
        } else {
            (format!("sqlite:{db}?mode=rwc"), Backend::Sqlite, 4)
        };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // In WAL mode, a commit is written to the log before the move is
                        // acknowledged (it survives the server being killed) but the log is
                        // flushed to the disk at checkpoints only: an fsync per move would
                        // cap the whole server at the disk's few hundred syncs a second.
                        sqlx::query("PRAGMA synchronous = NORMAL").execute(conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        if backend == Backend::Sqlite {
            // Readers and the writer do not block each other; a persistent setting of the file.
            sqlx::query("PRAGMA journal_mode = WAL").execute(&pool).await?;
        }
        sqlx::migrate!("src/server/migrations").run(&pool).await?;
        Ok(Db { pool, backend, url })
    }

    /// The connection URL (for the PostgreSQL listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stores a new game.
    pub async fn insert(&self, m: &Match) -> DbResult<()> {
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, m).await?;
        self.announce(&mut tx, m).await?;
        tx.commit().await
    }

    /// Stores `m`, whose version must be one more than the stored one; false (and nothing
    /// stored) when another writer changed the game first. `also` is a new game stored in
    /// the same transaction (a rematch).
    pub async fn save(&self, m: &Match, moves: MovesChange, also: Option<&Match>) -> DbResult<bool> {
        let mut tx = self.pool.begin().await?;
        let updated = sqlx::query(
            "UPDATE games SET red_name = $1, red_token = $2, blue_name = $3, blue_token = $4, status = $5,
             winner = $6, reason = $7, offer_kind = $8, offer_by = $9, rematch = $10, red_left = $11,
             blue_left = $12, since = $13, ply = $14, version = $15, updated = $16
             WHERE id = $17 AND version = $18",
        )
        .bind(m.seats.red.as_ref().map(|s| s.name.clone()))
        .bind(m.seats.red.as_ref().map(|s| s.token_digest.clone()))
        .bind(m.seats.blue.as_ref().map(|s| s.name.clone()))
        .bind(m.seats.blue.as_ref().map(|s| s.token_digest.clone()))
        .bind(m.status.name())
        .bind(m.ending.and_then(|e| e.winner).map(|c| c.name()))
        .bind(m.ending.map(|e| e.reason.name()))
        .bind(m.offer.map(|o| o.kind.name()))
        .bind(m.offer.map(|o| o.by.name()))
        .bind(m.rematch.clone())
        .bind(m.clocks.left.red)
        .bind(m.clocks.left.blue)
        .bind(m.clocks.since)
        .bind(m.ply() as i64)
        .bind(m.version)
        .bind(super::clock::now_ms())
        .bind(&m.id)
        .bind(m.version - 1)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        match moves {
            MovesChange::None => {}
            MovesChange::Append => {
                let ply = m.ply() - 1;
                sqlx::query("INSERT INTO moves (game_id, ply, mv, at) VALUES ($1, $2, $3, $4)")
                    .bind(&m.id)
                    .bind(ply as i64)
                    .bind(m.game.moves()[ply].to_string())
                    .bind(m.move_times[ply])
                    .execute(&mut *tx)
                    .await?;
            }
            MovesChange::Truncate => {
                sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                    .bind(&m.id)
                    .bind(m.ply() as i64)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        if let Some(new) = also {
            insert_game(&mut tx, new).await?;
        }
        self.announce(&mut tx, m).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Tells the other instances (PostgreSQL) that a game changed, when the transaction
    /// commits: the payload is `game ID VERSION`.
    async fn announce(&self, tx: &mut sqlx::Transaction<'_, sqlx::Any>, m: &Match) -> DbResult<()> {
        if self.backend == Backend::Postgres {
            let payload = format!("game {} {}", m.id, m.version);
            sqlx::query("SELECT 1 FROM (SELECT pg_notify($1, $2)) AS sent")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Tells the other instances (PostgreSQL) how many connections this one holds on each
    /// seat of a game: the payload is `presence ID INSTANCE RED BLUE`.
    pub async fn report_presence(&self, id: &str, instance: &str, count: ByColor<u32>) -> DbResult<()> {
        let payload = format!("presence {id} {instance} {} {}", count.red, count.blue);
        sqlx::query("SELECT 1 FROM (SELECT pg_notify($1, $2)) AS sent")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Reads a game, its moves replayed by the engine.
    pub async fn load(&self, id: &str) -> DbResult<Option<Match>> {
        let Some(row) =
            sqlx::query("SELECT * FROM games WHERE id = $1").bind(id).fetch_optional(&self.pool).await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query("SELECT mv, at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        row_to_match(&row, &moves).map(Some)
    }

    /// The ids of the games being played.
    pub async fn playing(&self) -> DbResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing'").fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Restarts the running clocks of all games being played at `now`: after a restart, the
    /// time the server was down is nobody's. Bumps their versions.
    pub async fn resume_clocks(&self, now: i64) -> DbResult<u64> {
        let done = sqlx::query("UPDATE games SET since = $1, version = version + 1 WHERE status = 'playing'")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Games of a status, most recently changed first, changed before `before`.
    pub async fn list(&self, status: Status, before: i64, limit: i64) -> DbResult<Vec<Listed>> {
        let rows = sqlx::query(
            "SELECT id, red_name, blue_name, rules, clock, ply, winner, reason, created, updated FROM games
             WHERE status = $1 AND updated < $2 ORDER BY updated DESC LIMIT $3",
        )
        .bind(status.name())
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(row_to_listed).collect()
    }
}

async fn insert_game(tx: &mut sqlx::Transaction<'_, sqlx::Any>, m: &Match) -> DbResult<()> {
    sqlx::query(
        "INSERT INTO games (id, rules, fen, clock, red_name, red_token, blue_name, blue_token, status,
         red_left, blue_left, since, ply, version, created, updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $14, $14)",
    )
    .bind(&m.id)
    .bind(m.game.rules().to_string())
    .bind(m.game.start().fen())
    .bind(m.clock.to_text())
    .bind(m.seats.red.as_ref().map(|s| s.name.clone()))
    .bind(m.seats.red.as_ref().map(|s| s.token_digest.clone()))
    .bind(m.seats.blue.as_ref().map(|s| s.name.clone()))
    .bind(m.seats.blue.as_ref().map(|s| s.token_digest.clone()))
    .bind(m.status.name())
    .bind(m.clocks.left.red)
    .bind(m.clocks.left.blue)
    .bind(m.clocks.since)
    .bind(m.version)
    .bind(m.created)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn color(name: Option<String>) -> Option<Color> {
    Color::ALL.into_iter().find(|c| Some(c.name()) == name.as_deref())
}

fn seat(row: &AnyRow, side: &str) -> DbResult<Option<Seat>> {
    let name: Option<String> = row.try_get(format!("{side}_name").as_str())?;
    let token: Option<String> = row.try_get(format!("{side}_token").as_str())?;
    Ok(name.zip(token).map(|(name, token_digest)| Seat { name, token_digest }))
}

fn ending(id: &str, winner: Option<String>, reason: Option<String>) -> DbResult<Option<Ending>> {
    let Some(reason) = reason else { return Ok(None) };
    let reason = EndReason::from_name(&reason).ok_or_else(|| corrupt(id, "unknown reason"))?;
    Ok(Some(Ending { winner: color(winner), reason }))
}

fn row_to_match(row: &AnyRow, moves: &[AnyRow]) -> DbResult<Match> {
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
    let clock = row.try_get::<String, _>("clock")?;
    let clock = ClockSpec::from_text(&clock).ok_or_else(|| corrupt(&id, "bad clock"))?;
    let status = row.try_get::<String, _>("status")?;
    let status = Status::from_name(&status).ok_or_else(|| corrupt(&id, "bad status"))?;
    let offer_kind: Option<String> = row.try_get("offer_kind")?;
    let offer = offer_kind
        .and_then(|k| OfferKind::from_name(&k))
        .zip(color(row.try_get("offer_by")?))
        .map(|(kind, by)| Offer { kind, by });
    Ok(Match {
        ending: ending(&id, row.try_get("winner")?, row.try_get("reason")?)?,
        game,
        clock,
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
        id,
    })
}

fn row_to_listed(row: &AnyRow) -> DbResult<Listed> {
    let id: String = row.try_get("id")?;
    let clock = row.try_get::<String, _>("clock")?;
    let ending = ending(&id, row.try_get("winner")?, row.try_get("reason")?)?;
    Ok(Listed {
        red: row.try_get("red_name")?,
        blue: row.try_get("blue_name")?,
        rules: row.try_get("rules")?,
        clock: ClockSpec::from_text(&clock).ok_or_else(|| corrupt(&id, "bad clock"))?,
        ply: row.try_get("ply")?,
        result: ending.as_ref().map(ResultView::of),
        created: row.try_get("created")?,
        updated: row.try_get("updated")?,
        id,
    })
}
