//! A season's rows as the pure `crate::competitions::league` sees them: each division's
//! players (numbered by their place in the season's placements), its games with a result and
//! its table; and the next season's divisions drafted from them.

use super::tables::{LeagueRow, PairingRow, Placement};
use crate::competitions::league::{self, Divisions, Table};
use crate::server::tournaments::ledger::result_of;
use crate::tournament::{Cycles, Pairing, PlayerId, Round, TournamentError};

/// One division of a season: its players by seed and its table.
pub struct Division {
    /// The division's number, from 1 (the top).
    pub number: i64,
    /// Its players by seed, each with their number.
    pub players: Vec<(PlayerId, Placement)>,
    /// Its table.
    pub table: Table,
}

impl Division {
    /// The placement of the player of number `player`.
    pub fn member(&self, player: PlayerId) -> Option<&Placement> {
        self.players.iter().find(|(number, _)| *number == player).map(|(_, placed)| placed)
    }
}

/// The cycles of `league`'s round robins.
pub fn cycles(league: &LeagueRow) -> Cycles {
    if league.cycles == 2 {
        Cycles::Double
    } else {
        Cycles::Single
    }
}

/// The pure module's number of the member at `at` in `placements`.
fn number(at: usize) -> PlayerId {
    PlayerId(u32::try_from(at).unwrap_or(u32::MAX))
}

/// The number of `member_id` in `placements`.
fn number_of(placements: &[Placement], member_id: &str) -> Option<PlayerId> {
    placements.iter().position(|p| p.member_id == member_id).map(number)
}

/// The member of number `player` in `placements`.
pub fn member_of(placements: &[Placement], player: PlayerId) -> Option<&Placement> {
    placements.get(player.0 as usize)
}

/// Each division of the season of `placements` and `pairings`, with its table.
pub fn divisions(
    league: &LeagueRow,
    placements: &[Placement],
    pairings: &[PairingRow],
) -> Result<Vec<Division>, TournamentError> {
    let mut numbers: Vec<i64> = placements.iter().map(|p| p.division).collect();
    numbers.dedup();
    numbers
        .into_iter()
        .map(|division| {
            let players: Vec<PlayerId> =
                (0..placements.len()).filter(|&at| placements[at].division == division).map(number).collect();
            let games: Vec<_> = pairings
                .iter()
                .filter(|p| p.division == division)
                .filter_map(|p| {
                    let pairing = Pairing {
                        red: number_of(placements, &p.red)?,
                        blue: number_of(placements, &p.blue)?,
                    };
                    Some((pairing, result_of(p.result.as_deref()?)?))
                })
                .collect();
            let withdrawn: Vec<PlayerId> =
                players.iter().copied().filter(|&p| placements[p.0 as usize].withdrawn).collect();
            let table = league::table(&players, cycles(league), &games, &withdrawn)?;
            let players = players.iter().map(|&p| (p, placements[p.0 as usize].clone())).collect();
            Ok(Division { number: division, players, table })
        })
        .collect()
}

/// The finishers of each division, best first.
pub fn finishers(divisions: &[Division]) -> Vec<Vec<PlayerId>> {
    divisions.iter().map(|d| d.table.finishers()).collect()
}

/// The next season's divisions, as member ids, drafted from the `divisions` of the last.
pub fn drafted(league: &LeagueRow, placements: &[Placement], divisions: &[Division]) -> Vec<Vec<String>> {
    let promote = usize::try_from(league.promote).unwrap_or(0);
    let relegate = usize::try_from(league.relegate).unwrap_or(0);
    let next: Divisions = league::draft_next(&finishers(divisions), promote, relegate);
    next.iter()
        .map(|d| d.iter().filter_map(|&p| member_of(placements, p)).map(|p| p.member_id.clone()).collect())
        .collect()
}

/// The rounds of a division of `members` (by seed), as pairs of member ids per round.
pub fn schedule(
    league: &LeagueRow,
    members: &[String],
) -> Result<Vec<Vec<(String, String)>>, TournamentError> {
    let players: Vec<PlayerId> = (0..members.len()).map(number).collect();
    let rounds: Vec<Round> = league::schedule(&players, cycles(league))?;
    let id = |p: PlayerId| members[p.0 as usize].clone();
    Ok(rounds.iter().map(|round| round.pairings.iter().map(|p| (id(p.red), id(p.blue))).collect()).collect())
}
