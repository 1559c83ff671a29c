//! The exact proof of a forced win: every move of the solver (the side to move) against every
//! reply of the defender, to a fixed number of the solver's moves. A win is a rule fact — the
//! den entered, every enemy piece taken, or the defender left without a move — or, for a
//! material goal, a count of pieces after the defender's reply ([`Goal`]); never an evaluation,
//! so a proof found here holds whatever the search or its weights say.

use super::goal::{victim_value, Goal, Target};
use crate::rules::{Color, Game, Move, MoveList, Position};
use std::collections::HashMap;

/// The proof ran past its node budget (the position is too wide to decide cheaply).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OutOfBudget;

/// An AND/OR search with a memo of decided positions and a node budget. Below, to *win* is to
/// reach the prover's goal (a win of the game, or a gain of material kept after the reply).
pub struct Prover {
    /// What the solver must reach.
    target: Target,
    /// (position hash, solver moves left) → whether the side to move wins within them.
    memo: HashMap<(u64, u32), bool>,
    /// The defender's last refutation at each number of moves left, tried first next time.
    refutations: Vec<Option<Move>>,
    nodes: u64,
    budget: u64,
}

impl Prover {
    /// A prover of wins of the game that gives up after `budget` moves played in all.
    pub fn new(budget: u64) -> Prover {
        Prover::with_target(budget, Target::win())
    }

    /// A prover of `goal` for the side to move in `start` (the puzzle's first position).
    pub fn for_goal(budget: u64, goal: Goal, start: &Position) -> Prover {
        Prover::with_target(budget, Target::new(goal, start))
    }

    fn with_target(budget: u64, target: Target) -> Prover {
        Prover { target, memo: HashMap::new(), refutations: Vec::new(), nodes: 0, budget }
    }

    /// Whether the game, going on with the solver to move, has reached a material goal already.
    pub fn gained(&self, game: &Game) -> bool {
        self.target.gained(game.position())
    }

    /// Moves played so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move forces a win within `moves` of its own moves.
    pub fn forces_win(&mut self, game: &mut Game, moves: u32) -> Result<bool, OutOfBudget> {
        if moves == 0 {
            return Ok(false);
        }
        // The chase rules depend on the moves played, which a position's hash does not hold.
        let key = (!game.rules().chase_rules).then(|| (game.position().hash(), moves));
        if let Some(&known) = key.as_ref().and_then(|k| self.memo.get(k)) {
            return Ok(known);
        }
        let mut wins = false;
        for m in self.ordered(game).iter().copied() {
            if self.move_wins(game, m, moves)? {
                wins = true;
                break;
            }
        }
        if let Some(k) = key {
            self.memo.insert(k, wins);
        }
        Ok(wins)
    }

    /// Whether playing `m` (legal in `game`) wins within `moves` moves, this one included.
    pub fn move_wins(&mut self, game: &mut Game, m: Move, moves: u32) -> Result<bool, OutOfBudget> {
        let solver = game.position().turn();
        self.play(game, m)?;
        let result = match game.outcome() {
            Some(outcome) => Ok(outcome.winner == Some(solver)),
            None if moves <= 1 && self.target.win_only() => Ok(false),
            None => self.every_reply_loses(game, solver, moves - 1),
        };
        game.undo();
        result
    }

    /// The moves of the side to move that win within `moves` moves.
    pub fn winning_moves(&mut self, game: &mut Game, moves: u32) -> Result<Vec<Move>, OutOfBudget> {
        let mut found = Vec::new();
        for m in game.legal_moves().iter().copied() {
            if self.move_wins(game, m, moves)? {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// The fewest moves, at most `max`, within which the side to move forces a win.
    pub fn distance(&mut self, game: &mut Game, max: u32) -> Result<Option<u32>, OutOfBudget> {
        for moves in 1..=max {
            if self.forces_win(game, moves)? {
                return Ok(Some(moves));
            }
        }
        Ok(None)
    }

    /// The defender is to move: whether the solver wins within `moves` after every reply (or,
    /// for a material goal, has reached it after the reply).
    fn every_reply_loses(&mut self, game: &mut Game, solver: Color, moves: u32) -> Result<bool, OutOfBudget> {
        let mut replies = game.legal_moves();
        let slot = moves as usize;
        if self.refutations.len() <= slot {
            self.refutations.resize(slot + 1, None);
        }
        if let Some(r) = self.refutations[slot] {
            if let Some(i) = replies.iter().position(|&m| m == r) {
                replies.as_mut_slice().swap(0, i);
            }
        }
        for r in replies.iter().copied() {
            self.play(game, r)?;
            let lost = match game.outcome() {
                Some(outcome) => Ok(outcome.winner == Some(solver)),
                None if self.gained(game) => Ok(true),
                None => self.forces_win(game, moves),
            };
            game.undo();
            if !lost? {
                self.refutations[slot] = Some(r);
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn play(&mut self, game: &mut Game, m: Move) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        game.play(m).expect("the prover plays legal moves");
        Ok(())
    }

    /// The legal moves, those ending nearest the enemy den first (wins are usually found there);
    /// for a material goal, captures of the most valuable pieces before them.
    fn ordered(&self, game: &Game) -> MoveList {
        let pos = game.position();
        let mut moves = game.legal_moves();
        if let Some(den) = pos.terrain().dens[!pos.turn()].first() {
            let distance = |m: &Move| m.to.file().abs_diff(den.file()) + m.to.rank().abs_diff(den.rank());
            if self.target.win_only() {
                moves.as_mut_slice().sort_by_key(distance);
            } else {
                moves.as_mut_slice().sort_by_key(|m| (-victim_value(pos, m.to), distance(m)));
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Rules};

    fn game(fen: &str) -> Game {
        Game::from_position(Position::from_fen(fen, Rules::default()).unwrap())
    }

    #[test]
    fn a_rat_beside_the_den_wins_in_one() {
        let mut g = game("7/3R3/7/7/7/7/7/7/l6 w");
        let mut prover = Prover::new(1_000_000);
        assert_eq!(prover.distance(&mut g, 3), Ok(Some(1)));
        assert_eq!(
            prover.winning_moves(&mut g, 1).unwrap(),
            vec![Move::new("d8".parse().unwrap(), "d9".parse().unwrap())]
        );
    }

    #[test]
    fn only_the_unguarded_path_wins_and_a_second_guard_holds() {
        // Red's rat on c8 reaches the den by c9 or d8; Blue's cat on b9 guards c9 only.
        let mut g = game("1c5/2R4/7/7/7/7/7/7/7 w");
        let mut prover = Prover::new(1_000_000);
        let c8d8 = Move::new("c8".parse().unwrap(), "d8".parse().unwrap());
        assert_eq!(prover.winning_moves(&mut g, 2).unwrap(), vec![c8d8]);
        // A dog on e8 guards d8 as well: no win within two moves.
        let mut g = game("1c5/2R1d2/7/7/7/7/7/7/7 w");
        assert_eq!(Prover::new(1_000_000).distance(&mut g, 2), Ok(None));
    }

    #[test]
    fn the_budget_is_kept() {
        let mut g = Game::new(Rules::default());
        let mut prover = Prover::new(100);
        assert_eq!(prover.distance(&mut g, 3), Err(OutOfBudget));
        assert!(prover.nodes() <= 101);
    }
}
