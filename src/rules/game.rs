//! A game: a position with its history, the chase rules and the outcome.

use super::chase::{chase_forbidden, PlayedMove};
use super::moves::{Move, MoveError, MoveList};
use super::options::Rules;
use super::outcome::{Outcome, Reason};
use super::position::{Position, Undo};

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
    /// The hash of every position reached, the start first (for repetitions).
    hashes: Vec<u64>,
}

impl Game {
    /// A new game from the start position of `rules`.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A new game from any position.
    pub fn from_position(start: Position) -> Game {
        let hashes = vec![start.hash()];
        Game { position: start.clone(), start, played: Vec::new(), undos: Vec::new(), hashes }
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
        self.undos.push(undo);
        self.hashes.push(self.position.hash());
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
        self.hashes.pop();
        self.position.undo(played.mv, undo);
        Some(played.mv)
    }

    /// How many times the current position has occurred (with the same side to move).
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        // A capture makes every earlier position unreachable, so look back only to it.
        let since_capture = (self.position.halfmoves() as usize).min(self.hashes.len() - 1);
        self.hashes[self.hashes.len() - 1 - since_capture..].iter().filter(|&&h| h == now).count()
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
