//! A position's unique solution, and the re-verification of a written puzzle, both exact: every
//! step is proved by the [`Prover`] against all of the defender's replies.

use super::format::Puzzle;
use super::goal::Goal;
use super::proof::{OutOfBudget, Prover};
use super::themes::themes;
use crate::rules::{Game, Move};
use std::fmt;

/// Why a position makes no puzzle, or a puzzle does not hold.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Rejection {
    /// The side to move has no forced win within the moves allowed.
    NoWin,
    /// The proof needed more moves than its budget.
    TooWide,
    /// At the solver's step (0 = the first move), several moves win as fast, or none does.
    NotUnique(usize),
    /// The puzzle's text or moves do not hold (the reason).
    Broken(String),
}

impl From<OutOfBudget> for Rejection {
    fn from(_: OutOfBudget) -> Rejection {
        Rejection::TooWide
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::NoWin => f.write_str("no forced win"),
            Rejection::TooWide => f.write_str("the proof ran out of budget"),
            Rejection::NotUnique(step) => write!(f, "the solver's move {} is not the only win", step + 1),
            Rejection::Broken(reason) => f.write_str(reason),
        }
    }
}

/// The solution of `game` within `max_moves` of the side to move, for the `prover`'s goal: at each
/// step the only move that wins as fast as possible, answered by the defender's reply that holds
/// out longest (a capture preferred among equals, then the first generated). Fails unless every
/// step has one winning move. The line ends with the solver's move that wins the game, or after
/// which every reply leaves the material goal reached.
pub fn solve(game: &Game, max_moves: u32, prover: &mut Prover) -> Result<Vec<Move>, Rejection> {
    let mut game = game.clone();
    let mut left = prover.distance(&mut game, max_moves)?.ok_or(Rejection::NoWin)?;
    let mut line = Vec::new();
    loop {
        let [only] = prover.winning_moves(&mut game, left)?[..] else {
            return Err(Rejection::NotUnique(line.len() / 2));
        };
        game.play(only).expect("a winning move is legal");
        line.push(only);
        // `left` is the fewest moves that win, so the game goes on unless this was the last.
        if left == 1 {
            return Ok(line);
        }
        let mut best: Option<(u32, bool, Move)> = None;
        for reply in game.legal_moves().iter().copied() {
            let capture = game.position().piece_at(reply.to).is_some();
            game.play(reply).expect("a generated move is legal");
            let holds = match game.outcome() {
                None if !prover.gained(&game) => {
                    prover.distance(&mut game, left - 1)?.expect("every reply loses within the moves left")
                }
                _ => 0,
            };
            game.undo();
            if best.is_none_or(|(h, c, _)| (holds, capture) > (h, c)) {
                best = Some((holds, capture, reply));
            }
        }
        let (holds, _, reply) = best.expect("the game goes on, so the defender has a move");
        game.play(reply).expect("a generated move is legal");
        line.push(reply);
        left = holds;
    }
}

/// Checks a written puzzle exactly, with a proof of at most `budget` moves: its position is legal
/// under its rules, its moves are legal, each of the solver's moves is the only one that reaches
/// the goal within the moves left (the first move too; so the last one wins the game, or leaves
/// the gain reached after every reply), each reply of the defender holds out as long as any, and
/// its themes are those its solution shows.
pub fn verify(puzzle: &Puzzle, budget: u64) -> Result<(), Rejection> {
    let mut game = puzzle.game().map_err(|e| Rejection::Broken(e.0))?;
    let start = game.clone();
    let prover = &mut Prover::for_goal(budget, puzzle.goal, start.position());
    let solver = game.position().turn();
    let total = puzzle.moves();
    for (i, &m) in puzzle.solution.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(Rejection::Broken(format!("the game is over before move {}", i + 1)));
        }
        if !game.is_legal(m) {
            return Err(Rejection::Broken(format!("move {} ({m}) is illegal", i + 1)));
        }
        let left = total - (i / 2) as u32;
        if i % 2 == 0 {
            if prover.winning_moves(&mut game, left)? != [m] {
                return Err(Rejection::NotUnique(i / 2));
            }
            game.play(m).expect("checked legal");
        } else {
            game.play(m).expect("checked legal");
            // The solver needs every one of the moves left: the reply held out longest.
            if prover.gained(&game) || prover.forces_win(&mut game, left - 2)? {
                return Err(Rejection::Broken(format!(
                    "reply {} ({m}) is not the longest defence",
                    i / 2 + 1
                )));
            }
        }
    }
    // A win of the game must be over; a gain was proved by the last step's proof above.
    if puzzle.goal == Goal::Win && game.outcome().map(|o| o.winner) != Some(Some(solver)) {
        return Err(Rejection::Broken("the solution does not win".into()));
    }
    if themes(&start, &puzzle.solution, puzzle.goal) != puzzle.themes {
        return Err(Rejection::Broken("the themes differ from the solution's".into()));
    }
    Ok(())
}
