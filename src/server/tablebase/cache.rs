//! The tables in memory: each material set read from the folder on first use, the least
//! recently used let go once the tables held pass the budget in bytes.

use crate::tablebase::{folder, Material, Table};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The sets read from a folder, within a budget of bytes.
pub struct Cache {
    dir: PathBuf,
    budget: usize,
    held: Mutex<Held>,
}

/// The sets in memory, with when each was last used.
#[derive(Default)]
struct Held {
    sets: HashMap<Material, (Arc<Table>, u64)>,
    bytes: usize,
    clock: u64,
}

impl Cache {
    /// An empty cache of the tables in `dir`, holding at most `budget` bytes (but always the
    /// set last read).
    pub fn new(dir: PathBuf, budget: usize) -> Cache {
        Cache { dir, budget, held: Mutex::default() }
    }

    /// The table of `set`, read from the folder if not held; `None` if the folder has none,
    /// an error if its file is damaged or cannot be read. Blocks on the file: call it off
    /// the async workers.
    pub fn get(&self, set: Material) -> Result<Option<Arc<Table>>, String> {
        if let Some(table) = self.lock().touch(set) {
            return Ok(Some(table));
        }
        let Some(table) = folder::read(&self.dir, set)? else { return Ok(None) };
        let table = Arc::new(table);
        self.lock().keep(table.clone(), self.budget);
        Ok(Some(table))
    }

    /// The bytes of the tables held.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Held {
    /// The table of `set` if held, marked as just used.
    fn touch(&mut self, set: Material) -> Option<Arc<Table>> {
        self.clock += 1;
        let (table, used) = self.sets.get_mut(&set)?;
        *used = self.clock;
        Some(table.clone())
    }

    /// Holds `table` (unless another request read it meanwhile), then lets the least
    /// recently used others go while over `budget`.
    fn keep(&mut self, table: Arc<Table>, budget: usize) {
        self.clock += 1;
        let set = table.material();
        if !self.sets.contains_key(&set) {
            self.bytes += table.bytes().len();
            self.sets.insert(set, (table, self.clock));
        }
        while self.bytes > budget {
            let oldest = self.sets.iter().filter(|(m, _)| **m != set).min_by_key(|(_, (_, used))| *used);
            let Some(oldest) = oldest.map(|(m, _)| *m) else { break };
            if let Some((gone, _)) = self.sets.remove(&oldest) {
                self.bytes -= gone.bytes().len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str) -> Arc<Table> {
        let set = Material::parse(name).unwrap();
        let len = crate::tablebase::index::Layout::new(set).len();
        Arc::new(Table::from_entries(set, &vec![0; len]))
    }

    #[test]
    fn the_least_recently_used_set_goes_first_beyond_the_budget() {
        let (a, b, c) = (table("EvT"), table("LvD"), table("CvW"));
        let budget = a.bytes().len() + b.bytes().len();
        let mut held = Held::default();
        held.keep(a.clone(), budget);
        held.keep(b.clone(), budget);
        assert!(held.touch(a.material()).is_some());
        held.keep(c.clone(), budget);
        assert!(held.touch(b.material()).is_none(), "b was used least recently");
        assert!(held.touch(a.material()).is_some() && held.touch(c.material()).is_some());
        assert!(held.bytes <= budget.max(a.bytes().len() + c.bytes().len()));
        // A set larger than the budget alone is still held.
        held.keep(table("ETvR"), 1);
        assert_eq!(held.sets.len(), 1);
    }
}
