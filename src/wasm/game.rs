//! [`JungleGame`]: the game the page shows, behind an opaque handle.

use super::errors::refused;
use super::position_from;
use crate::echo::quote;
use crate::rules::{Animal, Color, Game, Move, Piece, RankOrder, Square, SQUARES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One game in progress, owned by the page: the position, the moves played, and the moves
/// taken back that [`JungleGame::redo`] can replay.
#[wasm_bindgen]
pub struct JungleGame {
    game: Game,
    /// The piece each played move took, if any (parallel to the game's moves).
    captured: Vec<Option<Piece>>,
    /// Moves taken back, the next to replay last.
    redo: Vec<Move>,
}

/// A move of the game, for the move list.
#[derive(Serialize)]
struct PlayedMoveView {
    /// The move number (counted up after each Blue move, as in FEN).
    number: u32,
    /// Who moved: `red` or `blue`.
    color: &'static str,
    #[serde(rename = "move")]
    text: String,
    from: String,
    to: String,
    /// FEN letter of the piece that moved.
    piece: char,
    /// FEN letter of the piece taken, if any.
    captured: Option<char>,
}

/// The end of the game.
#[derive(Serialize)]
struct OutcomeView {
    /// `red`, `blue`, or null for a draw.
    winner: Option<&'static str>,
    /// `den`, `all-captured`, `no-moves`, `repetition` or `no-capture-limit`.
    reason: &'static str,
    /// A sentence such as "red wins: entered the den".
    text: String,
}

/// An animal as these rules play it.
#[derive(Serialize)]
struct AnimalView {
    /// Uppercase FEN letter.
    letter: char,
    /// English name, lowercase (`fox` for the Wolf under `ranks=fox`).
    name: &'static str,
    rank: u8,
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).expect("plain data converts to a JS value")
}

fn square(text: &str) -> Result<Square, JsError> {
    text.parse().map_err(|e| JsError::new(&format!("'{}': {e}", quote(text))))
}

/// Helpers for the methods below.
impl JungleGame {
    fn name_of(&self, animal: Animal) -> &'static str {
        match animal {
            Animal::Wolf if self.game.rules().ranks == RankOrder::Fox => "fox",
            _ => animal.name(),
        }
    }

    fn push(&mut self, m: Move) -> Result<(), JsError> {
        let taken = self.game.position().piece_at(m.to);
        self.game.play(m).map_err(refused)?;
        self.captured.push(taken);
        Ok(())
    }
}

#[wasm_bindgen]
impl JungleGame {
    /// A new game under `rules` (`"option=value,…"` with the option names of RULES.md; empty for
    /// the default rules) from `fen`, or from the start position when `fen` is empty or absent.
    /// Throws on an unknown option or value and on a FEN that is not a legal position.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, fen: Option<String>) -> Result<JungleGame, JsError> {
        let position = position_from(rules, fen.as_deref())?;
        Ok(JungleGame { game: Game::from_position(position), captured: Vec::new(), redo: Vec::new() })
    }

    /// The rule options that differ from the defaults, as `option=value,…`.
    pub fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// The FEN of the position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    /// The side to move: `red` or `blue`.
    pub fn turn(&self) -> String {
        self.game.position().turn().name().to_string()
    }

    /// The board as 63 characters, a1 first then along each rank: a piece's FEN letter or `.`.
    pub fn board(&self) -> String {
        let position = self.game.position();
        Square::all().map(|sq| position.piece_at(sq).map_or('.', Piece::fen_char)).collect()
    }

    /// The terrain as 63 characters, a1 first: `~` water, `T`/`t` Red's/Blue's trap,
    /// `D`/`d` Red's/Blue's den, `.` land.
    pub fn terrain(&self) -> String {
        let t = self.game.position().terrain();
        let mut out = String::with_capacity(SQUARES);
        for sq in Square::all() {
            let c = if t.water.contains(sq) {
                '~'
            } else if t.traps[Color::Red].contains(sq) {
                'T'
            } else if t.traps[Color::Blue].contains(sq) {
                't'
            } else if t.dens[Color::Red].contains(sq) {
                'D'
            } else if t.dens[Color::Blue].contains(sq) {
                'd'
            } else {
                '.'
            };
            out.push(c);
        }
        out
    }

    /// The squares the piece on `square` may move to now (none if it is not the side to move's).
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square_text: &str) -> Result<Vec<String>, JsError> {
        let from = square(square_text)?;
        Ok(self.game.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to.to_string()).collect())
    }

    /// Every legal move now, written like `a3a4`; none once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves().iter().map(Move::to_string).collect()
    }

    /// Plays a move written like `a3a4`. Throws, leaving the game unchanged, if it is not
    /// legal now. Playing a move forgets the moves that `redo` could replay.
    pub fn play(&mut self, move_text: &str) -> Result<(), JsError> {
        let m = self.game.position().parse_move(move_text).map_err(refused)?;
        self.push(m)?;
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last move and returns it, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let m = self.game.undo()?;
        self.captured.pop();
        self.redo.push(m);
        Some(m.to_string())
    }

    /// Replays the last move taken back and returns it, or `undefined` if there is none.
    pub fn redo(&mut self) -> Option<String> {
        let m = self.redo.pop()?;
        match self.push(m) {
            Ok(()) => Some(m.to_string()),
            Err(_) => {
                self.redo.clear();
                None
            }
        }
    }

    /// Whether `redo` has a move to replay.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        self.captured.len()
    }

    /// The moves played: `[{number, color, move: "g3g4", from, to, piece: "R", captured: "r" | null}, …]`.
    pub fn history(&self) -> JsValue {
        let start = self.game.start();
        let mut number = start.fullmoves();
        let mut moves = Vec::with_capacity(self.captured.len());
        for (played, taken) in self.game.history().iter().zip(&self.captured) {
            let color = played.piece.color;
            moves.push(PlayedMoveView {
                number,
                color: color.name(),
                text: played.mv.to_string(),
                from: played.mv.from.to_string(),
                to: played.mv.to.to_string(),
                piece: played.piece.fen_char(),
                captured: taken.map(Piece::fen_char),
            });
            if color == Color::Blue {
                number = number.saturating_add(1);
            }
        }
        to_js(&moves)
    }

    /// The result once the game is over, `{winner: "red" | "blue" | null, reason, text}`,
    /// or `null` while it goes on.
    pub fn outcome(&self) -> JsValue {
        let outcome = self.game.outcome().map(|o| OutcomeView {
            winner: o.winner.map(Color::name),
            reason: o.reason.name(),
            text: o.to_string(),
        });
        to_js(&outcome)
    }

    /// The animals of this game, strongest first, as these rules rank and name them:
    /// `[{letter: "E", name: "elephant", rank: 8}, …]`.
    pub fn animals(&self) -> JsValue {
        let rules = self.game.rules();
        let mut animals: Vec<AnimalView> = Animal::ALL
            .iter()
            .filter(|&&a| rules.in_game(a))
            .map(|&a| AnimalView { letter: a.letter(), name: self.name_of(a), rank: rules.rank(a) })
            .collect();
        animals.reverse();
        to_js(&animals)
    }
}
