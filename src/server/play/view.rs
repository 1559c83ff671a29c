//! What clients see of a game: the JSON views built from a [`Match`] or a [`Summary`].

use super::presence::SeatState;
use crate::rules::{ByColor, Color};
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::Ending;
use crate::server::game::match_state::Match;
use crate::server::game::summary::Summary;
use crate::server::rating::shown::Shown;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One seat as shown to everyone.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct PlayerView {
    /// The display name.
    pub name: String,
    /// Whether the seat has a live connection (on any server instance).
    pub connected: bool,
    /// How long the seat had had no connection anywhere when the message was sent, in ms (0
    /// while it has one): once the side to move has been away `claim_after` ms (in
    /// `subscribed`), its opponent may claim the win.
    #[serde(default)]
    pub away: i64,
}

/// Both seats.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct PlayersView {
    /// Red's seat, once taken.
    pub red: Option<PlayerView>,
    /// Blue's seat, once taken.
    pub blue: Option<PlayerView>,
}

/// The clocks at the time of a message.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ClocksView {
    /// Red's time left, in milliseconds.
    pub red: i64,
    /// Blue's time left, in milliseconds.
    pub blue: i64,
    /// The side whose clock runs (`red` or `blue`), if one does.
    pub running: Option<String>,
}

/// How long each seat had been away when a message was sent, in ms (0 while connected).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwayView {
    /// Red's seat.
    pub red: i64,
    /// Blue's seat.
    pub blue: i64,
}

/// Until when each seat's member is on vacation (ms since the Unix epoch), in a correspondence
/// game: their clock stands until then.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VacationView {
    /// Red's member, if on vacation.
    pub red: Option<i64>,
    /// Blue's member, likewise.
    pub blue: Option<i64>,
}

/// A pending offer.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct OfferView {
    /// `draw`, `takeback` or `rematch`.
    pub kind: String,
    /// Who offered it.
    pub by: String,
}

/// The whole game.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct GameView {
    /// The game id.
    pub id: String,
    /// The rule options (the engine's text; empty for the standard rules).
    pub rules: String,
    /// The start position.
    pub fen: String,
    /// The moves played.
    pub moves: Vec<String>,
    /// The number of moves played.
    pub ply: usize,
    /// The side to move.
    pub turn: String,
    /// `open`, `playing` or `over`.
    pub status: String,
    /// The seats.
    pub players: PlayersView,
    /// How the game is timed.
    pub clock: ClockSpec,
    /// The clocks now.
    pub clocks: ClocksView,
    /// The offer waiting for an answer.
    pub offer: Option<OfferView>,
    /// The result, once over.
    pub result: Option<ResultView>,
    /// The rematch's id, once agreed.
    pub rematch: Option<String>,
    /// When the game was created (ms since the Unix epoch).
    pub created: i64,
    /// Whether the game counts in the members' ratings.
    #[serde(default)]
    pub rated: bool,
    /// The tournament board the game is played for; null for a game of the lobby.
    #[serde(default)]
    pub tournament: Option<TournamentView>,
    /// The seats' members' vacations.
    #[serde(default)]
    pub vacation: VacationView,
}

/// The tournament board a game is played for, and its no-show time.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct TournamentView {
    /// The tournament's id.
    pub id: String,
    /// The tournament's name.
    pub name: String,
    /// The round (from 1).
    pub round: i64,
    /// The board in the round (from 1).
    pub board: i64,
    /// The no-show time (ms): how long each side may take over its first move.
    pub no_show_ms: i64,
    /// Milliseconds left, when the message was sent, before the side to move loses by
    /// forfeit for not having made its first move; null once both sides have moved, or the
    /// game is over.
    pub no_show_left: Option<i64>,
}

/// A game in a list (lobby, games in play, archive).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The game id.
    pub id: String,
    /// Red's name, once seated.
    pub red: Option<String>,
    /// Blue's name, once seated.
    pub blue: Option<String>,
    /// The rule options.
    pub rules: String,
    /// How the game is timed.
    pub clock: ClockSpec,
    /// The number of moves played.
    pub ply: i64,
    /// The result, once over.
    pub result: Option<ResultView>,
    /// When the game was created.
    pub created: i64,
    /// When it last changed.
    pub updated: i64,
    /// Whether it counts in the members' ratings.
    #[serde(default)]
    pub rated: bool,
    /// Why a finished rated game did not count after all: `no-moves` (a side never moved) or
    /// `same-pair` (the same two members' rated games counted often enough that day); null
    /// otherwise.
    #[serde(default)]
    pub uncounted: Option<String>,
    /// Red's rating in the game's rules, when a member holds the seat.
    #[serde(default)]
    pub red_rating: Option<Shown>,
    /// Blue's rating, likewise.
    #[serde(default)]
    pub blue_rating: Option<Shown>,
}

/// The result of a finished game.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ResultView {
    /// `red`, `blue`, or null for a draw or an aborted game.
    pub winner: Option<String>,
    /// Why it ended (see the module documentation).
    pub reason: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `-` when aborted.
    pub score: String,
}

impl Listed {
    /// The view of a game in a list, with the ratings of its members ([`beside`]).
    ///
    /// [`beside`]: crate::server::rating::shown::beside
    pub fn of(game: &Summary, ratings: &HashMap<(String, String), Shown>) -> Listed {
        let rating = |color: &str| ratings.get(&(game.id.clone(), color.to_string())).copied();
        Listed {
            id: game.id.clone(),
            red: game.names.red.clone(),
            blue: game.names.blue.clone(),
            rules: game.rules.clone(),
            clock: game.clock,
            ply: game.ply,
            result: game.ending.as_ref().map(ResultView::of),
            created: game.created,
            updated: game.updated,
            rated: game.rated,
            uncounted: game.uncounted.clone(),
            red_rating: rating("red"),
            blue_rating: rating("blue"),
        }
    }
}

impl ResultView {
    /// The view of an ending.
    pub fn of(ending: &Ending) -> ResultView {
        ResultView {
            winner: ending.winner.map(|c| c.name().to_string()),
            reason: ending.reason.name().to_string(),
            score: ending.score().to_string(),
        }
    }
}

impl Match {
    /// The clocks as seen at `now`; none runs while it is held for a vacation.
    pub fn clocks_view(&self, now: i64) -> ClocksView {
        let held = self.on_vacation(self.turn(), now).is_some() && self.clocks.since > now;
        let running = self.clock_running() && !held;
        ClocksView {
            red: self.time_left(Color::Red, now),
            blue: self.time_left(Color::Blue, now),
            running: running.then(|| self.turn().name().to_string()),
        }
    }

    /// The whole game as seen at `now`, `seats` telling each seat's connection.
    pub fn view(&self, now: i64, seats: ByColor<SeatState>) -> GameView {
        let player = |c: Color| {
            self.seats[c].as_ref().map(|s| PlayerView {
                name: s.name.clone(),
                connected: seats[c].connected,
                away: seats[c].away,
            })
        };
        GameView {
            id: self.id.clone(),
            rules: self.game.rules().to_string(),
            fen: self.game.start().fen(),
            moves: self.game.moves().iter().map(|m| m.to_string()).collect(),
            ply: self.ply(),
            turn: self.turn().name().to_string(),
            status: self.status.name().to_string(),
            players: PlayersView { red: player(Color::Red), blue: player(Color::Blue) },
            clock: self.clock,
            clocks: self.clocks_view(now),
            offer: self.offer.map(|o| OfferView { kind: o.kind.name().into(), by: o.by.name().into() }),
            result: self.ending.as_ref().map(ResultView::of),
            rematch: self.rematch.clone(),
            created: self.created,
            rated: self.rated,
            tournament: self.tournament.as_ref().map(|board| TournamentView {
                id: board.id.clone(),
                name: board.name.clone(),
                round: board.round,
                board: board.board,
                no_show_ms: board.no_show_ms,
                no_show_left: self.no_show_deadline().map(|deadline| (deadline - now).max(0)),
            }),
            vacation: VacationView {
                red: self.on_vacation(Color::Red, now),
                blue: self.on_vacation(Color::Blue, now),
            },
        }
    }
}
