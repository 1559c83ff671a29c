//! Arena pairings: players who finish a game join a waiting queue and are paired again at once.
//!
//! Going down the waiting players ranked by arena score, then rating, then number, each one not
//! yet paired meets the nearest waiting player: the smallest difference of score, then of
//! rating, then the higher-ranked. Two players never meet twice in a row while someone else
//! could be paired with either: a player whose only choices are their last opponent waits for
//! the next one to finish. Only when those two are the whole queue and no game is being played
//! (nobody else will come) do they meet again. The side goes to the player who has had it
//! less (Red to the higher-ranked when equal). Scores: [`Scoring::Arena`].

use super::error::TournamentError;
use super::history::History;
use super::pairing::{Pairing, PlayerId};
use super::points::Points;
use super::scoring::Scoring;
use crate::rules::Color;
use std::collections::BTreeSet;

/// A player in the waiting queue, as the pairing sees them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ArenaPlayer {
    /// The player.
    pub id: PlayerId,
    /// Their arena score.
    pub points: Points,
    /// Their rating.
    pub rating: i32,
    /// Whom they played last.
    pub last_opponent: Option<PlayerId>,
    /// Red games minus Blue games (played over the board).
    pub color_difference: i64,
}

impl ArenaPlayer {
    /// `id` as `history` has them, with their rating.
    pub fn from_history(id: PlayerId, rating: i32, history: &History) -> ArenaPlayer {
        let color_difference = history.colors(id).map(|color| if color == Color::Red { 1 } else { -1 }).sum();
        ArenaPlayer {
            id,
            points: Scoring::Arena.total(history.entries(id)),
            rating,
            last_opponent: history.last_opponent(id),
            color_difference,
        }
    }
}

/// The games to start among the `waiting` players; those left out keep waiting.
/// `games_in_progress`: how many games of the arena are being played.
pub fn pair_waiting(
    waiting: &[ArenaPlayer],
    games_in_progress: usize,
) -> Result<Vec<Pairing>, TournamentError> {
    let mut seen = BTreeSet::new();
    if let Some(twice) = waiting.iter().find(|player| !seen.insert(player.id)) {
        return Err(TournamentError::DuplicatePlayer(twice.id));
    }
    let mut ranked = waiting.to_vec();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(b.rating.cmp(&a.rating)).then(a.id.cmp(&b.id)));
    if let [first, second] = ranked[..] {
        if games_in_progress == 0 {
            return Ok(vec![sides(&first, &second)]);
        }
    }
    let mut paired = vec![false; ranked.len()];
    let mut games = Vec::new();
    for top in 0..ranked.len() {
        if paired[top] {
            continue;
        }
        let player = &ranked[top];
        let nearest = (top + 1..ranked.len())
            .filter(|&at| !paired[at] && !just_met(player, &ranked[at]))
            .min_by_key(|&at| distance(player, &ranked[at]));
        if let Some(at) = nearest {
            paired[top] = true;
            paired[at] = true;
            games.push(sides(player, &ranked[at]));
        }
    }
    Ok(games)
}

fn just_met(a: &ArenaPlayer, b: &ArenaPlayer) -> bool {
    a.last_opponent == Some(b.id) || b.last_opponent == Some(a.id)
}

/// How far apart two players are: score first, then rating (ties go to the higher-ranked, the
/// first found).
fn distance(a: &ArenaPlayer, b: &ArenaPlayer) -> (u32, u32) {
    (a.points.quarters().abs_diff(b.points.quarters()), a.rating.abs_diff(b.rating))
}

/// Red to the player who has had it less; `high` is the higher-ranked.
fn sides(high: &ArenaPlayer, low: &ArenaPlayer) -> Pairing {
    if high.color_difference <= low.color_difference {
        Pairing { red: high.id, blue: low.id }
    } else {
        Pairing { red: low.id, blue: high.id }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiting(id: u32, points: u32, rating: i32, last_opponent: Option<u32>) -> ArenaPlayer {
        ArenaPlayer {
            id: PlayerId(id),
            points: Points::whole(points),
            rating,
            last_opponent: last_opponent.map(PlayerId),
            color_difference: 0,
        }
    }

    fn pairs(games: &[Pairing]) -> Vec<(u32, u32)> {
        games.iter().map(|game| (game.red.0, game.blue.0)).collect()
    }

    #[test]
    fn the_nearest_score_then_rating() {
        // Ranked 1 (10 points), 2 (9), 3 (9, lower rating), 4 (2). 1's nearest is 2 (one
        // point away, and 2 is rated nearer than 3); then 3 meets 4.
        let queue = [
            waiting(4, 2, 1500, None),
            waiting(3, 9, 1400, None),
            waiting(1, 10, 1500, None),
            waiting(2, 9, 1490, None),
        ];
        assert_eq!(pairs(&pair_waiting(&queue, 5).unwrap()), [(1, 2), (3, 4)]);
    }

    #[test]
    fn last_opponents_wait_for_someone_else() {
        // 1 and 2 have just played; 3 comes back: 1 (ranked first) meets 3, 2 waits.
        let queue = [waiting(1, 6, 1500, Some(2)), waiting(2, 4, 1500, Some(1)), waiting(3, 0, 1500, None)];
        assert_eq!(pairs(&pair_waiting(&queue, 1).unwrap()), [(1, 3)]);
        // Alone in the queue while others play: they wait.
        assert_eq!(pair_waiting(&queue[..2], 1).unwrap(), []);
        // Alone in the whole arena: they play again.
        assert_eq!(pairs(&pair_waiting(&queue[..2], 0).unwrap()), [(1, 2)]);
    }

    #[test]
    fn red_to_whoever_had_it_less() {
        let mut high = waiting(1, 6, 1500, None);
        let low = waiting(2, 0, 1500, None);
        assert_eq!(pairs(&pair_waiting(&[high, low], 0).unwrap()), [(1, 2)]);
        high.color_difference = 1;
        assert_eq!(pairs(&pair_waiting(&[high, low], 0).unwrap()), [(2, 1)]);
    }

    #[test]
    fn a_player_queued_twice_is_refused() {
        let player = waiting(1, 0, 1500, None);
        assert_eq!(pair_waiting(&[player, player], 0), Err(TournamentError::DuplicatePlayer(PlayerId(1))));
        assert_eq!(pair_waiting(&[], 0), Ok(Vec::new()));
    }

    #[test]
    fn a_player_from_the_history() {
        let (a, b) = (PlayerId(1), PlayerId(2));
        let mut history = History::new(&[a, b]).unwrap();
        history
            .record_game(Pairing { red: a, blue: b }, crate::tournament::GameResult::Win(Color::Red))
            .unwrap();
        let player = ArenaPlayer::from_history(a, 1600, &history);
        assert_eq!(
            player,
            ArenaPlayer {
                id: a,
                points: Points::whole(2),
                rating: 1600,
                last_opponent: Some(b),
                color_difference: 1
            }
        );
    }
}
