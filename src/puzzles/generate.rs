//! Finding puzzles in games: cheap filters first (a piece near the enemy den, a short search
//! seeing a win or a gain of material), the exact proof and the deeper second-best check only
//! for the candidates left.

use super::format::Puzzle;
use super::goal::{balance, Goal, Target, DECISIVE_GAIN};
use super::proof::Prover;
use super::solve::{solve, Rejection};
use super::themes::{difficulty, themes, Theme};
use crate::ai::{Engine, Limits, SearchParams, SearchResult};
use crate::rules::{Animal, Game, Move, Position};
use std::collections::{HashMap, HashSet};

/// Moves the proof of the filter for wanted themes may play for one position.
const WANTED_BUDGET: u64 = 200_000;

/// How hard the generator looks.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Whether to look for wins of the game.
    pub wins: bool,
    /// The material a gain puzzle asks for, if the generator looks for them.
    pub gain: Option<i32>,
    /// The fewest solver moves a puzzle has (1 would be a win in one move).
    pub min_moves: u32,
    /// The most solver moves a win puzzle has.
    pub max_moves: u32,
    /// The most solver moves a gain puzzle has (their proofs are wider).
    pub max_gain_moves: u32,
    /// Nodes for the short search that picks candidates.
    pub filter_nodes: u64,
    /// Moves the exact proof may play for one position.
    pub proof_budget: u64,
    /// Nodes for the deeper search of the second-best first move.
    pub check_nodes: u64,
    /// The second-best first move may win, but this many moves slower than the solution at least.
    pub slower_by: u32,
    /// For a gain: the second-best first move scores this much worse at least, and wins nothing.
    pub gain_margin: i32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            wins: true,
            gain: Some(DECISIVE_GAIN),
            min_moves: 2,
            max_moves: 4,
            max_gain_moves: 3,
            filter_nodes: 20_000,
            proof_budget: 3_000_000,
            check_nodes: 300_000,
            slower_by: 2,
            gain_margin: DECISIVE_GAIN / 2,
        }
    }
}

/// How many positions passed each stage, for the generator's report.
#[derive(Clone, Copy, Default, Debug)]
pub struct Stats {
    /// Positions looked at.
    pub positions: u64,
    /// Where the short search saw a win or a gain of the right length (new positions only).
    pub candidates: u64,
    /// With an exact, unique solution.
    pub solved: u64,
    /// Accepted: the second-best first move is far worse.
    pub accepted: u64,
    /// Of them, with a material goal.
    pub gains: u64,
}

/// Finds puzzles in positions, never the same position twice.
pub struct Generator {
    settings: Settings,
    engine: Engine,
    /// Ids of the positions tried → the length of their puzzle's solution (0: no puzzle).
    seen: HashMap<String, usize>,
    /// The solutions of the puzzles found or known (as text, with the rules): a position whose
    /// solution is one of them differs only by a piece that plays no part, and repeats a puzzle.
    lines: HashSet<String>,
    /// The themes a puzzle must show one of (none: any puzzle).
    wanted: Vec<Theme>,
    /// What passed each stage so far.
    pub stats: Stats,
}

impl Generator {
    /// A generator with `settings`.
    pub fn new(settings: Settings) -> Generator {
        Generator {
            settings,
            engine: Engine::new(16),
            seen: HashMap::new(),
            lines: HashSet::new(),
            wanted: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// Keeps only the puzzles showing one of `themes` (all if empty), refusing the others before
    /// the deeper checks.
    pub fn wanting(self, themes: Vec<Theme>) -> Generator {
        Generator { wanted: themes, ..self }
    }

    /// Marks a position (FEN without counters, with its rules) as used, e.g. one already in a file.
    pub fn skip(&mut self, puzzle: &Puzzle) {
        self.seen.insert(Puzzle::id_of(&puzzle.rules, &puzzle.fen), puzzle.solution.len());
        self.lines.insert(line_of(puzzle));
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

    /// The puzzle of a position, or why there is none: a win of the game if there is one to
    /// find, else a gain of material.
    pub fn puzzle_at(&mut self, pos: &Position) -> Result<Puzzle, Rejection> {
        let s = self.settings;
        self.stats.positions += 1;
        let (fen, id) = key(pos);
        if self.seen.contains_key(&id) {
            return Err(Rejection::Broken("already found".into()));
        }
        let game = Game::from_position(Position::from_fen(&fen, *pos.rules()).expect("a position's own FEN"));
        let mut found = Err(Rejection::NoWin);
        if s.wins && near_a_win(pos, s.max_moves) {
            found = self.attempt(&game, Goal::Win, s.max_moves);
        }
        if let (Err(_), Some(points)) = (&found, s.gain) {
            found = self.attempt(&game, Goal::Gain(points), s.max_gain_moves);
        }
        let puzzle = found?;
        if !self.lines.insert(line_of(&puzzle)) {
            return Err(Rejection::Broken("the solution of a known puzzle".into()));
        }
        self.stats.accepted += 1;
        self.stats.gains += u64::from(puzzle.goal != Goal::Win);
        self.seen.insert(id, puzzle.solution.len());
        Ok(puzzle)
    }

    /// The puzzle of `game` (counters at zero) with `goal` in at most `max_moves` moves.
    fn attempt(&mut self, game: &Game, goal: Goal, max_moves: u32) -> Result<Puzzle, Rejection> {
        let s = self.settings;
        if !self.wanted.is_empty() && !self.may_show_wanted(game, goal, max_moves) {
            return Err(Rejection::NoWin);
        }
        let target = Target::new(goal, game.position());
        let quick = self.search(game, 2 * max_moves, s.filter_nodes, None);
        let promising = match goal {
            Goal::Win => {
                quick.score.mate_in().is_some_and(|n| (s.min_moves as i32..=max_moves as i32).contains(&n))
            }
            Goal::Gain(_) => line_gains(game, &quick.pv, &target),
        };
        if !promising {
            return Err(Rejection::NoWin);
        }
        let (fen, id) = key(game.position());
        self.seen.insert(id.clone(), 0);
        self.stats.candidates += 1;
        let solution = solve(game, max_moves, &mut Prover::for_goal(s.proof_budget, goal, game.position()))?;
        let moves = solution.len().div_ceil(2) as u32;
        if moves < s.min_moves {
            return Err(Rejection::NoWin);
        }
        if goal != Goal::Win && solution_wins_the_game(game, &solution) {
            // A win of the game the win puzzle refused (not unique, or not clearly best).
            return Err(Rejection::Broken("the gain ends the game".into()));
        }
        self.stats.solved += 1;
        let themes = themes(game, &solution, goal);
        if !self.wanted.is_empty() && !themes.iter().any(|t| self.wanted.contains(t)) {
            return Err(Rejection::Broken("none of the themes wanted".into()));
        }
        if !self.clearly_best(game, goal, solution[0], moves) {
            return Err(Rejection::NotUnique(0));
        }
        let difficulty = self.difficulty(game, &solution, goal);
        Ok(Puzzle { id, rules: *game.rules(), fen, themes, difficulty, solution, goal })
    }

    /// A cheap exact filter for a generator wanting some themes (most positions show none of
    /// them), run before the search: whether a solution found with a small proof budget shows
    /// one of them.
    fn may_show_wanted(&self, game: &Game, goal: Goal, max_moves: u32) -> bool {
        let prover = &mut Prover::for_goal(WANTED_BUDGET, goal, game.position());
        solve(game, max_moves, prover)
            .is_ok_and(|line| themes(game, &line, goal).iter().any(|t| self.wanted.contains(t)))
    }

    /// Whether `first` is clearly the best first move, by a search deeper than the solution
    /// needs: for a win, the second-best move does not win within `slower_by` moves more; for a
    /// gain, the search plays `first` and the second-best move wins nothing and scores at least
    /// `gain_margin` less.
    fn clearly_best(&mut self, game: &Game, goal: Goal, first: Move, moves: u32) -> bool {
        let s = self.settings;
        let depth = 2 * moves + 3;
        let second = self.search(game, depth, s.check_nodes, Some(first));
        let second_wins = second.score.mate_in().is_some_and(|n| n > 0);
        if goal == Goal::Win {
            return !second.score.mate_in().is_some_and(|n| n > 0 && n < (moves + s.slower_by) as i32);
        }
        let best = self.search(game, depth, s.check_nodes, None);
        let margin = match (best.score.cp(), second.score.cp()) {
            (Some(b), Some(o)) => b - o >= s.gain_margin,
            _ => best.score.mate_in().is_some_and(|n| n > 0),
        };
        best.best == Some(first) && !second_wins && margin
    }

    /// A puzzle's themes and difficulty, worked out again from its position and solution (for
    /// files written by earlier versions). Fails if its text does not hold a game.
    pub fn relabel(&mut self, puzzle: &Puzzle) -> Result<Puzzle, Rejection> {
        let game = puzzle.game().map_err(|e| Rejection::Broken(e.0))?;
        let themes = themes(&game, &puzzle.solution, puzzle.goal);
        let difficulty = self.difficulty(&game, &puzzle.solution, puzzle.goal);
        Ok(Puzzle { themes, difficulty, ..puzzle.clone() })
    }

    /// The difficulty of `solution` from `game`: a search tells at what depth it settles on the
    /// first move, and the solution is looked through for material given on the way.
    fn difficulty(&mut self, game: &Game, solution: &[Move], goal: Goal) -> u8 {
        let moves = solution.len().div_ceil(2) as u32;
        let first = solution[0];
        let found_at = self.depth_finding(game, first, goal, 2 * moves + 3);
        let quiet = game.position().piece_at(first.to).is_none();
        difficulty(moves, found_at, quiet, gives_material(game, solution))
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

    /// The depth from which every deeper iteration of a search (up to `max`) has `first` as its
    /// best move — with a winning score, for a win — or `max + 1` if the last one has not.
    fn depth_finding(&mut self, game: &Game, first: Move, goal: Goal, max: u32) -> u32 {
        self.engine.new_game();
        let mut found = None;
        let limits = Limits { depth: Some(max), nodes: Some(self.settings.check_nodes) };
        self.engine.search(game, &limits, &mut |_| false, &mut |info| {
            let wins = goal != Goal::Win || info.score.mate_in().is_some_and(|n| n > 0);
            if wins && info.pv.first() == Some(&first) {
                found.get_or_insert(info.depth);
            } else {
                found = None;
            }
        });
        found.unwrap_or(max + 1)
    }
}

/// Whether the last move of `solution` ends the game.
fn solution_wins_the_game(game: &Game, solution: &[Move]) -> bool {
    let mut game = game.clone();
    solution.iter().all(|&m| game.play(m).is_ok()) && game.outcome().is_some()
}

/// Whether the solver gives material on the way: its first move can be taken, or after one of the
/// defender's replies the solver has less than at the start.
fn gives_material(game: &Game, solution: &[Move]) -> bool {
    let mut game = game.clone();
    let solver = game.position().turn();
    let start = balance(game.position(), solver);
    for (i, &m) in solution.iter().enumerate() {
        game.play(m).expect("a solution's moves are legal");
        if game.outcome().is_some() {
            break;
        }
        let exposed = i == 0 && game.legal_moves().iter().any(|r| r.to == m.to);
        if exposed || (i % 2 == 1 && balance(game.position(), solver) < start) {
            return true;
        }
    }
    false
}

/// Whether playing `line` from `game` reaches the `target`'s gain after one of the defender's
/// moves (or wins the game): a cheap sign, from a search's principal variation, that a proof
/// may succeed.
fn line_gains(game: &Game, line: &[Move], target: &Target) -> bool {
    let mut pos = game.position().clone();
    let solver = pos.turn();
    for (i, &m) in line.iter().enumerate() {
        pos.play(m);
        if pos.winner().is_some_and(|(w, _)| w == solver) || (i % 2 == 1 && target.gained(&pos)) {
            return true;
        }
    }
    false
}

/// A puzzle's rules and solution, as text.
fn line_of(puzzle: &Puzzle) -> String {
    let moves: Vec<String> = puzzle.solution.iter().map(Move::to_string).collect();
    format!("{}|{}", puzzle.rules, moves.join(" "))
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
    use crate::puzzles::verify;
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
        assert_eq!(verify(&puzzle, 1_000_000), Ok(()));
        assert_eq!(generator.relabel(&puzzle).unwrap(), puzzle);
        // The same position again is no new puzzle.
        assert!(generator.puzzle_at(&pos).is_err());
        assert_eq!(generator.stats.accepted, 1);
    }

    #[test]
    fn the_start_position_is_no_puzzle() {
        let mut generator = Generator::new(Settings::default());
        assert_eq!(generator.puzzle_at(&Position::new(Rules::default())), Err(Rejection::NoWin));
        assert_eq!(generator.stats.candidates, 0, "the cheap filters already said no");
    }
}
