//! The referee: every rule about who may do what and when in a game the server holds
//! ([`Match`]).
//!
//! Pure: no I/O. A [`Command`] applied to a game gives an [`Event`] or a refusal; the caller
//! applies it to a copy, stores the copy and only then makes it the game, so a refused
//! command or a failed write changes nothing.

use super::clock::Clocks;
use super::ending::{EndReason, Ending, Offer, OfferKind, Status, Verdict};
use super::event::{Command, Event};
use super::match_state::{Match, Seat};
use crate::rules::{Color, Game, MoveError};
use crate::server::error::{Code, Refusal};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The longest game by default: as many moves as a record holds, so that every game played
/// can be read back from its record.
pub const MAX_PLIES: usize = crate::record::MAX_MOVES;

/// The longest game of this process (`--max-plies`): one setting for every game, whatever its
/// rules (with `repetition=off,no-capture-limit=0` nothing else ends a game).
static LONGEST: AtomicUsize = AtomicUsize::new(MAX_PLIES);

/// The longest game: at this many moves a game ends in a draw.
pub fn max_plies() -> usize {
    LONGEST.load(Ordering::Relaxed)
}

/// Sets [`max_plies`] for the whole process (at start, from the command line), at most
/// [`MAX_PLIES`].
pub fn set_max_plies(plies: usize) {
    LONGEST.store(plies.min(MAX_PLIES), Ordering::Relaxed);
}

impl Match {
    /// Applies `command` at `now`: what it did, or why it is refused (the game is then as
    /// it was, but for a flag found fallen).
    pub fn apply(&mut self, command: Command, now: i64) -> Result<Event, Refusal> {
        let event = match command {
            Command::Join(seat) => self.join(seat, now),
            Command::Play { by, ply, mv } => self.play(by, ply, &mv, now),
            Command::Resign(color) => self.resign(color, now),
            Command::Abort => self.abort(now),
            Command::Claim(color) => self.claim_abandoned(color, now),
            Command::Withdraw(color) => self.withdraw(color, now),
            Command::Offer(color, kind) => self.offer(color, kind),
            Command::Accept { by, offer, rematch_id } => self.accept(by, offer, rematch_id, now),
            Command::Decline(color, kind) => self.decline(color, kind),
            Command::Flag => Ok(self.flag_event(now)),
            Command::Expire => Ok(self.expire(now)),
            Command::CloseIdle { before } => Ok(self.close_idle(before, now)),
            Command::CountFromNow => Ok(self.count_from_now(now)),
            Command::Excuse { color, lost, back } => Ok(self.excuse(color, lost, back)),
            Command::Adjudicate(verdict) => self.adjudicate(verdict, now),
            Command::Vacation { color, until } => Ok(self.set_vacation(color, until, now)),
        }?;
        self.hold_for_vacation();
        Ok(event)
    }

    /// Seats the second player; the clocks start.
    fn join(&mut self, seat: Seat, now: i64) -> Result<Event, Refusal> {
        let free = Color::ALL.into_iter().find(|&c| self.seats[c].is_none());
        let color = match (self.status, free) {
            (Status::Open, Some(color)) => color,
            (Status::Over, _) => return Err(over()),
            _ => return Err(Refusal::new(Code::Full, "both seats of this game are taken")),
        };
        self.seats[color] = Some(seat);
        self.status = Status::Playing;
        self.clocks = Clocks::start(&self.clock, now);
        Ok(Event::Joined(color))
    }

    fn require_playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Open => Err(Refusal::new(Code::NotStarted, "the game waits for its second player")),
            Status::Over => Err(over()),
        }
    }

    fn end(&mut self, winner: Option<Color>, reason: EndReason, now: i64) -> Event {
        if self.clock_running() {
            self.clocks.restart(self.turn(), now);
        }
        self.status = Status::Over;
        self.ending = Some(Ending { winner, reason });
        self.offer = None;
        Event::Ended
    }

    /// Ends the game on time if the running clock is at zero at `now`.
    pub(super) fn flag(&mut self, now: i64) -> Option<Event> {
        match self.deadline() {
            Some(deadline) if deadline <= now => {
                let loser = self.turn();
                Some(self.end(Some(!loser), EndReason::Time, now))
            }
            _ => None,
        }
    }

    fn flag_event(&mut self, now: i64) -> Event {
        self.flag(now).unwrap_or(Event::Unchanged)
    }

    /// `color` plays `text` as move number `ply` (0 for the first move of the game).
    fn play(&mut self, color: Color, ply: usize, text: &str, now: i64) -> Result<Event, Refusal> {
        let played = self.game.moves();
        if ply < played.len() {
            // Already answered: the same move again is a resend, another is out of date.
            let m = played[ply];
            return if m.to_string() == text && self.mover(ply) == color {
                Ok(Event::Resent(m))
            } else {
                Err(Refusal::new(Code::StaleMove, format!("move {ply} was already played")).with("ply", ply))
            };
        }
        if ply > played.len() {
            let n = played.len();
            let message = format!("only {n} moves are played: the next is {n}");
            return Err(Refusal::new(Code::PlyAhead, message).with("ply", n));
        }
        self.require_playing()?;
        if color != self.turn() {
            let message = format!("it is {}'s turn", self.turn());
            return Err(Refusal::new(Code::NotYourTurn, message).with("turn", self.turn().name()));
        }
        if let Some(ended) = self.flag(now) {
            return Ok(ended);
        }
        let running = self.clock_running();
        let m = self.game.play_text(text).map_err(illegal)?;
        if running {
            self.clocks.on_move(&self.clock, color, now);
        } else {
            // A first move costs nothing; the next side's time is counted from it.
            self.clocks.since = now;
        }
        self.move_times.push(now);
        self.offer = self.offer.filter(|o| o.kind == OfferKind::Draw && o.by == color);
        if let Some(outcome) = self.game.outcome() {
            self.end(outcome.winner, EndReason::Board(outcome.reason), now);
        } else if self.ply() >= max_plies() {
            self.end(None, EndReason::MoveLimit, now);
        }
        Ok(Event::Moved(m))
    }

    /// `color` resigns.
    fn resign(&mut self, color: Color, now: i64) -> Result<Event, Refusal> {
        self.require_playing()?;
        Ok(self.end(Some(!color), EndReason::Resignation, now))
    }

    /// `color` claims the win because the opponent, whose turn it is, left the game.
    /// (Whether the opponent has been away long enough is the room's business.)
    fn claim_abandoned(&mut self, color: Color, now: i64) -> Result<Event, Refusal> {
        self.require_playing()?;
        if self.turn() == color {
            return Err(Refusal::new(
                Code::NotNow,
                "a win can be claimed only while the opponent is to move",
            ));
        }
        Ok(self.end(Some(color), EndReason::Abandoned, now))
    }

    /// `color`'s player left the game's tournament: the opponent wins, whoever is to move.
    fn withdraw(&mut self, color: Color, now: i64) -> Result<Event, Refusal> {
        self.require_playing()?;
        Ok(self.end(Some(!color), EndReason::Withdrawn, now))
    }

    /// An open game nobody joined in time is called off.
    fn expire(&mut self, now: i64) -> Event {
        if self.status == Status::Open {
            self.end(None, EndReason::Aborted, now)
        } else {
            Event::Unchanged
        }
    }

    /// A game in play that nobody played since `before` (its last move, or its start) is closed
    /// by the rules of a claim and an abort: once both sides moved the side to move abandoned it
    /// (the opponent wins), before that it is aborted (nobody wins). A game whose clock runs is
    /// left to its flag, a tournament's game to its director.
    fn close_idle(&mut self, before: i64, now: i64) -> Event {
        let played_since = self.clocks.since >= before;
        if self.status != Status::Playing || self.tournament.is_some() || self.clock_running() || played_since
        {
            return Event::Unchanged;
        }
        if self.ply() < 2 {
            return self.end(None, EndReason::Aborted, now);
        }
        let winner = !self.turn();
        self.end(Some(winner), EndReason::Abandoned, now)
    }

    /// A player calls the game off: allowed while waiting for an opponent or before both sides
    /// have moved, never in a tournament game (which an abort would make a loss for both: a
    /// side that does not come loses by forfeit after the tournament's no-show time).
    fn abort(&mut self, now: i64) -> Result<Event, Refusal> {
        if self.status == Status::Over {
            return Err(over());
        }
        if self.tournament.is_some() {
            return Err(Refusal::new(
                Code::TournamentGame,
                "a tournament game cannot be aborted: withdraw from the tournament to leave it",
            ));
        }
        if self.ply() >= 2 {
            return Err(Refusal::new(
                Code::NotNow,
                "both sides have moved: the game can no longer be aborted",
            ));
        }
        Ok(self.end(None, EndReason::Aborted, now))
    }

    /// A director's verdict: the game ends with it, or its end is replaced by it (unchanged if
    /// it ended so already). A game still waiting for its second player has no result to set.
    fn adjudicate(&mut self, verdict: Verdict, now: i64) -> Result<Event, Refusal> {
        if self.status == Status::Open {
            return Err(Refusal::new(Code::NotStarted, "the game waits for its second player"));
        }
        let ending = verdict.ending();
        if self.ending == Some(ending) {
            return Ok(Event::Unchanged);
        }
        Ok(self.end(ending.winner, ending.reason, now))
    }

    /// The side to move's time counts from `now`, if its clock runs and counted from earlier.
    fn count_from_now(&mut self, now: i64) -> Event {
        if !self.clock_running() || self.clocks.since >= now {
            return Event::Unchanged;
        }
        self.clocks.since = now;
        Event::CountedFromNow
    }

    /// `color` proposes a draw, a takeback or a rematch.
    fn offer(&mut self, color: Color, kind: OfferKind) -> Result<Event, Refusal> {
        match kind {
            OfferKind::Rematch if self.status != Status::Over => {
                return Err(Refusal::new(Code::NotNow, "a rematch can be offered once the game is over"));
            }
            OfferKind::Rematch if self.tournament.is_some() => {
                return Err(Refusal::new(
                    Code::TournamentGame,
                    "a tournament game has no rematch: the tournament pairs the next games",
                ));
            }
            OfferKind::Rematch if self.rematch.is_some() => {
                return Err(Refusal::new(Code::NotNow, "the rematch is already agreed"));
            }
            OfferKind::Rematch => {}
            _ => self.require_playing()?,
        }
        if kind == OfferKind::Takeback && self.takeback_len(color).is_none() {
            return Err(Refusal::new(Code::NotNow, "there is no move of yours to take back"));
        }
        if let Some(o) = self.offer.filter(|o| o.by != color && o.kind == kind) {
            // Both sides want the same: the second proposal is an acceptance.
            return Err(Refusal::new(Code::NotNow, format!("{} already offered this: accept it", o.by)));
        }
        self.offer = Some(Offer { kind, by: color });
        Ok(Event::Offered)
    }

    /// The number of moves left after taking back `color`'s last move and the reply to it.
    fn takeback_len(&self, color: Color) -> Option<usize> {
        (0..self.ply()).rev().find(|&p| self.mover(p) == color)
    }

    fn pending(&self, color: Color, kind: OfferKind) -> Result<Offer, Refusal> {
        self.offer.filter(|o| o.kind == kind && o.by != color).ok_or_else(|| {
            let message = format!("your opponent has not offered a {}", kind.name());
            Refusal::new(Code::NoOffer, message).with("offer", kind.name())
        })
    }

    /// `color` accepts the opponent's offer of `kind` (a rematch becomes game `rematch_id`).
    fn accept(
        &mut self,
        color: Color,
        kind: OfferKind,
        rematch_id: String,
        now: i64,
    ) -> Result<Event, Refusal> {
        let offer = self.pending(color, kind)?;
        match kind {
            OfferKind::Draw => Ok(self.end(None, EndReason::Agreement, now)),
            OfferKind::Takeback => {
                let keep = self.takeback_len(offer.by).expect("a takeback offer has a move to take back");
                if self.clock_running() {
                    self.clocks.restart(self.turn(), now);
                }
                while self.ply() > keep {
                    self.game.undo();
                    self.move_times.pop();
                }
                self.clocks.since = now;
                self.offer = None;
                Ok(Event::TookBack)
            }
            OfferKind::Rematch => {
                self.offer = None;
                Ok(Event::Rematch(Box::new(self.rematch_game(rematch_id, now))))
            }
        }
    }

    /// `color` declines the opponent's offer of `kind`.
    fn decline(&mut self, color: Color, kind: OfferKind) -> Result<Event, Refusal> {
        self.pending(color, kind)?;
        self.offer = None;
        Ok(Event::Declined)
    }

    /// The rematch of this game: same players with colours swapped, same rules, clock and
    /// rated flag, started at once. Records its id here.
    fn rematch_game(&mut self, id: String, now: i64) -> Match {
        let start = self.game.start().clone();
        let mut next = Match::open(
            id.clone(),
            Game::from_position(start),
            self.clock,
            Color::Red,
            self.seats.blue.clone().expect("a finished game had two players"),
            now,
        );
        next.seats.blue = self.seats.red.clone();
        next.status = Status::Playing;
        next.rated = self.rated;
        self.rematch = Some(id);
        next
    }
}

fn over() -> Refusal {
    Refusal::new(Code::GameOver, "the game is over")
}

fn illegal(error: MoveError) -> Refusal {
    Refusal::new(Code::IllegalMove, error.to_string()).caused_by(&error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ByColor, Rules};
    use crate::server::game::clock::ClockSpec;
    use crate::server::game::token;
    use crate::server::game::tournament_board::TournamentBoard;

    fn seat(name: &str) -> Seat {
        Seat { name: name.into(), token_digest: token::digest(name) }
    }

    fn started(clock: ClockSpec) -> Match {
        let mut m = Match::open("g".into(), Game::new(Rules::default()), clock, Color::Red, seat("a"), 0);
        assert!(matches!(m.apply(Command::Join(seat("b")), 0), Ok(Event::Joined(Color::Blue))));
        m
    }

    fn play(m: &mut Match, by: Color, ply: usize, mv: &str, now: i64) -> Result<Event, Refusal> {
        m.apply(Command::Play { by, ply, mv: mv.into() }, now)
    }

    fn accept(m: &mut Match, by: Color, offer: OfferKind, now: i64) -> Result<Event, Refusal> {
        m.apply(Command::Accept { by, offer, rematch_id: "rematchgame1".into() }, now)
    }

    #[test]
    fn moves_are_checked_and_resends_recognised() {
        let mut m = started(ClockSpec::None);
        assert_eq!(play(&mut m, Color::Blue, 0, "a7a6", 1).unwrap_err().code, Code::NotYourTurn);
        let illegal = play(&mut m, Color::Red, 0, "a3a5", 1).unwrap_err();
        assert_eq!(illegal.code, Code::IllegalMove);
        let cause =
            illegal.params.iter().find(|(name, _)| *name == "cause").map(|(_, value)| value.to_string());
        assert_eq!(cause.as_deref(), Some("move.illegal"), "the engine's reason travels as its code");
        assert!(matches!(play(&mut m, Color::Red, 0, "a3a4", 1), Ok(Event::Moved(_))));
        assert!(matches!(play(&mut m, Color::Red, 0, "a3a4", 2), Ok(Event::Resent(_))));
        assert_eq!(play(&mut m, Color::Red, 0, "g3g4", 2).unwrap_err().code, Code::StaleMove);
        assert_eq!(play(&mut m, Color::Blue, 2, "a7a6", 2).unwrap_err().code, Code::PlyAhead);
        assert_eq!(m.ply(), 1);
    }

    #[test]
    fn takeback_returns_to_before_the_proposers_last_move() {
        let mut m = started(ClockSpec::None);
        play(&mut m, Color::Red, 0, "a3a4", 1).unwrap();
        play(&mut m, Color::Blue, 1, "a7a6", 2).unwrap();
        let offered = m.apply(Command::Offer(Color::Blue, OfferKind::Takeback), 3);
        assert!(matches!(offered, Ok(Event::Offered)));
        assert_eq!(accept(&mut m, Color::Blue, OfferKind::Takeback, 3).unwrap_err().code, Code::NoOffer);
        assert!(matches!(accept(&mut m, Color::Red, OfferKind::Takeback, 3), Ok(Event::TookBack)));
        assert_eq!(m.ply(), 1);
        m.apply(Command::Offer(Color::Red, OfferKind::Takeback), 4).unwrap();
        assert!(matches!(accept(&mut m, Color::Blue, OfferKind::Takeback, 4), Ok(Event::TookBack)));
        assert_eq!((m.ply(), m.turn()), (0, Color::Red));
    }

    #[test]
    fn an_idle_game_is_aborted_before_both_moved_then_abandoned_by_the_side_to_move() {
        let close = |m: &mut Match, before: i64| m.apply(Command::CloseIdle { before }, 100).unwrap();
        let mut m = started(ClockSpec::Live { seconds: 60, increment: 0 });
        play(&mut m, Color::Red, 0, "a3a4", 10).unwrap();
        assert!(matches!(close(&mut m, 10), Event::Unchanged), "played at the limit's start");
        assert!(matches!(close(&mut m, 11), Event::Ended));
        assert_eq!(m.ending, Some(Ending { winner: None, reason: EndReason::Aborted }), "a side never moved");

        let mut m = started(ClockSpec::None);
        play(&mut m, Color::Red, 0, "a3a4", 1).unwrap();
        play(&mut m, Color::Blue, 1, "a7a6", 2).unwrap();
        assert!(matches!(close(&mut m, 3), Event::Ended));
        assert_eq!(m.ending, Some(Ending { winner: Some(Color::Blue), reason: EndReason::Abandoned }));

        let mut running = started(ClockSpec::Live { seconds: 60, increment: 0 });
        play(&mut running, Color::Red, 0, "a3a4", 1).unwrap();
        play(&mut running, Color::Blue, 1, "a7a6", 2).unwrap();
        assert!(matches!(close(&mut running, 3), Event::Unchanged), "left to its flag");
    }

    #[test]
    fn a_flag_falls_only_when_the_time_is_spent() {
        let mut m = started(ClockSpec::Live { seconds: 1, increment: 0 });
        play(&mut m, Color::Red, 0, "a3a4", 0).unwrap();
        play(&mut m, Color::Blue, 1, "a7a6", 0).unwrap();
        assert!(matches!(m.apply(Command::Flag, 999), Ok(Event::Unchanged)));
        let time = Ending { winner: Some(Color::Blue), reason: EndReason::Time };
        assert!(matches!(m.apply(Command::Flag, 1000), Ok(Event::Ended)));
        assert_eq!(m.ending, Some(time));
    }

    #[test]
    fn no_clock_runs_before_its_side_s_first_move() {
        let mut m = started(ClockSpec::Live { seconds: 60, increment: 2 });
        assert_eq!((m.deadline(), m.time_left(Color::Red, 50_000)), (None, 60_000));
        let flag = m.apply(Command::Flag, 100_000);
        assert!(matches!(flag, Ok(Event::Unchanged)), "Red's flag cannot fall before Red has moved");
        play(&mut m, Color::Red, 0, "a3a4", 100_000).unwrap();
        assert_eq!((m.deadline(), m.time_left(Color::Blue, 200_000)), (None, 60_000));
        play(&mut m, Color::Blue, 1, "a7a6", 200_000).unwrap();
        assert_eq!(m.clocks.left, ByColor::new(60_000, 60_000), "first moves cost nothing and gain nothing");
        assert_eq!(m.deadline(), Some(260_000), "Red's clock runs from Blue's first move");
        play(&mut m, Color::Red, 2, "g3g4", 210_000).unwrap();
        assert_eq!(m.clocks.left.red, 52_000);
        m.apply(Command::Offer(Color::Red, OfferKind::Takeback), 211_000).unwrap();
        accept(&mut m, Color::Blue, OfferKind::Takeback, 211_000).unwrap();
        m.apply(Command::Offer(Color::Blue, OfferKind::Takeback), 212_000).unwrap();
        accept(&mut m, Color::Red, OfferKind::Takeback, 212_000).unwrap();
        assert_eq!((m.ply(), m.deadline()), (1, None), "back before Blue's first move: no clock runs");
    }

    #[test]
    fn abort_only_before_both_have_moved() {
        let mut m = started(ClockSpec::None);
        play(&mut m, Color::Red, 0, "a3a4", 1).unwrap();
        play(&mut m, Color::Blue, 1, "a7a6", 2).unwrap();
        assert_eq!(m.apply(Command::Abort, 3).unwrap_err().code, Code::NotNow);
        let mut fresh = started(ClockSpec::None);
        assert!(matches!(fresh.apply(Command::Abort, 3), Ok(Event::Ended)));
        assert_eq!(fresh.ending.unwrap().score(), "-");
    }

    #[test]
    fn a_director_s_verdict_ends_a_game_or_replaces_its_end() {
        let mut m = started(ClockSpec::Live { seconds: 60, increment: 0 });
        play(&mut m, Color::Red, 0, "a3a4", 0).unwrap();
        play(&mut m, Color::Blue, 1, "a7a6", 0).unwrap();
        assert!(matches!(m.apply(Command::Adjudicate(Verdict::Draw), 5_000), Ok(Event::Ended)));
        assert_eq!((m.status, m.deadline()), (Status::Over, None), "the clocks stop");
        assert_eq!(m.clocks.left.red, 55_000);
        assert!(matches!(m.apply(Command::Adjudicate(Verdict::Draw), 6_000), Ok(Event::Unchanged)));
        assert!(matches!(
            m.apply(Command::Adjudicate(Verdict::Forfeit(Color::Red)), 7_000),
            Ok(Event::Ended)
        ));
        assert_eq!(m.ending, Some(Ending { winner: Some(Color::Blue), reason: EndReason::Forfeit }));
        assert_eq!(m.clocks.left.red, 55_000, "an ended game's clocks stay as they stopped");
        let mut open =
            Match::open("o".into(), Game::new(Rules::default()), ClockSpec::None, Color::Red, seat("a"), 0);
        let refused = open.apply(Command::Adjudicate(Verdict::Win(Color::Red)), 1).unwrap_err();
        assert_eq!(refused.code, Code::NotStarted);
    }

    #[test]
    fn a_player_who_leaves_the_tournament_loses_whoever_is_to_move() {
        let mut m = started(ClockSpec::Live { seconds: 60, increment: 0 });
        play(&mut m, Color::Red, 0, "a3a4", 1).unwrap();
        assert!(matches!(m.apply(Command::Withdraw(Color::Red), 2), Ok(Event::Ended)));
        assert_eq!(m.ending, Some(Ending { winner: Some(Color::Blue), reason: EndReason::Withdrawn }));
        assert_eq!(m.apply(Command::Withdraw(Color::Blue), 3).unwrap_err().code, Code::GameOver);
    }

    #[test]
    fn an_agreed_rematch_is_a_new_game_with_the_colours_swapped() {
        let mut m = started(ClockSpec::None);
        m.apply(Command::Resign(Color::Red), 1).unwrap();
        m.apply(Command::Offer(Color::Red, OfferKind::Rematch), 2).unwrap();
        let Ok(Event::Rematch(next)) = accept(&mut m, Color::Blue, OfferKind::Rematch, 3) else {
            panic!("no rematch")
        };
        assert_eq!((next.id.as_str(), m.rematch.as_deref()), ("rematchgame1", Some("rematchgame1")));
        assert_eq!(next.seats.red, m.seats.blue);
        assert_eq!(next.status, Status::Playing);
    }

    #[test]
    fn a_tournament_game_has_a_no_show_deadline_until_both_have_moved_and_no_rematch() {
        let mut m = started(ClockSpec::None);
        assert_eq!(m.no_show_deadline(), None, "a game of the lobby has none");
        let board = TournamentBoard {
            id: "t".into(),
            name: "Club night".into(),
            round: 2,
            board: 1,
            no_show_ms: 60_000,
        };
        m.tournament = Some(board);
        assert_eq!(m.no_show_deadline(), Some(60_000), "Red's counts from the pairing");
        play(&mut m, Color::Red, 0, "a3a4", 10_000).unwrap();
        assert_eq!(m.no_show_deadline(), Some(70_000), "Blue's from Red's first move");
        play(&mut m, Color::Blue, 1, "a7a6", 20_000).unwrap();
        assert_eq!(m.no_show_deadline(), None);
        m.apply(Command::Resign(Color::Red), 30_000).unwrap();
        let refused = m.apply(Command::Offer(Color::Blue, OfferKind::Rematch), 31_000).unwrap_err();
        assert_eq!((refused.code, m.offer), (Code::TournamentGame, None));
    }

    #[test]
    fn a_tournament_game_cannot_be_aborted() {
        let mut m = started(ClockSpec::None);
        m.tournament = Some(TournamentBoard {
            id: "t".into(),
            name: "Club night".into(),
            round: 1,
            board: 1,
            no_show_ms: 60_000,
        });
        assert_eq!(m.apply(Command::Abort, 1_000).unwrap_err().code, Code::TournamentGame);
        assert_eq!(m.status, Status::Playing);
    }
}
