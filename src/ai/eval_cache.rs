//! A small cache of static evaluations by position hash. The search meets the same positions
//! again (transpositions, and the quiescence search after each move at the leaves), and the
//! evaluation is about a third of its time; a hit costs one memory read.

use crate::rules::Rules;

/// Slots in the cache (a power of two): 512 KB.
const SLOTS: usize = 1 << 16;

/// Evaluations of positions for one set of rules and weights, each slot holding the high 32
/// bits of the hash (0 = empty) above the score.
pub(crate) struct EvalCache {
    slots: Vec<u64>,
    /// The rules the stored evaluations were made under.
    rules: Option<Rules>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache { slots: vec![0; SLOTS], rules: None }
    }

    /// Forgets every evaluation (the weights changed, or a new game began).
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// Before a search under `rules`: forgets evaluations made under other rules.
    pub fn use_rules(&mut self, rules: Rules) {
        if self.rules != Some(rules) {
            self.clear();
            self.rules = Some(rules);
        }
    }

    /// The evaluation of the position with `hash`, computed by `evaluate` unless stored.
    #[inline]
    pub fn get_or(&mut self, hash: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[hash as usize & (SLOTS - 1)];
        let check = hash >> 32;
        if check != 0 && *slot >> 32 == check {
            return *slot as u32 as i32;
        }
        let score = evaluate();
        *slot = check << 32 | u64::from(score as u32);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_evaluation_is_returned_until_cleared() {
        let mut cache = EvalCache::new();
        let hash = 0xDEAD_BEEF_0000_0123;
        assert_eq!(cache.get_or(hash, || -42), -42);
        assert_eq!(cache.get_or(hash, || unreachable!("stored")), -42);
        // Another position in the same slot replaces it.
        assert_eq!(cache.get_or(0xFEED_0000_0000_0123, || 7), 7);
        assert_eq!(cache.get_or(hash, || 5), 5);
        cache.clear();
        assert_eq!(cache.get_or(hash, || 9), 9);
        // Other rules: forgotten; the same rules again: kept.
        cache.use_rules(Rules::default());
        assert_eq!(cache.get_or(hash, || 1), 1);
        cache.use_rules(Rules::default());
        assert_eq!(cache.get_or(hash, || unreachable!("stored")), 1);
        cache.use_rules("dog-swims=yes".parse().unwrap());
        assert_eq!(cache.get_or(hash, || 2), 2);
    }
}
