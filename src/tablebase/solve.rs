//! Retrograde analysis of one material set (with its colour-swapped twin, since a move hands
//! the turn over): every position's value, from positions that end at once outwards.
//!
//! 1. Each position's moves are generated once: a move that wins at once or captures (into a
//!    smaller set, already solved) gives a value straight away, and the best of those is kept;
//!    the other moves are counted, and each is an edge of the graph within the pair.
//! 2. The edges are generated again and stored reversed (each position's predecessors).
//! 3. Positions are settled in order of their distance: a loss in `d` makes each predecessor
//!    a win in `d + 1`; a win in `d` takes one move off each predecessor's count, and a
//!    predecessor left with no move that does not lose is lost in `d + 1` (or later, if a
//!    capture holds out longer). Since distances settle in increasing order, the first win
//!    found is the quickest and the last losing move counted is the longest defence.
//! 4. What never settles is a draw: neither side can force the end.
//!
//! Memory: 12 bytes a position and 4 an edge (about 6 quiet moves a position): 37 bytes a
//! position measured on a set of four animals.

use super::index::{after_quiet_move, Layout};
use super::material::Material;
use super::value::Value;
use crate::rules::{Color, Position, Rules, Setup, Terrain};
use std::ops::Not;

/// No capture or immediate win found yet (an entry no value has).
const NO_EXIT: u16 = u16::MAX;

/// A solved table: its material and one entry per index ([`Value::from_entry`]).
pub struct Solved {
    /// The material set.
    pub material: Material,
    /// Each position's value as an entry.
    pub entries: Vec<u16>,
}

/// What solving reports as it goes: the step (1–3 above), positions done, positions in all.
pub type Progress<'a> = &'a mut dyn FnMut(u8, usize, usize);

/// Solves `material` and its colour-swapped twin (one table if they are the same), given the
/// value of any position after a capture (`smaller`: the opponent to move, in a smaller set).
pub fn solve(
    material: Material,
    smaller: &dyn Fn(&Position) -> Option<Value>,
    progress: Progress,
) -> Result<Vec<Solved>, String> {
    let mut sides = vec![Layout::new(material)];
    if material.swapped() != material {
        sides.push(Layout::new(material.swapped()));
    }
    let graph = Graph::new(&sides);
    let total = graph.total;
    // Step 1: immediate results and counts.
    let mut count = vec![0u8; total];
    let mut exit = vec![NO_EXIT; total];
    let mut incoming = vec![0u32; total + 1];
    graph.walk(1, progress, |g, step| match step {
        Step::Exit(pos) => {
            let value = match pos {
                None => Value::Win(1),
                Some(pos) => smaller(pos)
                    .ok_or_else(|| format!("no table for {} (needed by {material})", Material::of(pos)))?
                    .before(),
            };
            if exit[g] == NO_EXIT || value.goodness() > Value::from_entry(exit[g]).goodness() {
                exit[g] = value.entry();
            }
            Ok(())
        }
        Step::Edge(to) => {
            count[g] += 1;
            incoming[to + 1] += 1;
            Ok(())
        }
    })?;
    // Step 2: the edges reversed, as lists of predecessors.
    for g in 0..total {
        incoming[g + 1] += incoming[g];
    }
    let mut fill = incoming.clone();
    let mut preds = vec![0u32; incoming[total] as usize];
    graph.walk(2, progress, |g, step| {
        if let Step::Edge(to) = step {
            preds[fill[to] as usize] = g as u32;
            fill[to] += 1;
        }
        Ok(())
    })?;
    drop(fill);
    // Step 3: settle by distance. `buckets[d]` holds positions that may settle at `d` plies
    // (odd: wins, even: losses).
    let mut entries = vec![0u16; total];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, plies: u16, g: usize| {
        let d = usize::from(plies);
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        buckets[d].push(g as u32);
    };
    let lost_in = |exit: u16, at_least: u16| match exit {
        NO_EXIT => Some(at_least),
        e => match Value::from_entry(e) {
            Value::Loss(plies) => Some(plies.max(at_least)),
            _ => None,
        },
    };
    for g in 0..total {
        if !graph.valid[g] {
            continue;
        }
        match (exit[g], count[g]) {
            (e, _) if e != NO_EXIT && matches!(Value::from_entry(e), Value::Win(_)) => {
                push(&mut buckets, Value::from_entry(e).plies(), g)
            }
            (e, 0) => {
                if let Some(plies) = lost_in(e, 0) {
                    push(&mut buckets, plies, g)
                }
            }
            _ => {}
        }
    }
    let mut d = 0;
    let mut settled = 0;
    while d < buckets.len() {
        let plies = u16::try_from(d).map_err(|_| "a distance beyond 65,534 plies".to_string())?;
        let bucket = std::mem::take(&mut buckets[d]);
        for p in bucket {
            let p = p as usize;
            if entries[p] != 0 {
                continue;
            }
            let value = if plies % 2 == 1 { Value::Win(plies) } else { Value::Loss(plies) };
            entries[p] = value.entry();
            settled += 1;
            for &q in &preds[incoming[p] as usize..incoming[p + 1] as usize] {
                let q = q as usize;
                if entries[q] != 0 {
                    continue;
                }
                match value {
                    Value::Loss(_) => push(&mut buckets, plies + 1, q),
                    _ => {
                        count[q] -= 1;
                        if count[q] == 0 {
                            if let Some(l) = lost_in(exit[q], plies + 1) {
                                push(&mut buckets, l, q);
                            }
                        }
                    }
                }
            }
        }
        progress(3, settled, total);
        d += 1;
    }
    let mut offset = 0;
    Ok(sides
        .iter()
        .map(|layout| {
            let part = entries[offset..offset + layout.len()].to_vec();
            offset += layout.len();
            Solved { material: layout.material(), entries: part }
        })
        .collect())
}

/// What a walk over the positions meets.
enum Step<'a> {
    /// A move that wins at once (`None`) or captures, leading to this position.
    Exit(Option<&'a Position>),
    /// A quiet move, to this position of the pair.
    Edge(usize),
}

/// The positions of a pair of tables, one index space after the other.
struct Graph<'a> {
    sides: &'a [Layout],
    total: usize,
    /// Whether each index is a position (no two animals on one square).
    valid: Vec<bool>,
}

impl<'a> Graph<'a> {
    fn new(sides: &'a [Layout]) -> Graph<'a> {
        let total = sides.iter().map(Layout::len).sum();
        let mut valid = Vec::with_capacity(total);
        let mut squares = Vec::new();
        for layout in sides {
            valid.extend((0..layout.len()).map(|i| layout.decode(i, &mut squares)));
        }
        Graph { sides, total, valid }
    }

    /// Walks every position's moves, in index order.
    fn walk(
        &self,
        stage: u8,
        progress: Progress,
        mut visit: impl FnMut(usize, Step) -> Result<(), String>,
    ) -> Result<(), String> {
        let empty =
            Setup { board: [None; crate::rules::SQUARES], turn: Color::Red, halfmoves: 0, fullmoves: 1 };
        let mut pos = Position::from_setup(&empty, Rules::default()).expect("an empty board is a setup");
        let mut squares = Vec::new();
        let mut next = Vec::new();
        let enemy_den = Terrain::JUNGLE.dens.blue;
        let mut g = 0;
        for (s, layout) in self.sides.iter().enumerate() {
            let other = if self.sides.len() == 1 { 0 } else { 1 - s };
            let other_offset = if other == 0 { 0 } else { self.sides[0].len() };
            let ours = layout.material().ours.count_ones() as usize;
            for i in 0..layout.len() {
                if g % 65_536 == 0 {
                    progress(stage, g, self.total);
                }
                if layout.decode(i, &mut squares) {
                    pos.set_pieces(layout.pieces().iter().copied().zip(squares.iter().copied()), Color::Red);
                    for m in pos.legal_moves().iter().copied() {
                        if enemy_den.contains(m.to) {
                            visit(g, Step::Exit(None))?;
                        } else if pos.piece_at(m.to).is_some() {
                            let undo = pos.play(m);
                            visit(g, Step::Exit(pos.is_decided().not().then_some(&pos)))?;
                            pos.undo(m, undo);
                        } else {
                            let moved = squares[..ours]
                                .iter()
                                .position(|&sq| sq == m.from)
                                .expect("our animal moves");
                            after_quiet_move(&squares, ours, moved, m.to, &mut next);
                            let to = self.sides[other]
                                .index_of(&next)
                                .expect("a quiet move lands on allowed squares");
                            visit(g, Step::Edge(other_offset + to))?;
                        }
                    }
                }
                g += 1;
            }
        }
        progress(stage, self.total, self.total);
        Ok(())
    }
}
