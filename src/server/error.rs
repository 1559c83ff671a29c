//! Refusals: what the server answers, by WebSocket or HTTP, when it changes nothing.

use serde::Serialize;
use std::fmt;

/// Why a request was refused; sent as `snake_case` text in `{"type":"error","code":…}`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// The message is not JSON, or not an object with a known `type`.
    BadJson,
    /// The message or body is longer than allowed.
    TooLarge,
    /// A field is missing, unknown, or out of its range (the message names it).
    BadField,
    /// No game has this id.
    NotFound,
    /// The game has no free seat.
    Full,
    /// The seat token is malformed or belongs to no seat of this game.
    BadToken,
    /// The connection has not sent `subscribe` yet.
    NotSubscribed,
    /// Only a seated player may do this; spectators watch.
    NotAPlayer,
    /// It is the other side's turn.
    NotYourTurn,
    /// The rules forbid the move here.
    IllegalMove,
    /// The move answers an earlier position: another move was played at that ply.
    StaleMove,
    /// The move's ply is beyond the moves played so far.
    PlyAhead,
    /// The game waits for its second player.
    NotStarted,
    /// The game is over.
    GameOver,
    /// There is no such offer to accept or decline, or it is one's own.
    NoOffer,
    /// The request does not apply now (abort after both have moved, takeback before moving…).
    NotNow,
    /// Too many requests: wait and retry.
    RateLimited,
    /// The database failed; nothing was changed; retry.
    Storage,
    /// The server holds all the connections it can: retry in a moment.
    Busy,
}

/// A refused request: a code for programs and a sentence for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// What kind of refusal.
    pub code: Code,
    /// The reason, in English.
    pub message: String,
}

impl Refusal {
    /// A refusal with its reason.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }

    /// A bad field, named in the message.
    pub fn field(message: impl Into<String>) -> Refusal {
        Refusal::new(Code::BadField, message)
    }

    /// A database failure: logged here, reported without details.
    pub fn storage(error: impl fmt::Display) -> Refusal {
        tracing::error!(%error, "database error");
        Refusal::new(Code::Storage, "the game could not be stored; nothing was changed, try again")
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
