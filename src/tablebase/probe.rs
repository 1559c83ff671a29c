//! The tables in use, and what they say of a position and of each of its moves.

use super::format::Table;
use super::index::view;
use super::material::Material;
use super::value::Value;
use crate::rules::{Move, Position};
use std::collections::HashMap;
use std::sync::Arc;

/// The tables loaded, by material set (shared, so that a server can lend the sets a
/// position needs from its cache).
#[derive(Clone, Default)]
pub struct Tablebase {
    tables: HashMap<Material, Arc<Table>>,
}

impl Tablebase {
    /// No tables.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Adds a table (replacing one of the same material).
    pub fn add(&mut self, table: Table) {
        self.add_shared(Arc::new(table));
    }

    /// Adds a shared table (replacing one of the same material).
    pub fn add_shared(&mut self, table: Arc<Table>) {
        self.tables.insert(table.material(), table);
    }

    /// The table of `material`, if loaded.
    pub fn get(&self, material: Material) -> Option<&Table> {
        self.tables.get(&material).map(|table| &**table)
    }

    /// The tables loaded.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values().map(|table| &**table)
    }

    /// The most animals of any table loaded (0 with none).
    pub fn max_animals(&self) -> u32 {
        self.tables.keys().map(|m| m.count()).max().unwrap_or(0)
    }

    /// The value of `pos` for its side to move; `None` if no table loaded holds it (other
    /// rules, more animals, a game already decided).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let (material, squares) = view(pos)?;
        let table = self.tables.get(&material)?;
        Some(table.value(table.layout().index_of(&squares)?))
    }

    /// Each legal move of `pos` with its value for the side to move, best first (the
    /// quickest win, then the longest defence); `None` unless every move can be looked up.
    pub fn probe_moves(&self, pos: &Position) -> Option<Vec<(Move, Value)>> {
        self.probe(pos)?;
        let mut after = pos.clone();
        let mut moves = Vec::new();
        for m in pos.legal_moves().iter().copied() {
            let undo = after.play(m);
            let value =
                if after.is_decided() { Some(Value::Win(1)) } else { self.probe(&after).map(Value::before) };
            after.undo(m, undo);
            moves.push((m, value?));
        }
        moves.sort_by_key(|&(m, v)| (-v.goodness(), m.to_string()));
        Some(moves)
    }

    /// The material sets a probe of `pos` and of its moves needs: its own and those its
    /// captures lead to (the page loads them before asking). Empty if the rules or the
    /// position are not ones tables hold.
    pub fn sets_for(pos: &Position) -> Vec<Material> {
        let Some((material, _)) = view(pos) else { return Vec::new() };
        let mut sets = vec![material];
        let mut after = pos.clone();
        for m in pos.legal_moves().iter().copied() {
            let undo = after.play(m);
            if let Some((set, _)) = view(&after) {
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
            after.undo(m, undo);
        }
        sets
    }
}
