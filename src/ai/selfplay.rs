//! Matches between two players over varied openings, both colours each, adjudicated by the
//! rules, with W/D/L and an Elo estimate. Players are trait objects, so the same driver plays
//! levels, search configurations, or (through an adapter) external protocol engines.

use super::engine::Engine;
use super::level::Level;
use super::prng::Rng;
use super::types::{Limits, SearchConfig};
use super::weights::Weights;
use crate::rules::{Color, Game, Move, Outcome, Reason, Rules};
use std::fmt;

/// Anything that chooses moves.
pub trait Player {
    /// A short name for reports.
    fn name(&self) -> String;
    /// Called before each game.
    fn new_game(&mut self) {}
    /// The move to play in `game` (which is not over). `None` or an illegal move loses.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// The engine searching with fixed limits, a configuration and weights.
pub struct SearchPlayer {
    engine: Engine,
    limits: Limits,
    name: String,
}

impl SearchPlayer {
    /// A player searching within `limits` with `config` and `weights` (16 MB table).
    pub fn new(name: &str, limits: Limits, config: SearchConfig, weights: Weights) -> SearchPlayer {
        let mut engine = Engine::new(16);
        engine.set_config(config);
        engine.set_weights(weights);
        SearchPlayer { engine, limits, name: name.to_string() }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.engine.search(game, &self.limits, &mut |_| false, &mut |_| {}).best
    }
}

/// The engine playing at a level; level 8 stops after `limits.nodes` (it has no budget of its own).
pub struct LevelPlayer {
    engine: Engine,
    level: Level,
    limits: Limits,
    rng: Rng,
}

impl LevelPlayer {
    /// A player at `level` drawing its per-move seeds from `seed`.
    pub fn new(level: Level, seed: u64, limits: Limits) -> LevelPlayer {
        LevelPlayer { engine: Engine::new(16), level, limits, rng: Rng::new(seed) }
    }

    /// The same player searching with `config` and evaluating with `weights` (for trying a
    /// change of the search or tuned weights at a level).
    pub fn with(mut self, config: SearchConfig, weights: Weights) -> LevelPlayer {
        self.engine.set_config(config);
        self.engine.set_weights(weights);
        self
    }
}

impl Player for LevelPlayer {
    fn name(&self) -> String {
        format!("level {}", self.level.number())
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
    fn choose(&mut self, game: &Game) -> Option<Move> {
        let seed = self.rng.next_u64();
        // Level 8 has no budget of its own: `limits.nodes` stands in for the caller's clock.
        let budget = self.limits.nodes.unwrap_or(u64::MAX);
        self.engine.play_level(game, self.level, seed, &mut |n| n >= budget, &mut |_| {}).best
    }
}

/// The hints a player is given ([`Engine::hint`]), followed every move.
pub struct HintPlayer {
    engine: Engine,
}

impl HintPlayer {
    /// A player following hints (16 MB table).
    pub fn new() -> HintPlayer {
        HintPlayer { engine: Engine::new(16) }
    }
}

impl Default for HintPlayer {
    fn default() -> HintPlayer {
        HintPlayer::new()
    }
}

impl Player for HintPlayer {
    fn name(&self) -> String {
        "hint".to_string()
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.engine.hint(game, &mut |_| false, &mut |_| {}).best
    }
}

/// Plays one game from `start`; `max_plies` more plies without a result make a draw.
/// A player that returns no move or an illegal one loses.
pub fn play_game(
    start: &Game,
    red: &mut dyn Player,
    blue: &mut dyn Player,
    max_plies: usize,
) -> (Outcome, Game) {
    let mut game = start.clone();
    for _ in 0..max_plies {
        if let Some(outcome) = game.outcome() {
            return (outcome, game);
        }
        let mover = game.position().turn();
        let player: &mut dyn Player = if mover == Color::Red { &mut *red } else { &mut *blue };
        let legal = player.choose(&game).is_some_and(|m| game.play(m).is_ok());
        if !legal {
            return (Outcome { winner: Some(!mover), reason: Reason::NoMoves }, game);
        }
    }
    let outcome = game.outcome().unwrap_or(Outcome { winner: None, reason: Reason::NoCaptureLimit });
    (outcome, game)
}

/// Wins, draws and losses from the first player's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, 0.0..=1.0.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference implied by the score and its 95% error margin.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score().clamp(0.001, 0.999);
        let elo = -400.0 * (1.0 / p - 1.0).log10();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let margin = 1.96 * se * 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
        (elo, margin)
    }
}

/// `W/D/L +w =d -l, score s%, Elo e ± m`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (elo, margin) = self.elo();
        write!(
            f,
            "games {} W/D/L {}/{}/{} score {:.1}% Elo {:+.0} ± {:.0}",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            elo,
            margin
        )
    }
}

/// Plays every opening twice (each player once as Red) and tallies from `a`'s side.
/// `on_game` sees each finished game with `a`'s colour.
pub fn run_match(
    a: &mut dyn Player,
    b: &mut dyn Player,
    openings: &[Game],
    max_plies: usize,
    on_game: &mut dyn FnMut(&Tally, Color, &Outcome, &Game),
) -> Tally {
    let mut tally = Tally::default();
    for opening in openings {
        for a_color in Color::ALL {
            a.new_game();
            b.new_game();
            let (outcome, game) = if a_color == Color::Red {
                play_game(opening, a, b, max_plies)
            } else {
                play_game(opening, b, a, max_plies)
            };
            match outcome.winner {
                None => tally.draws += 1,
                Some(c) if c == a_color => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
            on_game(&tally, a_color, &outcome, &game);
        }
    }
    tally
}

/// `count` varied openings: `plies` random legal moves from the start position, keeping only
/// those a short search finds roughly balanced (within ±`balance` centipawns). Deterministic in `seed`.
pub fn openings(rules: Rules, count: usize, plies: usize, balance: i32, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(4);
    // Grown as found: `count` comes from the command line and may be absurd.
    let mut found = Vec::new();
    let mut attempts = 0usize;
    while found.len() < count && attempts < count.saturating_mul(50) {
        attempts += 1;
        let mut game = Game::new(rules);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            if game.play(m).is_err() {
                break;
            }
        }
        if game.outcome().is_some() {
            continue;
        }
        engine.new_game();
        let r = engine.search(
            &game,
            &Limits { depth: Some(4), nodes: Some(50_000) },
            &mut |_| false,
            &mut |_| {},
        );
        if r.score.cp().is_some_and(|cp| cp.abs() <= balance) {
            found.push(game);
        }
    }
    found
}
