//! Results of games, and what one result means for each of its two players.
//!
//! A forfeit (a player who did not come, or came too late) scores as a win for the opponent
//! and a loss for the absent player, but the game was not played: it gives no colour, and the
//! tie-breaks that weigh opponents (Buchholz, Sonneborn-Berger, direct encounter) and the
//! count of wins leave it out, as they leave out a bye (see [`tiebreak`](super::tiebreak)).
//! The two players were still paired: a Swiss never pairs them again.

use super::points::Points;
use crate::rules::Color;

/// How a game ended, from the board's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// This side won the game.
    Win(Color),
    /// A draw.
    Draw,
    /// This side did not play and loses by forfeit.
    Forfeit(Color),
    /// Neither side played: both lose by forfeit.
    DoubleForfeit,
}

impl GameResult {
    /// The result for the player on `color`'s side.
    pub fn for_side(self, color: Color) -> PlayerResult {
        match self {
            GameResult::Win(winner) if winner == color => PlayerResult::Won,
            GameResult::Win(_) => PlayerResult::Lost,
            GameResult::Draw => PlayerResult::Drawn,
            GameResult::Forfeit(absent) if absent == color => PlayerResult::LostByForfeit,
            GameResult::Forfeit(_) => PlayerResult::WonByForfeit,
            GameResult::DoubleForfeit => PlayerResult::LostByForfeit,
        }
    }
}

/// How a game ended for one of its players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlayerResult {
    /// Won over the board.
    Won,
    /// Drawn.
    Drawn,
    /// Lost over the board.
    Lost,
    /// The opponent did not play.
    WonByForfeit,
    /// This player did not play.
    LostByForfeit,
}

impl PlayerResult {
    /// Whether the game was played over the board.
    pub fn was_played(self) -> bool {
        matches!(self, PlayerResult::Won | PlayerResult::Drawn | PlayerResult::Lost)
    }

    /// Whether the player scored a win (over the board or by forfeit).
    pub fn is_win(self) -> bool {
        matches!(self, PlayerResult::Won | PlayerResult::WonByForfeit)
    }

    /// The classical value: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn value(self) -> Points {
        match self {
            PlayerResult::Won | PlayerResult::WonByForfeit => Points::ONE,
            PlayerResult::Drawn => Points::HALF,
            PlayerResult::Lost | PlayerResult::LostByForfeit => Points::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forfeit_is_a_win_for_the_side_that_came() {
        let result = GameResult::Forfeit(Color::Blue);
        assert_eq!(result.for_side(Color::Red), PlayerResult::WonByForfeit);
        assert_eq!(result.for_side(Color::Blue), PlayerResult::LostByForfeit);
        assert_eq!(PlayerResult::WonByForfeit.value(), Points::ONE);
        assert!(!PlayerResult::WonByForfeit.was_played());
        for color in Color::ALL {
            assert_eq!(GameResult::DoubleForfeit.for_side(color), PlayerResult::LostByForfeit);
        }
    }

    #[test]
    fn both_sides_of_a_game_add_up_to_one_point() {
        for result in [GameResult::Win(Color::Red), GameResult::Win(Color::Blue), GameResult::Draw] {
            let total = result.for_side(Color::Red).value() + result.for_side(Color::Blue).value();
            assert_eq!(total, Points::ONE);
        }
    }
}
