//! The moves part of a record: splitting it into moves, variations and a result, skipping move
//! numbers (`12.`, `12...`) and `{comments}`, and writing words back in lines.

use super::error::RecordError;
use crate::rules::Color;

/// The result tokens: Red won, Blue won, draw, unfinished.
pub(super) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The width at which [`wrap`] wraps lines.
const WIDTH: usize = 79;

/// One meaningful token of the moves: a move as written, the bounds of a variation, or a result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Token<'a> {
    /// A move (the move number before it removed).
    Move(&'a str),
    /// One of [`RESULTS`].
    Result(&'a str),
    /// `(`: a side line begins, in place of the move before it.
    Open,
    /// `)`: the side line ends.
    Close,
}

/// The tokens of the moves text, each with its line number.
pub(super) struct Tokens<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`, whose first line is line `line` of the record.
    pub(super) fn new(text: &'a str, line: usize) -> Tokens<'a> {
        Tokens { rest: text, line }
    }

    /// Skips `n` bytes, counting the line breaks in them.
    fn advance(&mut self, n: usize) {
        self.line += self.rest[..n].matches('\n').count();
        self.rest = &self.rest[n..];
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<(usize, Token<'a>), RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let start = self.rest.find(|c: char| !c.is_whitespace()).unwrap_or(self.rest.len());
            self.advance(start);
            let line = self.line;
            match self.rest.chars().next()? {
                '{' => match self.rest.find('}') {
                    Some(end) => self.advance(end + 1),
                    None => {
                        self.rest = "";
                        return Some(Err(RecordError::UnterminatedComment { line }));
                    }
                },
                '[' => {
                    self.rest = "";
                    return Some(Err(RecordError::MisplacedHeader { line }));
                }
                bound @ ('(' | ')') => {
                    self.advance(1);
                    return Some(Ok((line, if bound == '(' { Token::Open } else { Token::Close })));
                }
                _ => {
                    let end = self
                        .rest
                        .find(|c: char| c.is_whitespace() || "{()".contains(c))
                        .unwrap_or(self.rest.len());
                    let word = &self.rest[..end];
                    self.advance(end);
                    if RESULTS.contains(&word) {
                        return Some(Ok((line, Token::Result(word))));
                    }
                    if let Some(m) = without_number(word) {
                        return Some(Ok((line, Token::Move(m))));
                    }
                }
            }
        }
    }
}

/// The move in a word, without a leading move number: `12.a3a4` gives `a3a4`, `12...` nothing.
/// A word of digits without a dot is left whole (it is then refused as a move).
fn without_number(word: &str) -> Option<&str> {
    let digits = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    let rest = &word[digits..];
    if digits == 0 || !rest.starts_with('.') {
        return Some(word);
    }
    Some(rest.trim_start_matches('.')).filter(|m| !m.is_empty())
}

/// A move number as written before a move: `12.` for Red's move, `12...` for Blue's.
pub(super) fn number(fullmoves: u64, turn: Color) -> String {
    match turn {
        Color::Red => format!("{fullmoves}."),
        Color::Blue => format!("{fullmoves}..."),
    }
}

/// Joins `words` with spaces in lines of at most 79 columns (a longer word stands alone).
pub(super) fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Result<(usize, Token<'_>), RecordError>> {
        Tokens::new(text, 1).collect()
    }

    #[test]
    fn numbers_comments_and_results() {
        let got =
            tokens("1. a3a4 {a [comment] {\nover lines} a7a6\r\n(1...b7b6)2.a4a5 3... 1...b2b3 12 1/2-1/2");
        let want = vec![
            Ok((1, Token::Move("a3a4"))),
            Ok((2, Token::Move("a7a6"))),
            Ok((3, Token::Open)),
            Ok((3, Token::Move("b7b6"))),
            Ok((3, Token::Close)),
            Ok((3, Token::Move("a4a5"))),
            Ok((3, Token::Move("b2b3"))),
            Ok((3, Token::Move("12"))),
            Ok((3, Token::Result("1/2-1/2"))),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn unterminated_comment_and_misplaced_header() {
        assert_eq!(
            tokens("a3a4\n{ open"),
            vec![Ok((1, Token::Move("a3a4"))), Err(RecordError::UnterminatedComment { line: 2 })]
        );
        assert_eq!(tokens("\n\n[Event \"x\"]"), vec![Err(RecordError::MisplacedHeader { line: 3 })]);
    }
}
