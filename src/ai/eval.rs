//! Static evaluation: one pure function of a position, linear in the [`Weights`].
//!
//! Every term is a feature count times a weight, from the side to move's point of view
//! (our features count +1, theirs −1), so the same code both evaluates (summing weights) and
//! extracts features for the tuner. The search adds the [`nnue`](super::nnue) correction to it
//! under the standard rules.

use super::weights::{self, Weights, COUNT, PST_SQUARES};
use crate::rules::{Animal, Bitboard, ByColor, Color, Jumps, Piece, Position, Square, JUMPS};

/// Receives `count` occurrences of feature `index`.
pub(crate) trait Sink {
    fn add(&mut self, index: usize, count: i32);
}

/// Sums weights times counts: the evaluation itself.
struct Sum<'a> {
    weights: &'a [i32; COUNT],
    total: i32,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        self.total += self.weights[index] * count;
    }
}

/// The evaluation of `pos` for the side to move, with the built-in weights.
///
/// ```
/// use jungle::ai::evaluate;
/// use jungle::rules::{Position, Rules};
/// let start = Position::new(Rules::default());
/// assert!(evaluate(&start).abs() < 50); // the start is balanced
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_raw(pos, &weights::DEFAULT)
}

/// The evaluation of `pos` for the side to move, with `weights`.
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    evaluate_raw(pos, &weights.values)
}

/// The evaluation with a raw weight table (what the search calls).
#[inline]
pub(crate) fn evaluate_raw(pos: &Position, weights: &[i32; COUNT]) -> i32 {
    let mut sink = Sum { weights, total: 0 };
    features(pos, &mut sink);
    sink.total
}

/// `eval` slid toward `draw` (what a draw is worth to the side to move) in proportion to the
/// plies played without a capture: unchanged right after a capture, exactly `draw` at the
/// no-capture `limit` (0 = no limit: unchanged). An advantage that is not turned into a
/// capture fades, so the side ahead trades and attacks rather than shuffles, and with contempt
/// (a draw worth less than equal) a capture is worth something to both sides.
///
/// ```text
/// temper(300, 0, 0, 200) = 300; temper(300, 0, 100, 200) = 150; temper(300, -30, 200, 200) = -30
/// ```
#[inline]
pub(crate) fn temper(eval: i32, draw: i32, halfmoves: u32, limit: u32) -> i32 {
    if limit == 0 {
        return eval;
    }
    let left = i64::from(limit.saturating_sub(halfmoves));
    (i64::from(draw) + i64::from(eval - draw) * left / i64::from(limit)) as i32
}

/// How far `color`'s pieces have come toward the enemy den: the ranks each stands beyond its
/// own three home ranks, summed (0 at the start, 6 for a piece on the enemy's back rank).
#[inline]
pub(crate) fn advancement(pos: &Position, color: Color) -> i32 {
    pos.pieces(color)
        .into_iter()
        .map(|sq| {
            let rank = match color {
                Color::Red => sq.rank(),
                Color::Blue => 8 - sq.rank(),
            };
            (i32::from(rank) - 2).max(0)
        })
        .sum()
}

/// Squares within two steps of each side's *enemy* den (the den itself excluded):
/// where that side's attackers gather and the other side's defenders stand.
const NEAR_ENEMY_DEN: ByColor<Bitboard> = ByColor::new(near(59), near(3));

const fn near(den: i32) -> Bitboard {
    let (df, dr) = (den % 7, den / 7);
    let mut bits = 0u64;
    let mut sq = 0;
    while sq < 63 {
        let d = (sq % 7 - df).abs() + (sq / 7 - dr).abs();
        if d >= 1 && d <= 2 {
            bits |= 1 << sq;
        }
        sq += 1;
    }
    Bitboard(bits)
}

/// The piece-square group of an animal: rat, small, leopard, jumpers, elephant.
#[inline]
fn pst_group(animal: Animal) -> usize {
    match animal {
        Animal::Rat => 0,
        Animal::Cat | Animal::Dog | Animal::Wolf => 1,
        Animal::Leopard => 2,
        Animal::Tiger | Animal::Lion => 3,
        Animal::Elephant => 4,
    }
}

/// The piece-square index of `sq` for a piece of `color`: own den at d1, folded onto files a–d.
#[inline]
fn pst_square(color: Color, sq: Square) -> usize {
    let rel = match color {
        Color::Red => sq,
        Color::Blue => sq.rotate(),
    };
    let file = rel.file().min(6 - rel.file());
    rel.rank() as usize * 4 + file as usize
}

#[inline]
fn axes(jumps: Jumps) -> i32 {
    match jumps {
        Jumps::Both => 2,
        Jumps::Horizontal | Jumps::Vertical => 1,
        Jumps::None => 0,
    }
}

/// Feeds every feature of `pos` to `sink`, from the side to move's point of view.
pub(crate) fn features<S: Sink>(pos: &Position, sink: &mut S) {
    let us = pos.turn();
    let mut attacked = ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY);
    let mut reach = ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY);
    let mut present = ByColor::new(0u8, 0u8);
    for (color, sign) in [(us, 1), (!us, -1)] {
        present[color] = pieces(pos, color, sign, &mut attacked[!color], &mut reach[color], sink);
    }
    for (color, sign) in [(us, 1), (!us, -1)] {
        let den_side = pos.terrain().dens[!color].neighbours() & !pos.terrain().water;
        let entries = (reach[color] & den_side & !pos.occupied()) | (attacked[!color] & den_side);
        if entries.any() {
            sink.add(weights::ENTRY.start + entries.count().min(3) as usize - 1, sign);
        }
        let own = pos.pieces(color);
        let attackers = (own & NEAR_ENEMY_DEN[color]).count() as i32;
        let defenders = (pos.pieces(!color) & NEAR_ENEMY_DEN[color]).count() as i32;
        sink.add(weights::ATTACKERS.start + attackers.min(3) as usize, sign);
        sink.add(weights::PRESSURE.start, sign * (attackers - defenders).max(0));
        let land = !pos.terrain().water & !pos.terrain().dens[color];
        sink.add(weights::MOBILITY.start, sign * (own.neighbours() & !pos.occupied() & land).count() as i32);
        let has = |c: Color, a: Animal| present[c] >> a.index() & 1 != 0;
        if has(color, Animal::Rat) && has(!color, Animal::Elephant) {
            sink.add(weights::RAT_VS_ELEPHANT.start, sign);
        }
        if pos.rules().elephant_takes_rat && has(color, Animal::Elephant) {
            sink.add(weights::ELEPHANT_TAKES_RAT.start, sign);
        }
    }
    hanging(pos, attacked[us], weights::HANGING_US.start, sink);
    hanging(pos, attacked[!us], weights::HANGING_THEM.start, sink);
    if attacked[us].count() >= 2 {
        sink.add(weights::FORKED.start, 1);
    }
    sink.add(weights::TEMPO.start, 1);
}

/// The per-piece terms of `color`; marks the enemy pieces it attacks in `attacks`, the squares
/// its pieces could step or jump to in `reaches`, and returns the set of its animals (bit =
/// animal index).
#[inline]
fn pieces<S: Sink>(
    pos: &Position,
    color: Color,
    sign: i32,
    attacks: &mut Bitboard,
    reaches: &mut Bitboard,
    sink: &mut S,
) -> u8 {
    let rules = pos.rules();
    let terrain = pos.terrain();
    let (own, enemy, occupied) = (pos.pieces(color), pos.pieces(!color), pos.occupied());
    let mut present = 0u8;
    for sq in own {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let animal = piece.animal;
        present |= 1 << animal.index();
        sink.add(weights::MATERIAL.start + pos.rank(animal) as usize - 1, sign);
        sink.add(weights::PST.start + pst_group(animal) * PST_SQUARES + pst_square(color, sq), sign);
        let mut reach = Bitboard::from(sq).neighbours();
        let jumps = rules.jumps(animal);
        if jumps != Jumps::None {
            sink.add(weights::JUMPER.start, sign * axes(jumps));
            let mut lanes = 0;
            for jump in JUMPS[sq.index()].iter().flatten() {
                if jumps.allows(jump.axis) && (jump.over & occupied).is_empty() {
                    reach |= Bitboard::from(jump.to);
                    lanes += !own.contains(jump.to) as i32;
                }
            }
            sink.add(weights::JUMP_LANES.start, sign * lanes);
        }
        if rules.swims(animal) {
            if animal != Animal::Rat {
                sink.add(weights::SWIMMER.start, sign);
            } else if terrain.water.contains(sq) {
                sink.add(weights::RAT_IN_WATER.start, sign);
            }
        }
        *reaches |= reach;
        for to in reach & enemy & !*attacks {
            if let Some(victim) = pos.piece_at(to) {
                if pos.can_capture(piece, sq, victim, to) {
                    *attacks |= Bitboard::from(to);
                }
            }
        }
    }
    present
}

/// Counts the attacked pieces in `victims` by rank into the group starting at `start`.
#[inline]
fn hanging<S: Sink>(pos: &Position, victims: Bitboard, start: usize, sink: &mut S) {
    for sq in victims {
        if let Some(Piece { animal, .. }) = pos.piece_at(sq) {
            sink.add(start + pos.rank(animal) as usize - 1, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn tempering_slides_to_the_draw_score_at_the_limit() {
        assert_eq!(temper(300, 0, 0, 200), 300);
        assert_eq!(temper(300, 0, 100, 200), 150);
        assert_eq!(temper(300, -30, 200, 200), -30);
        assert_eq!(temper(-300, 30, 200, 200), 30);
        assert_eq!(temper(-300, 30, 250, 200), 30);
        // Monotone on the way, whatever the sign.
        let path: Vec<i32> = (0..=200).step_by(20).map(|h| temper(-500, 40, h, 200)).collect();
        assert!(path.windows(2).all(|w| w[0] < w[1]), "{path:?}");
        // No limit: nothing changes.
        assert_eq!(temper(300, -30, 5_000, 0), 300);
    }

    #[test]
    fn advancement_counts_ranks_beyond_home() {
        let start = Position::new(Rules::default());
        assert_eq!(advancement(&start, Color::Red), 0);
        assert_eq!(advancement(&start, Color::Blue), 0);
        // Red's rat on d8 is 5 ranks beyond rank 3; Blue's lion on a1 is 6 beyond rank 7.
        let pos = Position::from_fen("7/3R3/7/7/7/7/7/7/l6 w", Rules::default()).unwrap();
        assert_eq!(advancement(&pos, Color::Red), 5);
        assert_eq!(advancement(&pos, Color::Blue), 6);
    }
}
