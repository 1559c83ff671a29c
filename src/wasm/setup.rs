//! The position editor's door: a board the page arranged, checked by the engine exactly as a
//! FEN is, and as a position a game may start from ([`check_setup`]).

use super::errors::{refused, ReasonView};
use super::js::to_js;
use crate::rules::{Color, Piece, Position, Rules, Setup, SQUARES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What the engine says of an arranged board.
#[derive(Serialize)]
struct SetupView {
    /// The board as a FEN (written whether or not it is a valid position).
    fen: String,
    /// Why it is not a position of the game under the rules (a `PositionError`) as
    /// `{message, code, params}`, or null.
    error: Option<ReasonView>,
}

/// Checks a board arranged in the editor: `board` is 63 characters, a1 first then along each
/// rank, each a FEN letter or `.` (as `JungleGame.board()` writes it); `turn` is `red` or
/// `blue`. Returns `{fen, error}`: `error` is null when the position is valid under `rules`,
/// else `{message, code, params}`. Throws only for a malformed `board`, `turn` or `rules`.
#[wasm_bindgen(js_name = checkSetup)]
pub fn check_setup(board: &str, turn: &str, rules: &str) -> Result<JsValue, JsError> {
    let rules: Rules = rules.parse().map_err(refused)?;
    let mut setup = Setup::empty();
    setup.turn = match turn {
        "red" => Color::Red,
        "blue" => Color::Blue,
        _ => return Err(JsError::new("the side to move is red or blue")),
    };
    if board.chars().count() != SQUARES {
        return Err(JsError::new(&format!("the board has {SQUARES} squares")));
    }
    for (slot, c) in setup.board.iter_mut().zip(board.chars()) {
        *slot = match c {
            '.' => None,
            c => Some(
                Piece::from_fen_char(c).ok_or_else(|| JsError::new("unknown piece letter on the board"))?,
            ),
        };
    }
    let view = SetupView {
        fen: setup.to_string(),
        error: Position::from_setup(&setup, rules)
            .and_then(|position| position.check_start())
            .err()
            .map(|e| ReasonView::of(&e)),
    };
    Ok(to_js(&view))
}
