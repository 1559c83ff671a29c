//! The tournament a game is played for: the board it was paired on, read with the game (a
//! game of the lobby has none). What follows from it for the game: the no-show deadline while
//! a side has not made its first move (`Match::no_show_deadline`), no rematch (the referee),
//! and the record's headers (`record`).

/// A tournament's board, as the game played on it knows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TournamentBoard {
    /// The tournament's id.
    pub id: String,
    /// The tournament's name.
    pub name: String,
    /// The round the board was paired in (from 1).
    pub round: i64,
    /// The board's number in its round (from 1).
    pub board: i64,
    /// How long a side may take over its first move before losing by forfeit (ms).
    pub no_show_ms: i64,
}
