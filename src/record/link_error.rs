//! Why a share-link parameter was ignored.

use super::limits::{MAX_LINK_BYTES, MAX_LINK_PARAMS, MAX_MOVES};
use crate::error_code::{with_cause, Code, ErrorCode, Params};
use crate::rules::{MoveError, PositionError, RulesError};
use std::fmt;

/// A parameter of a share link that was ignored, and why. A link is never refused as a whole
/// (except when it is too long): each of these is a warning, and the valid parameters apply.
///
/// ```
/// use jungle::record::{LinkError, LinkParams};
/// let link = LinkParams::parse("level=12&mode=computer");
/// assert!(matches!(link.warnings[0], LinkError::BadValue { param: "level", .. }));
/// assert_eq!(link.warnings[0].to_string(), "parameter `level`: `12` is not a level from 1 to 8; ignored");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkError {
    /// The link is longer than [`MAX_LINK_BYTES`]: all of it is ignored.
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// More than [`MAX_LINK_PARAMS`] parameters: the ones after are ignored.
    TooManyParams,
    /// A `%` not followed by two hex digits, or bytes that are not UTF-8 text.
    BadEncoding {
        /// The parameter's name (as written when the name itself is badly encoded).
        param: String,
    },
    /// A parameter that is not game data (the page's own settings, a tracker's `utm_source`):
    /// kept in [`LinkParams::others`](super::LinkParams::others).
    Unknown {
        /// Its name (quoted and shortened).
        param: String,
    },
    /// A parameter given twice: the first is used.
    Repeated {
        /// Its name.
        param: &'static str,
    },
    /// A value that the parameter does not take.
    BadValue {
        /// The parameter's name.
        param: &'static str,
        /// The value (quoted and shortened).
        value: String,
        /// What the parameter takes, in English words for the message (not a parameter of
        /// the code: the page words each parameter's values itself).
        expected: &'static str,
    },
    /// `rules` is not a valid option list: the default rules are used.
    Rules(RulesError),
    /// `fen` is not a valid position under the rules: the start position is used.
    Fen(PositionError),
    /// A move of `moves` cannot be played: the moves before it are kept.
    Move {
        /// Its place in the list, from 1.
        index: usize,
        /// The move as written (quoted and shortened).
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// More than [`MAX_MOVES`] moves: the first ones are kept.
    TooManyMoves,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::TooLong { bytes } => {
                write!(f, "the link is {bytes} bytes long; links over {MAX_LINK_BYTES} bytes are ignored")
            }
            LinkError::TooManyParams => {
                write!(f, "the link has more than {MAX_LINK_PARAMS} parameters; the ones after are ignored")
            }
            LinkError::BadEncoding { param } => write!(
                f,
                "parameter `{param}`: bad percent-encoding (a `%` needs two hex digits, and the text must be UTF-8); ignored"
            ),
            LinkError::Unknown { param } => write!(f, "unknown parameter `{param}`; ignored"),
            LinkError::Repeated { param } => write!(f, "parameter `{param}` is given more than once; the first is used"),
            LinkError::BadValue { param, value, expected } => {
                write!(f, "parameter `{param}`: `{value}` is not {expected}; ignored")
            }
            LinkError::Rules(e) => write!(f, "parameter `rules`: {e}; the default rules are used"),
            LinkError::Fen(e) => write!(f, "parameter `fen`: {e}; the start position is used"),
            LinkError::Move { index, text, error } => {
                write!(f, "parameter `moves`: move {index} `{text}`: {error}; it and the moves after it are not played")
            }
            LinkError::TooManyMoves => {
                write!(f, "parameter `moves`: more than {MAX_MOVES} moves; only the first {MAX_MOVES} are played")
            }
        }
    }
}

impl std::error::Error for LinkError {}

impl ErrorCode for LinkError {
    const CODES: &'static [Code] = &[
        Code { code: "link.too-long", params: &["bytes", "limit"] },
        Code { code: "link.too-many-params", params: &["limit"] },
        Code { code: "link.bad-encoding", params: &["param"] },
        Code { code: "link.unknown", params: &["param"] },
        Code { code: "link.repeated", params: &["param"] },
        Code { code: "link.bad-value", params: &["param", "value"] },
        Code { code: "link.rules", params: &["cause"] },
        Code { code: "link.fen", params: &["cause"] },
        Code { code: "link.move", params: &["index", "text", "cause"] },
        Code { code: "link.too-many-moves", params: &["limit"] },
    ];

    fn code(&self) -> &'static str {
        match self {
            LinkError::TooLong { .. } => "link.too-long",
            LinkError::TooManyParams => "link.too-many-params",
            LinkError::BadEncoding { .. } => "link.bad-encoding",
            LinkError::Unknown { .. } => "link.unknown",
            LinkError::Repeated { .. } => "link.repeated",
            LinkError::BadValue { .. } => "link.bad-value",
            LinkError::Rules(_) => "link.rules",
            LinkError::Fen(_) => "link.fen",
            LinkError::Move { .. } => "link.move",
            LinkError::TooManyMoves => "link.too-many-moves",
        }
    }

    fn params(&self) -> Params {
        match self {
            LinkError::TooLong { bytes } => {
                vec![("bytes", (*bytes).into()), ("limit", MAX_LINK_BYTES.into())]
            }
            LinkError::TooManyParams => vec![("limit", MAX_LINK_PARAMS.into())],
            LinkError::BadEncoding { param } | LinkError::Unknown { param } => {
                vec![("param", param.as_str().into())]
            }
            LinkError::Repeated { param } => vec![("param", (*param).into())],
            LinkError::BadValue { param, value, .. } => {
                vec![("param", (*param).into()), ("value", value.as_str().into())]
            }
            LinkError::Rules(e) => with_cause(Vec::new(), e),
            LinkError::Fen(e) => with_cause(Vec::new(), e),
            LinkError::Move { index, text, error } => {
                with_cause(vec![("index", (*index).into()), ("text", text.as_str().into())], error)
            }
            LinkError::TooManyMoves => vec![("limit", MAX_MOVES.into())],
        }
    }
}
