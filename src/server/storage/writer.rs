//! Group commit: one writer task per database stores whatever changes are waiting at that
//! instant — the moves of many games, new games, notes for the other instances — in one
//! transaction, and answers each change only once that transaction has committed (so a move
//! is still stored before it is acknowledged). While one transaction commits, the next
//! changes gather: the busier the server, the larger the batches, and a database that can
//! sync its log only a few hundred times a second still stores thousands of moves.
//!
//! Every change checks its game's version in the database, so a batch never overwrites a
//! change made elsewhere; a batch that fails is stored again change by change, so that one
//! bad change fails alone.
//!
//! A database that is away ([`away`]: restarting, failing over, locked) holds the batch: it is
//! tried again every [`RETRY_EVERY`] until stored, in the order its changes came, and a change
//! is answered with the error only once it has waited the writer's bound (`--store-wait`).
//! The running clocks of the games whose changes waited for the database do not count that
//! wait: while it was away, nobody could play on. A flag's fall is not held: it is refused
//! while the database is away and until it has been back [`FLAG_GRACE`] (the room tries it
//! again), so that a move held meanwhile by another instance, which came in time, is stored
//! first and the flag then finds the clock stopped.

use super::away;
use super::batches::{self, DbResult, Save, MAX_BATCH};
use super::note::Note;
use crate::server::game::clock::now_ms;
use crate::server::game::match_state::Match;
use sqlx::AnyPool;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How long a change waits for a database that is away before its player is told, unless
/// `--store-wait` says otherwise: a PostgreSQL restart takes seconds, a failover to a standby
/// (Patroni's default, a managed service's) some thirty to forty; a player waits that long
/// for an answer only while the database is away, and their clock does not run meanwhile.
pub const STORE_WAIT: Duration = Duration::from_secs(60);
/// How often a batch held by a database that is away is tried again.
const RETRY_EVERY: Duration = Duration::from_millis(250);
/// How long after the database was last found away a flag's fall is refused: every
/// instance's held changes are stored within a second of its return (see [`RETRY_EVERY`] and
/// the writer's pool in [`db`](super::db)).
const FLAG_GRACE: i64 = 3_000;

/// A change waiting for the writer: the change (games boxed: the queue holds thousands), who
/// waits for its answer, and when it came (ms since the Unix epoch).
struct Pending<C, A> {
    change: Box<C>,
    answer: oneshot::Sender<DbResult<A>>,
    came: i64,
}

/// A change waiting for the writer.
enum Job {
    /// A new game; answered once stored.
    Insert(Pending<Match, ()>),
    /// A change of a game; answered with it once stored, or none if its version was stale.
    Save(Pending<Save, Option<Save>>),
    /// Notes for the other instances, sent with the next transaction; nobody waits.
    Notes(Vec<Note>, i64),
}

/// The way to the writer task of a database.
#[derive(Clone, Debug)]
pub struct Writer {
    jobs: mpsc::UnboundedSender<Job>,
}

fn stopped() -> sqlx::Error {
    sqlx::Error::Protocol("the database writer stopped".into())
}

impl Writer {
    /// Starts the writer task on `pool`, a PostgreSQL database if `postgres` (else SQLite);
    /// a change waits up to `wait` for a database that is away.
    pub fn start(pool: AnyPool, postgres: bool, wait: Duration) -> Writer {
        let (jobs, queue) = mpsc::unbounded_channel();
        let task = Task { pool, postgres, wait: wait.as_millis() as i64, away_at: 0 };
        tokio::spawn(task.run(queue));
        Writer { jobs }
    }

    /// Stores a new game.
    pub async fn insert(&self, m: Match) -> DbResult<()> {
        let (answer, answered) = oneshot::channel();
        let pending = Pending { change: Box::new(m), answer, came: now_ms() };
        self.jobs.send(Job::Insert(pending)).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }

    /// Stores a change; gives it back once stored, or none (and nothing stored) when the
    /// game's stored version is not the one before `save.game`'s.
    pub async fn save(&self, save: Save) -> DbResult<Option<Save>> {
        let (answer, answered) = oneshot::channel();
        let pending = Pending { change: Box::new(save), answer, came: now_ms() };
        self.jobs.send(Job::Save(pending)).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }

    /// Sends notes to the other instances with the next transaction.
    pub fn notes(&self, notes: Vec<Note>) {
        if !notes.is_empty() {
            // Only when the server stops is there no writer; then nobody needs the notes.
            let _ = self.jobs.send(Job::Notes(notes, now_ms()));
        }
    }
}

/// The writer task's state.
struct Task {
    pool: AnyPool,
    postgres: bool,
    /// How long a change waits for a database that is away (ms).
    wait: i64,
    /// When a transaction last failed because the database was away (ms).
    away_at: i64,
}

impl Task {
    async fn run(mut self, mut queue: mpsc::UnboundedReceiver<Job>) {
        let mut jobs = Vec::with_capacity(MAX_BATCH);
        while queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
            self.write(Batch::of(std::mem::take(&mut jobs))).await;
        }
    }

    /// Stores `batch`, holding it while the database is away; then, if it fails, its
    /// changes one by one.
    async fn write(&mut self, mut batch: Batch) {
        let mut warned = false;
        loop {
            if now_ms() - self.away_at < FLAG_GRACE {
                batch.refuse_flags();
            }
            if batch.len() == 0 {
                return;
            }
            batch.leave_out_of_clocks(self.away_at, now_ms());
            let error = match batch.commit(&self.pool, self.postgres).await {
                Ok(stored) => return batch.answer(stored),
                Err(error) => error,
            };
            if away::is_away(&error) {
                self.away_at = now_ms();
                if !warned {
                    tracing::warn!(changes = batch.len(), %error, "the database is away; holding the changes");
                    warned = true;
                }
                batch.give_up(self.away_at - self.wait, &error);
                tokio::time::sleep(RETRY_EVERY).await;
                continue;
            }
            if batch.len() <= 1 {
                return batch.fail(error);
            }
            tracing::warn!(changes = batch.len(), %error, "a batch failed; storing its changes one by one");
            for job in batch.jobs() {
                // A batch of one change fails alone: no deeper than this.
                Box::pin(self.write(Batch::of(vec![job]))).await;
            }
            return;
        }
    }
}

/// The changes of one transaction and who waits for them.
#[derive(Default)]
struct Batch {
    inserts: Vec<Pending<Match, ()>>,
    saves: Vec<Pending<Save, Option<Save>>>,
    notes: Vec<Note>,
    /// When the first of the notes came.
    notes_came: Option<i64>,
    /// Up to when the clocks of its games leave out the time it waited for the database.
    left_out_to: i64,
}

impl Batch {
    fn of(jobs: Vec<Job>) -> Batch {
        let mut batch = Batch { left_out_to: i64::MIN, ..Batch::default() };
        for job in jobs {
            match job {
                Job::Insert(pending) => batch.inserts.push(pending),
                Job::Save(pending) => batch.saves.push(pending),
                Job::Notes(notes, came) => {
                    batch.notes.extend(notes);
                    batch.notes_came = Some(batch.notes_came.map_or(came, |first| first.min(came)));
                }
            }
        }
        // Rows are locked in one order by every instance's batches: no deadlock among them.
        batch.saves.sort_by(|a, b| a.change.game.id.cmp(&b.change.game.id));
        batch
    }

    fn jobs(self) -> Vec<Job> {
        let inserts = self.inserts.into_iter().map(Job::Insert);
        let saves = self.saves.into_iter().map(Job::Save);
        let notes = self.notes_came.map(|came| Job::Notes(self.notes, came));
        inserts.chain(saves).chain(notes).collect()
    }

    fn len(&self) -> usize {
        self.inserts.len() + self.saves.len() + usize::from(!self.notes.is_empty())
    }

    /// The games changed by saves that waited while the database was away (it last was at
    /// `away_at`) do not count, on their running clock, the time from when each save came
    /// (or from the last time this was done) to `now`, when it is tried again.
    fn leave_out_of_clocks(&mut self, away_at: i64, now: i64) {
        for save in &mut self.saves {
            let from = save.came.max(self.left_out_to);
            let game = &mut save.change.game;
            if from <= away_at && game.clock_running() {
                game.clocks.leave_out(now - from);
            }
        }
        self.left_out_to = now;
    }

    /// Answers the flags' falls with an error: the database was away moments ago.
    fn refuse_flags(&mut self) {
        for pending in self.saves.extract_if(.., |p| p.change.flag) {
            let error = "the database was away moments ago: the flag is looked at again shortly";
            let _ = pending.answer.send(Err(sqlx::Error::Protocol(error.into())));
        }
    }

    /// Answers with `error` the changes that came before `deadline` (they waited long
    /// enough), and drops the notes that did.
    fn give_up(&mut self, deadline: i64, error: &sqlx::Error) {
        let tell = || sqlx::Error::Protocol(format!("the database was away too long: {error}"));
        for pending in self.inserts.extract_if(.., |p| p.came <= deadline) {
            let _ = pending.answer.send(Err(tell()));
        }
        for pending in self.saves.extract_if(.., |p| p.came <= deadline) {
            let _ = pending.answer.send(Err(tell()));
        }
        if self.notes_came.is_some_and(|came| came <= deadline) {
            tracing::warn!(
                notes = self.notes.len(),
                "notes to the other instances not sent: the database was away"
            );
            self.notes.clear();
            self.notes_came = None;
        }
    }

    async fn commit(&self, pool: &AnyPool, postgres: bool) -> DbResult<Vec<bool>> {
        let mut tx = pool.begin().await?;
        let inserts: Vec<&Match> = self.inserts.iter().map(|p| &*p.change).collect();
        let saves: Vec<&Save> = self.saves.iter().map(|p| &*p.change).collect();
        let stored = batches::save_games(&mut tx, postgres, &inserts, &saves, &self.notes).await?;
        tx.commit().await?;
        crate::server::ops::metrics::metrics().batch_committed(self.len());
        Ok(stored)
    }

    /// Tells everyone the batch is stored; `stored[i]`: whether save `i` was.
    fn answer(self, stored: Vec<bool>) {
        // A waiter that has gone (its connection closed) needs no answer.
        for pending in self.inserts {
            let _ = pending.answer.send(Ok(()));
        }
        for (pending, stored) in self.saves.into_iter().zip(stored) {
            let _ = pending.answer.send(Ok(stored.then_some(*pending.change)));
        }
    }

    /// Tells the waiter of this one-change batch that it failed.
    fn fail(self, error: sqlx::Error) {
        if let Some(pending) = self.inserts.into_iter().next() {
            let _ = pending.answer.send(Err(error));
        } else if let Some(pending) = self.saves.into_iter().next() {
            let _ = pending.answer.send(Err(error));
        } else {
            tracing::warn!(%error, "notes to the other instances not sent");
        }
    }
}
