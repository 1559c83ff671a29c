//! The game a request to the AI worker is about (to think or to analyse): its rules, where it
//! started and the moves played since (the AI needs them to see repetitions and chases).

use super::errors::refused_with;
use super::position::position_from;
use crate::echo::quote;
use crate::rules::Game;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// A request's game fields (keys in camelCase), flattened into each request.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct GameRequest {
    /// Rule options, `option=value,…`.
    #[serde(default)]
    rules: String,
    /// The FEN the game started from (empty for the start position).
    #[serde(default)]
    start_fen: String,
    /// The moves played since, like `a3a4`.
    #[serde(default)]
    moves: Vec<String>,
}

impl GameRequest {
    /// A new game from the request's start position.
    pub(super) fn start(&self) -> Result<Game, JsError> {
        Ok(Game::from_position(position_from(&self.rules, Some(&self.start_fen))?))
    }

    /// Plays the request's moves on `game`; throws at the first that is not legal there.
    pub(super) fn play_moves(&self, game: &mut Game) -> Result<(), JsError> {
        for text in &self.moves {
            game.play_text(text).map_err(|e| refused_with(&format!("move {}: {e}", quote(text)), &e))?;
        }
        Ok(())
    }
}
