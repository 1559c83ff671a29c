//! What the tables say of a position, as the API shows it: the value for the side to move and
//! each move's, best first.

use super::cache::Cache;
use crate::rules::Position;
use crate::server::error::{Code, Refusal};
use crate::tablebase::{sure, Material, Tablebase, Value};
use serde::Serialize;

/// `{"result","plies","sure","moves":[{"move","result","plies"}]}`.
#[derive(Serialize, Debug, PartialEq)]
pub struct Answer {
    /// `win`, `draw` or `loss` for the side to move.
    pub result: &'static str,
    /// Plies to the end under perfect play; `None` for a draw.
    pub plies: Option<u16>,
    /// Whether the no-capture limit cannot turn the result into a draw (the tables do not
    /// see it: the plies since the last capture plus `plies` stay within it).
    pub sure: bool,
    /// Every legal move, best first (the quickest win, then the longest defence).
    pub moves: Vec<MoveAnswer>,
}

/// One move's value for the side to move.
#[derive(Serialize, Debug, PartialEq)]
pub struct MoveAnswer {
    #[serde(rename = "move")]
    pub mv: String,
    pub result: &'static str,
    pub plies: Option<u16>,
}

/// The answer for `pos` (a position of the rules and animals the tables hold), reading the
/// sets it needs through `cache`; `no_tablebase` if the folder lacks one. Blocks on files.
pub fn answer(cache: &Cache, pos: &Position) -> Result<Answer, Refusal> {
    let mut tables = Tablebase::new();
    for set in Tablebase::sets_for(pos) {
        let table = cache.get(set).map_err(Refusal::storage)?.ok_or_else(|| missing(set))?;
        tables.add_shared(table);
    }
    let value = tables.probe(pos).ok_or_else(|| missing(Material::of(pos)))?;
    let moves = tables.probe_moves(pos).ok_or_else(|| missing(Material::of(pos)))?;
    let (result, plies) = words(value);
    let moves = moves
        .into_iter()
        .map(|(m, value)| {
            let (result, plies) = words(value);
            MoveAnswer { mv: m.to_string(), result, plies }
        })
        .collect();
    Ok(Answer { result, plies, sure: sure(value, pos), moves })
}

/// The refusal for a set the server has no table of.
fn missing(set: Material) -> Refusal {
    Refusal::new(Code::NoTablebase, format!("this server has no endgame table of {set}"))
}

fn words(value: Value) -> (&'static str, Option<u16>) {
    (value.result(), (value != Value::Draw).then_some(value.plies()))
}
