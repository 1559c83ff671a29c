//! An engine match's rating list (issue 40): for a tournament of bots only, Elo-style ratings
//! relative to the field (its mean is 0) with their 95% error bars, fitted to every game played
//! to a result by `competitions::rating_list`, as `jungle rating-list` fits a match played on
//! one machine. A forfeit was not played: it counts in the standings, not here. Only the
//! players with a game played are rated.

use super::ledger::result_of;
use super::tables::{PairingRow, PlayerRow};
use crate::competitions::rating_list::{fit_to_field, Crosstable, Game, Score};
use crate::rules::Color;
use crate::tournament::GameResult;
use serde_json::{json, Value};

/// The list, best first: each rated player's `number`, `name`, `elo` and `margin` (± of the
/// 95% interval, both rounded to whole Elo), `games` played and `points` scored in them.
pub fn rating_list(players: &[PlayerRow], pairings: &[PairingRow]) -> Vec<Value> {
    // (Red, Blue, Red's score) of every game played to a result.
    let played: Vec<(i64, i64, Score)> = pairings
        .iter()
        .filter_map(|p| {
            let score = match p.result.as_deref().and_then(result_of)? {
                GameResult::Win(Color::Red) => Score::Win,
                GameResult::Win(Color::Blue) => Score::Loss,
                GameResult::Draw => Score::Draw,
                GameResult::Forfeit(_) | GameResult::DoubleForfeit => return None,
            };
            Some((p.red, p.blue?, score))
        })
        .collect();
    let rated: Vec<&PlayerRow> = players
        .iter()
        .filter(|p| played.iter().any(|&(red, blue, _)| p.number == red || p.number == blue))
        .collect();
    let index = |number: i64| rated.iter().position(|p| p.number == number);
    let games: Vec<Game> = played
        .iter()
        .filter_map(|&(red, blue, score)| Some(Game { first: index(red)?, second: index(blue)?, score }))
        .collect();
    let Ok(table) = Crosstable::new(rated.len(), &games) else { return Vec::new() };
    let ratings = fit_to_field(&table);
    let mut order: Vec<usize> = (0..rated.len()).collect();
    order.sort_by(|&a, &b| {
        ratings[b].elo.total_cmp(&ratings[a].elo).then(rated[a].number.cmp(&rated[b].number))
    });
    order
        .into_iter()
        .map(|i| {
            json!({ "number": rated[i].number, "name": rated[i].name, "elo": ratings[i].elo.round(),
                    "margin": ratings[i].margin.round(), "games": table.total_games(i),
                    "points": table.total_points(i) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(number: i64, name: &str) -> PlayerRow {
        PlayerRow {
            number,
            member_id: name.to_string(),
            name: name.to_string(),
            bot: true,
            rating: 1500,
            joined_round: 0,
            withdrawn: false,
            removed: false,
        }
    }

    fn board(round: i64, red: i64, blue: i64, result: Option<&str>) -> PairingRow {
        PairingRow {
            round,
            board: 1,
            red,
            blue: Some(blue),
            result: result.map(str::to_string),
            game_id: None,
            paired_at: 0,
        }
    }

    #[test]
    fn the_games_played_rate_the_field_best_first() {
        let players = [player(1, "deep"), player(2, "random"), player(3, "idle")];
        let pairings = [
            board(1, 1, 2, Some("red")),
            board(2, 2, 1, Some("blue")),
            board(3, 1, 2, Some("draw")),
            // Not played: a forfeit, a game still on.
            board(4, 3, 1, Some("red-forfeits")),
            board(5, 1, 2, None),
        ];
        let list = rating_list(&players, &pairings);
        assert_eq!(list.len(), 2, "the idle player has played no game: {list:?}");
        assert_eq!(
            (list[0]["name"].as_str(), list[0]["games"].as_u64(), list[0]["points"].as_f64()),
            (Some("deep"), Some(3), Some(2.5))
        );
        assert_eq!((list[1]["name"].as_str(), list[1]["points"].as_f64()), (Some("random"), Some(0.5)));
        let (best, worst) = (list[0]["elo"].as_f64().unwrap(), list[1]["elo"].as_f64().unwrap());
        assert!(best > 0.0 && (best + worst).abs() <= 1.0, "relative to the field: {list:?}");
        assert!(list[0]["margin"].as_f64().unwrap() > 0.0);
        assert!(rating_list(&players, &[]).is_empty());
    }
}
