//! How a game stands and how it ended, with the names used in the protocol and the database.

use crate::rules::{Color, Reason};

/// Where a game is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Created, waiting for the second player.
    Open,
    /// Both seats taken, moves being played.
    Playing,
    /// Finished (or aborted).
    Over,
}

impl Status {
    /// `open`, `playing` or `over`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// Reads [`Status::name`].
    pub fn from_name(name: &str) -> Option<Status> {
        [Status::Open, Status::Playing, Status::Over].into_iter().find(|s| s.name() == name)
    }
}

/// Why a game ended: the board's reasons, and those only a server knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// Decided on the board (den, all captured, no moves, repetition, no-capture limit).
    Board(Reason),
    /// A flag fell.
    Time,
    /// A player resigned.
    Resignation,
    /// A draw offer was accepted.
    Agreement,
    /// Called off before both sides had moved; nobody wins.
    Aborted,
    /// A player left the game and did not come back in time.
    Abandoned,
    /// The game reached the server's longest game ([`max_plies`](super::referee::max_plies)): a draw.
    MoveLimit,
    /// Played on a real board: its result was entered by the director or reported by both
    /// players of an over-the-board tournament.
    OverTheBoard,
}

const BOARD: [Reason; 5] =
    [Reason::Den, Reason::AllCaptured, Reason::NoMoves, Reason::Repetition, Reason::NoCaptureLimit];

impl EndReason {
    /// The protocol name: the board reason's name, or `time`, `resignation`, `agreement`,
    /// `aborted`, `abandoned`, `move-limit`, `over-the-board`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Board(reason) => reason.name(),
            EndReason::Time => "time",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Aborted => "aborted",
            EndReason::Abandoned => "abandoned",
            EndReason::MoveLimit => "move-limit",
            EndReason::OverTheBoard => "over-the-board",
        }
    }

    /// Reads [`EndReason::name`].
    pub fn from_name(name: &str) -> Option<EndReason> {
        let others = [
            EndReason::Time,
            EndReason::Resignation,
            EndReason::Agreement,
            EndReason::Aborted,
            EndReason::Abandoned,
            EndReason::MoveLimit,
            EndReason::OverTheBoard,
        ];
        BOARD.into_iter().map(EndReason::Board).chain(others).find(|r| r.name() == name)
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ending {
    /// The winner; none for a draw or an aborted game.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
}

impl Ending {
    /// `1-0` (Red won), `0-1` (Blue won), `1/2-1/2` (draw) or `-` (aborted: no result).
    pub fn score(&self) -> &'static str {
        match (self.winner, self.reason) {
            (_, EndReason::Aborted) => "-",
            (Some(Color::Red), _) => "1-0",
            (Some(Color::Blue), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

/// What a player may propose to the other.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferKind {
    /// End the game drawn.
    Draw,
    /// Take back the proposer's last move (and the reply to it, if any).
    Takeback,
    /// Play again with colours swapped, once the game is over.
    Rematch,
}

impl OfferKind {
    /// `draw`, `takeback` or `rematch`.
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Rematch => "rematch",
        }
    }

    /// Reads [`OfferKind::name`].
    pub fn from_name(name: &str) -> Option<OfferKind> {
        [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch].into_iter().find(|k| k.name() == name)
    }
}

/// A pending offer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// Who offered it.
    pub by: Color,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in [Status::Open, Status::Playing, Status::Over] {
            assert_eq!(Status::from_name(s.name()), Some(s));
        }
        let others = [EndReason::Time, EndReason::Abandoned, EndReason::MoveLimit];
        for r in BOARD.map(EndReason::Board).into_iter().chain(others) {
            assert_eq!(EndReason::from_name(r.name()), Some(r));
        }
        assert_eq!(EndReason::from_name("bored"), None);
    }
}
