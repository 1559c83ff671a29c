//! Conditional moves: lines a player leaves while the opponent is to move, `[their move, my
//! answer, their move, my answer, …]`; several lines may start with different moves (a tree),
//! but one move of the opponent has one answer. When the opponent's move is the first of a
//! line, its answer is played and the rest of the lines starting so are kept.
//!
//! Pure: the lines are checked by the engine from the game's position; storing them and
//! playing the answer is the room's business.

use super::ending::Status;
use super::match_state::Match;
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use serde::{Deserialize, Serialize};

/// The most lines a seat may leave.
pub const MAX_LINES: usize = 50;
/// The most plies of one line (both sides' moves).
pub const MAX_LINE_PLIES: usize = 20;

/// A seat's checked conditional lines, each of an even number of moves, as the engine writes
/// them (`g3g4`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Lines(Vec<Vec<String>>);

impl Lines {
    /// The lines as sent, unchecked (the storage's JSON, or a request's).
    pub fn unchecked(lines: Vec<Vec<String>>) -> Lines {
        Lines(lines)
    }

    /// Whether there is no line.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The answer to the opponent's move `played`, and the lines that follow it (each without
    /// its first two moves); none if no line foresaw it.
    pub fn after(&self, played: &str) -> Option<(String, Lines)> {
        let mut foreseen = self.0.iter().filter(|line| line[0] == played).peekable();
        let answer = foreseen.peek()?[1].clone();
        let rest = foreseen.filter(|line| line.len() > 2).map(|line| line[2..].to_vec()).collect();
        Some((answer, Lines(rest)))
    }

    /// The lines `color` left in `game`, checked: it must be the opponent's move in a game
    /// being played, every move legal from the position, within the limits; the moves written
    /// as the engine writes them.
    pub fn check(self, game: &Match, color: Color) -> Result<Lines, Refusal> {
        match game.status {
            Status::Playing => {}
            Status::Open => {
                return Err(Refusal::new(Code::NotStarted, "the game waits for its second player"))
            }
            Status::Over => return Err(Refusal::new(Code::GameOver, "the game is over")),
        }
        if game.turn() == color {
            return Err(Refusal::new(
                Code::ConditionalNotNow,
                "conditional moves are left while your opponent is to move: it is your move",
            ));
        }
        let too_long = self.0.len() > MAX_LINES || self.0.iter().any(|line| line.len() > MAX_LINE_PLIES);
        if too_long {
            let message = format!("at most {MAX_LINES} lines of {MAX_LINE_PLIES} moves each");
            return Err(Refusal::new(Code::TooManyLines, message)
                .with("lines", MAX_LINES)
                .with("plies", MAX_LINE_PLIES));
        }
        let lines = self.0.iter().enumerate().map(|(n, line)| checked_line(game, n, line));
        let lines = Lines(lines.collect::<Result<_, _>>()?);
        lines.check_one_answer()?;
        Ok(lines)
    }

    /// Refuses two lines that answer the same moves differently.
    fn check_one_answer(&self) -> Result<(), Refusal> {
        for (n, line) in self.0.iter().enumerate() {
            for earlier in &self.0[..n] {
                let same = line.iter().zip(earlier).take_while(|(a, b)| a == b).count();
                // Sharing an odd number of moves, they part at an answer: two answers to one move.
                if same % 2 == 1 && same < line.len().min(earlier.len()) {
                    let message = format!("line {n} answers a move of an earlier line with another move");
                    return Err(Refusal::field("lines", message));
                }
            }
        }
        Ok(())
    }
}

/// Line number `n`, its moves played from the game's position by the engine: written as the
/// engine writes them, or the refusal naming its first illegal move.
fn checked_line(game: &Match, n: usize, line: &[String]) -> Result<Vec<String>, Refusal> {
    if line.is_empty() || line.len() % 2 == 1 {
        let message = format!("line {n} must pair each move of the opponent with an answer");
        return Err(Refusal::field("lines", message));
    }
    let mut board = game.game.clone();
    let mut moves = Vec::with_capacity(line.len());
    for (ply, text) in line.iter().enumerate() {
        let illegal = |cause: String| {
            let message = format!("line {n}, move {ply} (\"{}\"): {cause}", crate::echo::quote(text));
            Refusal::new(Code::IllegalLine, message).with("line", n).with("ply", ply)
        };
        if board.outcome().is_some() {
            return Err(illegal("the game is over before it".into()));
        }
        let played = board.play_text(text).map_err(|e| illegal(e.to_string()).caused_by(&e))?;
        moves.push(played.to_string());
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::server::game::clock::ClockSpec;
    use crate::server::game::match_state::Seat;

    /// A game being played, Red (first) to move.
    fn game() -> Match {
        let seat = || Seat { name: "A".into(), token_digest: "x".into() };
        let mut m = Match::open(
            "g".into(),
            Game::new(Default::default()),
            ClockSpec::default(),
            Color::Red,
            seat(),
            0,
        );
        m.seats.blue = Some(seat());
        m.status = Status::Playing;
        m
    }

    fn lines(lines: &[&[&str]]) -> Lines {
        Lines(lines.iter().map(|line| line.iter().map(|m| m.to_string()).collect()).collect())
    }

    #[test]
    fn lines_are_left_by_the_side_not_to_move() {
        let plan = lines(&[&["a3a4", "g7g6"]]);
        assert_eq!(plan.clone().check(&game(), Color::Blue), Ok(plan.clone()));
        assert_eq!(plan.check(&game(), Color::Red).unwrap_err().code, Code::ConditionalNotNow);
    }

    #[test]
    fn an_illegal_move_is_named_by_line_and_ply() {
        let refusal = lines(&[&["a3a4", "g7g6"], &["a3a4", "g7g6", "a4a5", "g6g2"]])
            .check(&game(), Color::Blue)
            .unwrap_err();
        assert_eq!(refusal.code, Code::IllegalLine);
        assert!(refusal.message.contains("line 1, move 3"), "{}", refusal.message);
    }

    #[test]
    fn odd_long_or_conflicting_lines_are_refused() {
        let refused = |plan: Lines| plan.check(&game(), Color::Blue).unwrap_err().code;
        assert_eq!(refused(lines(&[&["a3a4"]])), Code::BadField);
        assert_eq!(refused(lines(&[&["a3a4", "g7g6"], &["a3a4", "a7a6"]])), Code::BadField);
        assert_eq!(
            refused(Lines(vec![vec!["a3a4".into(), "g7g6".into()]; MAX_LINES + 1])),
            Code::TooManyLines
        );
    }

    #[test]
    fn the_answer_and_the_rest_follow_the_move_played() {
        let plan =
            lines(&[&["a3a4", "g7g6", "a4a5", "g6g5"], &["a3a4", "g7g6", "b2b3", "a7a6"], &["c3c4", "a7a6"]]);
        let (answer, rest) = plan.after("a3a4").unwrap();
        assert_eq!(answer, "g7g6");
        assert_eq!(rest, lines(&[&["a4a5", "g6g5"], &["b2b3", "a7a6"]]));
        assert_eq!(plan.after("c3c4").unwrap().1, Lines::default());
        assert!(plan.after("e3e4").is_none());
    }
}
