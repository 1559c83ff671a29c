//! [`EndgameTables`]: the endgame tables the page has loaded ([`Tablebase`]) behind an opaque
//! handle. The page asks which sets a position needs, fetches and unpacks them, hands each
//! file here (checked: a damaged one is refused, never trusted), then asks what the tables
//! say of the position and of each of its moves.

use super::js::to_js;
use super::position::position_from;
use crate::tablebase::{covers, sure, Material, Table, Tablebase, Value};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The tables loaded so far.
#[wasm_bindgen]
#[derive(Default)]
pub struct EndgameTables {
    tables: Tablebase,
}

/// A value as the page shows it: `result` is `win`, `draw` or `loss` for the side to move.
#[derive(Serialize)]
struct ValueView {
    result: &'static str,
    plies: u16,
}

impl From<Value> for ValueView {
    fn from(value: Value) -> ValueView {
        ValueView { result: value.result(), plies: value.plies() }
    }
}

/// One legal move and its value for the side that plays it.
#[derive(Serialize)]
struct MoveView {
    #[serde(rename = "move")]
    text: String,
    #[serde(flatten)]
    value: ValueView,
}

/// What the tables say of a position.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProbeView {
    /// The side to move, `red` or `blue`.
    turn: &'static str,
    #[serde(flatten)]
    value: ValueView,
    /// Every legal move, best first.
    moves: Vec<MoveView>,
    /// Whether the end is further than the no-capture limit allows (the tables do not see
    /// it): the game would be drawn first unless a capture comes sooner.
    past_limit: bool,
}

#[wasm_bindgen]
impl EndgameTables {
    /// No tables yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> EndgameTables {
        EndgameTables::default()
    }

    /// The names of the sets (`"ECvT"`, the file `ECvT.jtb`) a probe of the position `fen`
    /// under `rules` needs and that are not loaded yet; empty when all are, or when tables of
    /// at most `max_animals` animals (those the page has) do not hold such a position (other
    /// rules, more animals). Throws on a bad position.
    #[wasm_bindgen(js_name = missingSets)]
    pub fn missing_sets(&self, rules: &str, fen: &str, max_animals: u32) -> Result<Vec<String>, JsError> {
        let pos = position_from(rules, Some(fen))?;
        let sets = Tablebase::sets_for(&pos);
        // The position's own set is the first and the largest: captures only take animals away.
        if sets.first().is_none_or(|m| m.count() > max_animals) {
            return Ok(Vec::new());
        }
        let missing = sets.into_iter().filter(|m| self.tables.get(*m).is_none());
        Ok(missing.map(|m| m.to_string()).collect())
    }

    /// Adds the table file `bytes` of the set `name`; throws if the name is not a set's or the
    /// file is not that set's sound table (wrong header, size or checksum).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        let material =
            Material::parse(name).ok_or_else(|| JsError::new(&format!("not a material set: {name:?}")))?;
        let table = Table::from_bytes(bytes, Some(material))
            .map_err(|e| JsError::new(&format!("endgame table {material}: {e}")))?;
        self.tables.add(table);
        Ok(())
    }

    /// What the tables say of the position `fen` under `rules`: `{turn, result, plies, moves:
    /// [{move, result, plies}], pastLimit}`, or null when they do not hold it (other rules,
    /// more animals, a set not loaded, the game over). Throws on a bad position.
    pub fn probe(&self, rules: &str, fen: &str) -> Result<JsValue, JsError> {
        let pos = position_from(rules, Some(fen))?;
        if !covers(pos.rules()) {
            return Ok(JsValue::NULL);
        }
        let (Some(value), Some(moves)) = (self.tables.probe(&pos), self.tables.probe_moves(&pos)) else {
            return Ok(JsValue::NULL);
        };
        let view = ProbeView {
            turn: pos.turn().name(),
            value: value.into(),
            moves: moves
                .into_iter()
                .map(|(m, v)| MoveView { text: m.to_string(), value: v.into() })
                .collect(),
            past_limit: !sure(value, &pos),
        };
        Ok(to_js(&view))
    }
}
