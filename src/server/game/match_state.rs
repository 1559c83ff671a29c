//! A game as the server holds it: the engine's game, the seats, the clocks, the pending offer
//! and the ending, and what can be read of it. How it changes is the [`referee`]'s business.
//!
//! [`referee`]: super::referee

use super::clock::{ClockSpec, Clocks};
use super::ending::{Ending, Offer, Status};
use super::token;
use super::tournament_board::TournamentBoard;
use crate::rules::{ByColor, Color, Game};

/// A seated player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seat {
    /// The display name.
    pub name: String,
    /// The digest of the seat token ([`token::digest`]).
    pub token_digest: String,
}

/// A game held by the server.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game id.
    pub id: String,
    /// The engine's game: rules, start position, moves.
    pub game: Game,
    /// How the game is timed.
    pub clock: ClockSpec,
    /// The clocks (running only while the game is played and timed).
    pub clocks: Clocks,
    /// The players, once seated.
    pub seats: ByColor<Option<Seat>>,
    /// Where the game is in its life.
    pub status: Status,
    /// How it ended, once over.
    pub ending: Option<Ending>,
    /// The offer waiting for an answer.
    pub offer: Option<Offer>,
    /// The id of the rematch, once agreed.
    pub rematch: Option<String>,
    /// When each move was played (parallel to the game's moves).
    pub move_times: Vec<i64>,
    /// Bumped by every stored change (for idempotent writes across server instances).
    pub version: i64,
    /// When the game was created.
    pub created: i64,
    /// The digest of the creator's address ([`token::digest`]), for the lobby's limits.
    pub creator: Option<String>,
    /// Whether the game counts in the members' ratings.
    pub rated: bool,
    /// The tournament board the game is played for, if it is a tournament's game.
    pub tournament: Option<TournamentBoard>,
    /// The end of each side's member's vacation, if known (see [`vacation`](super::vacation)).
    pub vacation: ByColor<Option<i64>>,
}

impl Match {
    /// A new game with its creator seated on `color`, waiting for an opponent.
    pub fn open(id: String, game: Game, clock: ClockSpec, color: Color, creator: Seat, now: i64) -> Match {
        let mut seats = ByColor::new(None, None);
        seats[color] = Some(creator);
        Match {
            id,
            game,
            clock,
            clocks: Clocks::start(&clock, now),
            seats,
            status: Status::Open,
            ending: None,
            offer: None,
            rematch: None,
            move_times: Vec::new(),
            version: 0,
            created: now,
            creator: None,
            rated: false,
            tournament: None,
            vacation: ByColor::new(None, None),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.game.position().turn()
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.move_times.len()
    }

    /// Whether the side to move's clock is running: in a timed game being played, once both
    /// sides have made their first move (a side's clock never runs before its first move).
    pub fn clock_running(&self) -> bool {
        self.status == Status::Playing && self.clock.is_timed() && self.ply() >= 2
    }

    /// When the running clock falls, if one runs.
    pub fn deadline(&self) -> Option<i64> {
        self.clock_running().then(|| self.clocks.deadline(self.turn()))
    }

    /// Time left for `color` at `now`.
    pub fn time_left(&self, color: Color, now: i64) -> i64 {
        let running = if self.clock_running() { self.turn() } else { !color };
        self.clocks.left_at(color, running, now)
    }

    /// When the side to move loses by forfeit for not having made its first move (ms since the
    /// Unix epoch): in a tournament game being played where a side has yet to make it, the
    /// no-show time after it could (the pairing, or the opponent's first move). The
    /// tournaments' director ends the game then (`tournaments::director::forfeit_no_show`).
    pub fn no_show_deadline(&self) -> Option<i64> {
        let board = self.tournament.as_ref()?;
        (self.status == Status::Playing && self.ply() < 2).then(|| self.clocks.since + board.no_show_ms)
    }

    /// The seat a token holds in this game.
    pub fn seat_of(&self, token_text: &str) -> Option<Color> {
        if !token::is_token(token_text) {
            return None;
        }
        let digest = token::digest(token_text);
        Color::ALL.into_iter().find(|&c| self.seats[c].as_ref().is_some_and(|s| s.token_digest == digest))
    }

    /// Who makes move number `ply`.
    pub fn mover(&self, ply: usize) -> Color {
        let first = self.game.start().turn();
        if ply.is_multiple_of(2) {
            first
        } else {
            !first
        }
    }
}
