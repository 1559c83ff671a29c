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
    /// A player left the tournament (withdrew, or was removed) while the game was played: they
    /// lose by forfeit.
    Withdrawn,
    /// The game reached the server's longest game ([`max_plies`](super::referee::max_plies)): a draw.
    MoveLimit,
    /// Played on a real board: its result was entered by the director or reported by both
    /// players of an over-the-board tournament.
    OverTheBoard,
    /// A tournament's director set the result (a win or a draw), whatever the board said.
    Adjudicated,
    /// A tournament's director declared that the loser forfeited the game.
    Forfeit,
    /// A tournament's director declared that both players forfeited: nobody wins.
    DoubleForfeit,
}

const BOARD: [Reason; 5] =
    [Reason::Den, Reason::AllCaptured, Reason::NoMoves, Reason::Repetition, Reason::NoCaptureLimit];

impl EndReason {
    /// The protocol name: the board reason's name, or `time`, `resignation`, `agreement`,
    /// `aborted`, `abandoned`, `withdrawn`, `move-limit`, `over-the-board`, and a director's
    /// `adjudicated`, `forfeit` or `double-forfeit`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Board(reason) => reason.name(),
            EndReason::Time => "time",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Aborted => "aborted",
            EndReason::Abandoned => "abandoned",
            EndReason::Withdrawn => "withdrawn",
            EndReason::MoveLimit => "move-limit",
            EndReason::OverTheBoard => "over-the-board",
            EndReason::Adjudicated => "adjudicated",
            EndReason::Forfeit => "forfeit",
            EndReason::DoubleForfeit => "double-forfeit",
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
            EndReason::Withdrawn,
            EndReason::MoveLimit,
            EndReason::OverTheBoard,
            EndReason::Adjudicated,
            EndReason::Forfeit,
            EndReason::DoubleForfeit,
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
    /// `1-0` (Red won), `0-1` (Blue won), `1/2-1/2` (draw) or `-` (aborted or both forfeited:
    /// no result).
    pub fn score(&self) -> &'static str {
        match (self.winner, self.reason) {
            (_, EndReason::Aborted | EndReason::DoubleForfeit) => "-",
            (Some(Color::Red), _) => "1-0",
            (Some(Color::Blue), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

/// A tournament director's result for a game, whatever was played: it ends the game (or
/// replaces how it ended).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// This side won.
    Win(Color),
    /// A draw.
    Draw,
    /// This side forfeited: the other wins.
    Forfeit(Color),
    /// Both sides forfeited: nobody wins.
    DoubleForfeit,
}

impl Verdict {
    /// The game's end that the verdict makes.
    pub fn ending(self) -> Ending {
        match self {
            Verdict::Win(winner) => Ending { winner: Some(winner), reason: EndReason::Adjudicated },
            Verdict::Draw => Ending { winner: None, reason: EndReason::Adjudicated },
            Verdict::Forfeit(loser) => Ending { winner: Some(!loser), reason: EndReason::Forfeit },
            Verdict::DoubleForfeit => Ending { winner: None, reason: EndReason::DoubleForfeit },
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
        let others = [
            EndReason::Time,
            EndReason::Abandoned,
            EndReason::Withdrawn,
            EndReason::MoveLimit,
            EndReason::Adjudicated,
            EndReason::Forfeit,
            EndReason::DoubleForfeit,
        ];
        for r in BOARD.map(EndReason::Board).into_iter().chain(others) {
            assert_eq!(EndReason::from_name(r.name()), Some(r));
        }
        assert_eq!(EndReason::from_name("bored"), None);
    }

    #[test]
    fn a_verdict_ends_the_game_as_the_director_said() {
        let forfeit = Verdict::Forfeit(Color::Red).ending();
        assert_eq!(
            (forfeit.winner, forfeit.reason, forfeit.score()),
            (Some(Color::Blue), EndReason::Forfeit, "0-1")
        );
        assert_eq!(Verdict::Draw.ending().score(), "1/2-1/2");
        assert_eq!(Verdict::Win(Color::Red).ending().score(), "1-0");
        assert_eq!(Verdict::DoubleForfeit.ending().score(), "-", "nobody wins, and it is no draw");
    }
}
