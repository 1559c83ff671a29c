//! The rules of Jungle: board, pieces, options, positions, moves and games.
//! Pure: no I/O, clock, randomness or wasm.

mod animal;
mod bitboard;
mod chase;
mod color;
mod game;
mod movegen;
mod moves;
mod options;
mod outcome;
mod perft;
mod position;
mod presets;
mod setup;
mod square;
mod terrain;
mod zobrist;

pub use animal::{Animal, Piece};
pub use bitboard::Bitboard;
pub use chase::{chase_forbidden, PlayedMove};
pub use color::{ByColor, Color};
pub use game::Game;
pub use moves::{Move, MoveError, MoveList};
pub use options::{GameKind, Jumps, LionTiger, OptionInfo, RankOrder, Rules, RulesError, TrapRule, OPTIONS};
pub use outcome::{Outcome, Reason};
pub use perft::{divide, perft};
pub use position::{Position, PositionError, Undo, CHECKERS_START_FEN, START_FEN};
pub use presets::{Preset, PRESETS};
pub use setup::{FenError, Setup};
pub use square::{Square, SquareError, FILES, RANKS, SQUARES};
pub use terrain::{Jump, JumpAxis, Terrain, DENS, JUMPS, TRAPS, WATER};
