//! Hints: the move a player is advised to play, searched at full strength whatever the
//! opponent's level, with a strong drive to make progress (a hint that only
//! keeps the balance leads a beginner nowhere), and why ([`HintReason`](super::HintReason)).

use super::engine::Engine;
use super::level::eager_contempt;
use super::types::{Info, Limits, SearchParams, SearchResult};
use crate::rules::Game;

/// The most nodes a hint searches: about a second in the browser (the page's deadline stops it
/// earlier on a slow device), and the same hint natively, where the tests follow hints.
pub const HINT_NODES: u64 = 400_000;

/// A hint's drive forward, centipawns per rank its pieces advance: far more than the levels'
/// (8), which keep a strong opponent in mind. Following hints against levels 1 and 2 from the
/// start (six games each, both colours), a drive of 8 won every game but took up to 104 plies,
/// 25 up to 105, 50 up to 71. From 10 varied openings, both colours, against level 1 / level 2,
/// all won: 100 took 41 / 49 plies on average, 66 / 106 at most; 150 took 41 / 44, 56 / 71 at
/// most; 200 took up to 111 against level 2 (`scripts/hint-vs-levels 20 1`).
const HINT_PROGRESS: i32 = 150;

impl Engine {
    /// The move to advise in `game`: a full-strength search of at most [`HINT_NODES`] nodes
    /// (or until `stop`), playing for a win: a draw by repetition looks bad to it (the levels'
    /// contempt, more when ahead) and its pieces' advance counts for much, so it does not shuffle. No
    /// opening book: the line it reports is the search's own, which the reason is drawn from.
    ///
    /// ```
    /// use jungle::ai::Engine;
    /// use jungle::rules::{Game, Position, Rules};
    /// // Red's rat on d8 enters the den next move.
    /// let pos = Position::from_fen("7/3R3/7/7/7/7/7/7/l6 w", Rules::default()).unwrap();
    /// let hint = Engine::new(1).hint(&Game::from_position(pos), &mut |_| false, &mut |_| {});
    /// assert_eq!(hint.best.unwrap().to_string(), "d8d9");
    /// ```
    pub fn hint(
        &mut self,
        game: &Game,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let params = SearchParams {
            limits: Limits { depth: None, nodes: Some(HINT_NODES) },
            contempt: eager_contempt(game),
            progress: HINT_PROGRESS,
            excluded: None,
        };
        self.search_with(game, &params, stop, on_info)
    }
}
