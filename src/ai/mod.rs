//! The AI: search, evaluation, playing levels and the tools that tune and test them.
//!
//! - [`Engine`] owns the transposition table and search state; [`Engine::search`] finds the
//!   best move within [`Limits`] and a caller's `stop` callback (the AI never reads a clock, so
//!   it runs the same natively and in a browser tab), [`Engine::play_level`] plays at a
//!   [`Level`] from 1 (beginner) to 8 (full strength).
//! - [`Engine::hint`] advises a move at full strength whatever the opponent's level, and
//!   [`explain_hint`] says why from the search's line: a capture, a threat, a den race.
//! - [`Engine::set_tablebase`] gives the search endgame tables: perfect play at the root of a
//!   position they hold, exact scores for positions reached inside the search.
//! - [`evaluate`] is the static evaluation, a pure function of a position and [`Weights`].
//! - [`selfplay`] plays matches between two players (levels, configurations or anything that
//!   implements [`selfplay::Player`]) and reports W/D/L with an Elo estimate.
//! - [`book`] is the opening book levels 5–8 play from, and builds it from deep searches.
//! - [`bench`](mod@bench) holds the fixed positions that measure the search's node count and speed.
//! - [`tune`] fits the evaluation weights to game results (Texel's method).
//!
//! ```
//! use jungle::ai::{Engine, Limits};
//! use jungle::rules::{Game, Position, Rules};
//! // Red's rat on d8 enters the den next move: a win in one.
//! let pos = Position::from_fen("7/3R3/7/7/7/7/7/7/l6 w", Rules::default()).unwrap();
//! let mut engine = Engine::new(1);
//! let result = engine.search(&Game::from_position(pos), &Limits { depth: Some(4), nodes: None },
//!     &mut |_| false, &mut |_| {});
//! assert_eq!(result.score.mate_in(), Some(1));
//! ```

pub mod bench;
pub mod book;
mod endgame;
mod engine;
mod eval;
mod eval_cache;
mod hint;
mod hint_reason;
mod level;
pub mod nnue;
mod ordering;
mod prng;
mod score;
mod search;
pub mod selfplay;
mod time;
pub mod train_net;
mod tt;
pub mod tune;
mod types;
mod weights;

pub use engine::Engine;
pub use eval::{evaluate, evaluate_with};
pub use hint_reason::{explain_hint, HintReason};
pub use level::Level;
pub use prng::Rng;
pub use score::Score;
pub use time::{time_budget, TimeBudget};
pub use types::{Info, Iteration, Limits, Line, SearchConfig, SearchParams, SearchResult};
pub use weights::{Group, Weights, GROUPS};
