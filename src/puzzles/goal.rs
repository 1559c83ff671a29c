//! What a puzzle's solver must reach: a win of the game, or a decisive gain of material.
//!
//! A gain of `n` points is reached when, after a reply of the defender, the solver's material
//! minus the defender's (by [`piece_value`]) stands at least `n` points above what it was at the
//! puzzle's start, and no piece of the defender stands next to the solver's den (so the gain is
//! not a moment before a den entry). A win of the game reaches every goal.

use crate::rules::{Color, Position, Square};
use std::fmt;

/// The gain a material puzzle asks for: a Wolf's worth, or a smaller piece given for a much
/// larger one (a Cat for a Lion).
pub const DECISIVE_GAIN: i32 = 300;

/// What the solver must reach.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Goal {
    /// Win the game: enter the den, take every piece, or leave the defender without a move.
    #[default]
    Win,
    /// Gain at least this many points of material, kept after the defender's reply.
    Gain(i32),
}

impl Goal {
    /// The goal as the puzzle file writes it: `win` or `gain=N`.
    pub fn name(self) -> String {
        match self {
            Goal::Win => "win".into(),
            Goal::Gain(points) => format!("gain={points}"),
        }
    }

    /// The goal written `text` (`win`, or `gain=N` with N from 1 to 10,000).
    pub fn from_name(text: &str) -> Option<Goal> {
        match text {
            "win" => Some(Goal::Win),
            _ => {
                let points: i32 = text.strip_prefix("gain=")?.parse().ok()?;
                (1..=10_000).contains(&points).then_some(Goal::Gain(points))
            }
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Points of a piece of strength `rank` (1 = the Rat … 8 = the Elephant under the standard ranks):
/// the engine's material weights rounded to fifties, fixed here so that a shipped puzzle's gain
/// does not move when the engine is tuned again.
pub fn piece_value(rank: u8) -> i32 {
    const VALUES: [i32; 8] = [250, 200, 250, 300, 350, 500, 600, 700];
    VALUES[usize::from(rank.clamp(1, 8)) - 1]
}

/// `color`'s material minus its enemy's, in points.
pub fn balance(pos: &Position, color: Color) -> i32 {
    let side = |c: Color| -> i32 {
        pos.pieces(c).filter_map(|sq| pos.piece_at(sq)).map(|p| piece_value(pos.rank(p.animal))).sum()
    };
    side(color) - side(!color)
}

/// A goal made concrete for one puzzle: who the solver is and the balance to reach.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Target {
    solver: Color,
    /// The balance to reach, or `None` for a win of the game only.
    balance: Option<i32>,
}

impl Target {
    /// A win of the game, for either side.
    pub fn win() -> Target {
        Target { solver: Color::Red, balance: None }
    }

    /// `goal` for the side to move in `start`.
    pub fn new(goal: Goal, start: &Position) -> Target {
        let solver = start.turn();
        let balance = match goal {
            Goal::Win => None,
            Goal::Gain(points) => Some(balance(start, solver) + points),
        };
        Target { solver, balance }
    }

    /// Whether only a win of the game reaches it.
    pub fn win_only(&self) -> bool {
        self.balance.is_none()
    }

    /// Whether `pos` (the game going on) reaches the gain: enough material, no den threatened.
    pub fn gained(&self, pos: &Position) -> bool {
        let Some(wanted) = self.balance else { return false };
        let den = pos.terrain().dens[self.solver];
        balance(pos, self.solver) >= wanted && (den.neighbours() & pos.pieces(!self.solver)).is_empty()
    }
}

/// The value of the piece a move would take, if any (for ordering captures first).
pub fn victim_value(pos: &Position, to: Square) -> i32 {
    pos.piece_at(to).map_or(0, |p| piece_value(pos.rank(p.animal)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Rules::default()).unwrap()
    }

    #[test]
    fn goals_read_back_and_bad_ones_are_refused() {
        for goal in [Goal::Win, Goal::Gain(300), Goal::Gain(1)] {
            assert_eq!(Goal::from_name(&goal.name()), Some(goal));
        }
        for bad in ["", "gain", "gain=", "gain=0", "gain=-5", "gain=10001", "den", "WIN"] {
            assert_eq!(Goal::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_balance_counts_each_side_by_rank() {
        // Red: elephant and rat (700 + 250); Blue: lion and cat (600 + 200).
        let p = pos("l5c/7/7/7/7/7/7/7/E5R w");
        assert_eq!(balance(&p, Color::Red), 150);
        assert_eq!(balance(&p, Color::Blue), -150);
    }

    #[test]
    fn a_gain_needs_the_points_and_a_quiet_den() {
        let start = pos("l5c/7/7/7/7/7/7/7/E5R w");
        let target = Target::new(Goal::Gain(300), &start);
        assert!(!target.win_only() && Target::new(Goal::Win, &start).win_only());
        assert!(!target.gained(&start));
        // Blue's cat gone: +200 more, not enough; Blue's lion gone instead: +600, enough.
        assert!(!target.gained(&pos("l6/7/7/7/7/7/7/7/E5R b")));
        assert!(target.gained(&pos("6c/7/7/7/7/7/7/7/E5R b")));
        // The same gain with Blue's cat on c1, beside Red's den, is not reached yet.
        assert!(!target.gained(&pos("7/7/7/7/7/7/7/7/E1c3R b")));
    }
}
