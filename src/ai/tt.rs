//! The transposition table: what earlier searches learned about positions, by hash.

use crate::rules::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true value is exactly this.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One slot: 12 bytes.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The low 32 bits of the hash (the high bits chose the slot).
    check: u32,
    /// The best move packed by `Move::to_u16`, or `NO_MOVE`.
    mv: u16,
    /// The score relative to this node (see `score::to_tt`).
    score: i16,
    /// The depth searched; 0 marks an empty slot together with `bound == 0`.
    depth: u8,
    /// 1 = exact, 2 = lower, 3 = upper; 0 = empty.
    bound: u8,
    /// The search that wrote the slot, for replacement.
    generation: u8,
}

const NO_MOVE: u16 = u16::MAX;

/// A hit in the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// A fixed-size table of slots indexed by the high bits of the position hash.
pub(crate) struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one slot). When memory is short it takes
    /// the largest power-of-two fraction of that which can be allocated.
    pub fn new(mb: usize) -> Table {
        let mut count = (mb.min(1 << 16) * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
        let mut slots = Vec::new();
        while slots.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        slots.resize(count, Slot::default());
        Table { slots, generation: 0 }
    }

    /// A table of about `mb` megabytes in place of this one, whose memory is freed first so
    /// that the two never exist together.
    pub fn resize(&mut self, mb: usize) {
        self.slots = Vec::new();
        *self = Table::new(mb);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        ((hash as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `hash`, if stored.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let slot = self.slots[self.index(hash)];
        if slot.bound == 0 || slot.check != hash as u32 {
            return None;
        }
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let mv = if slot.mv == NO_MOVE { None } else { Move::from_u16(slot.mv) };
        Some(Hit { mv, score: slot.score as i32, depth: slot.depth as u32, bound })
    }

    /// Stores a result, keeping a deeper entry of the same search for another position.
    #[inline]
    pub fn store(&mut self, hash: u64, mv: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let i = self.index(hash);
        let old = self.slots[i];
        let same = old.check == hash as u32;
        if !same && old.generation == self.generation && old.depth as u32 > depth + 2 && bound != Bound::Exact
        {
            return;
        }
        let mv = match mv {
            Some(m) => m.to_u16(),
            None if same => old.mv,
            None => NO_MOVE,
        };
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let depth = depth.min(255) as u8;
        self.slots[i] = Slot { check: hash as u32, mv, score, depth, bound, generation: self.generation };
    }

    /// Thousandths of the first thousand slots written by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n].iter().filter(|s| s.bound != 0 && s.generation == self.generation).count();
        (used * 1000 / n.max(1)) as u32
    }
}
