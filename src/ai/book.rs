//! The opening book: for the first plies from the standard start, a few good moves per position
//! found by the engine's own deep searches (`jungle book`), each with its score. Levels 5–8
//! play from it, picking among the moves at random weighted by score, so the computer opens
//! soundly and not always the same way.
//!
//! The text (`book.txt`, compiled in) has one position per line: the moves that lead to it from
//! the start, `>`, then the book moves with their scores for the side to move, best first:
//!
//! ```text
//! a3a4 g7g6 > e3d3 14 c3d3 9
//! ```
//! (A line starting with `>` is the start itself, `#` starts a comment.)

use super::engine::Engine;
use super::prng::Rng;
use super::types::Limits;
use crate::rules::{Game, Move, Position, Rules};
use std::fmt::Write;
use std::sync::OnceLock;

/// The text of the book built into the engine.
pub const BUILT_IN: &str = include_str!("book.txt");

/// How many centipawns worse than a position's best book move its worst may be chosen with
/// some chance: a move's weight is this plus its score minus the best score.
const SPREAD: i32 = 30;

/// A book move and its score for the side to move (centipawns).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its score found by the search that built the book.
    pub score: i32,
}

/// Book positions by the moves that lead to them from the standard start.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// (line, moves), in the order of the text: a few dozen, looked up one by one (a hash map
    /// would cost the page more code than the lookups cost time).
    lines: Vec<(String, Vec<BookMove>)>,
}

impl Book {
    /// The book compiled into the engine (checked by the tests: every move legal).
    pub fn built_in() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        // A broken built-in book is a build error caught by the tests; playing on without a
        // book is better than stopping the game.
        BOOK.get_or_init(|| Book::parse(BUILT_IN).unwrap_or_default())
    }

    /// Reads a book's text, replaying every line from the standard start: an unknown or
    /// illegal move, or a line given twice, is an error naming the line.
    pub fn parse(text: &str) -> Result<Book, String> {
        let mut book = Book::default();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |what: String| format!("book line {}: {what}", n + 1);
            let (path, choices) = line.split_once('>').ok_or_else(|| bad("no `>`".to_string()))?;
            let mut game = Game::new(Rules::default());
            for text in path.split_whitespace() {
                game.play_text(text).map_err(|e| bad(format!("{text}: {e}")))?;
            }
            let words: Vec<&str> = choices.split_whitespace().collect();
            if words.is_empty() || !words.len().is_multiple_of(2) {
                return Err(bad("expected `move score` pairs after `>`".to_string()));
            }
            let mut moves = Vec::new();
            for pair in words.chunks(2) {
                let mv = game.position().parse_move(pair[0]).map_err(|e| bad(format!("{}: {e}", pair[0])))?;
                if !game.is_legal(mv) {
                    return Err(bad(format!("{} is not legal here", pair[0])));
                }
                let score =
                    pair[1].parse().map_err(|_| bad(format!("score `{}` is not a number", pair[1])))?;
                moves.push(BookMove { mv, score });
            }
            if !book.add(&game, moves) {
                return Err(bad("this position is given twice".to_string()));
            }
        }
        Ok(book)
    }

    /// The book moves for the game's position: none unless the game began at the standard start
    /// under the standard rules and is still in the book.
    pub fn moves(&self, game: &Game) -> &[BookMove] {
        if game.history().len() > self.deepest() || !standard(game) {
            return &[];
        }
        let key = key_of(game);
        self.lines.iter().find(|(line, _)| *line == key).map_or(&[], |(_, moves)| moves)
    }

    /// A book move for the game's position, chosen at random weighted by score.
    pub fn pick(&self, game: &Game, rng: &mut Rng) -> Option<BookMove> {
        let moves = self.moves(game);
        let best = moves.iter().map(|m| m.score).max()?;
        let weight = |m: &BookMove| (SPREAD + m.score - best).max(1) as u64;
        let mut ticket = rng.below(moves.iter().map(weight).sum());
        for m in moves {
            if ticket < weight(m) {
                return Some(*m);
            }
            ticket -= weight(m);
        }
        None
    }

    /// Every position of the book: the line leading to it and its moves.
    pub fn lines(&self) -> impl Iterator<Item = (&str, &[BookMove])> {
        self.lines.iter().map(|(line, moves)| (line.as_str(), moves.as_slice()))
    }

    /// The book as text, in the format [`Book::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (line, moves) in self.lines() {
            let choices: Vec<String> = moves.iter().map(|m| format!("{} {}", m.mv, m.score)).collect();
            let sep = if line.is_empty() { "" } else { " " };
            let _ = writeln!(text, "{line}{sep}> {}", choices.join(" "));
        }
        text
    }

    /// The most plies of any line.
    fn deepest(&self) -> usize {
        self.lines.iter().map(|(line, _)| line.split_whitespace().count()).max().unwrap_or(0)
    }

    /// Adds the game's position with its moves, unless it is there already (then false).
    fn add(&mut self, game: &Game, moves: Vec<BookMove>) -> bool {
        let key = key_of(game);
        let new = self.lines.iter().all(|(line, _)| *line != key);
        if new {
            self.lines.push((key, moves));
        }
        new
    }
}

/// What a book build searches.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Each move is scored by a search this deep of the position after it.
    pub depth: u32,
    /// Positions up to this many plies from the start get book moves.
    pub plies: usize,
    /// At most this many moves per position.
    pub width: usize,
    /// Only moves at most this many centipawns worse than the best.
    pub margin: i32,
    /// Orders moves of equal score (quiet openings have many), so the book varies.
    pub seed: u64,
}

/// Builds a book from the standard start: every legal move of each position is scored by a
/// search of `options.depth` plies, and the best few within the margin are kept and followed.
/// `on_position` is told each position's line as it is done.
pub fn build(options: &BuildOptions, on_position: &mut dyn FnMut(&str, &[BookMove])) -> Book {
    let mut book = Book::default();
    let mut engine = Engine::new(64);
    let mut rng = Rng::new(options.seed);
    let mut frontier = vec![Game::new(Rules::default())];
    for _ in 0..options.plies {
        let mut next = Vec::new();
        for game in &frontier {
            let moves = best_moves(&mut engine, game, options, &mut rng);
            on_position(&key_of(game), &moves);
            for m in &moves {
                let mut child = game.clone();
                if child.play(m.mv).is_ok() && child.outcome().is_none() {
                    next.push(child);
                }
            }
            book.add(game, moves);
        }
        frontier = next;
    }
    book
}

/// The best few moves of `game` by a search of each one's position, best first.
fn best_moves(engine: &mut Engine, game: &Game, options: &BuildOptions, rng: &mut Rng) -> Vec<BookMove> {
    let limits = Limits { depth: Some(options.depth.saturating_sub(1).max(1)), nodes: None };
    let mut scored: Vec<BookMove> = game
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            let mut child = game.clone();
            child.play(mv).ok()?;
            let r = engine.search(&child, &limits, &mut |_| false, &mut |_| {});
            // Decided lines have no place in an opening book.
            r.score.cp().map(|cp| BookMove { mv, score: -cp })
        })
        .collect();
    // Shuffled, then sorted by score: equal scores come in random order.
    for i in (1..scored.len()).rev() {
        scored.swap(i, rng.below(i as u64 + 1) as usize);
    }
    scored.sort_by_key(|m| -m.score);
    let best = scored.first().map_or(0, |m| m.score);
    scored.retain(|m| m.score >= best - options.margin);
    scored.truncate(options.width);
    scored
}

/// The line of moves from the start, as the book writes it.
fn key_of(game: &Game) -> String {
    game.moves().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Whether the game began at the standard start under the standard rules.
fn standard(game: &Game) -> bool {
    static START: OnceLock<Position> = OnceLock::new();
    let start = START.get_or_init(|| Position::new(Rules::default()));
    *game.rules() == Rules::default() && game.start().fen() == start.fen()
}
