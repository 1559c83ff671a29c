//! A ladder's turn: every change of a ladder (a join, a leave, a challenge, an answer, a
//! result, an idle drop) is made in one transaction that first raises the ladder's version
//! ([`tables::take_turn`]), which locks its row: on any number of instances the changes of one
//! ladder are made one after another, each reading the places the one before left. A
//! challenge's result is then claimed by a conditional write of its state, so whichever
//! instance comes second finds it applied and changes nothing: the ranking stays a
//! permutation of its members, no place lost or doubled.

use super::tables::{self, HistoryRow, LadderRow, RungRow};
use crate::competitions::ladder::{Ladder, Move};
use crate::server::error::Refusal;
use crate::server::storage::db::Backend;
use crate::server::tournaments::tables::begin_writing;
use sqlx::{Any, AnyPool, Transaction};

/// A ladder locked for one change, with its members as they are.
pub struct Turn {
    /// The transaction holding the ladder's lock.
    pub tx: Transaction<'static, Any>,
    /// The ladder, its version the one this change makes.
    pub ladder: LadderRow,
    /// Its members, top first.
    pub rungs: Vec<RungRow>,
    /// Its ranking, which the change works on.
    pub ranking: Ladder<String>,
    /// The club's time of the change (ms).
    pub now: i64,
    /// What the change did to the places, for the history.
    notes: Vec<HistoryRow>,
}

impl Turn {
    /// Ladder `id`, locked for a change at `now`; a refusal if there is no such ladder.
    pub async fn take(pool: &AnyPool, backend: Backend, id: &str, now: i64) -> Result<Turn, Refusal> {
        let mut tx = begin_writing(pool, backend).await.map_err(Refusal::storage)?;
        tables::take_turn(&mut tx, id).await.map_err(Refusal::storage)?;
        let ladder = tables::get(&mut tx, id)
            .await
            .map_err(Refusal::storage)?
            .ok_or_else(|| Refusal::not_found("ladder"))?;
        let rungs = tables::rungs(&mut tx, id).await.map_err(Refusal::storage)?;
        let ranking = Ladder::new(rungs.iter().map(|r| r.member_id.clone()).collect());
        Ok(Turn { tx, ladder, rungs, ranking, now, notes: Vec::new() })
    }

    /// The rung of `member_id`, if on the ladder.
    pub fn rung(&self, member_id: &str) -> Option<&RungRow> {
        self.rungs.iter().find(|r| r.member_id == member_id)
    }

    /// Notes in the history that `member_id` did `kind` (`other`: whose place they took),
    /// from place `from` to place `to`.
    pub fn note(
        &mut self,
        kind: &str,
        member_id: &str,
        other: Option<&str>,
        from: Option<usize>,
        to: Option<usize>,
    ) {
        let place = |p: Option<usize>| p.map(|p| p as i64);
        self.notes.push(HistoryRow {
            version: self.ladder.version,
            at: self.now,
            kind: kind.to_string(),
            member_id: member_id.to_string(),
            other_id: other.map(str::to_string),
            from_place: place(from),
            to_place: place(to),
            member_name: String::new(),
            other_name: None,
        });
    }

    /// `winner` beat `loser`: the winner takes the loser's place if it was higher (noted);
    /// both count as active from now, their declines forgotten.
    pub async fn won(&mut self, winner: &str, loser: &str) -> Result<(), Refusal> {
        let moves = self.ranking.won(&winner.to_string(), &loser.to_string());
        if let Some(Move { from, to, .. }) = moves.first() {
            self.note("won", winner, Some(loser), Some(*from), Some(*to));
        }
        self.played(&[winner, loser]).await
    }

    /// `members` played a ladder game (a draw, say): active from now, their declines forgotten.
    pub async fn played(&mut self, members: &[&str]) -> Result<(), Refusal> {
        for member in members {
            tables::set_idle_from(&mut self.tx, &self.ladder.id, member, self.now, true)
                .await
                .map_err(Refusal::storage)?;
        }
        Ok(())
    }

    /// Stores the places and the history, and commits.
    pub async fn commit(mut self) -> Result<(), Refusal> {
        let id = self.ladder.id.clone();
        tables::set_places(&mut self.tx, &id, self.ranking.ranking(), self.now)
            .await
            .map_err(Refusal::storage)?;
        for note in &self.notes {
            tables::note(&mut self.tx, &id, note).await.map_err(Refusal::storage)?;
        }
        self.tx.commit().await.map_err(Refusal::storage)
    }
}
