//! Save, share and record games: a plain-text game record in the spirit of PGN
//! ([`GameRecord`]), a tree of moves with side lines for analysis ([`MoveTree`], written as a
//! record with variations) and the parameters of a share link ([`LinkParams`]).
//!
//! Both read text from outside, so both are strict on meaning and never trust it: every move is
//! checked against the game, every option and position against the rules, and the size of the
//! input is capped. Nothing here panics on any input.
//!
//! A record is header lines, a blank line, and the moves:
//!
//! ```text
//! [Event "Casual game"]          free headers: kept in order, any Unicode value, escaped
//! [Red "Alice"]
//! [TimeControl "180+2"]          the server's records (see below)
//! [Rules "dog-swims=yes"]        omitted for the default rules
//! [FEN "<start FEN>"]            omitted for the usual start position of the rules
//! [Result "1-0"]                 1-0 Red won, 0-1 Blue won, 1/2-1/2 draw, * unfinished
//! [Termination "den"]            the Reason name, when the game is over
//!
//! 1. g3g4 a7a6 2. g4g5 {a comment} a6a5 *
//! ```
//!
//! The club server's records (`GET api/games/{id}/record`, `jungle-server export`) carry
//! `Event` (the tournament's name, or `Online game`), `Date`, for a tournament's game its
//! `Round` and `Board` (numbers from 1), `Game` (the game's id), `Red`, `Blue` and
//! `TimeControl` in PGN's notation: `-` no clock, `180+2` a live clock (seconds each, then
//! seconds added per move), `1/172800` a correspondence clock (one move in so many seconds:
//! here 2 days). They are free headers here: read back as written, whatever their value.
//!
//! A link is a query such as `?rules=dog-swims=yes&moves=a3a4,a7a6&mode=computer&level=3`;
//! see [`LinkParams`] for every parameter. Only game data is read here: the page's own
//! settings in a link (language, theme, size) are the page's business.
//!
//! ```
//! use jungle::record::{GameRecord, LinkParams};
//! use jungle::rules::{Game, Rules};
//! let mut game = Game::new(Rules::default());
//! game.play_text("g3g4").unwrap();
//! let text = GameRecord::new(game.clone()).format();
//! assert_eq!(GameRecord::parse(&text).unwrap().game.moves(), game.moves());
//! let link = LinkParams::parse("?moves=g3g4&level=3");
//! assert_eq!(link.game().unwrap().moves(), game.moves());
//! ```

mod error;
mod header;
mod limits;
mod link;
mod link_error;
mod link_values;
mod movetext;
mod percent;
mod text;
mod tree;
mod tree_record;
mod tree_text;

pub use error::RecordError;
pub use header::{HeaderProblem, MAX_HEADER_BYTES};
pub use limits::{MAX_LINK_BYTES, MAX_LINK_PARAMS, MAX_MOVES, MAX_RECORD_BYTES};
pub use link::{share_query, LinkParams};
pub use link_error::LinkError;
pub use link_values::{small_number, Mode, LEVELS};
pub use text::{Declared, GameRecord, RESERVED_HEADERS};
pub use tree::{MoveTree, NodeId, TreeError};
pub use tree_text::TreeWord;

use crate::error_code::{Code, ErrorCode};
use crate::rules::{FenError, MoveError, PositionError, RulesError};

/// Every error code the engine can give, with its parameters' names: those of the rules (FEN,
/// positions, rule options, moves) and of records and links, which wrap them.
pub fn error_codes() -> impl Iterator<Item = Code> {
    let lists: [&[Code]; 8] = [
        FenError::CODES,
        PositionError::CODES,
        RulesError::CODES,
        MoveError::CODES,
        HeaderProblem::CODES,
        RecordError::CODES,
        LinkError::CODES,
        TreeError::CODES,
    ];
    lists.into_iter().flatten().copied()
}
