//! A knockout cup: seeding, byes, the bracket, a match's games and tie-break, advancement and
//! the final placing. Pure: the server stores what happened (and draws the lots) and asks what
//! comes next.
//!
//! **Seeding**: by rating in the cup's category, highest first; equal ratings by lot (the
//! lower lot first). **Byes**: the bracket has the next power of two of slots; the missing
//! players are byes, and they fall to the top seeds (12 players → 16 slots → seeds 1–4 go
//! through to round 2). **Placement**: the standard order, built by doubling: a bracket of 2
//! is `1 2`; each seed `s` of a bracket of `n` becomes the pair `s, 2n + 1 - s`. So round 1 of
//! 16 is 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11: seed 1 meets the lowest seed, the top
//! two seeds can meet only in the final, the top four only in the semi-finals.
//!
//! **A match** is the best of `G` games, colours alternating (the first game's by lot). It is
//! decided as soon as the trailing player cannot catch up in the games left. Level after the
//! `G` games, the cup's [`TieBreak`] decides it, with the cup's shorter tie-break clock:
//! either extra games, repeated until one is won, colours still alternating; or one
//! Armageddon decider, colours by lot, in which **a draw goes to Blue** (Red moves first:
//! Blue's odds for it). A game lost by forfeit (a player who did not start it, or withdrew)
//! loses the match; a game neither started (a double forfeit) is decided by lot.
//!
//! **Advancement**: the winner of match `i` of round `r` plays match `i / 2` of round
//! `r + 1`, on the top side when `i` is even; that match is paired as soon as both its
//! feeders are decided, not when the whole round is.

use crate::rules::Color;
use crate::tournament::{GameResult, PlayerId, Points};
use std::cmp::Reverse;
use std::collections::BTreeSet;

/// The side of a match: the player from the upper or the lower slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The upper slot (in round 1, the better seed).
    Top,
    /// The lower slot.
    Bottom,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
        }
    }
}

/// A player to seed: who, their rating in the cup's category, and their lot (ties).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entrant {
    /// The player.
    pub player: PlayerId,
    /// Their rating in the cup's category.
    pub rating: i64,
    /// Drawn for them: the lower lot is seeded first among equal ratings.
    pub lot: u64,
}

/// Why a cup cannot be drawn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CupError {
    /// Fewer than two players.
    TooFewPlayers(usize),
    /// A player entered twice.
    DuplicatePlayer(PlayerId),
    /// A winner who does not play in the match (or no such match).
    NotInMatch(PlayerId),
}

impl std::fmt::Display for CupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CupError::TooFewPlayers(given) => write!(f, "a cup needs at least 2 players, {given} entered"),
            CupError::DuplicatePlayer(player) => write!(f, "player {player} is entered twice"),
            CupError::NotInMatch(player) => write!(f, "player {player} does not play in this match"),
        }
    }
}

impl std::error::Error for CupError {}

/// The players in seeding order: rating, highest first; equal ratings by lot.
pub fn seeding(entrants: &[Entrant]) -> Result<Vec<PlayerId>, CupError> {
    if entrants.len() < 2 {
        return Err(CupError::TooFewPlayers(entrants.len()));
    }
    let mut seen = BTreeSet::new();
    if let Some(twice) = entrants.iter().find(|e| !seen.insert(e.player)) {
        return Err(CupError::DuplicatePlayer(twice.player));
    }
    let mut sorted = entrants.to_vec();
    sorted.sort_by_key(|e| (Reverse(e.rating), e.lot, e.player));
    Ok(sorted.iter().map(|e| e.player).collect())
}

/// The number of slots of a bracket for `players`: the next power of two.
pub fn slots(players: usize) -> usize {
    players.max(2).next_power_of_two()
}

/// The number of rounds of a bracket for `players` (the final is the last).
pub fn rounds(players: usize) -> u32 {
    slots(players).trailing_zeros()
}

/// The seeds (1-based) in bracket order for `slots` (a power of two): round 1's match `i`
/// is between the seeds at `2i` and `2i + 1`.
pub fn placement(slots: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < slots {
        let size = order.len() * 2;
        order = order.iter().flat_map(|&seed| [seed, size + 1 - seed]).collect();
    }
    order
}

/// One match of the bracket: its two players once known, and its winner once decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Match {
    /// The upper slot's player.
    pub top: Option<PlayerId>,
    /// The lower slot's player.
    pub bottom: Option<PlayerId>,
    /// The winner: in round 1, at once for a bye.
    pub winner: Option<PlayerId>,
}

impl Match {
    /// Whether both players are known and it is not decided: it is to be played.
    pub fn is_ready(&self) -> bool {
        self.top.is_some() && self.bottom.is_some() && self.winner.is_none()
    }

    /// The loser of a decided match between two players.
    pub fn loser(&self) -> Option<PlayerId> {
        let winner = self.winner?;
        [self.top?, self.bottom?].into_iter().find(|&p| p != winner)
    }

    /// The player on `side`.
    pub fn player(&self, side: Side) -> Option<PlayerId> {
        match side {
            Side::Top => self.top,
            Side::Bottom => self.bottom,
        }
    }
}

/// Where a match is: its round (1 is the first) and its index in the round (0 first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct At {
    /// The round, 1 first.
    pub round: u32,
    /// The match in the round, 0 first.
    pub index: usize,
}

impl At {
    /// The match the winner of this one plays next (none after the final of `rounds`), and
    /// the side they take there.
    pub fn next(self, rounds: u32) -> Option<(At, Side)> {
        let side = if self.index.is_multiple_of(2) { Side::Top } else { Side::Bottom };
        (self.round < rounds).then_some((At { round: self.round + 1, index: self.index / 2 }, side))
    }

    /// The two matches (top, bottom) whose winners meet here; none in round 1.
    pub fn feeders(self) -> Option<[At; 2]> {
        (self.round > 1).then(|| [0, 1].map(|k| At { round: self.round - 1, index: 2 * self.index + k }))
    }
}

/// The whole bracket: every round's matches, round 1 first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bracket {
    rounds: Vec<Vec<Match>>,
}

impl Bracket {
    /// The bracket of `seeded` players (seed 1 first): round 1 placed, byes decided for the
    /// top seeds, the later rounds waiting for their players.
    pub fn draw(seeded: &[PlayerId]) -> Result<Bracket, CupError> {
        if seeded.len() < 2 {
            return Err(CupError::TooFewPlayers(seeded.len()));
        }
        let mut seen = BTreeSet::new();
        if let Some(&twice) = seeded.iter().find(|&&p| !seen.insert(p)) {
            return Err(CupError::DuplicatePlayer(twice));
        }
        let size = slots(seeded.len());
        let seat = |seed: usize| seeded.get(seed - 1).copied();
        let order = placement(size);
        let first: Vec<Match> = order
            .chunks(2)
            .map(|pair| {
                let (top, bottom) = (seat(pair[0]), seat(pair[1]));
                // Byes go to the top seeds, so the lower slot is the one that may be empty.
                let winner = if bottom.is_none() { top } else { None };
                Match { top, bottom, winner }
            })
            .collect();
        let mut rounds = vec![first];
        while rounds.last().is_some_and(|round| round.len() > 1) {
            let count = rounds.last().map_or(0, Vec::len) / 2;
            rounds.push(vec![Match::default(); count]);
        }
        let mut bracket = Bracket { rounds };
        let byes: Vec<(At, PlayerId)> = bracket
            .round(1)
            .iter()
            .enumerate()
            .filter_map(|(index, m)| Some((At { round: 1, index }, m.winner?)))
            .collect();
        for (at, winner) in byes {
            bracket.advance(at, winner);
        }
        Ok(bracket)
    }

    /// A bracket as stored: its round 1 (as [`draw`](Self::draw) made it) and the winners
    /// decided since, in any order. A winner who is not in their match is refused.
    pub fn replay(seeded: &[PlayerId], winners: &[(At, PlayerId)]) -> Result<Bracket, CupError> {
        let mut bracket = Bracket::draw(seeded)?;
        let mut left: Vec<(At, PlayerId)> = winners.to_vec();
        left.sort();
        for (at, winner) in left {
            bracket.decide(at, winner)?;
        }
        Ok(bracket)
    }

    /// The number of rounds.
    pub fn round_count(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The matches of round `round` (1 first; none past the final).
    pub fn round(&self, round: u32) -> &[Match] {
        round.checked_sub(1).and_then(|r| self.rounds.get(r as usize)).map_or(&[], Vec::as_slice)
    }

    /// The match at `at`.
    pub fn at(&self, at: At) -> Option<&Match> {
        self.round(at.round).get(at.index)
    }

    /// Every match to be played now: both players known, no winner yet.
    pub fn ready(&self) -> Vec<At> {
        self.all().filter(|(_, m)| m.is_ready()).map(|(at, _)| at).collect()
    }

    /// Every match with where it is, round 1 first.
    pub fn all(&self) -> impl Iterator<Item = (At, &Match)> + '_ {
        self.rounds.iter().enumerate().flat_map(|(r, matches)| {
            matches.iter().enumerate().map(move |(index, m)| (At { round: r as u32 + 1, index }, m))
        })
    }

    /// Decides the match at `at` for `winner`, who moves on to their next match. Refused if
    /// `winner` does not play there; deciding it again for the same winner changes nothing.
    pub fn decide(&mut self, at: At, winner: PlayerId) -> Result<(), CupError> {
        let m = self.at(at).copied().unwrap_or_default();
        if m.top != Some(winner) && m.bottom != Some(winner) {
            return Err(CupError::NotInMatch(winner));
        }
        self.advance(at, winner);
        Ok(())
    }

    fn advance(&mut self, at: At, winner: PlayerId) {
        let rounds = self.round_count();
        if let Some(m) = self.rounds.get_mut(at.round as usize - 1).and_then(|r| r.get_mut(at.index)) {
            m.winner = Some(winner);
        }
        if let Some((next, side)) = at.next(rounds) {
            if let Some(m) = self.rounds.get_mut(next.round as usize - 1).and_then(|r| r.get_mut(next.index))
            {
                match side {
                    Side::Top => m.top = Some(winner),
                    Side::Bottom => m.bottom = Some(winner),
                }
            }
        }
    }

    /// The final placing once the final is decided: winner, runner-up and the semi-finals'
    /// losers (none in a cup of two).
    pub fn placing(&self) -> Option<Placing> {
        let last = self.round_count();
        let final_match = self.round(last).first()?;
        let semi_finalists = if last >= 2 {
            self.round(last - 1).iter().filter_map(Match::loser).collect()
        } else {
            Vec::new()
        };
        Some(Placing { winner: final_match.winner?, runner_up: final_match.loser()?, semi_finalists })
    }
}

/// Who finished where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Placing {
    /// The cup's winner.
    pub winner: PlayerId,
    /// The loser of the final.
    pub runner_up: PlayerId,
    /// The losers of the semi-finals, in bracket order.
    pub semi_finalists: Vec<PlayerId>,
}

/// How a match level after its games is decided.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TieBreak {
    /// Extra games with the tie-break clock until one is won, colours alternating.
    ExtraGames,
    /// One decider with the tie-break clock, colours by lot; a draw goes to Blue.
    Armageddon,
}

/// A match's format: best of `games`, and its tie-break.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MatchFormat {
    /// The games of the match proper (at least 1).
    pub games: u32,
    /// How a level match is decided.
    pub tie_break: TieBreak,
}

/// The lots drawn for one match (the server draws them when it pairs the match).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Lots {
    /// Whether the top player takes Red in the first game.
    pub top_red_first: bool,
    /// Whether the top player takes Red in an Armageddon decider.
    pub top_red_decider: bool,
    /// Who wins when neither started a game (a double forfeit).
    pub double_forfeit_to: Side,
}

impl Lots {
    /// The lots from three bits of a random number.
    pub fn from_bits(bits: u64) -> Lots {
        Lots {
            top_red_first: bits & 1 != 0,
            top_red_decider: bits & 2 != 0,
            double_forfeit_to: if bits & 4 != 0 { Side::Top } else { Side::Bottom },
        }
    }
}

/// Which clock a game is played with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Clock {
    /// The cup's clock.
    Main,
    /// The shorter tie-break clock.
    TieBreak,
}

/// The next game of a match: who takes Red, and with which clock.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NextGame {
    /// The side on Red.
    pub red: Side,
    /// The clock.
    pub clock: Clock,
}

/// A game of the match that ended: the side that had Red, and the result on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Played {
    /// The side that had Red.
    pub red: Side,
    /// The result on the board.
    pub result: GameResult,
}

/// Where a match stands after its games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatchState {
    /// The top player's score in the match proper (tie-break games not counted).
    pub top: Points,
    /// The bottom player's score in the match proper.
    pub bottom: Points,
    /// The winner, once decided.
    pub winner: Option<Side>,
    /// The game to play next, while undecided.
    pub next: Option<NextGame>,
}

/// Where a match of `format` stands after `games` (in the order played), with its `lots`.
pub fn match_state(format: MatchFormat, lots: Lots, games: &[Played]) -> MatchState {
    let main = format.games.max(1) as usize;
    let (mut top, mut bottom) = (Points::ZERO, Points::ZERO);
    let red_of = |number: usize| {
        let first = if lots.top_red_first { Side::Top } else { Side::Bottom };
        if number.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
    };
    let decided = |top, bottom, winner| MatchState { top, bottom, winner: Some(winner), next: None };
    for (number, game) in games.iter().enumerate() {
        let side_of = |color| if color == Color::Red { game.red } else { game.red.other() };
        match game.result {
            GameResult::Forfeit(absent) => return decided(top, bottom, side_of(absent).other()),
            GameResult::DoubleForfeit => return decided(top, bottom, lots.double_forfeit_to),
            GameResult::Win(color) if number >= main => return decided(top, bottom, side_of(color)),
            GameResult::Draw if number >= main && format.tie_break == TieBreak::Armageddon => {
                return decided(top, bottom, side_of(Color::Blue))
            }
            GameResult::Win(color) => match side_of(color) {
                Side::Top => top += Points::ONE,
                Side::Bottom => bottom += Points::ONE,
            },
            GameResult::Draw if number >= main => {}
            GameResult::Draw => {
                top += Points::HALF;
                bottom += Points::HALF;
            }
        }
        if number < main {
            // Decided once the games left cannot make up the difference.
            let left = Points::from_quarters(4 * (main - number - 1) as u32);
            if top > bottom + left {
                return decided(top, bottom, Side::Top);
            }
            if bottom > top + left {
                return decided(top, bottom, Side::Bottom);
            }
        }
    }
    let number = games.len();
    let next = if number < main {
        NextGame { red: red_of(number), clock: Clock::Main }
    } else {
        let red = match format.tie_break {
            TieBreak::ExtraGames => red_of(number),
            TieBreak::Armageddon if lots.top_red_decider => Side::Top,
            TieBreak::Armageddon => Side::Bottom,
        };
        NextGame { red, clock: Clock::TieBreak }
    };
    MatchState { top, bottom, winner: None, next: Some(next) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(count: u32) -> Vec<PlayerId> {
        (1..=count).map(PlayerId).collect()
    }

    /// A round's matches as (top, bottom) numbers, 0 for nobody yet or a bye.
    fn numbers(matches: &[Match]) -> Vec<(u32, u32)> {
        matches.iter().map(|m| (m.top.map_or(0, |p| p.0), m.bottom.map_or(0, |p| p.0))).collect()
    }

    #[test]
    fn the_standard_placement_of_16() {
        assert_eq!(placement(2), [1, 2]);
        assert_eq!(placement(4), [1, 4, 2, 3]);
        assert_eq!(placement(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(placement(16), [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    }

    #[test]
    fn twelve_players_give_seeds_1_to_4_a_bye() {
        // Player n is seed n. 16 slots; seeds 13–16 are missing: 1, 4, 2, 3 have byes.
        let bracket = Bracket::draw(&ids(12)).unwrap();
        assert_eq!((slots(12), rounds(12), bracket.round_count()), (16, 4, 4));
        assert_eq!(
            numbers(bracket.round(1)),
            [(1, 0), (8, 9), (4, 0), (5, 12), (2, 0), (7, 10), (3, 0), (6, 11)]
        );
        let byes: Vec<u32> = bracket
            .round(1)
            .iter()
            .filter(|m| m.bottom.is_none())
            .filter_map(|m| m.winner)
            .map(|p| p.0)
            .collect();
        assert_eq!(byes, [1, 4, 2, 3]);
        // Round 2: the bye seeds wait on the top side for the winners of 8–9, 5–12, 7–10, 6–11.
        assert_eq!(numbers(bracket.round(2)), [(1, 0), (4, 0), (2, 0), (3, 0)]);
        let mut ready = bracket.ready();
        ready.sort();
        assert_eq!(ready, [1, 3, 5, 7].map(|index| At { round: 1, index }));
    }

    #[test]
    fn the_next_round_is_paired_as_soon_as_its_feeders_are_decided() {
        let mut bracket = Bracket::draw(&ids(12)).unwrap();
        // 9 beats 8: 1–9 is ready though the rest of round 1 is still playing.
        bracket.decide(At { round: 1, index: 1 }, PlayerId(9)).unwrap();
        assert_eq!(numbers(bracket.round(2)), [(1, 9), (4, 0), (2, 0), (3, 0)]);
        assert!(bracket.ready().contains(&At { round: 2, index: 0 }));
        for (index, winner) in [(3, 5), (5, 10), (7, 6)] {
            bracket.decide(At { round: 1, index }, PlayerId(winner)).unwrap();
        }
        assert_eq!(numbers(bracket.round(2)), [(1, 9), (4, 5), (2, 10), (3, 6)]);
        // The semi-finals: winners of 1–9 and 4–5, of 2–10 and 3–6.
        assert!(bracket.round(3).iter().all(|m| m.top.is_none() && m.bottom.is_none()));
        for (index, winner) in [(0, 1), (1, 5), (2, 10), (3, 3)] {
            bracket.decide(At { round: 2, index }, PlayerId(winner)).unwrap();
        }
        assert_eq!(numbers(bracket.round(3)), [(1, 5), (10, 3)]);
        assert_eq!(bracket.placing(), None);
        bracket.decide(At { round: 3, index: 0 }, PlayerId(1)).unwrap();
        bracket.decide(At { round: 3, index: 1 }, PlayerId(3)).unwrap();
        assert_eq!(numbers(bracket.round(4)), [(1, 3)]);
        bracket.decide(At { round: 4, index: 0 }, PlayerId(3)).unwrap();
        assert_eq!(
            bracket.placing(),
            Some(Placing {
                winner: PlayerId(3),
                runner_up: PlayerId(1),
                semi_finalists: vec![PlayerId(5), PlayerId(10)]
            })
        );
    }

    #[test]
    fn a_replayed_bracket_equals_the_one_decided_step_by_step() {
        let winners = [(At { round: 2, index: 0 }, PlayerId(1)), (At { round: 1, index: 1 }, PlayerId(8))];
        let replayed = Bracket::replay(&ids(12), &winners).unwrap();
        let mut stepped = Bracket::draw(&ids(12)).unwrap();
        stepped.decide(At { round: 1, index: 1 }, PlayerId(8)).unwrap();
        stepped.decide(At { round: 2, index: 0 }, PlayerId(1)).unwrap();
        assert_eq!(replayed, stepped);
        assert_eq!(numbers(replayed.round(3)), [(1, 0), (0, 0)]);
    }

    #[test]
    fn the_top_two_seeds_meet_only_in_the_final() {
        for count in 2..=40u32 {
            let mut bracket = Bracket::draw(&ids(count)).unwrap();
            // The better seed always wins.
            while let Some(&at) = bracket.ready().first() {
                let m = *bracket.at(at).unwrap();
                let best = m.top.unwrap().min(m.bottom.unwrap());
                if count > 2 && at.round < bracket.round_count() {
                    assert!(
                        !(m.top == Some(PlayerId(1)) && m.bottom == Some(PlayerId(2))),
                        "{count}: 1–2 before the final"
                    );
                }
                bracket.decide(at, best).unwrap();
            }
            let placing = bracket.placing().unwrap();
            assert_eq!((placing.winner, placing.runner_up), (PlayerId(1), PlayerId(2)), "{count} players");
        }
    }

    #[test]
    fn seeding_by_rating_then_lot() {
        let entrant = |player, rating, lot| Entrant { player: PlayerId(player), rating, lot };
        let seeded =
            seeding(&[entrant(1, 1500, 9), entrant(2, 1700, 5), entrant(3, 1500, 2), entrant(4, 1600, 0)])
                .unwrap();
        assert_eq!(seeded, [2, 4, 3, 1].map(PlayerId));
        assert_eq!(seeding(&[entrant(1, 1500, 0)]), Err(CupError::TooFewPlayers(1)));
        assert_eq!(
            seeding(&[entrant(1, 1500, 0), entrant(1, 1400, 1)]),
            Err(CupError::DuplicatePlayer(PlayerId(1)))
        );
        assert_eq!(Bracket::draw(&[PlayerId(3), PlayerId(3)]), Err(CupError::DuplicatePlayer(PlayerId(3))));
    }

    #[test]
    fn a_winner_who_is_not_in_the_match_is_refused() {
        let mut bracket = Bracket::draw(&ids(4)).unwrap();
        assert_eq!(
            bracket.decide(At { round: 1, index: 0 }, PlayerId(2)),
            Err(CupError::NotInMatch(PlayerId(2)))
        );
        assert_eq!(
            bracket.decide(At { round: 9, index: 0 }, PlayerId(1)),
            Err(CupError::NotInMatch(PlayerId(1)))
        );
    }

    const BEST_OF_2: MatchFormat = MatchFormat { games: 2, tie_break: TieBreak::ExtraGames };
    const TOP_RED: Lots =
        Lots { top_red_first: true, top_red_decider: false, double_forfeit_to: Side::Bottom };

    fn played(red: Side, result: GameResult) -> Played {
        Played { red, result }
    }

    #[test]
    fn a_level_match_goes_to_extra_games_with_alternating_colours() {
        use Side::{Bottom, Top};
        let start = match_state(BEST_OF_2, TOP_RED, &[]);
        assert_eq!(start.next, Some(NextGame { red: Top, clock: Clock::Main }));
        // Game 1: top (Red) wins. 1–0, not decided: one game left.
        let one = [played(Top, GameResult::Win(Color::Red))];
        let state = match_state(BEST_OF_2, TOP_RED, &one);
        assert_eq!((state.top, state.bottom, state.winner), (Points::ONE, Points::ZERO, None));
        assert_eq!(state.next, Some(NextGame { red: Bottom, clock: Clock::Main }));
        // Game 2: bottom (Red) wins. 1–1: the tie-break, top on Red again, the short clock.
        let two = [one[0], played(Bottom, GameResult::Win(Color::Red))];
        let state = match_state(BEST_OF_2, TOP_RED, &two);
        assert_eq!((state.top, state.bottom, state.winner), (Points::ONE, Points::ONE, None));
        assert_eq!(state.next, Some(NextGame { red: Top, clock: Clock::TieBreak }));
        // A drawn extra game: another, bottom on Red. Then Blue (top) wins it: top goes through.
        let three = [two[0], two[1], played(Top, GameResult::Draw)];
        assert_eq!(
            match_state(BEST_OF_2, TOP_RED, &three).next,
            Some(NextGame { red: Bottom, clock: Clock::TieBreak })
        );
        let four = [three[0], three[1], three[2], played(Bottom, GameResult::Win(Color::Blue))];
        let state = match_state(BEST_OF_2, TOP_RED, &four);
        assert_eq!(
            (state.winner, state.next, state.top, state.bottom),
            (Some(Top), None, Points::ONE, Points::ONE)
        );
    }

    #[test]
    fn a_match_ends_early_when_the_lead_cannot_be_caught() {
        let best_of_3 = MatchFormat { games: 3, tie_break: TieBreak::ExtraGames };
        let lots = Lots { top_red_first: false, ..TOP_RED };
        // Bottom has Red first; bottom wins games 1 and 2: 2–0 with one left, decided.
        let games = [
            played(Side::Bottom, GameResult::Win(Color::Red)),
            played(Side::Top, GameResult::Win(Color::Blue)),
        ];
        assert_eq!(match_state(best_of_3, lots, &games[..1]).next.map(|n| n.red), Some(Side::Top));
        assert_eq!(match_state(best_of_3, lots, &games).winner, Some(Side::Bottom));
        // Best of 1: a win decides; a draw goes to the tie-break.
        let one = MatchFormat { games: 1, tie_break: TieBreak::ExtraGames };
        assert_eq!(
            match_state(one, TOP_RED, &[played(Side::Top, GameResult::Win(Color::Blue))]).winner,
            Some(Side::Bottom)
        );
        let drawn = match_state(one, TOP_RED, &[played(Side::Top, GameResult::Draw)]);
        assert_eq!(
            (drawn.winner, drawn.next),
            (None, Some(NextGame { red: Side::Bottom, clock: Clock::TieBreak }))
        );
    }

    #[test]
    fn an_armageddon_draw_goes_to_blue() {
        let format = MatchFormat { games: 1, tie_break: TieBreak::Armageddon };
        let lots = Lots { top_red_first: true, top_red_decider: true, double_forfeit_to: Side::Bottom };
        let drawn = [played(Side::Top, GameResult::Draw)];
        // The decider's colours are its own lot: top on Red again.
        assert_eq!(
            match_state(format, lots, &drawn).next,
            Some(NextGame { red: Side::Top, clock: Clock::TieBreak })
        );
        let decider = [drawn[0], played(Side::Top, GameResult::Draw)];
        assert_eq!(match_state(format, lots, &decider).winner, Some(Side::Bottom));
        let won = [drawn[0], played(Side::Top, GameResult::Win(Color::Red))];
        assert_eq!(match_state(format, lots, &won).winner, Some(Side::Top));
    }

    #[test]
    fn forfeits_lose_the_match_and_a_double_forfeit_goes_by_lot() {
        let forfeit = [played(Side::Top, GameResult::Forfeit(Color::Red))];
        assert_eq!(match_state(BEST_OF_2, TOP_RED, &forfeit).winner, Some(Side::Bottom));
        let neither = [played(Side::Top, GameResult::DoubleForfeit)];
        assert_eq!(match_state(BEST_OF_2, TOP_RED, &neither).winner, Some(Side::Bottom));
        let lots = Lots { double_forfeit_to: Side::Top, ..TOP_RED };
        assert_eq!(match_state(BEST_OF_2, lots, &neither).winner, Some(Side::Top));
        assert_eq!(
            Lots::from_bits(0b101),
            Lots { top_red_first: true, top_red_decider: false, double_forfeit_to: Side::Top }
        );
    }
}
