//! Finding puzzles in games: cheap filters first (a piece near the enemy den, a short search
//! seeing a win), the exact proof and the deeper second-best check only for the candidates left.

use super::format::Puzzle;
use super::proof::Prover;
use super::solve::{solve, Rejection};
use super::themes::{difficulty, themes, Theme};
use crate::ai::{Engine, Limits, SearchParams, SearchResult};
use crate::rules::{Animal, Game, Move, Position};
use std::collections::HashMap;

/// How hard the generator looks.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The fewest solver moves a puzzle has (1 would be a win in one move).
    pub min_moves: u32,
    /// The most solver moves a puzzle has.
    pub max_moves: u32,
    /// Nodes for the short search that picks candidates.
    pub filter_nodes: u64,
    /// Moves the exact proof may play for one position.
    pub proof_budget: u64,
    /// Nodes for the deeper search of the second-best first move.
    pub check_nodes: u64,
    /// The second-best first move may win, but this many moves slower than the solution at least.
    pub slower_by: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            min_moves: 2,
            max_moves: 4,
            filter_nodes: 20_000,
            proof_budget: 3_000_000,
            check_nodes: 300_000,
            slower_by: 2,
        }
    }
}

/// How many positions passed each stage, for the generator's report.
#[derive(Clone, Copy, Default, Debug)]
pub struct Stats {
    /// Positions looked at.
    pub positions: u64,
    /// With a piece near the enemy den (or few enemy pieces).
    pub near: u64,
    /// Where the short search saw a win of the right length (new positions only).
    pub candidates: u64,
    /// With an exact, unique solution.
    pub solved: u64,
    /// Accepted: the second-best first move is far worse.
    pub accepted: u64,
}

/// Finds puzzles in positions, never the same position twice.
pub struct Generator {
    settings: Settings,
    engine: Engine,
    /// Ids of the positions tried → the length of their puzzle's solution (0: no puzzle).
    seen: HashMap<String, usize>,
    /// What passed each stage so far.
    pub stats: Stats,
}

impl Generator {
    /// A generator with `settings`.
    pub fn new(settings: Settings) -> Generator {
        Generator { settings, engine: Engine::new(16), seen: HashMap::new(), stats: Stats::default() }
    }

    /// Marks a position (FEN without counters, with its rules) as used, e.g. one already in a file.
    pub fn skip(&mut self, puzzle: &Puzzle) {
        self.seen.insert(Puzzle::id_of(&puzzle.rules, &puzzle.fen), puzzle.solution.len());
    }

    /// The puzzles of one game: each of its positions tried in turn; after a find (or a puzzle
    /// already known), the positions of its solution are skipped (they would repeat it).
    pub fn from_game(&mut self, game: &Game) -> Vec<Puzzle> {
        let mut found = Vec::new();
        let mut pos = game.start().clone();
        let mut skip_until = 0;
        for (ply, m) in game.moves().into_iter().enumerate() {
            if ply >= skip_until {
                let (_, id) = key(&pos);
                match self.seen.get(&id) {
                    Some(&known) => skip_until = ply + known,
                    None => {
                        if let Ok(puzzle) = self.puzzle_at(&pos) {
                            skip_until = ply + puzzle.solution.len();
                            found.push(puzzle);
                        }
                    }
                }
            }
            pos.play(m);
        }
        found
    }

    /// The puzzle of a position, or why there is none.
    pub fn puzzle_at(&mut self, pos: &Position) -> Result<Puzzle, Rejection> {
        let s = self.settings;
        self.stats.positions += 1;
        if !near_a_win(pos, s.max_moves) {
            return Err(Rejection::NoWin);
        }
        self.stats.near += 1;
        let (fen, id) = key(pos);
        let rules = *pos.rules();
        if self.seen.contains_key(&id) {
            return Err(Rejection::Broken("already found".into()));
        }
        let game = Game::from_position(Position::from_fen(&fen, rules).expect("a position's own FEN"));
        let quick = self.search(&game, 2 * s.max_moves - 1, s.filter_nodes, None);
        if !quick.score.mate_in().is_some_and(|n| (s.min_moves as i32..=s.max_moves as i32).contains(&n)) {
            return Err(Rejection::NoWin);
        }
        self.seen.insert(id.clone(), 0);
        self.stats.candidates += 1;
        let solution = solve(&game, s.max_moves, &mut Prover::new(s.proof_budget))?;
        let moves = solution.len().div_ceil(2) as u32;
        if moves < s.min_moves {
            return Err(Rejection::NoWin);
        }
        self.stats.solved += 1;
        let first = solution[0];
        // The second-best first move, searched deeper than the solution needs, must not win
        // within one move more than the solution: a puzzle has one clearly best move.
        let depth = 2 * moves + 3;
        let second = self.search(&game, depth, s.check_nodes, Some(first));
        if second.score.mate_in().is_some_and(|n| n > 0 && n < (moves + s.slower_by) as i32) {
            return Err(Rejection::NotUnique(0));
        }
        self.stats.accepted += 1;
        self.seen.insert(id.clone(), solution.len());
        let (themes, difficulty) = self.labels(&game, &solution);
        Ok(Puzzle { id, rules, fen, themes, difficulty, solution })
    }

    /// A puzzle's themes and difficulty, worked out again from its position and solution (for
    /// files written by earlier versions). Fails if its text does not hold a game.
    pub fn relabel(&mut self, puzzle: &Puzzle) -> Result<Puzzle, Rejection> {
        let game = puzzle.game().map_err(|e| Rejection::Broken(e.0))?;
        let (themes, difficulty) = self.labels(&game, &puzzle.solution);
        Ok(Puzzle { themes, difficulty, ..puzzle.clone() })
    }

    /// The themes and difficulty of `solution` from `game`: the difficulty asks a search at what
    /// depth it finds the first move.
    fn labels(&mut self, game: &Game, solution: &[Move]) -> (Vec<Theme>, u8) {
        let moves = solution.len().div_ceil(2) as u32;
        let first = solution[0];
        let found_at = self.depth_finding(game, first, 2 * moves + 3);
        let quiet = game.position().piece_at(first.to).is_none();
        (themes(game, solution), difficulty(moves, found_at, quiet))
    }

    /// A search of `game` from a fresh state (reproducible), optionally without one root move.
    fn search(&mut self, game: &Game, depth: u32, nodes: u64, excluded: Option<Move>) -> SearchResult {
        self.engine.new_game();
        let params = SearchParams {
            limits: Limits { depth: Some(depth), nodes: Some(nodes) },
            contempt: 0,
            progress: 0,
            excluded,
        };
        self.engine.search_with(game, &params, &mut |_| false, &mut |_| {})
    }

    /// The first search depth whose best move is `first` with a winning score, or `max + 1`.
    fn depth_finding(&mut self, game: &Game, first: Move, max: u32) -> u32 {
        self.engine.new_game();
        let mut found = None;
        let limits = Limits { depth: Some(max), nodes: Some(self.settings.check_nodes) };
        self.engine.search(game, &limits, &mut |_| false, &mut |info| {
            let wins = info.score.mate_in().is_some_and(|n| n > 0);
            if found.is_none() && wins && info.pv.first() == Some(&first) {
                found = Some(info.depth);
            }
        });
        found.unwrap_or(max + 1)
    }
}

/// A position's FEN without counters (the puzzle's start) and its puzzle id.
fn key(pos: &Position) -> (String, String) {
    let fen = pos.fen().split(' ').take(2).collect::<Vec<_>>().join(" ");
    let id = Puzzle::id_of(pos.rules(), &fen);
    (fen, id)
}

/// A cheap test that a win within `moves` moves is at all possible: a piece close enough to the
/// enemy den (a Lion or Tiger may gain three squares by a jump), or few enough enemy pieces to
/// take them all.
fn near_a_win(pos: &Position, moves: u32) -> bool {
    let us = pos.turn();
    if pos.pieces(!us).count() <= moves {
        return true;
    }
    let Some(den) = pos.terrain().dens[!us].first() else { return false };
    Iterator::any(&mut pos.pieces(us), |sq| {
        let jumper = pos.piece_at(sq).is_some_and(|p| matches!(p.animal, Animal::Lion | Animal::Tiger));
        let reach = moves + if jumper { 3 } else { 0 };
        (sq.file().abs_diff(den.file()) + sq.rank().abs_diff(den.rank())) as u32 <= reach
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{verify, Prover};
    use crate::rules::Rules;

    #[test]
    fn a_found_puzzle_is_proved_labelled_and_verified() {
        // From a self-play game: Red's tiger d7 reaches the den by d8 (Blue's trap).
        let pos =
            Position::from_fen("6t/l4p1/r2T2c/6R/7/E6/2WP3/2C1D2/6L w 12 30", Rules::default()).unwrap();
        let mut generator = Generator::new(Settings::default());
        let puzzle = generator.puzzle_at(&pos).unwrap();
        assert_eq!(puzzle.fen, "6t/l4p1/r2T2c/6R/7/E6/2WP3/2C1D2/6L w");
        assert_eq!(puzzle.solution.first().map(Move::to_string).as_deref(), Some("d7d8"));
        assert_eq!(puzzle.themes, vec![Theme::Den]);
        assert!((1..=5).contains(&puzzle.difficulty));
        assert_eq!(verify(&puzzle, &mut Prover::new(1_000_000)), Ok(()));
        assert_eq!(generator.relabel(&puzzle).unwrap(), puzzle);
        // The same position again is no new puzzle.
        assert!(generator.puzzle_at(&pos).is_err());
        assert_eq!(generator.stats.accepted, 1);
    }

    #[test]
    fn the_start_position_is_no_puzzle() {
        let mut generator = Generator::new(Settings::default());
        assert_eq!(generator.puzzle_at(&Position::new(Rules::default())), Err(Rejection::NoWin));
        assert_eq!(generator.stats.near, 0, "the cheap filter already said no");
    }
}
