//! `jungle match --tables`: whether a player reached a position the endgame tables say it
//! wins whatever the defence (the no-capture limit included), to check it then won.

use jungle::rules::{Color, Game, Position};
use jungle::tablebase::{folder, sure, Tablebase, Value};
use std::path::Path;

/// The tables of up to 3 animals a match's games are judged by.
pub struct TableWins(Tablebase);

/// The most animals of the tables loaded (every one is held in memory).
const ANIMALS: u32 = 3;

impl TableWins {
    /// The tables in `dir`; an error if there are none.
    pub fn load(dir: &Path) -> Result<TableWins, String> {
        let tables = folder::load(dir, ANIMALS)?;
        if tables.max_animals() == 0 {
            return Err(format!("no endgame tables in {}", dir.display()));
        }
        Ok(TableWins(tables))
    }

    /// Whether some position of `game` is a sure win for `color` by the tables.
    pub fn reached(&self, game: &Game, color: Color) -> bool {
        let mut pos: Position = game.start().clone();
        let won = |pos: &Position| match self.0.probe(pos).filter(|&value| sure(value, pos)) {
            Some(Value::Win(_)) => pos.turn() == color,
            Some(Value::Loss(_)) => pos.turn() != color,
            _ => false,
        };
        if won(&pos) {
            return true;
        }
        game.moves().iter().any(|&m| {
            pos.play(m);
            won(&pos)
        })
    }
}
