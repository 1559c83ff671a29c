//! Puzzles: positions where the side to move forces a win, found in self-play games and
//! proved exactly.
//!
//! - [`Prover`] proves a forced win as a rule fact (den entered, every piece taken, or the
//!   defender without a move), or a decisive gain of material ([`Goal`]), by trying every reply
//!   of the defender.
//! - [`solve`] turns a position into its solution, refusing any step where the solver has more
//!   than one winning move; [`verify`] re-checks a written puzzle the same way.
//! - [`Generator`] finds candidates cheaply (a piece near the den, a short search seeing a win),
//!   then proves them and checks with a deeper search that the second-best first move is far worse.
//! - [`from_tables`](fn@from_tables) draws endgame puzzles from the endgame tables, each
//!   solver move the only winning one by the tables.
//! - [`themes`](fn@themes) and [`difficulty`] label a solution; [`Puzzle`] is one line of the puzzle file
//!   (the format is described in its module).
//!
//! ```
//! use jungle::puzzles::{solve, Prover};
//! use jungle::rules::{Game, Position, Rules};
//! // Red's rat on c8 reaches Blue's den by d8; c9 is guarded by Blue's cat on b9.
//! let game = Game::from_position(Position::from_fen("1c5/2R4/7/7/7/7/7/7/7 w", Rules::default()).unwrap());
//! let line = solve(&game, 3, &mut Prover::new(100_000)).unwrap();
//! assert_eq!(line[0].to_string(), "c8d8");
//! assert_eq!(line.len(), 3); // Red, Blue's best reply, Red enters the den
//! ```

mod format;
mod from_tables;
mod generate;
mod goal;
mod proof;
mod solve;
mod themes;

pub use format::{ParseError, Puzzle};
pub use from_tables::{from_tables, puzzle_at};
pub use generate::{Generator, Settings, Stats};
pub use goal::{balance, piece_value, Goal, DECISIVE_GAIN};
pub use proof::{OutOfBudget, Prover};
pub use solve::{solve, verify, Rejection};
pub use themes::{difficulty, themes, Theme};
