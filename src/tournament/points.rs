//! Points, counted in quarters so that every score and tie-break is exact: a game is worth 1,
//! ½ or 0, and Sonneborn-Berger multiplies an opponent's score by ½.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

/// A number of points (a score or a tie-break value), exact to a quarter.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw.
    pub const HALF: Points = Points(2);
    /// One point: a win.
    pub const ONE: Points = Points(4);

    /// `n` whole points.
    pub const fn whole(n: u32) -> Points {
        Points(n.saturating_mul(4))
    }

    /// The points as a number of quarters.
    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    /// The number of quarters.
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// The points as a plain number (for JSON and display).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }

    /// `self` times a game's value (1, ½ or 0 as points): an opponent's score as
    /// Sonneborn-Berger weighs it. Quarters of quarters are rounded down.
    pub const fn times(self, factor: Points) -> Points {
        Points(self.0.saturating_mul(factor.0) / 4)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

/// Never below zero.
impl Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// As chess scores are written: `3`, `2½`, `1¼`, `¾`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        let fraction = ["", "¼", "½", "¾"][(self.0 % 4) as usize];
        if whole == 0 && !fraction.is_empty() {
            f.write_str(fraction)
        } else {
            write!(f, "{whole}{fraction}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_as_chess_scores() {
        let shown: Vec<String> =
            [0, 1, 2, 3, 4, 10, 13].into_iter().map(|q| Points::from_quarters(q).to_string()).collect();
        assert_eq!(shown, ["0", "¼", "½", "¾", "1", "2½", "3¼"]);
    }

    #[test]
    fn a_score_weighed_by_a_draw_is_halved() {
        // 2½ × ½ = 1¼.
        assert_eq!(Points::from_quarters(10).times(Points::HALF), Points::from_quarters(5));
        assert_eq!(Points::whole(3).times(Points::ONE), Points::whole(3));
        assert_eq!(Points::whole(3).times(Points::ZERO), Points::ZERO);
    }
}
