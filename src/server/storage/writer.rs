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

use super::batches::{self, DbResult, Save, MAX_BATCH};
use super::note::Note;
use crate::server::game::match_state::Match;
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

/// Where a change's answer goes: the change once stored, or none if its version was stale.
type Answer = oneshot::Sender<DbResult<Option<Save>>>;

/// A change waiting for the writer (games boxed: the queue holds thousands).
enum Job {
    /// A new game; answered once stored.
    Insert(Box<Match>, oneshot::Sender<DbResult<()>>),
    /// A change of a game; answered with it once stored, or none if its version was stale.
    Save(Box<Save>, Answer),
    /// Notes for the other instances, sent with the next transaction; nobody waits.
    Notes(Vec<Note>),
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
    /// Starts the writer task on `pool`, a PostgreSQL database if `postgres` (else SQLite).
    pub fn start(pool: AnyPool, postgres: bool) -> Writer {
        let (jobs, queue) = mpsc::unbounded_channel();
        tokio::spawn(run(pool, postgres, queue));
        Writer { jobs }
    }

    /// Stores a new game.
    pub async fn insert(&self, m: Match) -> DbResult<()> {
        let (answer, answered) = oneshot::channel();
        self.jobs.send(Job::Insert(Box::new(m), answer)).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }

    /// Stores a change; gives it back once stored, or none (and nothing stored) when the
    /// game's stored version is not the one before `save.game`'s.
    pub async fn save(&self, save: Save) -> DbResult<Option<Save>> {
        let (answer, answered) = oneshot::channel();
        self.jobs.send(Job::Save(Box::new(save), answer)).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }

    /// Sends notes to the other instances with the next transaction.
    pub fn notes(&self, notes: Vec<Note>) {
        if !notes.is_empty() {
            // Only when the server stops is there no writer; then nobody needs the notes.
            let _ = self.jobs.send(Job::Notes(notes));
        }
    }
}

async fn run(pool: AnyPool, postgres: bool, mut queue: mpsc::UnboundedReceiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        write(&pool, postgres, std::mem::take(&mut jobs)).await;
    }
}

/// The changes of one transaction and who waits for them.
#[derive(Default)]
struct Batch {
    inserts: Vec<(Box<Match>, oneshot::Sender<DbResult<()>>)>,
    saves: Vec<(Box<Save>, Answer)>,
    notes: Vec<Note>,
}

impl Batch {
    fn of(jobs: Vec<Job>) -> Batch {
        let mut batch = Batch::default();
        for job in jobs {
            match job {
                Job::Insert(m, answer) => batch.inserts.push((m, answer)),
                Job::Save(save, answer) => batch.saves.push((save, answer)),
                Job::Notes(notes) => batch.notes.extend(notes),
            }
        }
        // Rows are locked in one order by every instance's batches: no deadlock among them.
        batch.saves.sort_by(|a, b| a.0.game.id.cmp(&b.0.game.id));
        batch
    }

    fn jobs(self) -> Vec<Job> {
        let inserts = self.inserts.into_iter().map(|(m, answer)| Job::Insert(m, answer));
        let saves = self.saves.into_iter().map(|(save, answer)| Job::Save(save, answer));
        let notes = (!self.notes.is_empty()).then_some(Job::Notes(self.notes));
        inserts.chain(saves).chain(notes).collect()
    }

    fn len(&self) -> usize {
        self.inserts.len() + self.saves.len() + usize::from(!self.notes.is_empty())
    }

    async fn commit(&self, pool: &AnyPool, postgres: bool) -> DbResult<Vec<bool>> {
        let mut tx = pool.begin().await?;
        let inserts: Vec<&Match> = self.inserts.iter().map(|(m, _)| &**m).collect();
        let saves: Vec<&Save> = self.saves.iter().map(|(save, _)| &**save).collect();
        let stored = batches::save_games(&mut tx, postgres, &inserts, &saves, &self.notes).await?;
        tx.commit().await?;
        crate::server::ops::metrics::metrics().batch_committed(self.len());
        Ok(stored)
    }

    /// Tells everyone the batch is stored; `stored[i]`: whether save `i` was.
    fn answer(self, stored: Vec<bool>) {
        // A waiter that has gone (its connection closed) needs no answer.
        for (_, answer) in self.inserts {
            let _ = answer.send(Ok(()));
        }
        for ((save, answer), stored) in self.saves.into_iter().zip(stored) {
            let _ = answer.send(Ok(stored.then_some(*save)));
        }
    }

    /// Tells the waiter of this one-change batch that it failed.
    fn fail(self, error: sqlx::Error) {
        if let Some((_, answer)) = self.inserts.into_iter().next() {
            let _ = answer.send(Err(error));
        } else if let Some((_, answer)) = self.saves.into_iter().next() {
            let _ = answer.send(Err(error));
        } else {
            tracing::warn!(%error, "notes to the other instances not sent");
        }
    }
}

async fn write(pool: &AnyPool, postgres: bool, jobs: Vec<Job>) {
    let batch = Batch::of(jobs);
    match batch.commit(pool, postgres).await {
        Ok(stored) => batch.answer(stored),
        Err(error) if batch.len() <= 1 => batch.fail(error),
        Err(error) => {
            tracing::warn!(changes = batch.len(), %error, "a batch failed; storing its changes one by one");
            for job in batch.jobs() {
                let one = Batch::of(vec![job]);
                match one.commit(pool, postgres).await {
                    Ok(stored) => one.answer(stored),
                    Err(error) => one.fail(error),
                }
            }
        }
    }
}
