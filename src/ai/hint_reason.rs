//! Why a hint: the reason a move is advised, read from the position, the move and the line the
//! search expects after it (and its score), never guessed. Pure: a function of its inputs.

use super::score::Score;
use crate::rules::{Animal, Color, Move, Position};

/// Why a move is advised, the strongest reason first: the page words it ("takes the wolf").
/// Animals are the enemy's unless said otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HintReason {
    /// The move walks into the enemy den: the game is won.
    EntersDen,
    /// The search sees a forced win in `moves` moves of the side to move; `den`: its line
    /// ends in the enemy den.
    Wins {
        /// Moves of the side to move until the win, this one included.
        moves: u32,
        /// Whether the winning line ends by entering the den.
        den: bool,
    },
    /// The move takes this animal.
    Takes(Animal),
    /// The move puts a swimmer in the way of this jumper's leap over the river, which could
    /// have taken one of ours.
    BlocksJump(Animal),
    /// The moving animal (ours) could be taken by the enemy `by` and is safe where it goes.
    Saves {
        /// Our animal that moves away.
        animal: Animal,
        /// The enemy animal that threatened it.
        by: Animal,
    },
    /// Where it goes, the moving animal may take this animal next move (the strongest one).
    Threatens(Animal),
    /// The search's line takes this animal with the side's next move.
    Prepares(Animal),
    /// The moving animal comes closer to the enemy den.
    HeadsForDen,
    /// None of these: the move the search rates best.
    Best,
}

/// Why `pv` (the advised move first, then the line the search expects) is played in `pos`,
/// the search scoring it `score` for the side to move. `None` when the line is empty or its
/// first move is not legal in `pos`; later moves that are not legal are ignored.
///
/// ```
/// use jungle::ai::{explain_hint, HintReason, Score};
/// use jungle::rules::{Animal, Position, Rules};
/// // Red's elephant on d5 may take the blue wolf on d6.
/// let pos = Position::from_fen("l6/7/7/3w3/3E3/7/7/7/6L w", Rules::default()).unwrap();
/// let pv = [pos.parse_move("d5d6").unwrap()];
/// assert_eq!(explain_hint(&pos, &pv, Score::from_cp(400)), Some(HintReason::Takes(Animal::Wolf)));
/// ```
pub fn explain_hint(pos: &Position, pv: &[Move], score: Score) -> Option<HintReason> {
    let (&advised, line) = pv.split_first()?;
    if !pos.is_legal(advised) {
        return None;
    }
    let us = pos.turn();
    let mover = pos.piece_at(advised.from)?.animal;
    let mut after = pos.clone();
    after.play(advised);
    if after.winner().is_some_and(|(winner, _)| winner == us) && pos.terrain().dens[!us].contains(advised.to)
    {
        return Some(HintReason::EntersDen);
    }
    if let Some(moves) = score.mate_in().filter(|&n| n > 0) {
        return Some(HintReason::Wins { moves: moves as u32, den: line_ends_in_den(&after, line, us) });
    }
    if let Some(taken) = pos.piece_at(advised.to) {
        return Some(HintReason::Takes(taken.animal));
    }
    let before = captures(pos, !us);
    let now = captures(&after, !us);
    // An enemy leap that could take one of ours, no longer possible with our swimmer in its way.
    let blocked = before.iter().find(|(m, _, _)| {
        is_leap(*m) && pos.terrain().water.contains(advised.to) && !now.iter().any(|(n, _, _)| n == m)
    });
    if let Some(&(_, jumper, _)) = blocked {
        return Some(HintReason::BlocksJump(jumper));
    }
    let threat = before.iter().find(|(m, _, _)| m.to == advised.from);
    if let Some(&(_, by, _)) = threat.filter(|_| !now.iter().any(|(m, _, _)| m.to == advised.to)) {
        return Some(HintReason::Saves { animal: mover, by });
    }
    let strongest = captures(&after, us)
        .into_iter()
        .filter(|(m, _, _)| m.from == advised.to)
        .max_by_key(|&(_, _, victim)| pos.rank(victim));
    if let Some((_, _, victim)) = strongest {
        return Some(HintReason::Threatens(victim));
    }
    if let Some(victim) = next_capture(&after, line) {
        return Some(HintReason::Prepares(victim));
    }
    if den_distance(pos, us, advised.to) < den_distance(pos, us, advised.from) {
        return Some(HintReason::HeadsForDen);
    }
    Some(HintReason::Best)
}

/// The captures `color` could make in `pos` if it were its turn: (move, attacker, victim).
fn captures(pos: &Position, color: Color) -> Vec<(Move, Animal, Animal)> {
    let mut turn = pos.clone();
    if turn.turn() != color {
        turn.pass();
    }
    turn.legal_moves()
        .iter()
        .filter_map(|&m| Some((m, turn.piece_at(m.from)?.animal, turn.piece_at(m.to)?.animal)))
        .collect()
}

/// Whether `m` leaps a river (more than one square).
fn is_leap(m: Move) -> bool {
    m.from.file().abs_diff(m.to.file()) + m.from.rank().abs_diff(m.to.rank()) > 1
}

/// Whether `line`, played from `after` (the enemy to move), ends with `us` entering the den, or
/// with a den entry left for `us` to play (a line cut short by the search's table ends there).
fn line_ends_in_den(after: &Position, line: &[Move], us: Color) -> bool {
    let mut pos = after.clone();
    for &m in line {
        if !pos.is_legal(m) {
            return false;
        }
        pos.play(m);
    }
    let den = pos.terrain().dens[!us];
    match pos.winner() {
        Some((winner, _)) => winner == us && (pos.pieces(us) & den).any(),
        None => pos.turn() == us && pos.legal_moves().iter().any(|m| den.contains(m.to)),
    }
}

/// The animal our next move of `line` takes (the line from `after`, the enemy to move first).
fn next_capture(after: &Position, line: &[Move]) -> Option<Animal> {
    let (&reply, rest) = line.split_first()?;
    let ours = *rest.first()?;
    let mut pos = after.clone();
    if !pos.is_legal(reply) {
        return None;
    }
    pos.play(reply);
    if !pos.is_legal(ours) {
        return None;
    }
    Some(pos.piece_at(ours.to)?.animal)
}

/// Steps from `sq` to the den `us` attacks (a large number on a board without one).
fn den_distance(pos: &Position, us: Color, sq: crate::rules::Square) -> u8 {
    pos.terrain().dens[!us]
        .into_iter()
        .map(|den| den.file().abs_diff(sq.file()) + den.rank().abs_diff(sq.rank()))
        .min()
        .unwrap_or(u8::MAX)
}
