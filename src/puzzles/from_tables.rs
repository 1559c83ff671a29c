//! Puzzles drawn from the endgame tables: positions where the side to move wins, and at each
//! of its turns exactly one move wins (every other draws or loses), the defender answering
//! with the tables' longest defence. The tables prove the whole line; no search is needed.

use super::format::Puzzle;
use super::goal::Goal;
use super::themes::{difficulty, themes};
use crate::ai::Rng;
use crate::rules::{Game, Move, Position};
use crate::tablebase::index::Layout;
use crate::tablebase::{Material, Tablebase, Value};
use std::ops::RangeInclusive;

/// Tries per puzzle wanted before a set is given up (most positions have several wins).
const TRIES_PER_PUZZLE: usize = 20_000;

/// Up to `count` puzzles of the material set `set`, winning in a number of plies within
/// `plies`, from entries drawn with `rng`; `tables` must hold the set and those below it.
pub fn from_tables(
    tables: &Tablebase,
    set: Material,
    plies: RangeInclusive<u16>,
    count: usize,
    rng: &mut Rng,
) -> Vec<Puzzle> {
    let layout = Layout::new(set);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for _ in 0..count * TRIES_PER_PUZZLE {
        if puzzles.len() >= count {
            break;
        }
        let Some(pos) = layout.position(rng.below(layout.len() as u64) as usize) else { continue };
        let won = matches!(tables.probe(&pos), Some(Value::Win(p)) if plies.contains(&p));
        if let Some(puzzle) = won.then(|| puzzle_at(tables, &pos)).flatten() {
            if puzzles.iter().all(|p| p.id != puzzle.id) {
                puzzles.push(puzzle);
            }
        }
    }
    puzzles
}

/// The puzzle of `pos` (a win for the side to move by the tables), if its solver has exactly
/// one winning move at every turn.
pub fn puzzle_at(tables: &Tablebase, pos: &Position) -> Option<Puzzle> {
    let start = Game::from_position(pos.clone());
    let mut game = start.clone();
    let mut solution: Vec<Move> = Vec::new();
    while game.outcome().is_none() {
        let moves = tables.probe_moves(game.position())?;
        let solver_turn = solution.len().is_multiple_of(2);
        let chosen = if solver_turn {
            let mut wins = moves.iter().filter(|(_, v)| matches!(v, Value::Win(_)));
            let (only, _) = wins.next()?;
            if wins.next().is_some() {
                return None;
            }
            *only
        } else {
            moves.first()?.0
        };
        game.play(chosen).ok()?;
        solution.push(chosen);
    }
    (game.outcome()?.winner == Some(pos.turn())).then_some(())?;
    let fen = pos.fen();
    // Few animals: the themes include the endgame.
    let labels = themes(&start, &solution, Goal::Win);
    let moves = solution.len().div_ceil(2) as u32;
    let first = solution[0];
    let quiet = pos.piece_at(first.to).is_none();
    Some(Puzzle {
        id: Puzzle::id_of(pos.rules(), &fen),
        rules: *pos.rules(),
        fen,
        solution,
        themes: labels,
        difficulty: difficulty(moves, 0, quiet, false),
        goal: Goal::Win,
    })
}
