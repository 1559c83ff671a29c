//! Refusals: what the server answers, by WebSocket or HTTP, when it changes nothing — a code
//! and its parameters, which the page words in its own language, and an English sentence.
//!
//! A refusal caused by the engine's typed reason (an illegal move, bad rules or a bad start
//! position) carries it the engine's way ([`crate::error_code`]): a `cause` parameter holding
//! the engine's code, and the engine's parameters after the refusal's own.

use crate::error_code::{with_cause, ErrorCode, Param, Params};
use serde::{Serialize, Serializer};
use std::fmt;

/// Declares the refusal codes once: the enum, [`Code::ALL`], their protocol names and the
/// names of their parameters.
macro_rules! refusal_codes {
    ($( $(#[$doc:meta])* $code:ident = $name:literal $params:expr, )*) => {
        /// Why a request was refused; sent as its [`name`](Code::name) in
        /// `{"type":"error","code":…}`.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum Code {
            $( $(#[$doc])* $code, )*
        }

        impl Code {
            /// Every code, in the order declared.
            pub const ALL: &'static [Code] = &[$(Code::$code),*];

            /// The protocol's name, such as `bad_json`.
            pub fn name(self) -> &'static str {
                match self {
                    $( Code::$code => $name, )*
                }
            }

            /// The names of the parameters a refusal of this code may carry (`cause`: the
            /// engine's code, whose own parameters follow).
            pub fn params(self) -> &'static [&'static str] {
                match self {
                    $( Code::$code => $params, )*
                }
            }
        }
    };
}

refusal_codes! {
    /// The message is not JSON, or not an object with a known `type`.
    BadJson = "bad_json" &[],
    /// The message or body is longer than allowed (`limit` bytes).
    TooLarge = "too_large" &["limit"],
    /// A field is missing, unknown, or out of its range (`field`, when known; `cause`: the
    /// engine's reason for bad rules or a bad position).
    BadField = "bad_field" &["field", "cause"],
    /// No game has this id.
    NotFound = "not_found" &[],
    /// The game has no free seat.
    Full = "full" &[],
    /// The seat token is malformed or belongs to no seat of this game.
    BadToken = "bad_token" &[],
    /// The connection has not sent `subscribe` yet.
    NotSubscribed = "not_subscribed" &[],
    /// Only a seated player may do this; spectators watch.
    NotAPlayer = "not_a_player" &[],
    /// It is the other side's turn (`turn`).
    NotYourTurn = "not_your_turn" &["turn"],
    /// The rules forbid the move here (`cause`: the engine's reason).
    IllegalMove = "illegal_move" &["cause"],
    /// The move answers an earlier position: another move was played at that ply (`ply`).
    StaleMove = "stale_move" &["ply"],
    /// The move's ply is beyond the moves played so far (`ply`: the next one).
    PlyAhead = "ply_ahead" &["ply"],
    /// The game waits for its second player.
    NotStarted = "not_started" &[],
    /// The game is over.
    GameOver = "game_over" &[],
    /// There is no such offer to accept or decline, or it is one's own (`offer`).
    NoOffer = "no_offer" &["offer"],
    /// The request does not apply now (abort after both have moved, takeback before moving…).
    NotNow = "not_now" &[],
    /// A rated game: only signed-in members create it or take its seats.
    MembersOnly = "members_only" &[],
    /// Too many requests: wait and retry.
    RateLimited = "rate_limited" &[],
    /// No challenge of this id is addressed to (or was sent by) the member.
    NoChallenge = "no_challenge" &[],
    /// The challenge expired before it was accepted.
    ChallengeExpired = "challenge_expired" &[],
    /// The challenge was answered or called off already (`state`: accepted, declined or
    /// cancelled).
    ChallengeClosed = "challenge_closed" &["state"],
    /// A member cannot challenge themselves.
    SelfChallenge = "self_challenge" &[],
    /// The database failed; nothing was changed; retry.
    Storage = "storage" &[],
    /// The server holds all the connections it can: retry in a moment.
    Busy = "busy" &[],
    /// The chat is for signed-in members (from the club's own page).
    ChatMembersOnly = "chat_members_only" &[],
    /// A chat message is longer than allowed (`limit` characters).
    ChatTooLong = "chat_too_long" &["limit"],
    /// Too many chat messages from this member: wait a few seconds.
    ChatTooFast = "chat_too_fast" &[],
    /// An admin suspended this member: no playing, chatting or signing in meanwhile.
    Suspended = "suspended" &[],
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A refused request: a code and parameters for programs and pages, a sentence for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// What kind of refusal.
    pub code: Code,
    /// The reason, in English.
    pub message: String,
    /// The code's parameters, by name ([`Code::params`]).
    pub params: Params,
}

impl Refusal {
    /// A refusal with its reason.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into(), params: Params::new() }
    }

    /// The refusal with one more parameter.
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Refusal {
        debug_assert!(self.code.params().contains(&name), "{name} is no parameter of {:?}", self.code);
        self.params.push((name, value.into()));
        self
    }

    /// The refusal caused by the engine's `cause`: its code and parameters are added.
    pub fn caused_by<E: ErrorCode>(mut self, cause: &E) -> Refusal {
        self.params = with_cause(std::mem::take(&mut self.params), cause);
        self
    }

    /// A bad field `name`, also named in the message.
    pub fn field(name: &'static str, message: impl Into<String>) -> Refusal {
        Refusal::new(Code::BadField, message).with("field", name)
    }

    /// A database failure: logged here, reported without details.
    pub fn storage(error: impl fmt::Display) -> Refusal {
        tracing::error!(%error, "database error");
        Refusal::new(Code::Storage, "the game could not be stored; nothing was changed, try again")
    }

    /// The parameters as a JSON object of strings and numbers.
    pub fn params_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let value = |param: &Param| match param {
            Param::Text(text) => serde_json::Value::from(text.as_str()),
            Param::Number(n) => serde_json::Value::from(*n),
        };
        self.params.iter().map(|(name, param)| ((*name).to_string(), value(param))).collect()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveError;

    #[test]
    fn a_refusal_caused_by_the_engine_carries_its_code_and_parameters() {
        let cause = MoveError::Syntax("zz".into());
        let refusal = Refusal::new(Code::IllegalMove, cause.to_string()).caused_by(&cause);
        let params = serde_json::Value::Object(refusal.params_json());
        assert_eq!(params, serde_json::json!({ "cause": "move.syntax", "text": "zz" }));
        let stale = Refusal::new(Code::StaleMove, "move 3 was already played").with("ply", 3usize);
        assert_eq!(serde_json::Value::Object(stale.params_json()), serde_json::json!({ "ply": 3 }));
    }

    #[test]
    fn codes_have_distinct_snake_case_names() {
        let names: std::collections::BTreeSet<&str> = Code::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), Code::ALL.len());
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        assert_eq!(serde_json::to_value(Code::NotAPlayer).unwrap(), "not_a_player");
    }
}
