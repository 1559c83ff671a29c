//! A cup's rows as the pure `competitions::cup` module sees them: the bracket (seeds are its
//! player ids), a match's format, lots and games played.

use super::tables::{CupRow, GameRow, MatchRow, PlayerRow};
use crate::competitions::cup::{
    At, Bracket, CupError, Lots, MatchFormat, MatchState, Played, Side, TieBreak,
};
use crate::server::tournaments::ledger::result_of;
use crate::tournament::PlayerId;

/// The tie-breaks by their stored names.
pub const TIE_BREAKS: [&str; 2] = ["extra-games", "armageddon"];

/// The tie-break of a stored name.
pub fn tie_break_of(name: &str) -> Option<TieBreak> {
    match name {
        "extra-games" => Some(TieBreak::ExtraGames),
        "armageddon" => Some(TieBreak::Armageddon),
        _ => None,
    }
}

/// A side's stored name.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Top => "top",
        Side::Bottom => "bottom",
    }
}

/// The match format of `cup`.
pub fn format_of(cup: &CupRow) -> MatchFormat {
    let games = u32::try_from(cup.games).unwrap_or(1).max(1);
    MatchFormat { games, tie_break: tie_break_of(&cup.tie_break).unwrap_or(TieBreak::ExtraGames) }
}

fn player(seed: i64) -> PlayerId {
    PlayerId(u32::try_from(seed).unwrap_or(u32::MAX))
}

/// Where match `m` is in the bracket.
pub fn at_of(m: &MatchRow) -> At {
    At {
        round: u32::try_from(m.round).unwrap_or(u32::MAX),
        index: usize::try_from(m.slot).unwrap_or(usize::MAX),
    }
}

/// The bracket of a started cup: its seeded players and the winners decided so far.
pub fn bracket(players: &[PlayerRow], matches: &[MatchRow]) -> Result<Bracket, CupError> {
    let seeds = players.iter().filter(|p| p.seed.is_some()).count() as i64;
    let seeded: Vec<PlayerId> = (1..=seeds).map(player).collect();
    let winners: Vec<(At, PlayerId)> =
        matches.iter().filter_map(|m| Some((at_of(m), player(m.winner?)))).collect();
    Bracket::replay(&seeded, &winners)
}

/// Where match `m` stands after its games with a result; none while one is in play.
pub fn state(cup: &CupRow, m: &MatchRow, games: &[GameRow]) -> Option<MatchState> {
    let in_play = games.iter().any(|g| g.round == m.round && g.slot == m.slot && g.result.is_none());
    (!in_play).then(|| so_far(cup, m, games))
}

/// Where match `m` stands after those of its games that have a result (the score shown while
/// a game is in play).
pub fn so_far(cup: &CupRow, m: &MatchRow, games: &[GameRow]) -> MatchState {
    let mine = games.iter().filter(|g| g.round == m.round && g.slot == m.slot);
    let played: Vec<Played> = mine
        .filter_map(|game| {
            let result = result_of(game.result.as_deref()?)?;
            let red = if game.red == "top" { Side::Top } else { Side::Bottom };
            Some(Played { red, result })
        })
        .collect();
    crate::competitions::cup::match_state(format_of(cup), Lots::from_bits(m.lots as u64), &played)
}

/// The seed on `side` of match `m`.
pub fn seed_on(m: &MatchRow, side: Side) -> Option<i64> {
    match side {
        Side::Top => Some(m.top),
        Side::Bottom => m.bottom,
    }
}
