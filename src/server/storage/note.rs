//! What the instances sharing a PostgreSQL database tell each other on the [`CHANNEL`]: one
//! note a line, many lines to a `NOTIFY` payload (one transaction stores the changes of many
//! games). A note of a move carries the move, so that the other instances play it on the game
//! they hold instead of reading the game again.
//!
//! ```text
//! game ID VERSION                     the game changed: read it again
//! game ID VERSION PLY MOVE AT         … by this move alone, played at AT (ms)
//! presence ID INSTANCE RED BLUE       an instance's connections on each seat
//! chat ID MESSAGE INSTANCE            a chat message was stored (by this instance)
//! chat-hidden ID MESSAGE INSTANCE     an admin hid a chat message
//! sessions-ended MEMBER INSTANCE      sessions of a member ended (their sockets close)
//! alive INSTANCE                      an instance runs (said twice a second)
//! hello INSTANCE                      an instance started: the others report their connections
//! stopping INSTANCE                   an instance stops (its sockets close next)
//! ```

use crate::rules::ByColor;
use crate::server::game::match_state::Match;
use std::fmt;

/// The PostgreSQL channel on which every stored change is announced.
pub const CHANNEL: &str = "jungle_games";

/// A move announced with the change it made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// Its ply (0 for the first move of the game).
    pub ply: usize,
    /// The move, as the engine writes it.
    pub mv: String,
    /// When it was played (the server's clock, ms).
    pub at: i64,
}

/// One line of a notification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A game was stored at `version`; `moved` if its last move was all that changed.
    Game {
        /// The game id.
        id: String,
        /// Its new version.
        version: i64,
        /// The move that made this version from the one before.
        moved: Option<Moved>,
    },
    /// The connections an instance holds on each seat of a game.
    Presence {
        /// The game id.
        id: String,
        /// The instance's id.
        instance: String,
        /// Its connections on each seat.
        count: ByColor<u32>,
    },
    /// A chat message of a game was stored, or hidden.
    Chat {
        /// The game id.
        id: String,
        /// The message's id.
        message: String,
        /// The instance that told its own connections already.
        instance: String,
        /// Whether an admin hid it.
        hidden: bool,
    },
    /// An instance runs (see [`instances`](crate::server::play::instances)).
    Alive {
        /// The instance's id.
        instance: String,
    },
    /// An instance started: the others report the connections they hold at once, not at their
    /// next heartbeat.
    Hello {
        /// The instance's id.
        instance: String,
    },
    /// An instance stops: its connections close next, and their pages reconnect elsewhere.
    Stopping {
        /// The instance's id.
        instance: String,
    },
    /// Sessions of a member ended (signed out, suspended, …): the sockets signed in with them close.
    SessionsEnded {
        /// The member's id.
        member: String,
        /// The instance that closed its own sockets already.
        instance: String,
    },
}

impl Note {
    /// The note of `m` as just stored; `appended` when the change was its last move alone.
    /// A move whose clock started later than it was played (it waited for the database: see
    /// [`writer`](super::writer)) is not given: the other instances read the game again.
    pub fn changed(m: &Match, appended: bool) -> Note {
        let moved = appended.then(|| m.ply() - 1).filter(|&ply| m.clocks.since == m.move_times[ply]);
        let moved =
            moved.map(|ply| Moved { ply, mv: m.game.history()[ply].mv.to_string(), at: m.move_times[ply] });
        Note::Game { id: m.id.clone(), version: m.version, moved }
    }

    /// Reads one line; none if it is not a note.
    pub fn parse(line: &str) -> Option<Note> {
        let words: Vec<&str> = line.split(' ').collect();
        let word = |i: usize| words[i].to_string();
        match words[..] {
            ["game", _, version] => {
                Some(Note::Game { id: word(1), version: version.parse().ok()?, moved: None })
            }
            ["game", _, version, ply, _, at] => {
                let moved = Moved { ply: ply.parse().ok()?, mv: word(4), at: at.parse().ok()? };
                Some(Note::Game { id: word(1), version: version.parse().ok()?, moved: Some(moved) })
            }
            ["presence", _, _, red, blue] => {
                let count = ByColor::new(red.parse().ok()?, blue.parse().ok()?);
                Some(Note::Presence { id: word(1), instance: word(2), count })
            }
            [kind @ ("chat" | "chat-hidden"), _, _, _] => Some(Note::Chat {
                id: word(1),
                message: word(2),
                instance: word(3),
                hidden: kind == "chat-hidden",
            }),
            ["alive", _] => Some(Note::Alive { instance: word(1) }),
            ["hello", _] => Some(Note::Hello { instance: word(1) }),
            ["stopping", _] => Some(Note::Stopping { instance: word(1) }),
            ["sessions-ended", _, _] => Some(Note::SessionsEnded { member: word(1), instance: word(2) }),
            _ => None,
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Game { id, version, moved: None } => write!(f, "game {id} {version}"),
            Note::Game { id, version, moved: Some(m) } => {
                write!(f, "game {id} {version} {} {} {}", m.ply, m.mv, m.at)
            }
            Note::Presence { id, instance, count } => {
                write!(f, "presence {id} {instance} {} {}", count.red, count.blue)
            }
            Note::Chat { id, message, instance, hidden } => {
                let kind = if *hidden { "chat-hidden" } else { "chat" };
                write!(f, "{kind} {id} {message} {instance}")
            }
            Note::SessionsEnded { member, instance } => write!(f, "sessions-ended {member} {instance}"),
            Note::Alive { instance } => write!(f, "alive {instance}"),
            Note::Hello { instance } => write!(f, "hello {instance}"),
            Note::Stopping { instance } => write!(f, "stopping {instance}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_written() {
        let notes = [
            Note::Game { id: "abc".into(), version: 7, moved: None },
            Note::Game {
                id: "abc".into(),
                version: 8,
                moved: Some(Moved { ply: 5, mv: "a3a4".into(), at: 1_700_000_000_123 }),
            },
            Note::Presence { id: "abc".into(), instance: "xyz".into(), count: ByColor::new(1, 0) },
            Note::Chat { id: "abc".into(), message: "m1".into(), instance: "xyz".into(), hidden: false },
            Note::Chat { id: "abc".into(), message: "m1".into(), instance: "xyz".into(), hidden: true },
            Note::SessionsEnded { member: "m1".into(), instance: "xyz".into() },
            Note::Alive { instance: "xyz".into() },
            Note::Hello { instance: "xyz".into() },
            Note::Stopping { instance: "xyz".into() },
        ];
        for note in notes {
            assert_eq!(Note::parse(&note.to_string()), Some(note));
        }
        for bad in ["", "game abc", "game abc x", "presence a b 1", "game a 1 2 a3a4 t", "hello a b"] {
            assert_eq!(Note::parse(bad), None, "{bad:?}");
        }
    }
}
