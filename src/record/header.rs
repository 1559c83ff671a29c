//! One header line, `[Name "value"]`: reading, writing and checking names.
//!
//! Values are data: `"` and `\` are escaped as `\"` and `\\`, and control characters as
//! `\n`, `\r`, `\t` or `\u{…}`, so that any Unicode text fits on one line and reads back
//! unchanged.

use super::error::{HeaderProblem, RecordError};
use super::text::MAX_HEADER_BYTES;
use std::fmt::Write;
use std::iter::Peekable;
use std::str::Chars;

/// The longest header name.
const MAX_NAME: usize = 64;

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

/// Reads a header line (already trimmed, starting with `[`) found on line `line`.
pub(super) fn parse_header(text: &str, line: usize) -> Result<(String, String), RecordError> {
    let bad = |problem| RecordError::BadHeader { line, problem };
    let body = text.strip_prefix('[').unwrap_or(text).trim_start();
    let name_len = body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(body.len());
    let (name, rest) = body.split_at(name_len);
    let after_name = rest.chars().next();
    if !valid_name(name) || after_name.is_some_and(|c| !c.is_whitespace() && c != '"' && c != ']') {
        return Err(bad(HeaderProblem::BadName));
    }
    let mut chars = rest.trim_start().chars().peekable();
    if chars.next() != Some('"') {
        return Err(bad(HeaderProblem::MissingValue));
    }
    let value =
        read_value(&mut chars).map_err(|p| p.map_or(RecordError::UnterminatedString { line }, bad))?;
    let rest: String = chars.collect();
    match rest.trim_start().strip_prefix(']') {
        Some(tail) if tail.trim().is_empty() => Ok((name.to_string(), value)),
        None if rest.trim().is_empty() => Err(bad(HeaderProblem::MissingBracket)),
        _ => Err(bad(HeaderProblem::TrailingText)),
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
            let parsed = parse_header(out.trim_end(), 1).unwrap();
            assert_eq!(parsed, ("Event".to_string(), value.to_string()));
        }
    }

    #[test]
    fn problems() {
        let problem = |text| match parse_header(text, 3) {
            Err(RecordError::BadHeader { line: 3, problem }) => Some(problem),
            _ => None,
        };
        assert_eq!(problem("[Event \"x\""), Some(HeaderProblem::MissingBracket));
        assert_eq!(problem("[9Event \"x\"]"), Some(HeaderProblem::BadName));
        assert_eq!(problem("[Ev-ent \"x\"]"), Some(HeaderProblem::BadName));
        assert_eq!(problem("[Event x]"), Some(HeaderProblem::MissingValue));
        assert_eq!(problem("[Event \"\\q\"]"), Some(HeaderProblem::BadEscape));
        assert_eq!(problem("[Event \"\\u{110000}\"]"), Some(HeaderProblem::BadEscape));
        assert_eq!(problem("[Event \"x\" y]"), Some(HeaderProblem::TrailingText));
        assert_eq!(problem("[Event \"x\"] y"), Some(HeaderProblem::TrailingText));
        assert_eq!(parse_header("[Event \"x", 2), Err(RecordError::UnterminatedString { line: 2 }));
        assert_eq!(parse_header("[Event \"x\\", 2), Err(RecordError::UnterminatedString { line: 2 }));
        assert_eq!(parse_header("[ Event\"x\" ]  ", 2).unwrap().1, "x");
    }
}
