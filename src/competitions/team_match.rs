//! A match between two teams over N boards: who plays on which board (by rating, or in the
//! order the captain gave), which colour each board's players have, and the match score.
//!
//! - **Line-up**: N distinct members of the team. By rating: the team's N highest rated in
//!   the match's rating category, highest on board 1 (equal ratings: the member's id decides,
//!   so that every instance lines up the same). By the captain: the N members the captain
//!   named, in their order.
//! - **Colours** alternate by board: on odd boards (1, 3, …) the home team plays Red (who
//!   moves first), on even boards Blue.
//! - **Score**: 1 per board won (over the board or by forfeit), ½ per draw, 0 per loss; a
//!   double forfeit scores 0 for both teams.
//! - **Winner**: more points wins. On equal points the board count-back decides: the bottom
//!   board is left out and the boards above are counted again, and so on up to board 1; the
//!   first count that differs decides. If none does, the match is a tie.

use crate::rules::Color;
use crate::tournament::{GameResult, Points};
use std::collections::HashSet;
use std::fmt;

/// The fewest boards a match has.
pub const MIN_BOARDS: usize = 2;
/// The most boards a match has.
pub const MAX_BOARDS: usize = 16;

/// The number of boards of a match, from [`MIN_BOARDS`] to [`MAX_BOARDS`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Boards(usize);

impl Boards {
    /// `count` boards, if within the bounds.
    pub fn new(count: usize) -> Option<Boards> {
        (MIN_BOARDS..=MAX_BOARDS).contains(&count).then_some(Boards(count))
    }

    /// How many.
    pub fn count(self) -> usize {
        self.0
    }
}

/// A member of a team, as the line-up sees them.
#[derive(Clone, PartialEq, Debug)]
pub struct TeamMember {
    /// The member's id.
    pub id: String,
    /// Their rating in the match's category.
    pub rating: f64,
}

/// Why a line-up is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LineUpError {
    /// The team has fewer members than boards.
    TooFewMembers {
        /// The boards to fill.
        boards: usize,
        /// The team's members.
        members: usize,
    },
    /// The captain named more or fewer members than boards.
    WrongSize {
        /// The boards to fill.
        boards: usize,
        /// The members named.
        named: usize,
    },
    /// A member was named twice.
    Twice(String),
    /// A member named is not in the team.
    NotInTeam(String),
}

impl fmt::Display for LineUpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineUpError::TooFewMembers { boards, members } => {
                write!(f, "the team has {members} members for {boards} boards")
            }
            LineUpError::WrongSize { boards, named } => {
                write!(f, "a line-up names {boards} members, one per board, not {named}")
            }
            LineUpError::Twice(id) => write!(f, "member {id} is named twice"),
            LineUpError::NotInTeam(id) => write!(f, "member {id} is not in the team"),
        }
    }
}

impl std::error::Error for LineUpError {}

/// The team's `boards` highest rated members, board 1 first.
pub fn by_rating(team: &[TeamMember], boards: Boards) -> Result<Vec<String>, LineUpError> {
    if team.len() < boards.count() {
        return Err(LineUpError::TooFewMembers { boards: boards.count(), members: team.len() });
    }
    let mut ranked: Vec<&TeamMember> = team.iter().collect();
    ranked.sort_by(|a, b| b.rating.total_cmp(&a.rating).then_with(|| a.id.cmp(&b.id)));
    Ok(ranked.into_iter().take(boards.count()).map(|m| m.id.clone()).collect())
}

/// The captain's line-up `named` (board 1 first), checked: one distinct member of `team` per
/// board.
pub fn by_captain(team: &[TeamMember], boards: Boards, named: &[String]) -> Result<Vec<String>, LineUpError> {
    if named.len() != boards.count() {
        return Err(LineUpError::WrongSize { boards: boards.count(), named: named.len() });
    }
    let mut seen = HashSet::new();
    for id in named {
        if !team.iter().any(|m| &m.id == id) {
            return Err(LineUpError::NotInTeam(id.clone()));
        }
        if !seen.insert(id) {
            return Err(LineUpError::Twice(id.clone()));
        }
    }
    Ok(named.to_vec())
}

/// The home team's colour on `board` (from 1): Red on odd boards, Blue on even ones.
pub fn home_color(board: usize) -> Color {
    if board % 2 == 1 {
        Color::Red
    } else {
        Color::Blue
    }
}

/// Which team.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// The home team (Red on board 1).
    Home,
    /// The away team.
    Away,
}

/// The match score: each team's points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score {
    /// The home team's points.
    pub home: Points,
    /// The away team's points.
    pub away: Points,
}

/// The score of the boards whose result is known, `results[0]` being board 1's (None: still
/// playing).
pub fn score(results: &[Option<GameResult>]) -> Score {
    let mut score = Score::default();
    for (index, result) in results.iter().enumerate() {
        let Some(result) = result else { continue };
        let home = home_color(index + 1);
        score.home += result.for_side(home).value();
        score.away += result.for_side(!home).value();
    }
    score
}

/// How a finished match ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// This team scored more points.
    Won(Side),
    /// Equal points: this team won on the board count-back.
    WonOnCountBack(Side),
    /// Equal points and equal on every count-back.
    Tie,
}

/// The outcome once every board has its result (`results[0]` being board 1's); None while a
/// board is still playing.
pub fn outcome(results: &[Option<GameResult>]) -> Option<Outcome> {
    if results.iter().any(Option::is_none) {
        return None;
    }
    let leader = |score: Score| match score.home.cmp(&score.away) {
        std::cmp::Ordering::Greater => Some(Side::Home),
        std::cmp::Ordering::Less => Some(Side::Away),
        std::cmp::Ordering::Equal => None,
    };
    if let Some(side) = leader(score(results)) {
        return Some(Outcome::Won(side));
    }
    // Leave out the bottom board, then the next, while the boards left are level.
    let count_back = (1..results.len()).rev().find_map(|top| leader(score(&results[..top])));
    Some(count_back.map_or(Outcome::Tie, Outcome::WonOnCountBack))
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    fn team(ratings: &[(&str, f64)]) -> Vec<TeamMember> {
        ratings.iter().map(|&(id, rating)| TeamMember { id: id.to_string(), rating }).collect()
    }

    fn names(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|id| id.to_string()).collect()
    }

    fn four() -> Boards {
        Boards::new(4).unwrap()
    }

    #[test]
    fn boards_are_two_to_sixteen() {
        assert_eq!(Boards::new(1), None);
        assert_eq!(Boards::new(2).map(Boards::count), Some(2));
        assert_eq!(Boards::new(16).map(Boards::count), Some(16));
        assert_eq!(Boards::new(17), None);
    }

    #[test]
    fn by_rating_the_highest_play_first_and_equal_ratings_go_by_id() {
        let members =
            team(&[("ann", 1500.0), ("bob", 1720.0), ("cy", 1500.0), ("dan", 1390.0), ("eve", 1800.0)]);
        // eve 1800, bob 1720, then ann and cy at 1500 (ann before cy by id); dan sits out.
        assert_eq!(by_rating(&members, four()), Ok(names(&["eve", "bob", "ann", "cy"])));
        let three = team(&[("ann", 1500.0), ("bob", 1720.0), ("cy", 1500.0)]);
        assert_eq!(by_rating(&three, four()), Err(LineUpError::TooFewMembers { boards: 4, members: 3 }));
    }

    #[test]
    fn the_captain_names_one_distinct_member_of_the_team_per_board() {
        let members =
            team(&[("ann", 1500.0), ("bob", 1720.0), ("cy", 1500.0), ("dan", 1390.0), ("eve", 1800.0)]);
        let order = names(&["dan", "ann", "eve", "cy"]);
        assert_eq!(by_captain(&members, four(), &order), Ok(order.clone()));
        let short = names(&["dan", "ann", "eve"]);
        assert_eq!(by_captain(&members, four(), &short), Err(LineUpError::WrongSize { boards: 4, named: 3 }));
        let twice = names(&["dan", "ann", "dan", "cy"]);
        assert_eq!(by_captain(&members, four(), &twice), Err(LineUpError::Twice("dan".into())));
        let stranger = names(&["dan", "ann", "zed", "cy"]);
        assert_eq!(by_captain(&members, four(), &stranger), Err(LineUpError::NotInTeam("zed".into())));
    }

    #[test]
    fn colours_alternate_from_red_for_the_home_team_on_board_one() {
        let colours: Vec<Color> = (1..=4).map(home_color).collect();
        assert_eq!(colours, [Color::Red, Color::Blue, Color::Red, Color::Blue]);
    }

    #[test]
    fn a_win_a_draw_and_forfeits_score_by_colour() {
        // Board 1 (home Red): Red wins, home +1. Board 2 (home Blue): draw, ½ each.
        // Board 3 (home Red): Red did not come, away +1. Board 4 (home Blue): Blue wins, home +1.
        let results = [Some(Win(Color::Red)), Some(Draw), Some(Forfeit(Color::Red)), Some(Win(Color::Blue))];
        let expected = Score { home: Points::from_quarters(10), away: Points::from_quarters(6) };
        assert_eq!(score(&results), expected);
        assert_eq!(outcome(&results), Some(Outcome::Won(Side::Home)));
        // A double forfeit is 0 for both; a board still playing counts nothing yet.
        let partial = [Some(DoubleForfeit), None, Some(Win(Color::Red)), None];
        assert_eq!(score(&partial), Score { home: Points::ONE, away: Points::ZERO });
        assert_eq!(outcome(&partial), None);
    }

    #[test]
    fn equal_points_go_to_the_board_count_back_then_stay_a_tie() {
        // Home wins boards 1 and 2 (Red on 1, Blue on 2), away wins 3 and 4: 2–2. Without
        // board 4, 2–1 for home: home wins on count-back.
        let home_top =
            [Some(Win(Color::Red)), Some(Win(Color::Blue)), Some(Win(Color::Blue)), Some(Win(Color::Red))];
        assert_eq!(outcome(&home_top), Some(Outcome::WonOnCountBack(Side::Home)));
        // Draws on 1 and 2, away wins 3, home wins 4: 2–2; without 4, 1–2: away.
        let away_three = [Some(Draw), Some(Draw), Some(Win(Color::Blue)), Some(Win(Color::Blue))];
        assert_eq!(score(&away_three), Score { home: Points::whole(2), away: Points::whole(2) });
        assert_eq!(outcome(&away_three), Some(Outcome::WonOnCountBack(Side::Away)));
        // Every board drawn: level at each count.
        assert_eq!(outcome(&[Some(Draw), Some(Draw)]), Some(Outcome::Tie));
        // Home wins board 1, away board 2: 1–1, board 1 alone 1–0 for home.
        assert_eq!(
            outcome(&[Some(Win(Color::Red)), Some(Win(Color::Red))]),
            Some(Outcome::WonOnCountBack(Side::Home))
        );
    }
}
