//! Playing levels 1–8: search budgets in nodes and depth (the same natively and in wasm)
//! and controlled randomness from the caller's seed.

use super::book::Book;
use super::engine::Engine;
use super::eval::evaluate;
use super::prng::Rng;
use super::score::{Score, WIN};
use super::types::{Info, Limits, SearchParams, SearchResult};
use crate::rules::{Game, Move};

/// A playing level from 1 (a beginner a child can beat) to 8 (full strength).
///
/// | level | search | randomness |
/// |---|---|---|
/// | 1 | each move + quiescence (captures) | ±350 noise, overlooks half the captures and replies |
/// | 2 | the same | ±150 noise, overlooks a quarter |
/// | 3 | each move + 1 ply | ±80 noise, overlooks a tenth |
/// | 4 | each move + 2 plies | ±40 noise, overlooks 1 in 25 |
/// | 5 | full search, ~3,000 nodes | node budget ±20% from the seed; 20% second-best move, 4% random move |
/// | 6 | full search, ~15,000 nodes | the same; 15% second-best, 4% random |
/// | 7 | full search, ~80,000 nodes | the same; 6% second-best, 3% random |
/// | 8 | full search, the caller's `stop` | none |
///
/// Levels 1–4 score moves with the linear evaluation alone; levels 5–8 add the
/// [`nnue`](super::nnue) correction, and open from the [`Book`] (a move at random among its
/// few, weighted by score).
/// Levels play with a contempt of 60 centipawns (they avoid repetition draws unless clearly
/// worse; levels 5–8 up to 200 more when ahead on the board) and a drive forward of 8 centipawns per rank their pieces advance (they leave closed,
/// balanced positions rather than shuffle until the no-capture limit). Budgets are in nodes,
/// not time, so a level plays the same natively and in the browser.
/// Each level scores at least 65% against the one below (`scripts/match-levels`).
///
/// ```
/// use jungle::ai::Level;
/// assert_eq!(Level::new(3).unwrap().number(), 3);
/// assert!(Level::new(0).is_none() && Level::new(9).is_none());
/// assert_eq!(Level::MAX.number(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

impl Level {
    /// The strongest level: the search limited only by the caller.
    pub const MAX: Level = Level(8);
    /// The weakest level.
    pub const MIN: Level = Level(1);

    /// The level `n`, if it is 1..=8.
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// The level's number, 1..=8.
    pub fn number(self) -> u8 {
        self.0
    }
}

/// How a level plays.
struct Profile {
    /// Weak levels score every root move with a search this deep after it (0 = quiescence).
    depth: u32,
    /// Strong levels search normally with about this many nodes (0 = the caller's limits).
    nodes: u64,
    /// Uniform noise added to each root move's score, ± this many centipawns.
    noise: i32,
    /// Weak levels: the chance of overlooking a capture or den move, or the reply to a move.
    /// Strong levels: the chance of playing the best other move instead of the best.
    miss: f64,
    /// Strong levels: the chance of a careless move, any legal move at random.
    blunder: f64,
    /// Plays from the opening book while the game is in it.
    book: bool,
}

fn profile(level: Level) -> Profile {
    let p =
        |depth, nodes, noise, miss, blunder| Profile { depth, nodes, noise, miss, blunder, book: nodes > 0 };
    match level.0 {
        1 => p(0, 0, 350, 0.5, 0.0),
        2 => p(0, 0, 150, 0.25, 0.0),
        3 => p(1, 0, 80, 0.1, 0.0),
        4 => p(2, 0, 40, 0.04, 0.0),
        5 => p(0, 3_000, 0, 0.2, 0.04),
        6 => p(0, 15_000, 0, 0.15, 0.04),
        7 => p(0, 80_000, 0, 0.06, 0.03),
        _ => Profile { book: true, ..p(0, 0, 0, 0.0, 0.0) },
    }
}

impl Engine {
    /// A move at a playing level (1 = beginner ... 8 = full strength, limited only by
    /// `stop`/limits), with randomness from `seed`. Levels play for a win: every search they
    /// make counts a draw as bad for the side to move (a contempt of 60, more when it is ahead).
    pub fn play_level(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        play_with(self, game, &profile(level), seed, stop, on_info)
    }
}

/// The contempt levels play with when about level: they avoid repetitions unless clearly worse.
const LEVEL_CONTEMPT: i32 = 60;
/// The most a strong level's contempt grows when it stands better (see [`eager_contempt`]).
const EAGER_MAX: i32 = 200;
/// The drive forward levels play with, per rank of advancement beyond the root's: with the
/// contempt, enough to leave a closed, balanced position (equal self-play drew nine games in
/// ten without them), not enough to give material for space (stronger drives lost more games
/// to the previous version).
const LEVEL_PROGRESS: i32 = 8;

/// The search parameters of a level's searches.
fn params(limits: Limits, contempt: i32, excluded: Option<Move>) -> SearchParams {
    SearchParams { limits, contempt, progress: LEVEL_PROGRESS, excluded }
}

/// The contempt of a strong level's search in `game`: [`LEVEL_CONTEMPT`] plus half the side to
/// move's static advantage, up to [`EAGER_MAX`] more. Level self-play drew half its games by
/// repetition, most with one side well ahead on the board yet tied to guarding its den against
/// an enemy lion or tiger, and both searches found the draw best; the side ahead now pays more
/// for a draw, so it plays on (self-play drew about 40 games in 100 instead of 53).
pub(crate) fn eager_contempt(game: &Game) -> i32 {
    let advantage = evaluate(game.position()).max(0);
    LEVEL_CONTEMPT + (advantage / 2).min(EAGER_MAX)
}

fn play_with(
    engine: &mut Engine,
    game: &Game,
    profile: &Profile,
    seed: u64,
    stop: &mut dyn FnMut(u64) -> bool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let mut rng = Rng::new(seed ^ game.position().hash());
    if let Some(m) = profile.book.then(|| Book::built_in().pick(game, &mut rng)).flatten() {
        let score = Score::from_cp(m.score);
        on_info(&Info { depth: 0, seldepth: 0, score, nodes: 0, pv: vec![m.mv] });
        return SearchResult { best: Some(m.mv), score, depth: 0, nodes: 0, pv: vec![m.mv] };
    }
    if profile.noise == 0 {
        let nodes = match profile.nodes {
            0 => None,
            // ±20% so the same position does not always get the same answer.
            n => Some(n * 4 / 5 + rng.below(n * 2 / 5 + 1)),
        };
        let legal = game.legal_moves();
        if rng.unit() < profile.blunder && !legal.is_empty() {
            let m = legal[rng.below(legal.len() as u64) as usize];
            return SearchResult { best: Some(m), score: Score::DRAW, depth: 0, nodes: 0, pv: vec![m] };
        }
        let limits = Limits { depth: None, nodes };
        let contempt = eager_contempt(game);
        let first = engine.search_with(game, &params(limits, contempt, None), stop, on_info);
        if rng.unit() >= profile.miss || first.best.is_none() || first.score.is_decided() {
            return first;
        }
        let second = engine.search_with(game, &params(limits, contempt, first.best), stop, on_info);
        return SearchResult { nodes: first.nodes + second.nodes, ..second };
    }
    // The weak levels' noise and oversights were set on the linear evaluation alone; with the
    // net they played 60–64% against themselves without it, more than a beginner should meet.
    engine.with_net(false, |engine| play_noisy(engine, game, profile, &mut rng, stop, on_info))
}

/// A weak level's move: every move scored by a shallow search (or overlooked), plus noise.
fn play_noisy(
    engine: &mut Engine,
    game: &Game,
    profile: &Profile,
    rng: &mut Rng,
    stop: &mut dyn FnMut(u64) -> bool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    // (score with noise, score, move)
    let mut best: Option<(i32, i32, Move)> = None;
    let mut nodes = 0;
    for m in game.legal_moves().iter().copied() {
        let mut child = game.clone();
        if child.play(m).is_err() {
            continue;
        }
        let careless = rng.unit() < profile.miss;
        let striking = game.position().piece_at(m.to).is_some() || child.position().is_decided();
        if careless && striking && best.is_some() {
            continue; // the beginner does not see this capture or den entry
        }
        let (score, n) = score_after(engine, &child, if careless { None } else { Some(profile.depth) }, stop);
        nodes += n;
        let noisy = score + rng.below(2 * profile.noise as u64 + 1) as i32 - profile.noise;
        if best.is_none_or(|(b, _, _)| noisy > b) {
            best = Some((noisy, score, m));
        }
    }
    let pv: Vec<Move> = best.map(|(_, _, m)| m).into_iter().collect();
    let score = Score(best.map_or(0, |(_, s, _)| s));
    on_info(&Info { depth: profile.depth + 1, seldepth: profile.depth + 1, score, nodes, pv: pv.clone() });
    SearchResult { best: pv.first().copied(), score, depth: profile.depth + 1, nodes, pv }
}

/// The score of `child` (after our move) for us, with a search `depth` plies deep, or its
/// static evaluation when `depth` is `None` (the reply is overlooked). Returns the nodes used.
fn score_after(
    engine: &mut Engine,
    child: &Game,
    depth: Option<u32>,
    stop: &mut dyn FnMut(u64) -> bool,
) -> (i32, u64) {
    if let Some(outcome) = child.outcome() {
        let score = match outcome.winner {
            Some(c) if c == child.position().turn() => -WIN,
            Some(_) => WIN - 1,
            None => 0,
        };
        return (score, 1);
    }
    match depth {
        None => (-evaluate(child.position()), 1),
        Some(0) => {
            let (score, nodes) = engine.quiesce(child, stop);
            (-score.raw(), nodes)
        }
        Some(d) => {
            let limits = Limits { depth: Some(d), nodes: None };
            let r = engine.search_with(child, &params(limits, LEVEL_CONTEMPT, None), stop, &mut |_| {});
            (-r.score.raw(), r.nodes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::SearchConfig;
    use crate::rules::Rules;

    fn game(fen: &str) -> Game {
        Game::from_position(crate::rules::Position::from_fen(fen, Rules::default()).unwrap())
    }

    #[test]
    fn contempt_grows_with_the_advantage_and_stops_at_its_cap() {
        // About level: about the plain contempt (the side to move's edge is worth a little).
        let start = eager_contempt(&Game::new(Rules::default()));
        assert!((LEVEL_CONTEMPT..LEVEL_CONTEMPT + 30).contains(&start), "{start}");
        // Red, to move, has a wolf more: half the advantage, below the cap.
        let wolf = eager_contempt(&game("l5t/1d3c1/r1p3e/7/7/7/E1W1P1R/1C3D1/T5L w"));
        assert!((LEVEL_CONTEMPT + 80..LEVEL_CONTEMPT + EAGER_MAX).contains(&wolf), "{wolf}");
        // An elephant more: the cap.
        let elephant = game("l5t/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L w");
        assert_eq!(eager_contempt(&elephant), LEVEL_CONTEMPT + EAGER_MAX);
        // Blue to move there, an elephant down: the plain contempt, never less.
        let behind = game("l5t/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L b");
        assert_eq!(eager_contempt(&behind), LEVEL_CONTEMPT);
    }

    #[test]
    fn weak_levels_play_on_the_linear_evaluation_alone() {
        let game = game("l5t/1d3c1/r1p3e/7/7/7/E1W1P1R/1C3D1/T5L b");
        let linear = || {
            let mut engine = Engine::new(1);
            engine.set_config(SearchConfig { net: false, ..SearchConfig::default() });
            engine
        };
        let (mut full, mut plain) = (Engine::new(1), linear());
        for level in 1..=4 {
            for seed in 0..3 {
                let level = Level::new(level).unwrap();
                let a = full.play_level(&game, level, seed, &mut |_| false, &mut |_| {});
                let b = plain.play_level(&game, level, seed, &mut |_| false, &mut |_| {});
                assert_eq!((a.best, a.score), (b.best, b.score), "level {} seed {seed}", level.number());
            }
        }
        // The net is back on for the engine's own searches: they differ from the linear ones.
        let limits = Limits { depth: Some(4), nodes: None };
        full.new_game();
        let with_net = full.search(&game, &limits, &mut |_| false, &mut |_| {}).score;
        let fresh = Engine::new(1).search(&game, &limits, &mut |_| false, &mut |_| {}).score;
        let without = linear().search(&game, &limits, &mut |_| false, &mut |_| {}).score;
        assert_eq!(with_net, fresh);
        assert_ne!(with_net, without);
    }
}
