//! One header line, `[Name "value"]`: reading, writing and checking names.
//!
//! Values are data: `"` and `\` are escaped as `\"` and `\\`, and control characters as
//! `\n`, `\r`, `\t` or `\u{…}`, so that any Unicode text fits on one line and reads back
//! unchanged.

use crate::error_code::{Code, ErrorCode, Params};
use std::fmt::{self, Write};
use std::iter::Peekable;
use std::str::Chars;

/// The longest header value: 64 KiB.
pub const MAX_HEADER_BYTES: usize = 1 << 16;

/// The longest header name.
const MAX_NAME: usize = 64;

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
    /// The same name (in any case) appears twice (the name, quoted).
    Duplicate(String),
    /// `Rules`, `FEN`, `Result` and `Termination` come from the game, not from free headers
    /// (the name, quoted).
    Reserved(String),
    /// The value is longer than [`MAX_HEADER_BYTES`].
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
            HeaderProblem::Duplicate(name) => write!(f, "the header `{name}` appears twice"),
            HeaderProblem::Reserved(name) => {
                write!(f, "the header `{name}` is written from the game itself and cannot be set")
            }
            HeaderProblem::TooLong => {
                write!(f, "the header value is longer than {MAX_HEADER_BYTES} bytes")
            }
        }
    }
}

impl std::error::Error for HeaderProblem {}

impl ErrorCode for HeaderProblem {
    const CODES: &'static [Code] = &[
        Code { code: "record.missing-bracket", params: &[] },
        Code { code: "record.bad-name", params: &[] },
        Code { code: "record.missing-value", params: &[] },
        Code { code: "record.bad-escape", params: &[] },
        Code { code: "record.trailing-text", params: &[] },
        Code { code: "record.duplicate", params: &["name"] },
        Code { code: "record.reserved", params: &["name"] },
        Code { code: "record.too-long", params: &["limit"] },
    ];

    fn code(&self) -> &'static str {
        match self {
            HeaderProblem::MissingBracket => "record.missing-bracket",
            HeaderProblem::BadName => "record.bad-name",
            HeaderProblem::MissingValue => "record.missing-value",
            HeaderProblem::BadEscape => "record.bad-escape",
            HeaderProblem::TrailingText => "record.trailing-text",
            HeaderProblem::Duplicate(_) => "record.duplicate",
            HeaderProblem::Reserved(_) => "record.reserved",
            HeaderProblem::TooLong => "record.too-long",
        }
    }

    fn params(&self) -> Params {
        match self {
            HeaderProblem::Duplicate(name) | HeaderProblem::Reserved(name) => {
                vec![("name", name.as_str().into())]
            }
            HeaderProblem::TooLong => vec![("limit", MAX_HEADER_BYTES.into())],
            _ => Vec::new(),
        }
    }
}

/// Whether `name` is a letter followed by up to 63 ASCII letters, digits or `_`.
pub(super) fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.len() <= MAX_NAME
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Appends `[name "value"]` and a newline to `out`, escaping the value.
pub(super) fn write_header(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Reads a header line (already trimmed, starting with `[`). `Err(None)` means the value's
/// string is not closed on the line.
pub(super) fn parse_header(text: &str) -> Result<(String, String), Option<HeaderProblem>> {
    let body = text.strip_prefix('[').unwrap_or(text).trim_start();
    let name_len = body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(body.len());
    let (name, rest) = body.split_at(name_len);
    let after_name = rest.chars().next();
    if !valid_name(name) || after_name.is_some_and(|c| !c.is_whitespace() && c != '"' && c != ']') {
        return Err(Some(HeaderProblem::BadName));
    }
    let mut chars = rest.trim_start().chars().peekable();
    if chars.next() != Some('"') {
        return Err(Some(HeaderProblem::MissingValue));
    }
    let value = read_value(&mut chars)?;
    let rest: String = chars.collect();
    match rest.trim_start().strip_prefix(']') {
        Some(tail) if tail.trim().is_empty() => Ok((name.to_string(), value)),
        None if rest.trim().is_empty() => Err(Some(HeaderProblem::MissingBracket)),
        _ => Err(Some(HeaderProblem::TrailingText)),
    }
}

/// Reads a quoted value after its opening quote, up to and including the closing quote.
/// `Err(None)` means the line ended first.
fn read_value(chars: &mut Peekable<Chars<'_>>) -> Result<String, Option<HeaderProblem>> {
    let mut value = String::new();
    loop {
        match chars.next().ok_or(None)? {
            '"' => return Ok(value),
            '\\' => value.push(read_escape(chars)?),
            c => value.push(c),
        }
        if value.len() > MAX_HEADER_BYTES {
            return Err(Some(HeaderProblem::TooLong));
        }
    }
}

/// Reads the character after a backslash.
fn read_escape(chars: &mut Peekable<Chars<'_>>) -> Result<char, Option<HeaderProblem>> {
    match chars.next().ok_or(None)? {
        '"' => Ok('"'),
        '\\' => Ok('\\'),
        'n' => Ok('\n'),
        'r' => Ok('\r'),
        't' => Ok('\t'),
        'u' if chars.next_if_eq(&'{').is_some() => {
            let mut hex = String::new();
            while let Some(c) = chars.next_if(|c| c.is_ascii_hexdigit() && hex.len() < 6) {
                hex.push(c);
            }
            let code = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
            match (code, chars.next_if_eq(&'}')) {
                (Some(c), Some(_)) => Ok(c),
                _ => Err(Some(HeaderProblem::BadEscape)),
            }
        }
        _ => Err(Some(HeaderProblem::BadEscape)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for value in [
            "",
            "plain",
            "a \"quote\" and \\ back",
            "line\nbreak\r\ttab",
            "nul\0 del\u{7f} nel\u{85}",
            "斗兽棋 🐘",
        ] {
            let mut out = String::new();
            write_header(&mut out, "Event", value);
            assert_eq!(out.lines().count(), 1, "{out}");
            let parsed = parse_header(out.trim_end()).unwrap();
            assert_eq!(parsed, ("Event".to_string(), value.to_string()));
        }
    }

    #[test]
    fn problems() {
        let problem = |text| parse_header(text).err().flatten();
        assert_eq!(problem("[Event \"x\""), Some(HeaderProblem::MissingBracket));
        assert_eq!(problem("[9Event \"x\"]"), Some(HeaderProblem::BadName));
        assert_eq!(problem("[Ev-ent \"x\"]"), Some(HeaderProblem::BadName));
        assert_eq!(problem("[Event x]"), Some(HeaderProblem::MissingValue));
        assert_eq!(problem("[Event \"\\q\"]"), Some(HeaderProblem::BadEscape));
        assert_eq!(problem("[Event \"\\u{110000}\"]"), Some(HeaderProblem::BadEscape));
        assert_eq!(problem("[Event \"x\" y]"), Some(HeaderProblem::TrailingText));
        assert_eq!(problem("[Event \"x\"] y"), Some(HeaderProblem::TrailingText));
        assert_eq!(parse_header("[Event \"x"), Err(None));
        assert_eq!(parse_header("[Event \"x\\"), Err(None));
        assert_eq!(parse_header("[ Event\"x\" ]  ").unwrap().1, "x");
    }
}
