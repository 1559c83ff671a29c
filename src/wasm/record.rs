//! Game records for the page: [`parse_record`] reads a plain-text record ([`GameRecord`]) into
//! plain data, [`format_record`] writes one. Only text crosses: the page builds its game from
//! what `parseRecord` returns, and the engine checks it again there.

use super::errors::{refused, refused_with};
use super::js::to_js;
use super::position::position_from;
use crate::echo::quote;
use crate::record::{Declared, GameRecord};
use crate::rules::{Color, Game, Move};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most free headers the page may hand to [`format_record`].
const MAX_HEADERS: usize = 32;

/// A record read by [`parse_record`].
#[derive(Serialize)]
struct RecordView {
    /// `option=value,…` (empty for the default rules).
    rules: String,
    /// The start position.
    fen: String,
    /// The moves from the start, like `g3g4`.
    moves: Vec<String>,
    /// The free headers in order, as `[name, value]` pairs.
    headers: Vec<(String, String)>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    result: &'static str,
    /// An end the board does not show, or null.
    declared: Option<DeclaredView>,
}

/// An end declared off the board: `{reason, winner}`.
#[derive(Serialize)]
struct DeclaredView {
    /// `resignation`, `agreement` or `time`.
    reason: &'static str,
    /// `red`, `blue`, or null for a draw.
    winner: Option<&'static str>,
}

/// Reads a game record: `{rules, fen, moves, headers: [[name, value], …], result, declared}`
/// (`declared`: `{reason, winner}` for an end off the board: a resignation, a draw agreed, a loss
/// on time, or an online game abandoned, aborted or drawn at the move limit). Throws a
/// `record.…` refusal (with the line and move) when the text is not a valid record.
#[wasm_bindgen(js_name = parseRecord)]
pub fn parse_record(text: &str) -> Result<JsValue, JsError> {
    let record = GameRecord::parse(text).map_err(refused)?;
    let view = RecordView {
        rules: record.game.rules().to_string(),
        fen: record.game.start().fen(),
        moves: record.game.moves().iter().map(Move::to_string).collect(),
        headers: record.headers().to_vec(),
        result: record.result(),
        declared: record
            .declared()
            .map(|d| DeclaredView { reason: d.name(), winner: d.winner().map(Color::name) }),
    };
    Ok(to_js(&view))
}

/// Writes the record of the game from `fen` (empty: the start position) under `rules` with
/// `moves`, and the free headers `headers` (`[[name, value], …]`, e.g. Date, Red, Blue) first.
/// `declared` (`resignation`, `agreement`, `time`, `abandoned`, `withdrawn`, `aborted`,
/// `move-limit`, or a tournament director's `adjudicated`, `forfeit` or `double-forfeit`) and `winner` (`red`, `blue`, or absent for
/// a draw) say how the game ended off the board, if it did. Throws if the game, a header or
/// the declared end is not valid.
#[wasm_bindgen(js_name = formatRecord)]
pub fn format_record(
    rules: &str,
    fen: &str,
    moves: Vec<String>,
    headers: JsValue,
    declared: Option<String>,
    winner: Option<String>,
) -> Result<String, JsError> {
    let mut game = Game::from_position(position_from(rules, Some(fen))?);
    for text in &moves {
        game.play_text(text).map_err(refused)?;
    }
    let mut record = GameRecord::new(game);
    if let Some(name) = declared.as_deref() {
        let winner = match winner.as_deref() {
            None | Some("") => None,
            Some("red") => Some(Color::Red),
            Some("blue") => Some(Color::Blue),
            Some(_) => return Err(JsError::new("the winner is red or blue")),
        };
        let declared = Declared::from_parts(name, winner).ok_or_else(|| {
            JsError::new(
                "a declared end is a resignation, a loss on time, an abandoned game, a withdrawal or a forfeit \
                 with a winner, an agreement, an aborted game, the move limit, a director's result or a double forfeit",
            )
        })?;
        record.declare(declared);
    }
    let headers = header_pairs(&headers)
        .ok_or_else(|| JsError::new("headers must be a list of [name, value] pairs of text"))?;
    for (name, value) in headers.iter().take(MAX_HEADERS) {
        record
            .set_header(name, value)
            .map_err(|e| refused_with(&format!("header {}: {e}", quote(name)), &e))?;
    }
    Ok(record.format())
}

/// `headers`, a JavaScript list of `[name, value]` pairs of text. Read by hand rather than with
/// serde: the page's module then holds no deserialiser (nor its formatting of numbers), and is
/// that much smaller on the way to the first board.
fn header_pairs(headers: &JsValue) -> Option<Vec<(String, String)>> {
    let list = headers.dyn_ref::<js_sys::Array>()?;
    list.iter()
        .map(|pair| {
            let pair = pair.dyn_into::<js_sys::Array>().ok()?;
            (pair.length() == 2).then_some(())?;
            Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
        })
        .collect()
}
