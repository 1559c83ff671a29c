//! The stored rows as the pure tournament module sees them: a history of the rounds played,
//! the next round, the standings. Player numbers are the module's player ids.

use super::tables::{PairingRow, PlayerRow, TournamentRow};
use crate::rules::Color;
use crate::server::game::token::new_game_id;
use crate::server::members::names::name_key;
use crate::tournament::arena::{pair_waiting, ArenaPlayer};
use crate::tournament::swiss::{pair_round, SwissPlayer};
use crate::tournament::{
    gauntlet, gauntlet_rounds, provisional, round_robin, standings, Cycles, Format, GameResult, History,
    Pairing, PlayerId, Points, Round, Standing, TournamentError,
};
use std::collections::BTreeSet;

/// The formats by their stored names.
pub const FORMATS: [&str; 5] = ["swiss", "round-robin", "double-round-robin", "arena", "gauntlet"];

/// The format of a stored name, with its cycles for a round robin.
pub fn format_of(name: &str) -> Option<(Format, Cycles)> {
    match name {
        "swiss" => Some((Format::Swiss, Cycles::Single)),
        "round-robin" => Some((Format::RoundRobin, Cycles::Single)),
        "double-round-robin" => Some((Format::RoundRobin, Cycles::Double)),
        "arena" => Some((Format::Arena, Cycles::Single)),
        "gauntlet" => Some((Format::Gauntlet, Cycles::Single)),
        _ => None,
    }
}

/// A result by its stored name.
pub fn result_of(text: &str) -> Option<GameResult> {
    match text {
        "red" => Some(GameResult::Win(Color::Red)),
        "blue" => Some(GameResult::Win(Color::Blue)),
        "draw" => Some(GameResult::Draw),
        "red-forfeits" => Some(GameResult::Forfeit(Color::Red)),
        "blue-forfeits" => Some(GameResult::Forfeit(Color::Blue)),
        "double-forfeit" => Some(GameResult::DoubleForfeit),
        _ => None,
    }
}

fn player_id(number: i64) -> Result<PlayerId, TournamentError> {
    u32::try_from(number).map(PlayerId).map_err(|_| TournamentError::UnknownPlayer(PlayerId(u32::MAX)))
}

/// Stored quarters as points (a value out of range counts as none).
pub fn points(quarters: i64) -> Points {
    Points::from_quarters(u32::try_from(quarters).unwrap_or(0))
}

/// The results' names, for refusals.
pub const RESULTS: &str = "red, blue, draw, red-forfeits, blue-forfeits or double-forfeit";

/// The result of a tournament game that ended: `winner` (`red`, `blue`, none for a draw),
/// the `reason` it ended and the moves played. A game called off is lost by both; one that
/// ended before both sides moved was not played, and one whose loser left the tournament
/// (`withdrawn`) was not finished: a forfeit by the side that lost. A director's result is
/// theirs, moves or none, as is one entered for a game over the board.
pub fn result_of_game(winner: Option<&str>, reason: &str, ply: i64) -> &'static str {
    match (reason, winner, ply < 2) {
        ("aborted" | "double-forfeit", _, _) => "double-forfeit",
        ("forfeit" | "withdrawn", Some("red"), _) => "blue-forfeits",
        ("forfeit" | "withdrawn", Some("blue"), _) => "red-forfeits",
        ("adjudicated" | "over-the-board", Some("red"), _) => "red",
        ("adjudicated" | "over-the-board", Some("blue"), _) => "blue",
        (_, Some("red"), true) => "blue-forfeits",
        (_, Some("blue"), true) => "red-forfeits",
        (_, Some("red"), false) => "red",
        (_, Some("blue"), false) => "blue",
        _ => "draw",
    }
}

/// The history of the rounds whose every result is known, in order (it stops at the first
/// round still being played), and how many rounds that is. An arena's history is its games
/// with a result, each player's in the order played, and its "rounds" the batches paired.
pub fn history(
    tournament: &TournamentRow,
    players: &[PlayerRow],
    pairings: &[PairingRow],
) -> Result<(History, i64), TournamentError> {
    let replayed = replay(tournament, players, pairings, false)?;
    Ok((replayed.history, replayed.complete))
}

/// What the standings count now: the rounds finished and what is known of the round being
/// played (its games that ended, its bye, who is not in it), and the players whose game of
/// it is still being played.
pub fn live_history(
    tournament: &TournamentRow,
    players: &[PlayerRow],
    pairings: &[PairingRow],
) -> Result<(History, BTreeSet<PlayerId>), TournamentError> {
    let replayed = replay(tournament, players, pairings, true)?;
    Ok((replayed.history, replayed.playing))
}

/// The stored rounds replayed into a history.
struct Replayed {
    history: History,
    /// The rounds whose every result is known.
    complete: i64,
    /// The players of games still being played.
    playing: BTreeSet<PlayerId>,
}

/// Replays the rounds in order up to the first one still being played, and that one too
/// (what is known of it) when `live`.
fn replay(
    tournament: &TournamentRow,
    players: &[PlayerRow],
    pairings: &[PairingRow],
    live: bool,
) -> Result<Replayed, TournamentError> {
    let ids: Vec<PlayerId> = players.iter().map(|p| player_id(p.number)).collect::<Result<_, _>>()?;
    let mut replayed = Replayed { history: History::new(&ids)?, complete: 0, playing: BTreeSet::new() };
    let history = &mut replayed.history;
    if is_arena(tournament) {
        for board in pairings {
            let Some(blue) = board.blue else { continue };
            let pairing = Pairing { red: player_id(board.red)?, blue: player_id(blue)? };
            match board.result.as_deref().and_then(result_of) {
                Some(result) => history.record_game(pairing, result)?,
                None => replayed.playing.extend([pairing.red, pairing.blue]),
            }
        }
        replayed.complete = tournament.round;
        return Ok(replayed);
    }
    for round in 1..=tournament.round {
        let boards: Vec<&PairingRow> = pairings.iter().filter(|p| p.round == round).collect();
        let games = boards.iter().filter(|p| p.blue.is_some());
        let finished = games.clone().all(|p| p.result.as_deref().and_then(result_of).is_some());
        if !finished && !live {
            break;
        }
        let mut in_round = Vec::new();
        for board in &boards {
            let red = player_id(board.red)?;
            in_round.push(red);
            match (board.blue, board.result.as_deref().and_then(result_of)) {
                (Some(blue), Some(result)) => {
                    let blue = player_id(blue)?;
                    in_round.push(blue);
                    history.record_game(Pairing { red, blue }, result)?;
                }
                (Some(blue), None) => {
                    let blue = player_id(blue)?;
                    in_round.push(blue);
                    replayed.playing.extend([red, blue]);
                }
                (None, _) => history.record_bye(red, points(tournament.bye_quarters))?,
            }
        }
        for player in players {
            let id = player_id(player.number)?;
            if !in_round.contains(&id) {
                let late = round <= player.joined_round;
                history
                    .record_missed(id, if late { points(tournament.late_quarters) } else { Points::ZERO })?;
            }
        }
        if !finished {
            break;
        }
        replayed.complete = round;
    }
    Ok(replayed)
}

/// The players in at the start, seeded by rating (then by number).
fn seeded(players: &[PlayerRow]) -> Vec<&PlayerRow> {
    let mut seeded: Vec<&PlayerRow> = players.iter().filter(|p| p.joined_round == 0).collect();
    seeded.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.number.cmp(&b.number)));
    seeded
}

/// Whether `name` is the gauntlet challenger `challenger` (names are one whatever their case).
pub fn is_challenger(challenger: &str, name: &str) -> bool {
    !challenger.is_empty() && name_key(challenger) == name_key(name)
}

/// A gauntlet's challenger among the players in at the start, if it is one of them.
pub fn challenger_of<'a>(tournament: &TournamentRow, players: &'a [PlayerRow]) -> Option<&'a PlayerRow> {
    players.iter().find(|p| p.joined_round == 0 && is_challenger(&tournament.challenger, &p.name))
}

/// The next round of a Swiss, a round robin or a gauntlet (these two: the players in at the
/// start, seeded by rating; a gauntlet's challenger named by the tournament).
pub fn next_round(
    tournament: &TournamentRow,
    players: &[PlayerRow],
    history: &History,
) -> Result<Round, TournamentError> {
    let rating = |p: &PlayerRow| i32::try_from(p.rating).unwrap_or(0);
    let index = usize::try_from(tournament.round).unwrap_or(usize::MAX);
    match format_of(&tournament.format) {
        Some((Format::RoundRobin, cycles)) => {
            let ids: Vec<PlayerId> =
                seeded(players).iter().map(|p| player_id(p.number)).collect::<Result<_, _>>()?;
            let rounds = round_robin(&ids, cycles)?;
            rounds.get(index).cloned().ok_or(TournamentError::NoRepeatFreePairing)
        }
        Some((Format::Gauntlet, _)) => {
            let given = players.len();
            let challenger = challenger_of(tournament, players)
                .ok_or(TournamentError::TooFewPlayers { needed: 2, given })?;
            let opponents: Vec<PlayerId> = seeded(players)
                .iter()
                .filter(|p| p.number != challenger.number)
                .map(|p| player_id(p.number))
                .collect::<Result<_, _>>()?;
            let games = u32::try_from(tournament.games_each).unwrap_or(0);
            let rounds = gauntlet(player_id(challenger.number)?, &opponents, games)?;
            rounds.get(index).cloned().ok_or(TournamentError::NoRepeatFreePairing)
        }
        _ => {
            let active: Vec<SwissPlayer> = players
                .iter()
                .filter(|p| !p.withdrawn)
                .map(|p| Ok(SwissPlayer { id: player_id(p.number)?, rating: rating(p) }))
                .collect::<Result<_, TournamentError>>()?;
            pair_round(&active, history)
        }
    }
}

/// The number of rounds of a round robin of `players` players.
pub fn round_robin_rounds(players: usize, cycles: Cycles) -> i64 {
    let per_cycle = (players + players % 2).saturating_sub(1) as i64;
    if cycles == Cycles::Double {
        2 * per_cycle
    } else {
        per_cycle
    }
}

/// The number of rounds of a gauntlet of `players` players (the challenger among them).
pub fn gauntlet_rounds_of(tournament: &TournamentRow, players: usize) -> i64 {
    gauntlet_rounds(players, u32::try_from(tournament.games_each).unwrap_or(0)) as i64
}

/// Whether the tournament is an arena.
pub fn is_arena(tournament: &TournamentRow) -> bool {
    format_of(&tournament.format).map(|(format, _)| format) == Some(Format::Arena)
}

/// The round's boards as rows (the bye last, as a board without Blue), paired at `now`. A
/// board with a player who has withdrawn is forfeited at once by them (a round robin's table
/// keeps its withdrawn players); the others are given a new game id, except over the board
/// (`on_server` false), where a board's game is made once a played result is entered.
pub fn rows_of(
    round_number: i64,
    round: &Round,
    players: &[PlayerRow],
    on_server: bool,
    now: i64,
) -> Vec<PairingRow> {
    let gone = |number: i64| players.iter().any(|p| p.number == number && p.withdrawn);
    let games = round.pairings.iter().map(|p| (i64::from(p.red.0), Some(i64::from(p.blue.0))));
    let bye = round.bye.map(|p| (i64::from(p.0), None));
    games
        .chain(bye)
        .enumerate()
        .map(|(at, (red, blue))| {
            let forfeit = match (gone(red), blue.map(gone)) {
                (true, Some(true)) => Some("double-forfeit"),
                (true, Some(false)) => Some("red-forfeits"),
                (false, Some(true)) => Some("blue-forfeits"),
                _ => None,
            };
            PairingRow {
                round: round_number,
                board: at as i64 + 1,
                red,
                blue,
                result: forfeit.map(str::to_string),
                game_id: (on_server && blue.is_some() && forfeit.is_none()).then(new_game_id),
                paired_at: now,
            }
        })
        .collect()
}

/// The games to start among an arena's players who are in and not playing: paired by
/// `arena::pair_waiting` from their scores so far.
pub fn arena_pairings(
    players: &[PlayerRow],
    pairings: &[PairingRow],
    history: &History,
) -> Result<Vec<Pairing>, TournamentError> {
    let playing: Vec<&PairingRow> =
        pairings.iter().filter(|p| p.blue.is_some() && p.result.is_none()).collect();
    let busy = |number: i64| playing.iter().any(|p| p.red == number || p.blue == Some(number));
    let waiting: Vec<ArenaPlayer> = players
        .iter()
        .filter(|p| !p.withdrawn && !busy(p.number))
        .map(|p| {
            let rating = i32::try_from(p.rating).unwrap_or(0);
            Ok(ArenaPlayer::from_history(player_id(p.number)?, rating, history))
        })
        .collect::<Result<_, TournamentError>>()?;
    pair_waiting(&waiting, playing.len())
}

/// The standings of `history` with the format's tie-breaks, and the players whose line may
/// still change with the games `playing` (see [`provisional`]).
pub fn standings_of(
    tournament: &TournamentRow,
    history: &History,
    playing: &BTreeSet<PlayerId>,
) -> (Vec<Standing>, BTreeSet<PlayerId>) {
    let format = format_of(&tournament.format).map_or(Format::Swiss, |(format, _)| format);
    let lines = standings(history, format.scoring(), format.tie_breaks());
    (lines, provisional(history, format.scoring(), format.tie_breaks(), playing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_that_ended_gives_its_board_a_result() {
        assert_eq!(result_of_game(Some("red"), "den", 31), "red");
        assert_eq!(result_of_game(Some("blue"), "resignation", 2), "blue");
        assert_eq!(result_of_game(None, "agreement", 8), "draw");
        // Before both sides moved, nothing was played: the side that lost forfeits.
        assert_eq!(result_of_game(Some("red"), "abandoned", 0), "blue-forfeits");
        assert_eq!(result_of_game(Some("blue"), "abandoned", 1), "red-forfeits");
        // Called off: lost by both.
        assert_eq!(result_of_game(None, "aborted", 1), "double-forfeit");
        // A director's result.
        assert_eq!(result_of_game(Some("blue"), "adjudicated", 0), "blue");
        assert_eq!(result_of_game(None, "adjudicated", 30), "draw");
        assert_eq!(result_of_game(Some("blue"), "forfeit", 30), "red-forfeits");
        assert_eq!(result_of_game(None, "double-forfeit", 30), "double-forfeit");
        // Its loser left the tournament: a forfeit, however far it went.
        assert_eq!(result_of_game(Some("red"), "withdrawn", 30), "blue-forfeits");
        assert_eq!(result_of_game(Some("blue"), "withdrawn", 0), "red-forfeits");
        for result in ["red", "blue", "draw", "red-forfeits", "blue-forfeits", "double-forfeit"] {
            assert!(result_of(result).is_some(), "{result}");
        }
    }
}
