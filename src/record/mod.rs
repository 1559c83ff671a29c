//! Save, share and record games: a plain-text game record in the spirit of PGN
//! ([`GameRecord`]) and the parameters of a share link ([`LinkParams`]).
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
//! [Rules "dog-swims=yes"]        omitted for the default rules
//! [FEN "<start FEN>"]            omitted for the usual start position of the rules
//! [Result "1-0"]                 1-0 Red won, 0-1 Blue won, 1/2-1/2 draw, * unfinished
//! [Termination "den"]            the Reason name, when the game is over
//!
//! 1. g3g4 a7a6 2. g4g5 {a comment} a6a5 *
//! ```
//!
//! A link is a query such as `?rules=dog-swims=yes&moves=a3a4,a7a6&mode=ai&level=3&lang=fr`;
//! see [`LinkParams`] for every parameter.
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
mod link;
mod link_error;
mod link_values;
mod movetext;
mod percent;
mod text;

pub use error::{HeaderProblem, RecordError};
pub use link::{share_query, LinkParams, MAX_LINK_BYTES, MAX_LINK_PARAMS};
pub use link_error::LinkError;
pub use link_values::{Lang, Mode, Theme, MAX_SIZE, MIN_SIZE};
pub use text::{GameRecord, MAX_HEADER_BYTES, MAX_RECORD_BYTES, RESERVED_HEADERS};

use crate::rules::{Game, Move, MoveError};

/// The most moves a record or a link may hold.
pub const MAX_MOVES: usize = 10_000;

/// A piece of untrusted text, quoted for an error message: control characters, `"` and `\`
/// escaped, and cut to 40 characters so that a huge input does not make a huge message.
/// The native command line and protocol quote what they echo with it too.
pub fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let mut out = String::new();
    for c in text.chars().take(MAX) {
        match c {
            '\'' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    if text.chars().nth(MAX).is_some() {
        out.push('…');
    }
    out
}

/// Plays a move written by someone else: like [`Game::play_text`], but a long word is refused
/// before its whole text is copied into the error.
pub fn play_text(game: &mut Game, text: &str) -> Result<Move, MoveError> {
    if text.len() > 8 {
        return Err(MoveError::Syntax(quote(text)));
    }
    game.play_text(text)
}
