//! Typed reasons for refused input, so that the page can say why in its own language.
//!
//! Every error type of the engine that reaches a person (why a FEN, a position, a rules
//! string, a record, a link or a move is refused) implements [`ErrorCode`]: a stable code
//! `<kind>.<variant-in-kebab-case>` (kind: `fen`, `position`, `rules`, `record`, `link` or
//! `move`) and named parameters (square names, numbers, the offending text cut by
//! [`quote`](crate::echo::quote)). `Display` stays the English sentence (the command line).
//!
//! An error that wraps another (a bad FEN in a link, a bad move in a record) has the code of
//! its own variant, a `cause` parameter holding the inner code, and the inner parameters
//! after its own (its own win on a name clash): the page words the cause with the same
//! parameters and puts it in place of `{cause}`. A variant that only passes another error
//! through ([`PositionError::Fen`](crate::rules::PositionError::Fen)) has that error's code.
//! A leaf: it uses nothing of the crate.

use std::fmt;

/// One parameter's value: a text or a number.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Param {
    /// Text: a square, a name, a code, or untrusted text already cut and escaped.
    Text(String),
    /// A count, a line number, a limit.
    Number(u64),
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Text(text) => f.write_str(text),
            Param::Number(n) => write!(f, "{n}"),
        }
    }
}

impl From<&str> for Param {
    fn from(text: &str) -> Param {
        Param::Text(text.to_string())
    }
}

impl From<String> for Param {
    fn from(text: String) -> Param {
        Param::Text(text)
    }
}

impl From<usize> for Param {
    fn from(n: usize) -> Param {
        Param::Number(n as u64)
    }
}

impl From<u32> for Param {
    fn from(n: u32) -> Param {
        Param::Number(u64::from(n))
    }
}

impl From<u8> for Param {
    fn from(n: u8) -> Param {
        Param::Number(u64::from(n))
    }
}

/// Named parameters, in a fixed order.
pub type Params = Vec<(&'static str, Param)>;

/// A code and the names of its parameters, for the list of every code ([`ErrorCode::CODES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Code {
    /// The code, such as `position.not-a-swimmer`.
    pub code: &'static str,
    /// Its parameters' names, in order (`cause` last for a wrapper; the cause's own follow).
    pub params: &'static [&'static str],
}

/// An error with a stable code and named parameters (see the module's documentation).
pub trait ErrorCode: fmt::Display {
    /// Every code this type can give, with its parameters' names.
    const CODES: &'static [Code];

    /// The code of this error.
    fn code(&self) -> &'static str;

    /// The parameters of this error, by name.
    fn params(&self) -> Params;
}

/// The parameters of a wrapper: its own, then `cause` (the inner code), then the inner ones
/// whose names are not taken.
pub fn with_cause<E: ErrorCode>(mut own: Params, cause: &E) -> Params {
    own.push(("cause", Param::Text(cause.code().to_string())));
    for (name, value) in cause.params() {
        if own.iter().all(|(taken, _)| *taken != name) {
            own.push((name, value));
        }
    }
    own
}
