//! A game: a position with its history, the chase rules and the outcome.

use super::chase::{chase_forbidden, PlayedMove};
use super::moves::{Move, MoveError, MoveList};
use super::options::Rules;
use super::outcome::{Outcome, Reason};
use super::position::{Position, Undo};
use std::collections::HashMap;

/// A game in progress: the start position, the moves played and the current position.
///
/// ```
/// use jungle::rules::{Game, Rules};
/// let mut game = Game::new(Rules::default());
/// game.play_text("a3a4").unwrap();
/// assert!(game.play_text("a4a5").is_err()); // Blue's turn
/// assert_eq!(game.moves().len(), 1);
/// game.undo();
/// assert_eq!(game.position(), game.start());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    /// The moves played, oldest first.
    played: Vec<PlayedMove>,
    /// What undoing each played move needs (parallel to `played`).
    undos: Vec<Undo>,
    /// How often each position occurred, for repetitions.
    seen: Seen,
}

/// How often each position (by hash) occurred since the last capture, kept up to date by every
/// move and undo so that counting repetitions costs the same in a game of any length. A capture
/// makes every earlier position unreachable: it starts a new count, and the old one is set aside
/// for the undo of that capture (a game has at most 15 captures).
#[derive(Clone, Debug)]
struct Seen {
    /// The positions since the last capture (the start, if none).
    current: HashMap<u64, u32>,
    /// The counts before each capture, oldest first.
    before_captures: Vec<HashMap<u64, u32>>,
}

impl Seen {
    fn new(start: u64) -> Seen {
        Seen { current: HashMap::from([(start, 1)]), before_captures: Vec::new() }
    }

    /// A position was reached; `capture` if the move that reached it took a piece.
    fn reach(&mut self, hash: u64, capture: bool) {
        if capture {
            self.before_captures.push(std::mem::take(&mut self.current));
        }
        *self.current.entry(hash).or_insert(0) += 1;
    }

    /// The position `hash`, reached last, is taken back.
    fn leave(&mut self, hash: u64) {
        if let Some(count) = self.current.get_mut(&hash) {
            *count -= 1;
            if *count == 0 {
                self.current.remove(&hash);
            }
        }
        // Only the position right after a capture is alone in its count.
        if self.current.is_empty() {
            self.current = self.before_captures.pop().unwrap_or_default();
        }
    }

    fn count(&self, hash: u64) -> usize {
        self.current.get(&hash).map_or(0, |&n| n as usize)
    }
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A new game from any position.
    pub fn from_position(start: Position) -> Game {
        let seen = Seen::new(start.hash());
        Game { position: start.clone(), start, played: Vec::new(), undos: Vec::new(), seen }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    /// The moves played so far, with the piece that made each.
    pub fn history(&self) -> &[PlayedMove] {
        &self.played
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.played.iter().map(|p| p.mv).collect()
    }

    /// The legal moves now, with the chase rules applied; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.position.is_decided() || self.drawn().is_some() {
            return MoveList::new();
        }
        self.unfinished_moves()
    }

    /// Legal moves ignoring draws (the chase rules applied).
    fn unfinished_moves(&self) -> MoveList {
        let mut list = self.position.legal_moves();
        if self.rules().chase_rules {
            let traps = self.position.terrain().all_traps();
            list.retain(|m| {
                let piece = self.position.piece_at(m.from).expect("legal move starts on a piece");
                !chase_forbidden(&self.played, piece, m, traps)
            });
        }
        list
    }

    /// Whether `m` may be played now.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays `m` if it is legal now.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(m) {
            return Err(MoveError::Illegal(m));
        }
        let piece = self.position.piece_at(m.from).expect("legal move starts on a piece");
        let undo = self.position.play(m);
        self.played.push(PlayedMove { piece, mv: m });
        self.seen.reach(self.position.hash(), undo.captured.is_some());
        self.undos.push(undo);
        Ok(())
    }

    /// Reads a move like `a3a4` and plays it if it is legal now.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let m = self.position.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let played = self.played.pop()?;
        let undo = self.undos.pop().expect("one undo per played move");
        self.seen.leave(self.position.hash());
        self.position.undo(played.mv, undo);
        Some(played.mv)
    }

    /// How many times the current position has occurred (with the same side to move).
    /// Positions before the last capture are not counted: they cannot recur.
    pub fn repetitions(&self) -> usize {
        self.seen.count(self.position.hash())
    }

    fn drawn(&self) -> Option<Outcome> {
        let rules = self.rules();
        if rules.repetition_draw && self.repetitions() >= 3 {
            return Some(Outcome { winner: None, reason: Reason::Repetition });
        }
        let limit = rules.no_capture_limit;
        if limit > 0 && self.position.halfmoves() >= limit {
            return Some(Outcome { winner: None, reason: Reason::NoCaptureLimit });
        }
        None
    }

    /// The result, once the game is over. A win on the board comes first, then a side
    /// without a legal move loses, then the draws.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((winner, reason)) = self.position.winner() {
            return Some(Outcome { winner: Some(winner), reason });
        }
        if self.unfinished_moves().is_empty() {
            return Some(Outcome { winner: Some(!self.position.turn()), reason: Reason::NoMoves });
        }
        self.drawn()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count as the rules define it: the occurrences of the current position among the
    /// positions since the last capture, found by replaying the whole game.
    fn counted_by_replay(game: &Game) -> usize {
        let mut pos = game.start().clone();
        let mut since_capture = vec![pos.hash()];
        for m in game.moves() {
            if pos.play(m).captured.is_some() {
                since_capture.clear();
            }
            since_capture.push(pos.hash());
        }
        since_capture.iter().filter(|&&h| h == game.position().hash()).count()
    }

    #[test]
    fn repetitions_follow_moves_captures_and_undos() {
        let rules = Rules { no_capture_limit: 0, repetition_draw: false, ..Rules::default() };
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut repeated, mut captures) = (0, 0);
        for _ in 0..20 {
            let mut game = Game::new(rules);
            for _ in 0..400 {
                let moves = game.legal_moves();
                if moves.is_empty() || next(10) == 0 {
                    game.undo();
                } else {
                    // Going back where a piece came from makes repetitions likely.
                    let back = game.history().iter().rev().nth(1).map(|p| Move::new(p.mv.to, p.mv.from));
                    let m = match back.filter(|m| moves.contains(m) && next(3) > 0) {
                        Some(m) => m,
                        None => moves[next(moves.len())],
                    };
                    captures += usize::from(game.position().piece_at(m.to).is_some());
                    game.play(m).unwrap();
                }
                let count = game.repetitions();
                assert_eq!(count, counted_by_replay(&game), "after {:?}", game.moves());
                repeated += usize::from(count >= 3);
            }
        }
        assert!(
            repeated > 0 && captures > 0,
            "the walk tried repetitions ({repeated}) and captures ({captures})"
        );
    }
}
