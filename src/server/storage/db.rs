//! The database: SQLite (a file, created on first start) or PostgreSQL, through sqlx's `Any`
//! driver with the portable migrations under `src/server/migrations/`. Reads are made here (a
//! row becomes a game in [`games_table`]); every change goes to the database's [`Writer`],
//! which stores the changes of many games in one transaction, each checking its game's
//! version, so that two server instances never overwrite each other.

use super::batches::{DbResult, Save};
use super::checkpoint;
use super::games_table::{self, SUMMARY_COLUMNS};
use super::note::Note;
use super::writer::Writer;
use crate::server::game::ending::Status;
use crate::server::game::match_state::Match;
use crate::server::game::summary::Summary;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

/// How long a read waits for a connection (sqlx's default): it waits so through a database
/// restart, trying to connect again meanwhile, at most a fifth of it apart.
const READ_PATIENCE: Duration = Duration::from_secs(30);
/// How long the writer, and the checks of the games' versions, wait for their connection
/// before they try again themselves: soon after the database is back (see `writer` and
/// `notify`).
const RETRY_PATIENCE: Duration = Duration::from_secs(1);

/// The schema's migrations, in order (`src/server/migrations/`).
pub static MIGRATIONS: Migrator = sqlx::migrate!("src/server/migrations");

/// A page of a list of games.
#[derive(Clone, Copy, Debug)]
pub struct ListPage {
    /// Only games last changed before this time (ms).
    pub before: i64,
    /// At most this many.
    pub limit: i64,
    /// After skipping this many.
    pub offset: i64,
}

/// Which games of a status a list holds: all, or only those matching each filter given.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    /// Only the games of the member with this id.
    pub member: Option<String>,
    /// Only games with these rules (the engine's text; empty: the standard rules).
    pub rules: Option<String>,
    /// Only games with this result.
    pub result: Option<ResultFilter>,
}

/// A result a list may be filtered by.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultFilter {
    /// Red won.
    Red,
    /// Blue won.
    Blue,
    /// Drawn (not aborted).
    Draw,
}

impl ResultFilter {
    fn condition(self) -> &'static str {
        match self {
            ResultFilter::Red => "winner = 'red'",
            ResultFilter::Blue => "winner = 'blue'",
            ResultFilter::Draw => "winner IS NULL AND reason <> 'aborted'",
        }
    }
}

/// Which database is behind the pool.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// A local SQLite file: one server instance.
    Sqlite,
    /// PostgreSQL: any number of instances.
    Postgres,
}

impl Backend {
    /// The database `--db` names: a `postgres://` (or `postgresql://`) URL, else a SQLite file.
    pub fn of(db: &str) -> Backend {
        if db.starts_with("postgres://") || db.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// The game store.
#[derive(Clone, Debug)]
pub struct Db {
    /// The pool of the reads (and of the small tables kept beside the games: [`conditional`](super::conditional)).
    pub(super) pool: AnyPool,
    /// A connection of its own (PostgreSQL) for the checks of the games' versions.
    checks: AnyPool,
    /// Which database.
    pub backend: Backend,
    url: String,
    writer: Writer,
}

/// A pool of up to `connections` connections to `url`, whose `acquire` waits at most
/// `patience` for one (trying to connect again meanwhile, at most a fifth of it apart).
async fn connect(url: &str, backend: Backend, connections: u32, patience: Duration) -> DbResult<AnyPool> {
    AnyPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(patience)
        // A connection is tried when used; testing it first would double the round trips.
        .test_before_acquire(false)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    // In WAL mode, a commit is written to the log before the move is
                    // acknowledged (it survives the server being killed) but the log is
                    // flushed to the disk at checkpoints only: an fsync per move would
                    // cap the whole server at the disk's few hundred syncs a second.
                    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
                    // Checkpoints are made by their own task (see `checkpoint`).
                    sqlx::query("PRAGMA wal_autocheckpoint = 0").execute(conn).await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
}

impl Db {
    /// Opens the database named by `--db`: a `postgres://` URL, or else a SQLite file path
    /// (created if missing), and brings its schema up to date; a change waits up to
    /// `store_wait` for the database when it is away (see [`Writer`]).
    pub async fn open(db: &str, store_wait: Duration) -> DbResult<Db> {
        sqlx::any::install_default_drivers();
        let (url, backend, connections) = if Backend::of(db) == Backend::Postgres {
            (db.to_string(), Backend::Postgres, 16)
        } else {
            (format!("sqlite:{db}?mode=rwc"), Backend::Sqlite, 4)
        };
        let pool = connect(&url, backend, connections, READ_PATIENCE).await?;
        if backend == Backend::Sqlite {
            // Readers and the writer do not block each other; a persistent setting of the file.
            sqlx::query("PRAGMA journal_mode = WAL").execute(&pool).await?;
        }
        MIGRATIONS.run(&pool).await?;
        if backend == Backend::Sqlite {
            // Only now: a connection the checkpoints opened while the schema changed could
            // read a table with the columns it had before (sqlx then panics on the row).
            tokio::spawn(checkpoint::run(pool.clone()));
        }
        // The writer has a connection of its own, always ready for the next batch; while the
        // database is away, it tries again itself (see `writer`), soon after it is back.
        let writer_pool = connect(&url, backend, 1, RETRY_PATIENCE).await?;
        let writer = Writer::start(writer_pool, backend == Backend::Postgres, store_wait);
        let checks = match backend {
            Backend::Postgres => connect(&url, backend, 1, RETRY_PATIENCE).await?,
            Backend::Sqlite => pool.clone(),
        };
        Ok(Db { pool, checks, backend, url, writer })
    }

    /// The connection URL (for the PostgreSQL listener).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stores a new game (through the writer: see [`Writer`]).
    pub async fn insert(&self, m: Match) -> DbResult<()> {
        self.writer.insert(m).await
    }

    /// Stores a change (through the writer); gives it back once stored, or none (and nothing
    /// stored) when another writer changed the game first.
    pub async fn save(&self, save: Save) -> DbResult<Option<Save>> {
        self.writer.save(save).await
    }

    /// Tells the other instances (PostgreSQL; nothing on SQLite), with the next transaction.
    pub fn notes(&self, notes: Vec<Note>) {
        if self.backend == Backend::Postgres {
            self.writer.notes(notes);
        }
    }

    /// Tells the other instances at once, in this order, outside the writer's transactions
    /// (PostgreSQL; nothing on SQLite): that this instance runs, starts or stops.
    pub async fn notify_now(&self, notes: Vec<Note>) -> DbResult<()> {
        if self.backend == Backend::Postgres {
            let mut conn = self.pool.acquire().await?;
            super::batches::send_notes(&mut conn, notes.into_iter()).await?;
        }
        Ok(())
    }

    /// Reads a game, its moves replayed by the engine, with the tournament board it is played for.
    pub async fn load(&self, id: &str) -> DbResult<Option<Match>> {
        let Some(row) = sqlx::query(games_table::SELECT_GAME).bind(id).fetch_optional(&self.pool).await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query("SELECT mv, at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        games_table::read_game(&row, &moves).map(Some)
    }

    /// The stored versions of the games `ids` (PostgreSQL; while the database is away, an
    /// answer within a second: it fails, to be asked again soon after the database is back).
    pub async fn versions(&self, ids: &[&str]) -> DbResult<HashMap<String, i64>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = format!("SELECT id, version FROM games WHERE id IN ({})", marks.join(", "));
        let query = ids.iter().fold(sqlx::query(&sql), |query, id| query.bind(*id));
        let rows = query.fetch_all(&self.checks).await?;
        rows.iter().map(|row| Ok((row.try_get("id")?, row.try_get("version")?))).collect()
    }

    /// The ids of the finished games, oldest first.
    pub async fn finished(&self) -> DbResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'over' ORDER BY created, id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// The ids of the games being played.
    pub async fn playing(&self) -> DbResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing'").fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Restarts the running clocks of all games being played at `now`, after a restart: the
    /// side to move keeps the time it had used when a server last said it was running
    /// ([`alive`](super::alive)), and the time the site was down is nobody's; a clock held for a
    /// vacation (counting from later) stays held. Bumps their versions.
    pub async fn resume_clocks(&self, now: i64) -> DbResult<u64> {
        let done = sqlx::query(
            "UPDATE games SET version = version + 1, since = CASE
                 WHEN since < (SELECT at FROM alive WHERE id = 1) THEN $1 - ((SELECT at FROM alive WHERE id = 1) - since)
                 WHEN since > $1 THEN since
                 ELSE $1 END
             WHERE status = 'playing'",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Notes that a server is running at `now`.
    pub async fn alive(&self, now: i64) -> DbResult<()> {
        sqlx::query("UPDATE alive SET at = $1 WHERE id = 1 AND at < $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Games of a status created since `created_since` that pass `filter`, most recently
    /// changed first, changed before `before`: `limit` of them after skipping `offset`.
    pub async fn list(
        &self,
        status: Status,
        created_since: i64,
        filter: &ListFilter,
        page: ListPage,
    ) -> DbResult<Vec<Summary>> {
        let mut sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM games WHERE status = $1 AND created >= $2 AND updated < $3"
        );
        let mut texts = Vec::new();
        if let Some(member) = &filter.member {
            texts.push(member);
            let n = 3 + texts.len();
            let _ = write!(sql, " AND id IN (SELECT game_id FROM member_games WHERE member_id = ${n})");
        }
        if let Some(rules) = &filter.rules {
            texts.push(rules);
            let _ = write!(sql, " AND rules = ${}", 3 + texts.len());
        }
        if let Some(result) = filter.result {
            let _ = write!(sql, " AND {}", result.condition());
        }
        let n = 3 + texts.len();
        let _ = write!(sql, " ORDER BY updated DESC, id DESC LIMIT ${} OFFSET ${}", n + 1, n + 2);
        let query = sqlx::query(&sql).bind(status.name()).bind(created_since).bind(page.before);
        let query = texts.into_iter().fold(query, |query, text| query.bind(text));
        let rows = query.bind(page.limit).bind(page.offset).fetch_all(&self.pool).await?;
        rows.iter().map(games_table::read_summary).collect()
    }

    /// How many open games created since `created_since` the address of digest `creator` holds.
    pub async fn open_games_of(&self, creator: &str, created_since: i64) -> DbResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE creator = $1 AND status = 'open' AND created >= $2",
        )
        .bind(creator)
        .bind(created_since)
        .fetch_one(&self.pool)
        .await?;
        row.try_get("n")
    }

    /// Up to `limit` games in play, not a tournament's, whose clock does not run (none, or
    /// fewer than two moves made) and that last changed before `updated_before`, the longest
    /// unchanged first.
    pub async fn idle_games(&self, updated_before: i64, limit: i64) -> DbResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND updated < $1 AND (clock = 'none' OR ply < 2)
             AND NOT EXISTS (SELECT 1 FROM tournament_pairings p WHERE p.game_id = games.id)
             ORDER BY updated LIMIT $2",
        )
        .bind(updated_before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Up to `limit` open games created before `created_before`.
    pub async fn stale_open_games(&self, created_before: i64, limit: i64) -> DbResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'open' AND created < $1 LIMIT $2")
            .bind(created_before)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Game, Rules};
    use crate::server::game::clock::ClockSpec;
    use crate::server::game::event::Command;
    use crate::server::game::match_state::Seat;
    use crate::server::game::token;
    use crate::server::storage::batches::MovesChange;
    use crate::server::storage::writer::STORE_WAIT;

    fn game(name: &str) -> Match {
        let seat = |n: &str| Seat { name: n.into(), token_digest: token::digest(n) };
        let game = Game::new(Rules::default());
        let mut m = Match::open(name.into(), game, ClockSpec::None, Color::Red, seat("red"), 0);
        m.apply(Command::Join(seat("blue")), 0).unwrap();
        m
    }

    /// `m` with `mv` played by `color` at `ply`, as the next version.
    fn moved(m: &Match, by: Color, ply: usize, mv: &str) -> Save {
        let mut next = m.clone();
        next.apply(Command::Play { by, ply, mv: mv.into() }, 1).unwrap();
        next.version += 1;
        Save { game: next, moves: MovesChange::Append, also: None, flag: false }
    }

    /// The writer's batches (see `writer`), through the database's doors.
    #[tokio::test]
    async fn one_batch_stores_each_change_once_and_a_bad_change_fails_alone() {
        let path = std::env::temp_dir().join(format!("jungle-writer-{}.sqlite", token::new_game_id()));
        let db = Db::open(path.to_str().unwrap(), STORE_WAIT).await.unwrap();
        let (a, b) = (game("aaaaaaaaaaaa"), game("bbbbbbbbbbbb"));
        db.insert(a.clone()).await.unwrap();
        db.insert(b.clone()).await.unwrap();
        let first = moved(&a, Color::Red, 0, "a3a4");
        let mut stale = moved(&b, Color::Red, 0, "a3a4");
        stale.game.version += 1;
        // Sent together, so written in one batch.
        let (saved, refused, again) =
            tokio::join!(db.save(first), db.save(stale), db.save(moved(&a, Color::Red, 0, "a3a4")));
        let a = saved.unwrap().expect("stored").game;
        assert!(refused.unwrap().is_none(), "a stale version stores nothing");
        assert!(again.unwrap().is_none(), "the same change sent twice is stored once");
        // A repeated game id makes the batch's transaction fail: the changes are then
        // stored one by one, and only the bad one fails.
        let (repeated, second) =
            tokio::join!(db.insert(b.clone()), db.save(moved(&a, Color::Blue, 1, "a7a6")));
        assert!(repeated.is_err(), "a game id is stored once");
        assert_eq!(second.unwrap().map(|s| s.game.version), Some(2));
        let stored = db.load("aaaaaaaaaaaa").await.unwrap().unwrap();
        assert_eq!((stored.version, stored.game.moves().len(), stored.move_times.len()), (2, 2, 2));
        let untouched = db.load("bbbbbbbbbbbb").await.unwrap().unwrap();
        assert_eq!((untouched.version, untouched.ply()), (0, 0));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
