//! An unvalidated arrangement of pieces and its FEN text.

use super::animal::Piece;
use super::color::Color;
use super::square::{Square, FILES, RANKS, SQUARES};
use crate::echo::quote;
use crate::error_code::{Code, ErrorCode, Params};
use std::fmt;
use std::str::FromStr;

/// Any arrangement of pieces with a side to move, not yet checked against the rules.
/// Turn it into a playable [`Position`](super::Position) with `Position::from_setup`.
///
/// ```
/// use jungle::rules::Setup;
/// let setup: Setup = "7/7/7/7/7/7/7/7/3L3 b 4 9".parse().unwrap();
/// assert_eq!(setup.to_string(), "7/7/7/7/7/7/7/7/3L3 b 4 9");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The piece on each square, a1 first.
    pub board: [Option<Piece>; SQUARES],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture.
    pub halfmoves: u32,
    /// The move number, starting at 1 and counted up after Blue moves.
    pub fullmoves: u32,
}

/// Every way a FEN text can be malformed. The text of a field is kept cut and escaped
/// ([`quote`]), so that a huge FEN makes a short message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The board does not have 9 ranks separated by `/`.
    RankCount(usize),
    /// A rank does not describe exactly 7 squares.
    RankWidth {
        /// The rank as written in the text (9 first).
        rank: u8,
        /// The number of squares it describes.
        width: usize,
    },
    /// A character that is neither an animal letter nor a digit 1–7.
    UnknownLetter(char),
    /// No side to move after the board.
    MissingSideToMove,
    /// The side to move is not `w` or `b` (the field, quoted).
    BadSideToMove(String),
    /// The plies-since-capture field is not a number (the field, quoted).
    BadHalfmoves(String),
    /// The move number is not a positive number (the field, quoted).
    BadFullmoves(String),
    /// More fields than board, side, plies and move number.
    TooManyFields,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::RankCount(n) => write!(f, "FEN board has {n} ranks; it needs 9 separated by '/'"),
            FenError::RankWidth { rank, width } => {
                write!(f, "FEN rank {rank} describes {width} squares; every rank has 7")
            }
            FenError::UnknownLetter(c) => {
                write!(f, "unknown FEN character '{}': animals are E L T P W D C R (Red) and e l t p w d c r (Blue)", letter(*c))
            }
            FenError::MissingSideToMove => {
                f.write_str("FEN has no side to move: add ' w' (Red) or ' b' (Blue)")
            }
            FenError::BadSideToMove(s) => {
                write!(f, "FEN side to move '{s}' is not 'w' (Red) or 'b' (Blue)")
            }
            FenError::BadHalfmoves(s) => {
                write!(f, "FEN plies since capture '{s}' is not a number")
            }
            FenError::BadFullmoves(s) => {
                write!(f, "FEN move number '{s}' is not a positive number")
            }
            FenError::TooManyFields => {
                f.write_str("FEN has too many fields (board, side, plies, move number)")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// A character of a FEN as an error shows it (escaped).
fn letter(c: char) -> String {
    quote(c.encode_utf8(&mut [0; 4]))
}

impl ErrorCode for FenError {
    const CODES: &'static [Code] = &[
        Code { code: "fen.empty", params: &[] },
        Code { code: "fen.rank-count", params: &["ranks"] },
        Code { code: "fen.rank-width", params: &["rank", "width"] },
        Code { code: "fen.unknown-letter", params: &["letter"] },
        Code { code: "fen.missing-side-to-move", params: &[] },
        Code { code: "fen.bad-side-to-move", params: &["text"] },
        Code { code: "fen.bad-halfmoves", params: &["text"] },
        Code { code: "fen.bad-fullmoves", params: &["text"] },
        Code { code: "fen.too-many-fields", params: &[] },
    ];

    fn code(&self) -> &'static str {
        match self {
            FenError::Empty => "fen.empty",
            FenError::RankCount(_) => "fen.rank-count",
            FenError::RankWidth { .. } => "fen.rank-width",
            FenError::UnknownLetter(_) => "fen.unknown-letter",
            FenError::MissingSideToMove => "fen.missing-side-to-move",
            FenError::BadSideToMove(_) => "fen.bad-side-to-move",
            FenError::BadHalfmoves(_) => "fen.bad-halfmoves",
            FenError::BadFullmoves(_) => "fen.bad-fullmoves",
            FenError::TooManyFields => "fen.too-many-fields",
        }
    }

    fn params(&self) -> Params {
        match self {
            FenError::RankCount(n) => vec![("ranks", (*n).into())],
            FenError::RankWidth { rank, width } => vec![("rank", (*rank).into()), ("width", (*width).into())],
            FenError::UnknownLetter(c) => vec![("letter", letter(*c).into())],
            FenError::BadSideToMove(text) | FenError::BadHalfmoves(text) | FenError::BadFullmoves(text) => {
                vec![("text", text.as_str().into())]
            }
            FenError::Empty | FenError::MissingSideToMove | FenError::TooManyFields => Vec::new(),
        }
    }
}

impl Setup {
    /// An empty board, Red to move.
    pub fn empty() -> Setup {
        Setup { board: [None; SQUARES], turn: Color::Red, halfmoves: 0, fullmoves: 1 }
    }

    /// The board part of the FEN (ranks 9 down to 1).
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(40);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    Some(p) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let mut file = 0usize;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(d @ 1..=7) => file += d as usize,
                _ => {
                    let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownLetter(c))?;
                    if let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::from_coords(f, rank)) {
                        setup.board[sq.index()] = Some(piece);
                    }
                    file += 1;
                }
            }
        }
        if file != FILES as usize {
            return Err(FenError::RankWidth { rank: rank + 1, width: file });
        }
    }
    Ok(())
}

/// Parses `<board> <w|b> [plies since capture] [move number]`; a `-` field is skipped
/// so that FENs with chess-style placeholders are read too.
impl FromStr for Setup {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let mut setup = Setup::empty();
        parse_board(board, &mut setup)?;
        setup.turn = match fields.next() {
            None => return Err(FenError::MissingSideToMove),
            Some("w") => Color::Red,
            Some("b") => Color::Blue,
            Some(other) => return Err(FenError::BadSideToMove(quote(other))),
        };
        let mut numbers = fields.filter(|f| *f != "-");
        if let Some(h) = numbers.next() {
            setup.halfmoves = h.parse().map_err(|_| FenError::BadHalfmoves(quote(h)))?;
        }
        if let Some(n) = numbers.next() {
            setup.fullmoves =
                n.parse().ok().filter(|&n| n > 0).ok_or_else(|| FenError::BadFullmoves(quote(n)))?;
        }
        if numbers.next().is_some() {
            return Err(FenError::TooManyFields);
        }
        Ok(setup)
    }
}

/// Writes the FEN; the counters are added only when they differ from `0 1`.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board_fen(), self.turn.fen_char())?;
        if self.halfmoves != 0 || self.fullmoves != 1 {
            write!(f, " {} {}", self.halfmoves, self.fullmoves)?;
        }
        Ok(())
    }
}
