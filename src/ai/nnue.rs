//! A small neural correction added to the linear evaluation: one hidden layer over the pieces
//! and their squares, in integer arithmetic.
//!
//! The linear terms of [`eval`](super::eval) see each feature alone; the net sees where every
//! piece of both sides stands at once, and learns what the linear terms miss of it, trained on
//! the engine's own positions against deeper searches and game results (`jungle train-net`).
//! Its inputs are one per (whose piece, animal, square) from the side to move's view, so a
//! position's inputs are its at most 16 pieces, and the hidden layer is their columns summed.

use crate::rules::{Color, Piece, Position, Rules, Square};
use std::sync::OnceLock;

/// Inputs: ours or theirs × 8 animals × 63 squares.
pub const INPUTS: usize = 2 * 8 * 63;
/// Hidden units.
pub const HIDDEN: usize = 32;
/// A hidden activation of 1.0, in the integer arithmetic (weights and biases of the hidden
/// layer are stored times this).
pub const QA: i32 = 127;
/// The output weights are stored times this.
pub const QB: i32 = 64;
/// Centipawns per unit of the net's output.
pub const SCALE: i32 = 100;

/// The file format's first bytes, then `HIDDEN` as a little-endian u16.
const MAGIC: &[u8; 4] = b"JNN1";
/// The built-in net (empty: no correction).
const BUILT_IN: &[u8] = include_bytes!("net.bin");

/// The input of `piece` on `sq` for the side to move `us`: its own pieces first, squares seen
/// from its side of the board (the board turned half round for Blue).
#[inline]
pub fn input(us: Color, piece: Piece, sq: Square) -> usize {
    let rel = if us == Color::Red { sq } else { sq.rotate() };
    let side = usize::from(piece.color != us);
    (side * 8 + piece.animal.index()) * 63 + rel.index()
}

/// The inputs of `pos` that are on.
pub fn inputs(pos: &Position) -> impl Iterator<Item = usize> + '_ {
    let us = pos.turn();
    pos.occupied().into_iter().filter_map(move |sq| pos.piece_at(sq).map(|piece| input(us, piece, sq)))
}

/// The quantized net.
#[derive(Debug)]
pub struct Net {
    hidden: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    out: [i16; HIDDEN],
    out_bias: i32,
}

impl Net {
    /// Reads a net written by [`Net::to_bytes`]; `None` for an empty file (no net), an error
    /// for anything else that is not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Option<Net>, String> {
        if bytes.is_empty() {
            return Ok(None);
        }
        let expected = 4 + 2 + 2 * (INPUTS * HIDDEN + 2 * HIDDEN) + 4;
        if bytes.len() != expected || &bytes[..4] != MAGIC {
            return Err(format!(
                "not a net of {HIDDEN} hidden units ({} bytes, {expected} expected)",
                bytes.len()
            ));
        }
        if u16::from_le_bytes([bytes[4], bytes[5]]) as usize != HIDDEN {
            return Err(format!("not a net of {HIDDEN} hidden units"));
        }
        let mut words = bytes[6..bytes.len() - 4].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            r.iter_mut().for_each(|w| *w = words.next().unwrap_or(0));
            r
        };
        let hidden = (0..INPUTS).map(|_| row()).collect();
        let (bias, out) = (row(), row());
        let tail = &bytes[bytes.len() - 4..];
        let out_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Some(Net { hidden, bias, out, out_bias }))
    }

    /// The net as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((HIDDEN as u16).to_le_bytes());
        for row in self.hidden.iter().chain([&self.bias, &self.out]) {
            row.iter().for_each(|w| bytes.extend(w.to_le_bytes()));
        }
        bytes.extend(self.out_bias.to_le_bytes());
        bytes
    }

    /// A net from float weights (`hidden[input][unit]`, activations clipped to 0..1, output
    /// in units of [`SCALE`] centipawns), rounded to the integer form.
    pub fn quantize(
        hidden: &[[f32; HIDDEN]],
        bias: &[f32; HIDDEN],
        out: &[f32; HIDDEN],
        out_bias: f32,
    ) -> Net {
        let q = |x: f32, by: i32| (x * by as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let row = |r: &[f32; HIDDEN], by| r.map(|x| q(x, by));
        Net {
            hidden: hidden.iter().map(|r| row(r, QA)).collect(),
            bias: row(bias, QA),
            out: row(out, QB),
            out_bias: (out_bias * (QA * QB) as f32).round() as i32,
        }
    }

    /// The hidden layer of `pos` from both sides' views, summed afresh.
    pub fn accumulate(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { views: [self.bias; 2] };
        for sq in pos.occupied() {
            if let Some(piece) = pos.piece_at(sq) {
                self.put(&mut acc, piece, sq, true);
            }
        }
        acc
    }

    /// Adds (or takes away) the columns of `piece` on `sq` in both views.
    #[inline]
    fn put(&self, acc: &mut Accumulator, piece: Piece, sq: Square, add: bool) {
        for (view, us) in acc.views.iter_mut().zip([Color::Red, Color::Blue]) {
            let column = &self.hidden[input(us, piece, sq)];
            if add {
                view.iter_mut().zip(column).for_each(|(a, w)| *a = a.wrapping_add(*w));
            } else {
                view.iter_mut().zip(column).for_each(|(a, w)| *a = a.wrapping_sub(*w));
            }
        }
    }

    /// Updates `acc` for the move of `piece` from `from` to `to`, taking `victim` there if any.
    #[inline]
    pub fn shift(
        &self,
        acc: &mut Accumulator,
        piece: Piece,
        from: Square,
        to: Square,
        victim: Option<Piece>,
    ) {
        self.put(acc, piece, from, false);
        self.put(acc, piece, to, true);
        if let Some(victim) = victim {
            self.put(acc, victim, to, false);
        }
    }

    /// The correction for the side to move `us` from the hidden layer `acc`, in centipawns.
    #[inline]
    pub fn output(&self, acc: &Accumulator, us: Color) -> i32 {
        let sum: i32 = acc.views[us.index()]
            .iter()
            .zip(&self.out)
            .map(|(&a, &w)| i32::from(a).clamp(0, QA) * i32::from(w))
            .sum::<i32>()
            + self.out_bias;
        sum * SCALE / (QA * QB)
    }

    /// The correction for `pos`, in centipawns for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.accumulate(pos), pos.turn())
    }
}

/// The hidden layer's sums for a position, from Red's and from Blue's view: brought up to
/// date move by move ([`Net::shift`]), so an evaluation reads one of them instead of summing
/// a column per piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Accumulator {
    views: [[i16; HIDDEN]; 2],
}

/// The built-in net for `rules` (see [`serves`]); `None` under rules it does not serve or
/// when the build has none.
pub fn built_in(rules: &Rules) -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    if !serves(rules) {
        return None;
    }
    NET.get_or_init(|| Net::from_bytes(BUILT_IN).expect("the built-in net is well formed")).as_ref()
}

/// Whether the built-in net, trained under the standard rules, plays under `rules`: the one
/// place that picks the net of a rule set. Its inputs are the animals on their squares, so it
/// needs the standard board and animals. Of the options that keep them, it takes those whose
/// presets were measured to play at least as well with the net as without it (200 games or
/// more each, equal nodes; README): who moves first and the chase rules (the net sees a
/// position from the side to move, whatever moves led to it), and the captures the presets
/// change (the elephant taking the rat, a rat leaving the water taking the rat, the dog above
/// the wolf). In Animal Checkers (four animals, no river, no traps) its gain is within the
/// noise at equal nodes and at equal time (+16 ± 42 and +17 ± 63 Elo): not proven, so it goes
/// without, as does any other option until a match shows that the net helps there.
pub fn serves(rules: &Rules) -> bool {
    let standard = Rules::default();
    let measured = Rules {
        first: standard.first,
        chase_rules: standard.chase_rules,
        elephant_takes_rat: standard.elephant_takes_rat,
        rat_edge_capture: standard.rat_edge_capture,
        ranks: standard.ranks,
        ..*rules
    };
    measured == standard
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn tiny() -> Net {
        let mut hidden = vec![[0.0f32; HIDDEN]; INPUTS];
        let start = Position::new(Rules::default());
        // One unit counts our pieces on the start position's squares at 0.05 each.
        for i in inputs(&start) {
            hidden[i][0] = 0.05;
        }
        let mut out = [0.0; HIDDEN];
        out[0] = 2.0;
        Net::quantize(&hidden, &[0.0; HIDDEN], &out, 0.25)
    }

    #[test]
    fn the_net_reads_back_what_it_writes() {
        let net = tiny();
        let back = Net::from_bytes(&net.to_bytes()).unwrap().unwrap();
        assert_eq!(back.to_bytes(), net.to_bytes());
        assert!(Net::from_bytes(&[]).unwrap().is_none());
        assert!(Net::from_bytes(b"JNN1 too short").unwrap_err().contains("hidden units"));
    }

    #[test]
    fn the_output_follows_the_float_weights() {
        let net = tiny();
        let start = Position::new(Rules::default());
        // 16 pieces × 0.05 = 0.8, × 2.0 + 0.25 = 1.85 units; each 0.05 rounds to 6/127, so
        // 96/127 × 2 + 0.25 ≈ 1.76 in the integers.
        let got = net.evaluate(&start);
        assert!((170..=185).contains(&got), "{got}");
        // The inputs are from the side to move's view: after a move each side still sees 16.
        let mut after = start.clone();
        after.play(after.legal_moves()[0]);
        assert!(net.evaluate(&after) < got, "a moved piece leaves its start square");
    }

    #[test]
    fn the_sums_kept_move_by_move_are_those_summed_afresh() {
        let net = tiny_random();
        let mut pos = Position::new(Rules::default());
        let mut acc = net.accumulate(&pos);
        let mut rng = crate::ai::Rng::new(5);
        let mut captures = 0;
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_decided() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let (piece, victim) = (pos.piece_at(m.from).unwrap(), pos.piece_at(m.to));
            captures += usize::from(victim.is_some());
            net.shift(&mut acc, piece, m.from, m.to, victim);
            pos.play(m);
            assert_eq!(acc, net.accumulate(&pos));
            assert_eq!(net.output(&acc, pos.turn()), net.evaluate(&pos));
        }
        assert!(captures > 0, "the walk took something");
    }

    /// A net with random weights, large enough that the sums wrap now and then.
    fn tiny_random() -> Net {
        let mut rng = crate::ai::Rng::new(9);
        let mut r = || (rng.unit() as f32 - 0.5) * 200.0;
        let hidden: Vec<[f32; HIDDEN]> = (0..INPUTS).map(|_| std::array::from_fn(|_| r())).collect();
        Net::quantize(&hidden, &std::array::from_fn(|_| r()), &std::array::from_fn(|_| r()), 0.0)
    }

    #[test]
    fn each_preset_plays_with_the_net_it_was_measured_with() {
        // Whether the built-in net serves each preset of the page (README, "The net under
        // every rule set", gives the matches).
        let expected = [
            ("standard", true),
            ("competition", true),
            ("grenoble", true),
            ("french-encyclopedia", true),
            ("blue-first", true),
            ("english-blog", true),
            ("print-and-play", true),
            ("animal-checkers", false),
        ];
        let ids: Vec<&str> = crate::rules::PRESETS.iter().map(|p| p.id).collect();
        assert_eq!(ids, expected.map(|(id, _)| id), "a preset without a decision");
        for (preset, (_, with_net)) in crate::rules::PRESETS.iter().zip(expected) {
            assert_eq!(serves(&preset.rules()), with_net, "{}", preset.id);
        }
    }

    #[test]
    fn options_not_measured_go_without_the_net() {
        for rules in ["dog-swims=yes", "traps=universal", "lion-tiger=equal", "leopard-jumps=both"] {
            assert!(!serves(&rules.parse().unwrap()), "{rules}");
        }
        let jungine: Rules = "rat-edge-capture=no".parse().unwrap();
        assert!(serves(&jungine));
        assert_eq!(built_in(&jungine).is_some(), built_in(&Rules::default()).is_some());
    }

    #[test]
    fn a_net_evaluates_every_preset_without_panicking() {
        // Any net, under any preset (Animal Checkers has four animals and no river): the sums
        // kept move by move stay those summed afresh along a random game.
        let nets = [Some(tiny_random()), Net::from_bytes(BUILT_IN).unwrap()];
        for (net, preset) in
            nets.iter().flatten().flat_map(|n| crate::rules::PRESETS.iter().map(move |p| (n, p)))
        {
            let mut pos = Position::new(preset.rules());
            let mut acc = net.accumulate(&pos);
            let mut rng = crate::ai::Rng::new(3);
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_decided() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                net.shift(&mut acc, pos.piece_at(m.from).unwrap(), m.from, m.to, pos.piece_at(m.to));
                pos.play(m);
                assert_eq!(net.output(&acc, pos.turn()), net.evaluate(&pos), "{}", preset.id);
            }
        }
    }

    #[test]
    fn inputs_are_the_same_for_either_side_in_the_mirrored_position() {
        let pos = Position::from_fen("7/3R3/7/7/7/7/7/7/l6 w", Rules::default()).unwrap();
        let mut red: Vec<usize> = inputs(&pos).collect();
        // The same position with colours swapped and the board turned: Blue to move.
        let turned = Position::from_fen("6L/7/7/7/7/7/7/3r3/7 b", Rules::default()).unwrap();
        let mut blue: Vec<usize> = inputs(&turned).collect();
        red.sort_unstable();
        blue.sort_unstable();
        assert_eq!(red, blue);
    }
}
