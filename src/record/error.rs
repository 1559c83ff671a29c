//! What can be wrong with a game record, each with the line (and move) where it was found.

use crate::rules::{MoveError, PositionError, RulesError};
use std::fmt;

/// Why a header line `[Name "value"]` (or a header given to
/// [`GameRecord::set_header`](super::GameRecord::set_header)) is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HeaderProblem {
    /// The line does not end with `]`.
    MissingBracket,
    /// The name is empty, does not start with a letter, or holds more than letters, digits
    /// and `_` (at most 64 of them).
    BadName,
    /// No quoted value after the name.
    MissingValue,
    /// A backslash escape other than `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}`.
    BadEscape,
    /// Something after the closing quote other than `]`.
    TrailingText,
    /// The same name (in any case) appears twice.
    Duplicate(String),
    /// `Rules`, `FEN`, `Result` and `Termination` come from the game, not from free headers.
    Reserved(String),
    /// The value is longer than [`MAX_HEADER_BYTES`](super::MAX_HEADER_BYTES).
    TooLong,
}

impl fmt::Display for HeaderProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderProblem::MissingBracket => f.write_str("the header does not end with `]`"),
            HeaderProblem::BadName => {
                f.write_str("a header name is a letter followed by up to 63 letters, digits or `_`")
            }
            HeaderProblem::MissingValue => {
                f.write_str("the header name must be followed by a value in double quotes")
            }
            HeaderProblem::BadEscape => {
                f.write_str("unknown escape in a header value (use \\\" \\\\ \\n \\r \\t or \\u{hex})")
            }
            HeaderProblem::TrailingText => f.write_str("text after the header value; expected `]`"),
            HeaderProblem::Duplicate(name) => write!(f, "the header `{}` appears twice", super::quote(name)),
            HeaderProblem::Reserved(name) => {
                write!(
                    f,
                    "the header `{}` is written from the game itself and cannot be set",
                    super::quote(name)
                )
            }
            HeaderProblem::TooLong => {
                write!(f, "the header value is longer than {} bytes", super::MAX_HEADER_BYTES)
            }
        }
    }
}

impl std::error::Error for HeaderProblem {}

/// Why a text is not a valid game record. Lines are counted from 1.
///
/// ```
/// use jungle::record::{GameRecord, RecordError};
/// let err = GameRecord::parse("1. g3g4 g4g5").unwrap_err();
/// assert!(matches!(err, RecordError::Move { line: 1, .. }));
/// assert_eq!(err.to_string(), "line 1, move 1... (blue) `g4g5`: no piece of the side to move on g4");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// The text is longer than [`MAX_RECORD_BYTES`](super::MAX_RECORD_BYTES).
    TooLarge {
        /// The length of the text in bytes.
        bytes: usize,
    },
    /// A header line is malformed.
    BadHeader {
        /// The line of the header.
        line: usize,
        /// What is wrong with it.
        problem: HeaderProblem,
    },
    /// A header value has no closing quote on its line.
    UnterminatedString {
        /// The line of the header.
        line: usize,
    },
    /// A `{` comment is never closed.
    UnterminatedComment {
        /// The line where the comment opens.
        line: usize,
    },
    /// A `[` header after the moves have started.
    MisplacedHeader {
        /// The line of the `[`.
        line: usize,
    },
    /// The `Rules` header is not a valid option list.
    Rules {
        /// The line of the header.
        line: usize,
        /// The option that is wrong.
        error: RulesError,
    },
    /// The `FEN` header is not a valid position under the rules.
    Position {
        /// The line of the header.
        line: usize,
        /// What is wrong with the position.
        error: PositionError,
    },
    /// A move cannot be played.
    Move {
        /// The line of the move.
        line: usize,
        /// The move number as a record writes it: `12.` for Red, `12...` for Blue.
        number: String,
        /// Who was to play it.
        side: crate::rules::Color,
        /// The move as written (quoted and shortened).
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// More than [`MAX_MOVES`](super::MAX_MOVES) moves.
    TooManyMoves {
        /// The line of the first move over the limit.
        line: usize,
    },
    /// A `Result` header that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    UnknownResult {
        /// The line of the header.
        line: usize,
        /// The value (quoted and shortened).
        text: String,
    },
    /// The `Result` header or the result after the moves is not how the game ended.
    ResultMismatch {
        /// The line where the result is written.
        line: usize,
        /// The result written.
        written: String,
        /// The result of the moves: `1-0`, `0-1`, `1/2-1/2` or `*`.
        actual: &'static str,
    },
    /// The `Termination` header is not why the game ended (or the game has not ended).
    TerminationMismatch {
        /// The line of the header.
        line: usize,
        /// The termination written (quoted and shortened).
        written: String,
        /// Why the game ended (a [`Reason`](crate::rules::Reason) name), if it did.
        actual: Option<&'static str>,
    },
    /// Something after the result token that ends the moves.
    AfterResult {
        /// The line of the extra text.
        line: usize,
        /// The extra text (quoted and shortened).
        text: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLarge { bytes } => {
                write!(f, "the record is {bytes} bytes long; the limit is {}", super::MAX_RECORD_BYTES)
            }
            RecordError::BadHeader { line, problem } => write!(f, "line {line}: {problem}"),
            RecordError::UnterminatedString { line } => {
                write!(f, "line {line}: unterminated string: the header value has no closing `\"`")
            }
            RecordError::UnterminatedComment { line } => {
                write!(f, "line {line}: unterminated comment: the `{{` is never closed by `}}`")
            }
            RecordError::MisplacedHeader { line } => {
                write!(f, "line {line}: a `[` header after the moves (one game per record, headers first)")
            }
            RecordError::Rules { line, error } => write!(f, "line {line}: Rules header: {error}"),
            RecordError::Position { line, error } => write!(f, "line {line}: FEN header: {error}"),
            RecordError::Move { line, number, side, text, error } => {
                write!(f, "line {line}, move {number} ({side}) `{text}`: {error}")
            }
            RecordError::TooManyMoves { line } => {
                write!(f, "line {line}: too many moves; a record holds at most {}", super::MAX_MOVES)
            }
            RecordError::UnknownResult { line, text } => {
                write!(f, "line {line}: result `{text}` is not 1-0, 0-1, 1/2-1/2 or *")
            }
            RecordError::ResultMismatch { line, written, actual } => {
                write!(f, "line {line}: the result `{written}` contradicts the moves, which give `{actual}`")
            }
            RecordError::TerminationMismatch { line, written, actual: Some(reason) } => {
                write!(
                    f,
                    "line {line}: termination `{written}` contradicts the moves, which end by `{reason}`"
                )
            }
            RecordError::TerminationMismatch { line, written, actual: None } => {
                write!(f, "line {line}: termination `{written}` contradicts the moves: the game is not over")
            }
            RecordError::AfterResult { line, text } => {
                write!(f, "line {line}: `{text}` after the result; the result ends the moves")
            }
        }
    }
}

impl std::error::Error for RecordError {}
