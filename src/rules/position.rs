//! A validated position: pieces, side to move, counters and hash, with make and unmake.

use super::animal::{Animal, Piece};
use super::bitboard::Bitboard;
use super::color::{ByColor, Color};
use super::moves::{parse_squares, Move, MoveError};
use super::options::{GameKind, Jumps, Rules, TrapRule};
use super::outcome::Reason;
use super::setup::{FenError, Setup};
use super::square::{Square, SQUARES};
use super::terrain::Terrain;
use super::zobrist;
use crate::error_code::{Code, ErrorCode, Params};
use std::fmt;

/// The default start position (Red to move).
pub const START_FEN: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";
/// The Animal Checkers start position: Rat, Dog, Tiger and Elephant on their usual squares.
pub const CHECKERS_START_FEN: &str = "6t/1d5/r5e/7/7/7/E5R/5D1/T6 w";

/// Why a setup is not a position of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The FEN text itself is malformed.
    Fen(FenError),
    /// A piece stands on its own side's den.
    PieceOnOwnDen(Piece, Square),
    /// A piece that cannot swim stands in water.
    NotASwimmer(Piece, Square),
    /// One side has the same animal twice.
    DuplicateAnimal(Piece),
    /// The animal does not take part in this game (Animal Checkers).
    NotInGame(Piece),
    /// Pieces stand in both dens: the game cannot have reached this.
    BothDensEntered,
    /// A game cannot start here: this side has no animal, so the game would be over before
    /// its first move ([`Position::check_start`]; a game may still reach such a position).
    NoAnimals(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => e.fmt(f),
            PositionError::PieceOnOwnDen(p, sq) => write!(f, "the {p} on {sq} stands on its own den"),
            PositionError::NotASwimmer(p, sq) => write!(f, "the {p} on {sq} stands in water but cannot swim"),
            PositionError::DuplicateAnimal(p) => {
                write!(f, "{} has more than one {}", p.color, p.animal.name())
            }
            PositionError::NotInGame(p) => {
                write!(
                    f,
                    "the {p} is not in this game (Animal Checkers has only rat, dog, tiger and elephant)"
                )
            }
            PositionError::BothDensEntered => {
                f.write_str("both dens are occupied: the game would already be over")
            }
            PositionError::NoAnimals(color) => {
                write!(f, "{color} has no animal: the game would already be over")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A piece as error parameters: its side and animal (`red`, `cat`).
fn piece_params(piece: Piece) -> Params {
    vec![("side", piece.color.name().into()), ("animal", piece.animal.name().into())]
}

impl ErrorCode for PositionError {
    const CODES: &'static [Code] = &[
        Code { code: "position.piece-on-own-den", params: &["side", "animal", "square"] },
        Code { code: "position.not-a-swimmer", params: &["side", "animal", "square"] },
        Code { code: "position.duplicate-animal", params: &["side", "animal"] },
        Code { code: "position.not-in-game", params: &["side", "animal"] },
        Code { code: "position.both-dens-entered", params: &[] },
        Code { code: "position.no-animals", params: &["side"] },
    ];

    /// The FEN's own code for a malformed FEN ([`FenError`]), else `position.…`.
    fn code(&self) -> &'static str {
        match self {
            PositionError::Fen(e) => e.code(),
            PositionError::PieceOnOwnDen(..) => "position.piece-on-own-den",
            PositionError::NotASwimmer(..) => "position.not-a-swimmer",
            PositionError::DuplicateAnimal(_) => "position.duplicate-animal",
            PositionError::NotInGame(_) => "position.not-in-game",
            PositionError::BothDensEntered => "position.both-dens-entered",
            PositionError::NoAnimals(_) => "position.no-animals",
        }
    }

    fn params(&self) -> Params {
        match self {
            PositionError::Fen(e) => e.params(),
            PositionError::PieceOnOwnDen(p, sq) | PositionError::NotASwimmer(p, sq) => {
                let mut params = piece_params(*p);
                params.push(("square", sq.to_string().into()));
                params
            }
            PositionError::DuplicateAnimal(p) | PositionError::NotInGame(p) => piece_params(*p),
            PositionError::BothDensEntered => Vec::new(),
            PositionError::NoAnimals(color) => vec![("side", color.name().into())],
        }
    }
}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError::Fen(e)
    }
}

/// What [`Position::play`] needs to take a move back with [`Position::undo`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    /// The piece taken, if any.
    pub captured: Option<Piece>,
    halfmoves: u32,
    fullmoves: u32,
}

/// Facts derived from the [`Rules`] once, for fast move generation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct RuleTables {
    pub terrain: Terrain,
    /// The rank of each animal.
    pub ranks: [u8; 8],
    /// The squares that make a piece of each colour rank 0.
    pub weakening: ByColor<Bitboard>,
    /// The squares each animal may stand on (water only for swimmers).
    pub ground: [Bitboard; 8],
    /// The river jumps each animal may make.
    pub jumps: [Jumps; 8],
}

impl RuleTables {
    fn new(rules: &Rules) -> RuleTables {
        let terrain = rules.terrain();
        let weakening = match rules.traps {
            TrapRule::Enemy => ByColor::new(terrain.traps[Color::Blue], terrain.traps[Color::Red]),
            TrapRule::Universal => ByColor::new(terrain.all_traps(), terrain.all_traps()),
        };
        RuleTables {
            terrain,
            ranks: Animal::ALL.map(|a| rules.rank(a)),
            weakening,
            ground: Animal::ALL.map(|a| if rules.swims(a) { Bitboard::ALL } else { !terrain.water }),
            jumps: Animal::ALL.map(|a| if terrain.water.any() { rules.jumps(a) } else { Jumps::None }),
        }
    }
}

/// A position that obeys the rules: build it with [`Position::new`], [`Position::from_fen`]
/// or [`Position::from_setup`]; change it with [`Position::play`] and [`Position::undo`].
///
/// ```
/// use jungle::rules::{Position, Rules};
/// let mut pos = Position::new(Rules::default());
/// assert_eq!(pos.legal_moves().len(), 24);
/// let m = pos.parse_move("a3a4").unwrap();
/// let undo = pos.play(m);
/// pos.undo(m, undo);
/// assert_eq!(pos, Position::new(Rules::default()));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) occupied: ByColor<Bitboard>,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
    rules: Rules,
    pub(crate) tables: RuleTables,
}

impl Position {
    /// The start position of the game these rules describe, `first` to move.
    pub fn new(rules: Rules) -> Position {
        let fen = match rules.game {
            GameKind::Jungle => START_FEN,
            GameKind::AnimalCheckers => CHECKERS_START_FEN,
        };
        let mut setup: Setup = fen.parse().expect("start FEN is valid");
        setup.turn = rules.first;
        Position::from_setup(&setup, rules).expect("start position is valid")
    }

    /// Parses and validates a FEN under `rules`.
    ///
    /// ```
    /// use jungle::rules::{Position, PositionError, Rules};
    /// let err = Position::from_fen("7/7/7/7/7/7/7/7/3E3 w", Rules::default()).unwrap_err();
    /// assert!(matches!(err, PositionError::PieceOnOwnDen(..)));
    /// ```
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Position, PositionError> {
        let setup: Setup = fen.parse()?;
        Position::from_setup(&setup, rules)
    }

    /// Checks a setup against `rules` and builds the position.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        let tables = RuleTables::new(&rules);
        let mut seen = [false; 16];
        let mut dens_entered = ByColor::new(false, false);
        for sq in Square::all() {
            let Some(piece) = setup.board[sq.index()] else { continue };
            if !rules.in_game(piece.animal) {
                return Err(PositionError::NotInGame(piece));
            }
            if tables.terrain.dens[piece.color].contains(sq) {
                return Err(PositionError::PieceOnOwnDen(piece, sq));
            }
            if tables.terrain.water.contains(sq) && !rules.swims(piece.animal) {
                return Err(PositionError::NotASwimmer(piece, sq));
            }
            if std::mem::replace(&mut seen[piece.index()], true) {
                return Err(PositionError::DuplicateAnimal(piece));
            }
            dens_entered[piece.color] |= tables.terrain.dens[!piece.color].contains(sq);
        }
        if dens_entered.red && dens_entered.blue {
            return Err(PositionError::BothDensEntered);
        }
        let mut pos = Position {
            board: setup.board,
            occupied: ByColor::default(),
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash: 0,
            rules,
            tables,
        };
        for sq in Square::all() {
            if let Some(p) = pos.board[sq.index()] {
                pos.occupied[p.color] |= Bitboard::from(sq);
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Checks that a game may start from this position: each side has an animal (Red's
    /// absence is reported first). A game may end in a position that fails this check, so
    /// [`Position::from_setup`] accepts it; a new game (the page, its editor) does not.
    ///
    /// ```
    /// use jungle::rules::{Color, Position, PositionError, Rules};
    /// let pos = Position::from_fen("7/7/7/7/7/7/7/7/2L4 b", Rules::default()).unwrap();
    /// assert_eq!(pos.check_start(), Err(PositionError::NoAnimals(Color::Blue)));
    /// ```
    pub fn check_start(&self) -> Result<(), PositionError> {
        match [Color::Red, Color::Blue].into_iter().find(|&color| self.occupied[color].is_empty()) {
            Some(color) => Err(PositionError::NoAnimals(color)),
            None => Ok(()),
        }
    }

    /// The unvalidated setup of this position (for editing or FEN output).
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, turn: self.turn, halfmoves: self.halfmoves, fullmoves: self.fullmoves }
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The special squares of this game.
    pub fn terrain(&self) -> &Terrain {
        &self.tables.terrain
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (or since the start).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash, kept up to date by `play` and `undo`.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Position::hash`]; for tests).
    pub fn compute_hash(&self) -> u64 {
        let pieces = Square::all()
            .filter_map(|sq| self.board[sq.index()].map(|p| zobrist::piece_key(p, sq)))
            .fold(0, |h, k| h ^ k);
        match self.turn {
            Color::Red => pieces,
            Color::Blue => pieces ^ zobrist::BLUE_TO_MOVE,
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.occupied[color]
    }

    /// The squares holding any piece.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied.red | self.occupied.blue
    }

    /// Where `piece` stands, if it is still on the board.
    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        { self.occupied[piece.color] }.find(|&sq| self.board[sq.index()] == Some(piece))
    }

    /// The rank of `animal` under this position's rules.
    #[inline]
    pub fn rank(&self, animal: Animal) -> u8 {
        self.tables.ranks[animal.index()]
    }

    /// Whether a piece of `color` on `sq` is weakened to rank 0 by a trap.
    #[inline]
    pub fn is_trapped(&self, color: Color, sq: Square) -> bool {
        self.tables.weakening[color].contains(sq)
    }

    /// The side that has won by the board alone: a piece in the enemy den, or all enemy
    /// pieces captured. No legal move and draws are decided by [`Game`](super::Game).
    pub fn winner(&self) -> Option<(Color, Reason)> {
        for c in Color::ALL {
            if (self.occupied[c] & self.tables.terrain.dens[!c]).any() {
                return Some((c, Reason::Den));
            }
        }
        for c in Color::ALL {
            if self.occupied[!c].is_empty() {
                return Some((c, Reason::AllCaptured));
            }
        }
        None
    }

    /// Whether the game ended on the board (a den entered or a side wiped out).
    #[inline]
    pub fn is_decided(&self) -> bool {
        let dens = self.tables.terrain.dens;
        (self.occupied.red & dens.blue).any()
            || (self.occupied.blue & dens.red).any()
            || self.occupied.red.is_empty()
            || self.occupied.blue.is_empty()
    }

    /// Reads a move like `a3a4` and checks that it is legal here.
    ///
    /// ```
    /// use jungle::rules::{MoveError, Position, Rules};
    /// let pos = Position::new(Rules::default());
    /// assert!(pos.parse_move("g3g4").is_ok());
    /// assert!(matches!(pos.parse_move("a3a5"), Err(MoveError::Illegal(_))));
    /// assert!(matches!(pos.parse_move("zz"), Err(MoveError::Syntax(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let m = parse_squares(text.trim())?;
        if self.is_decided() {
            return Err(MoveError::GameOver);
        }
        match self.piece_at(m.from) {
            Some(p) if p.color == self.turn => {}
            _ => return Err(MoveError::NoPiece(m.from)),
        }
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(m))
        }
    }

    /// Plays a legal move and returns what undoing it needs. The move must come from
    /// [`Position::legal_moves`] or pass [`Position::is_legal`].
    #[inline]
    pub fn play(&mut self, m: Move) -> Undo {
        debug_assert!(self.is_legal(m), "illegal move {m} in {}", self.fen());
        let piece = self.board[m.from.index()].expect("a legal move starts on a piece");
        let captured = self.board[m.to.index()];
        let undo = Undo { captured, halfmoves: self.halfmoves, fullmoves: self.fullmoves };
        let them = !self.turn;
        if let Some(victim) = captured {
            self.occupied[them] ^= Bitboard::from(m.to);
            self.hash ^= zobrist::piece_key(victim, m.to);
            self.halfmoves = 0;
        } else {
            // Saturating: the counters come from FEN text and may already be at u32::MAX.
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.occupied[self.turn] ^= Bitboard::from(m.from) | Bitboard::from(m.to);
        self.board[m.from.index()] = None;
        self.board[m.to.index()] = Some(piece);
        self.hash ^=
            zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to) ^ zobrist::BLUE_TO_MOVE;
        if self.turn == Color::Blue {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        undo
    }

    /// Takes back `m`, which must be the last move played, with the `Undo` it returned.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let us = !self.turn;
        let piece = self.board[m.to.index()].expect("the moved piece is on its target");
        self.turn = us;
        self.board[m.from.index()] = Some(piece);
        self.board[m.to.index()] = undo.captured;
        self.occupied[us] ^= Bitboard::from(m.from) | Bitboard::from(m.to);
        self.hash ^=
            zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to) ^ zobrist::BLUE_TO_MOVE;
        if let Some(victim) = undo.captured {
            self.occupied[!us] ^= Bitboard::from(m.to);
            self.hash ^= zobrist::piece_key(victim, m.to);
        }
        self.halfmoves = undo.halfmoves;
        self.fullmoves = undo.fullmoves;
    }

    /// Puts `pieces` on an empty board, `turn` to move, with no plies since a capture (the
    /// tablebase's fast way through its positions; it places only what the rules allow).
    pub(crate) fn set_pieces(&mut self, pieces: impl Iterator<Item = (Piece, Square)>, turn: Color) {
        self.board = [None; SQUARES];
        self.occupied = ByColor::default();
        self.hash = if turn == Color::Blue { zobrist::BLUE_TO_MOVE } else { 0 };
        for (piece, sq) in pieces {
            self.board[sq.index()] = Some(piece);
            self.occupied[piece.color] |= Bitboard::from(sq);
            self.hash ^= zobrist::piece_key(piece, sq);
        }
        self.turn = turn;
        self.halfmoves = 0;
        self.fullmoves = 1;
    }

    /// Passes the turn without moving (for null-move search; not a move of the game).
    pub fn pass(&mut self) {
        self.turn = !self.turn;
        self.hash ^= zobrist::BLUE_TO_MOVE;
    }
}

/// Prints the board as a diagram, rank 9 on top, with the FEN below.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tables.terrain;
        for rank in (0..9).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..7 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                let c = match self.board[sq.index()] {
                    Some(p) => p.fen_char(),
                    None if t.water.contains(sq) => '~',
                    None if t.all_traps().contains(sq) => '#',
                    None if (t.dens.red | t.dens.blue).contains(sq) => '*',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g")?;
        write!(f, "FEN: {}", self.fen())
    }
}
