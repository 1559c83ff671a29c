//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
//! (how uncertain it is) and its volatility (how erratic the player is), updated from the
//! results of a rating period. Pure: no clock, no storage.

use std::f64::consts::PI;

/// The rating of a new player.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a new player.
pub const START_DEVIATION: f64 = 350.0;
/// The volatility of a new player.
pub const START_VOLATILITY: f64 = 0.06;
/// τ, how much the volatility may change: Glickman suggests 0.3 to 1.2; his example uses 0.5.
pub const TAU: f64 = 0.5;
/// Glicko-2's scale: rating points per unit of μ.
const SCALE: f64 = 173.7178;
/// When the volatility's search stops.
const TOLERANCE: f64 = 0.000_001;

/// A player's standing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, on the Glicko scale (1500 for a new player).
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// One game of a rating period: the opponent's standing before it and the score (1 a win,
/// 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent before the period.
    pub opponent: Rating,
    /// The player's score.
    pub score: f64,
}

/// A standing on Glicko-2's own scale: μ, φ, σ.
#[derive(Clone, Copy)]
struct Scaled {
    mu: f64,
    phi: f64,
}

fn scaled(r: Rating) -> Scaled {
    Scaled { mu: (r.rating - START_RATING) / SCALE, phi: r.deviation / SCALE }
}

/// g(φ): how much a game against an uncertain opponent counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E: the expected score against an opponent.
fn expected(mu: f64, opponent: Scaled) -> f64 {
    1.0 / (1.0 + (-g(opponent.phi) * (mu - opponent.mu)).exp())
}

/// `player` after the rating period of `games` (none: only the deviation grows).
pub fn update(player: Rating, games: &[Game]) -> Rating {
    let me = scaled(player);
    if games.is_empty() {
        let deviation = (me.phi.powi(2) + player.volatility.powi(2)).sqrt() * SCALE;
        return Rating { deviation, ..player };
    }
    let terms = games.iter().map(|game| {
        let opponent = scaled(game.opponent);
        (g(opponent.phi), expected(me.mu, opponent), game.score)
    });
    let (information, surprise) = terms.fold((0.0, 0.0), |(info, surprise), (g, e, s)| {
        (info + g * g * e * (1.0 - e), surprise + g * (s - e))
    });
    let variance = 1.0 / information;
    let delta = variance * surprise;
    let volatility = new_volatility(me.phi, player.volatility, variance, delta);
    let pre_period = (me.phi.powi(2) + volatility.powi(2)).sqrt();
    let phi = 1.0 / (1.0 / pre_period.powi(2) + 1.0 / variance).sqrt();
    let mu = me.mu + phi * phi * surprise;
    Rating { rating: mu * SCALE + START_RATING, deviation: phi * SCALE, volatility }
}

/// Step 5 of the paper: σ' by the Illinois algorithm on f(x), x = ln σ'².
fn new_volatility(phi: f64, sigma: f64, variance: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let spread = phi * phi + variance + ex;
        ex * (delta * delta - phi * phi - variance - ex) / (2.0 * spread * spread) - (x - a) / (TAU * TAU)
    };
    let mut low = a;
    let mut high = if delta * delta > phi * phi + variance {
        (delta * delta - phi * phi - variance).ln()
    } else {
        let steps = (1..).find(|k| f(a - f64::from(*k) * TAU) >= 0.0).expect("f grows as x falls");
        a - f64::from(steps) * TAU
    };
    let (mut f_low, mut f_high) = (f(low), f(high));
    while (high - low).abs() > TOLERANCE {
        let next = low + (low - high) * f_low / (f_high - f_low);
        let f_next = f(next);
        if f_next * f_high <= 0.0 {
            (low, f_low) = (high, f_high);
        } else {
            f_low /= 2.0;
        }
        (high, f_high) = (next, f_next);
    }
    (low / 2.0).exp()
}

/// The two players of a game after it, each game its own rating period: `score` is the
/// first player's.
pub fn after_game(first: Rating, second: Rating, score: f64) -> (Rating, Rating) {
    (
        update(first, &[Game { opponent: second, score }]),
        update(second, &[Game { opponent: first, score: 1.0 - score }]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: START_VOLATILITY }
    }

    #[test]
    fn glickman_s_worked_example() {
        let games = [
            Game { opponent: rating(1400.0, 30.0), score: 1.0 },
            Game { opponent: rating(1550.0, 100.0), score: 0.0 },
            Game { opponent: rating(1700.0, 300.0), score: 0.0 },
        ];
        let after = update(rating(1500.0, 200.0), &games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let before = rating(1600.0, 100.0);
        let after = update(before, &[]);
        assert_eq!((after.rating, after.volatility), (before.rating, before.volatility));
        assert!(after.deviation > before.deviation);
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let (winner, loser) = after_game(Rating::default(), Rating::default(), 1.0);
        assert!(winner.rating > START_RATING && loser.rating < START_RATING);
        assert!((winner.rating - START_RATING - (START_RATING - loser.rating)).abs() < 1e-9);
        assert!(winner.deviation < START_DEVIATION);
        let (drawn, _) = after_game(Rating::default(), Rating::default(), 0.5);
        assert!((drawn.rating - START_RATING).abs() < 1e-9);
    }
}
