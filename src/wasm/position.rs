//! A position from the page's rule options and FEN, the start of every game the page asks for.

use super::errors::refused;
use crate::rules::{Position, Rules};
use wasm_bindgen::JsError;

/// Reads rule options (`"option=value,…"`, empty for the defaults) and an optional FEN
/// (empty or absent for the start position) into a position. Throws a `rules.…`, `fen.…` or
/// `position.…` refusal.
pub(crate) fn position_from(rules: &str, fen: Option<&str>) -> Result<Position, JsError> {
    let rules: Rules = rules.parse().map_err(refused)?;
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => Position::from_fen(fen, rules).map_err(refused),
        None => Ok(Position::new(rules)),
    }
}
