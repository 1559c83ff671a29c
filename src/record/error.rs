//! What can be wrong with a game record, each with the line (and move) where it was found.

use super::header::HeaderProblem;
use super::limits::{MAX_MOVES, MAX_RECORD_BYTES};
use crate::error_code::{with_cause, Code, ErrorCode, Params};
use crate::rules::{Color, MoveError, PositionError, RulesError};
use std::fmt;

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
    /// The text is longer than [`MAX_RECORD_BYTES`].
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
        side: Color,
        /// The move as written (quoted and shortened).
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// More than [`MAX_MOVES`] moves.
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
    /// The `Termination` header is not why the game ended.
    TerminationMismatch {
        /// The line of the header.
        line: usize,
        /// The termination written (quoted and shortened).
        written: String,
        /// Why the game ended (a [`Reason`](crate::rules::Reason) name).
        actual: &'static str,
    },
    /// A `Termination` header, but the moves do not end the game.
    TerminationNotOver {
        /// The line of the header.
        line: usize,
        /// The termination written (quoted and shortened).
        written: String,
    },
    /// A `(` with no move before it in its line to replace.
    VariationWithoutMove {
        /// The line of the `(`.
        line: usize,
    },
    /// A `)` with no `(` open.
    UnopenedVariation {
        /// The line of the `)`.
        line: usize,
    },
    /// A `(` never closed by `)` before the result or the end.
    UnclosedVariation {
        /// The line of the `(`.
        line: usize,
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
                write!(f, "the record is {bytes} bytes long; the limit is {MAX_RECORD_BYTES}")
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
                write!(f, "line {line}: too many moves; a record holds at most {MAX_MOVES}")
            }
            RecordError::UnknownResult { line, text } => {
                write!(f, "line {line}: result `{text}` is not 1-0, 0-1, 1/2-1/2 or *")
            }
            RecordError::ResultMismatch { line, written, actual } => {
                write!(f, "line {line}: the result `{written}` contradicts the moves, which give `{actual}`")
            }
            RecordError::TerminationMismatch { line, written, actual } => {
                write!(
                    f,
                    "line {line}: termination `{written}` contradicts the moves, which end by `{actual}`"
                )
            }
            RecordError::TerminationNotOver { line, written } => {
                write!(f, "line {line}: termination `{written}` contradicts the moves: the game is not over")
            }
            RecordError::AfterResult { line, text } => {
                write!(f, "line {line}: `{text}` after the result; the result ends the moves")
            }
            RecordError::VariationWithoutMove { line } => {
                write!(f, "line {line}: a `(` side line must follow the move it replaces")
            }
            RecordError::UnopenedVariation { line } => {
                write!(f, "line {line}: a `)` closes no side line")
            }
            RecordError::UnclosedVariation { line } => {
                write!(f, "line {line}: the side line opened by `(` here is never closed by `)`")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl ErrorCode for RecordError {
    const CODES: &'static [Code] = &[
        Code { code: "record.too-large", params: &["bytes", "limit"] },
        Code { code: "record.bad-header", params: &["line", "cause"] },
        Code { code: "record.unterminated-string", params: &["line"] },
        Code { code: "record.unterminated-comment", params: &["line"] },
        Code { code: "record.misplaced-header", params: &["line"] },
        Code { code: "record.rules", params: &["line", "cause"] },
        Code { code: "record.position", params: &["line", "cause"] },
        Code { code: "record.move", params: &["line", "number", "side", "text", "cause"] },
        Code { code: "record.too-many-moves", params: &["line", "limit"] },
        Code { code: "record.unknown-result", params: &["line", "text"] },
        Code { code: "record.result-mismatch", params: &["line", "written", "actual"] },
        Code { code: "record.termination-mismatch", params: &["line", "written", "actual"] },
        Code { code: "record.termination-not-over", params: &["line", "written"] },
        Code { code: "record.after-result", params: &["line", "text"] },
        Code { code: "record.variation-without-move", params: &["line"] },
        Code { code: "record.unopened-variation", params: &["line"] },
        Code { code: "record.unclosed-variation", params: &["line"] },
    ];

    fn code(&self) -> &'static str {
        match self {
            RecordError::TooLarge { .. } => "record.too-large",
            RecordError::BadHeader { .. } => "record.bad-header",
            RecordError::UnterminatedString { .. } => "record.unterminated-string",
            RecordError::UnterminatedComment { .. } => "record.unterminated-comment",
            RecordError::MisplacedHeader { .. } => "record.misplaced-header",
            RecordError::Rules { .. } => "record.rules",
            RecordError::Position { .. } => "record.position",
            RecordError::Move { .. } => "record.move",
            RecordError::TooManyMoves { .. } => "record.too-many-moves",
            RecordError::UnknownResult { .. } => "record.unknown-result",
            RecordError::ResultMismatch { .. } => "record.result-mismatch",
            RecordError::TerminationMismatch { .. } => "record.termination-mismatch",
            RecordError::TerminationNotOver { .. } => "record.termination-not-over",
            RecordError::AfterResult { .. } => "record.after-result",
            RecordError::VariationWithoutMove { .. } => "record.variation-without-move",
            RecordError::UnopenedVariation { .. } => "record.unopened-variation",
            RecordError::UnclosedVariation { .. } => "record.unclosed-variation",
        }
    }

    fn params(&self) -> Params {
        let at = |line: &usize| ("line", (*line).into());
        match self {
            RecordError::TooLarge { bytes } => {
                vec![("bytes", (*bytes).into()), ("limit", MAX_RECORD_BYTES.into())]
            }
            RecordError::BadHeader { line, problem } => with_cause(vec![at(line)], problem),
            RecordError::UnterminatedString { line }
            | RecordError::UnterminatedComment { line }
            | RecordError::MisplacedHeader { line }
            | RecordError::VariationWithoutMove { line }
            | RecordError::UnopenedVariation { line }
            | RecordError::UnclosedVariation { line } => vec![at(line)],
            RecordError::Rules { line, error } => with_cause(vec![at(line)], error),
            RecordError::Position { line, error } => with_cause(vec![at(line)], error),
            RecordError::Move { line, number, side, text, error } => {
                let own = vec![
                    at(line),
                    ("number", number.as_str().into()),
                    ("side", side.name().into()),
                    ("text", text.as_str().into()),
                ];
                with_cause(own, error)
            }
            RecordError::TooManyMoves { line } => vec![at(line), ("limit", MAX_MOVES.into())],
            RecordError::UnknownResult { line, text } | RecordError::AfterResult { line, text } => {
                vec![at(line), ("text", text.as_str().into())]
            }
            RecordError::ResultMismatch { line, written, actual } => {
                vec![at(line), ("written", written.as_str().into()), ("actual", (*actual).into())]
            }
            RecordError::TerminationMismatch { line, written, actual } => {
                vec![at(line), ("written", written.as_str().into()), ("actual", (*actual).into())]
            }
            RecordError::TerminationNotOver { line, written } => {
                vec![at(line), ("written", written.as_str().into())]
            }
        }
    }
}
