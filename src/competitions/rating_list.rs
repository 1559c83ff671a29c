//! An engine rating list: Elo-style ratings with 95% error bars fitted to the results of games
//! between several players, and the crosstable of those games.
//!
//! - **The model** is Bradley–Terry on the Elo scale: player `i` scores against player `j`,
//!   on average, `1 / (1 + 10^((r_j - r_i) / 400))`. A draw counts as half a win and half a
//!   loss (as Ordo and BayesElo do without a draw model).
//! - **The fit** maximises the likelihood of every game at once (not pair by pair), by
//!   Newton's method. A weak prior — each rating drawn from a normal law of spread
//!   [`PRIOR_SPREAD`] Elo around the middle — keeps a player who won or lost every game
//!   finite (the likelihood alone would send it to ±∞) and barely moves anyone else.
//! - **The anchor**: ratings are shifted so the anchor player (the list's first, unless told)
//!   has 0; every other rating is a difference to it. Or, [`fit_to_field`], so that the
//!   field's mean is 0: each rating a difference to the average player.
//! - **The error bars** are 95% intervals (1.96 standard deviations) of each rating's
//!   difference to the anchor, from the curvature of the likelihood at its peak (the inverse
//!   of its Hessian); the anchor's own is 0. Relative to the field, each is the interval of
//!   the rating's difference to the field's mean.

use std::fmt::Write as _;

/// The spread (one standard deviation) of the prior on every rating, in Elo.
pub const PRIOR_SPREAD: f64 = 2000.0;
/// 95% of a normal law lies within this many standard deviations of its mean.
const Z95: f64 = 1.96;
/// Newton's method stops when no rating moves by more than this (natural units).
const CONVERGED: f64 = 1e-10;
/// Newton's method on this concave likelihood converges in a handful of steps; a bound all
/// the same.
const MAX_STEPS: usize = 200;
/// The largest step of one rating in one Newton step (natural units, about 350 Elo), so a
/// far start cannot overshoot.
const MAX_MOVE: f64 = 2.0;

/// How one game ended, for its first player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

impl Score {
    /// The first player's points: 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }
}

/// One finished game between two players of the list (their indices), as the first scored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Game {
    /// The first player (which colour it had does not matter to the list).
    pub first: usize,
    /// Its opponent.
    pub second: usize,
    /// How the game ended for the first player.
    pub score: Score,
}

/// Why a list cannot be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ListError {
    /// A game names a player the list does not have, or a player against itself.
    BadGame {
        /// The game's first player.
        first: usize,
        /// Its second.
        second: usize,
    },
    /// The anchor is not a player of the list.
    BadAnchor(usize),
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListError::BadGame { first, second } => {
                write!(f, "a game between players {first} and {second} is not a game of this list")
            }
            ListError::BadAnchor(anchor) => write!(f, "the anchor {anchor} is not a player of this list"),
        }
    }
}

/// Games and points between every two players.
#[derive(Clone, PartialEq, Debug)]
pub struct Crosstable {
    /// `games[i][j]`: games between `i` and `j` (either colour).
    games: Vec<Vec<u32>>,
    /// `points[i][j]`: what `i` scored against `j`.
    points: Vec<Vec<f64>>,
}

impl Crosstable {
    /// The crosstable of `players` players after `games`.
    pub fn new(players: usize, games: &[Game]) -> Result<Crosstable, ListError> {
        let mut table =
            Crosstable { games: vec![vec![0; players]; players], points: vec![vec![0.0; players]; players] };
        for game in games {
            let (a, b) = (game.first, game.second);
            if a >= players || b >= players || a == b {
                return Err(ListError::BadGame { first: a, second: b });
            }
            table.games[a][b] += 1;
            table.games[b][a] += 1;
            table.points[a][b] += game.score.points();
            table.points[b][a] += 1.0 - game.score.points();
        }
        Ok(table)
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.games.len()
    }

    /// Games between `i` and `j`.
    pub fn games(&self, i: usize, j: usize) -> u32 {
        self.games[i][j]
    }

    /// What `i` scored against `j`.
    pub fn points(&self, i: usize, j: usize) -> f64 {
        self.points[i][j]
    }

    /// Every game `i` played.
    pub fn total_games(&self, i: usize) -> u32 {
        self.games[i].iter().sum()
    }

    /// Every point `i` scored.
    pub fn total_points(&self, i: usize) -> f64 {
        self.points[i].iter().sum()
    }
}

/// One player's line of the list.
#[derive(Clone, PartialEq, Debug)]
pub struct Rating {
    /// Elo, relative to the anchor.
    pub elo: f64,
    /// Half the width of the 95% interval of `elo`.
    pub margin: f64,
}

/// Natural units (the logistic's) per Elo point.
fn per_elo() -> f64 {
    std::f64::consts::LN_10 / 400.0
}

/// The ratings of the crosstable's players, anchored at `anchor` (index into the players).
pub fn fit(table: &Crosstable, anchor: usize) -> Result<Vec<Rating>, ListError> {
    let n = table.players();
    if anchor >= n {
        return Err(ListError::BadAnchor(anchor));
    }
    let mut reference = vec![0.0; n];
    reference[anchor] = 1.0;
    Ok(fit_against(table, &reference))
}

/// The ratings of the crosstable's players relative to the field: shifted so that their mean
/// is 0, each error bar that of the player's difference to the mean (as an engine match shows
/// them, where no player is the yardstick); an empty list for a table of no players.
pub fn fit_to_field(table: &Crosstable) -> Vec<Rating> {
    let n = table.players();
    fit_against(table, &vec![1.0 / n as f64; n])
}

/// The ratings, each a difference to the mix of ratings `reference` weighs (weights adding up
/// to 1: one player's, or the field's mean), with the 95% interval of that difference.
fn fit_against(table: &Crosstable, reference: &[f64]) -> Vec<Rating> {
    let n = table.players();
    let prior = 1.0 / (PRIOR_SPREAD * per_elo()).powi(2);
    let mut x = vec![0.0; n];
    for _ in 0..MAX_STEPS {
        let (gradient, hessian) = derivatives(table, &x, prior);
        let step = solve(&hessian, &gradient);
        let largest = step.iter().fold(0.0_f64, |m, s| m.max(s.abs()));
        let scale = if largest > MAX_MOVE { MAX_MOVE / largest } else { 1.0 };
        for (xi, si) in x.iter_mut().zip(&step) {
            *xi -= scale * si;
        }
        if largest < CONVERGED {
            break;
        }
    }
    let (_, hessian) = derivatives(table, &x, prior);
    // The Hessian is negative definite: the covariance is minus its inverse.
    let covariance: Vec<Vec<f64>> =
        inverse(&hessian).into_iter().map(|row| row.into_iter().map(|v| -v).collect()).collect();
    let middle: f64 = x.iter().zip(reference).map(|(xi, wi)| xi * wi).sum();
    (0..n)
        .map(|i| {
            // The variance of x_i minus the reference: (e_i - w)ᵀ C (e_i - w).
            let weight: Vec<f64> =
                reference.iter().enumerate().map(|(j, wj)| f64::from(u8::from(i == j)) - wj).collect();
            let variance: f64 =
                (0..n).map(|a| (0..n).map(|b| weight[a] * covariance[a][b] * weight[b]).sum::<f64>()).sum();
            Rating { elo: (x[i] - middle) / per_elo(), margin: Z95 * variance.max(0.0).sqrt() / per_elo() }
        })
        .collect()
}

/// The gradient and Hessian of the log-likelihood plus log-prior at ratings `x`.
fn derivatives(table: &Crosstable, x: &[f64], prior: f64) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = x.len();
    let mut gradient: Vec<f64> = x.iter().map(|xi| -prior * xi).collect();
    let mut hessian = vec![vec![0.0; n]; n];
    for (i, row) in hessian.iter_mut().enumerate() {
        row[i] = -prior;
    }
    for i in 0..n {
        for j in 0..n {
            let games = f64::from(table.games(i, j));
            if i == j || games == 0.0 {
                continue;
            }
            let expected = 1.0 / (1.0 + (x[j] - x[i]).exp());
            gradient[i] += table.points(i, j) - games * expected;
            let curvature = games * expected * (1.0 - expected);
            hessian[i][i] -= curvature;
            hessian[i][j] += curvature;
        }
    }
    (gradient, hessian)
}

/// `a⁻¹ b` by Gauss–Jordan elimination with partial pivoting (`a` is negative definite here,
/// so never singular).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let inv = inverse(a);
    inv.iter().map(|row| row.iter().zip(b).map(|(r, v)| r * v).sum()).collect()
}

/// The inverse of the square matrix `a` (Gauss–Jordan with partial pivoting).
fn inverse(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut wide = row.clone();
            wide.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            wide
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&p, &q| m[p][col].abs().total_cmp(&m[q][col].abs())).unwrap_or(col);
        m.swap(col, pivot);
        let lead = m[col][col];
        for v in &mut m[col] {
            *v /= lead;
        }
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let factor = row[col];
                for (v, p) in row.iter_mut().zip(&pivot_row) {
                    *v -= factor * p;
                }
            }
        }
    }
    m.into_iter().map(|row| row[n..].to_vec()).collect()
}

/// The list as text: rank, name, Elo, ±, games and score (best first), then the crosstable
/// (each cell: the row player's points against the column player, and their games).
pub fn render(names: &[String], table: &Crosstable, ratings: &[Rating]) -> String {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(4).max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>6}",
        "rank", "name", "Elo", "±", "games", "score"
    );
    for (rank, &i) in order.iter().enumerate() {
        let games = table.total_games(i);
        let score = 100.0 * table.total_points(i) / f64::from(games.max(1));
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>+6.0}  {:>5.0}  {games:>5}  {score:>5.1}%",
            rank + 1,
            names[i],
            ratings[i].elo,
            ratings[i].margin
        );
    }
    let _ = writeln!(out);
    let _ = write!(out, "{:<width$}", "crosstable");
    for column in 1..=order.len() {
        let _ = write!(out, "  {column:>9}");
    }
    let _ = writeln!(out);
    for (rank, &i) in order.iter().enumerate() {
        let _ = write!(out, "{:<width$}", format!("{} {}", rank + 1, names[i]));
        for &j in &order {
            let cell = if i == j || table.games(i, j) == 0 {
                "-".to_string()
            } else {
                format!("{}/{}", table.points(i, j), table.games(i, j))
            };
            let _ = write!(out, "  {cell:>9}");
        }
        let _ = writeln!(out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `wins`, `draws` and `losses` of player `a` against player `b`.
    fn games(a: usize, b: usize, wins: usize, draws: usize, losses: usize) -> Vec<Game> {
        let game = |score| Game { first: a, second: b, score };
        let mut all = vec![game(Score::Win); wins];
        all.extend(vec![game(Score::Draw); draws]);
        all.extend(vec![game(Score::Loss); losses]);
        all
    }

    fn ratings(players: usize, games: &[Game], anchor: usize) -> Vec<Rating> {
        fit(&Crosstable::new(players, games).unwrap(), anchor).unwrap()
    }

    #[test]
    fn three_quarters_is_191_elo() {
        // 1 / (1 + 10^(-d/400)) = 0.75  ⇔  d = 400·log10(3) = 190.85.
        let list = ratings(2, &games(0, 1, 75, 0, 25), 1);
        assert!((list[0].elo - 190.85).abs() < 0.5, "{list:?}");
        assert_eq!(list[1], Rating { elo: 0.0, margin: 0.0 });
        // The same score from draws and wins: 50 wins, 50 draws, 0 losses.
        let drawn = ratings(2, &games(0, 1, 50, 50, 0), 1);
        assert!((drawn[0].elo - 190.85).abs() < 0.5, "{drawn:?}");
        // The 95% interval: 1.96 / sqrt(n p (1 - p)) natural units, 100 games at p = 3/4:
        // 1.96 / 4.33 = 0.4526, times 400 / ln 10 = 78.6 Elo.
        assert!((list[0].margin - 78.6).abs() < 0.5, "{list:?}");
    }

    #[test]
    fn symmetric_results_give_equal_ratings() {
        // Three players, each 6-4 against the next in a circle: all equal.
        let mut all = games(0, 1, 6, 0, 4);
        all.extend(games(1, 2, 6, 0, 4));
        all.extend(games(2, 0, 6, 0, 4));
        let list = ratings(3, &all, 0);
        for rating in &list {
            assert!(rating.elo.abs() < 1e-6, "{list:?}");
        }
        assert!((list[1].margin - list[2].margin).abs() < 1e-6);
        // Even results: 0 Elo apart, whichever is the anchor.
        let even = ratings(2, &games(0, 1, 3, 4, 3), 0);
        assert!(even[1].elo.abs() < 1e-9);
    }

    #[test]
    fn the_whole_list_is_fitted_at_once() {
        // A beats B 75%, B beats C 75%, and A never met C: C is about 2·191 below A.
        let mut all = games(0, 1, 75, 0, 25);
        all.extend(games(1, 2, 75, 0, 25));
        let list = ratings(3, &all, 0);
        assert!((list[1].elo + 190.85).abs() < 1.0, "{list:?}");
        assert!((list[2].elo + 381.7).abs() < 2.0, "{list:?}");
        // Farther from the anchor through one link more: a wider interval.
        assert!(list[2].margin > list[1].margin);
    }

    #[test]
    fn all_wins_and_all_losses_stay_finite() {
        let mut all = games(0, 1, 10, 0, 0);
        all.extend(games(1, 2, 5, 0, 5));
        let list = ratings(3, &all, 1);
        assert!(list.iter().all(|r| r.elo.is_finite() && r.margin.is_finite()), "{list:?}");
        assert!(list[0].elo > 400.0, "{list:?}");
        // A player who lost everything and played nobody else.
        let lost = ratings(2, &games(0, 1, 0, 0, 4), 0);
        assert!(lost[1].elo.is_finite() && lost[1].elo > 0.0, "{lost:?}");
        // No games at all: everyone at the anchor, intervals wide but finite.
        let none = ratings(2, &[], 0);
        assert!(none[1].elo.abs() < 1e-9 && none[1].margin.is_finite());
    }

    #[test]
    fn relative_to_the_field_the_mean_is_zero() {
        // Two players, 75% to 25%: ±95.4 around the middle, the same interval each.
        let table = Crosstable::new(2, &games(0, 1, 75, 0, 25)).unwrap();
        let list = fit_to_field(&table);
        assert!((list[0].elo - 95.43).abs() < 0.3 && (list[1].elo + 95.43).abs() < 0.3, "{list:?}");
        assert!((list[0].margin - list[1].margin).abs() < 1e-6, "{list:?}");
        // Half the difference's interval: the two ratings move together about their mean.
        let anchored = fit(&table, 1).unwrap();
        assert!((list[0].margin - anchored[0].margin / 2.0).abs() < 0.5, "{list:?} {anchored:?}");
        // Three players: the same differences as anchored, shifted to a mean of 0.
        let mut all = games(0, 1, 6, 2, 2);
        all.extend(games(1, 2, 5, 1, 4));
        all.extend(games(0, 2, 7, 0, 3));
        let table = Crosstable::new(3, &all).unwrap();
        let (field, anchored) = (fit_to_field(&table), fit(&table, 0).unwrap());
        assert!(field.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6, "{field:?}");
        for i in 1..3 {
            let difference = field[i].elo - field[0].elo;
            assert!((difference - anchored[i].elo).abs() < 1e-6, "{field:?} {anchored:?}");
            assert!(field[i].margin > 0.0 && field[i].margin < anchored[i].margin, "{field:?}");
        }
        assert!(fit_to_field(&Crosstable::new(0, &[]).unwrap()).is_empty());
    }

    #[test]
    fn bad_games_and_anchors_are_refused() {
        assert_eq!(
            Crosstable::new(2, &games(0, 2, 1, 0, 0)),
            Err(ListError::BadGame { first: 0, second: 2 })
        );
        assert_eq!(
            Crosstable::new(2, &games(1, 1, 1, 0, 0)),
            Err(ListError::BadGame { first: 1, second: 1 })
        );
        let table = Crosstable::new(2, &[]).unwrap();
        assert_eq!(fit(&table, 2), Err(ListError::BadAnchor(2)));
    }

    #[test]
    fn the_list_and_crosstable_are_printed_best_first() {
        let table = Crosstable::new(2, &games(0, 1, 1, 1, 2)).unwrap();
        let names = vec!["weak".to_string(), "strong".to_string()];
        let text = render(&names, &table, &fit(&table, 0).unwrap());
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("   1  strong") && lines[1].ends_with("4   62.5%"), "{text}");
        assert!(lines[2].starts_with("   2  weak  ") && lines[2].contains("+0"), "{text}");
        assert!(lines[5].starts_with("1 strong") && lines[5].trim_end().ends_with("2.5/4"), "{text}");
        assert!(lines[6].contains("1.5/4"), "{text}");
    }
}
