//! The online protocol: small REST endpoints and one WebSocket per game, all JSON.
//!
//! # REST (same origin as the page)
//!
//! | request | body | answer |
//! |---|---|---|
//! | `GET api/health` | | `{"ok":true,"db":"sqlite","members":"open","now":1764000000000}` (the page shows online play only if this answers; `members`: `open` or `invite`, how the club takes members; `now`: the club's time) |
//! | `POST api/games` | [`CreateGame`] | [`Seated`] (201) |
//! | `POST api/games/{id}/join` | [`JoinGame`] | [`Seated`] |
//! | `GET api/games/{id}` | | a [`GameView`] (as in `state`) |
//! | `GET api/games/{id}/record` | | the game record as text (`text/plain`, a download; its `Result` and `Termination` are the real ones, also for a resignation, a loss on time, an agreed draw, an abandoned or an aborted game) |
//! | `GET api/lobby` | | open games waiting for an opponent: `[`[`Listed`]`]` |
//! | `GET api/live` | | games being played, to watch: `[`[`Listed`]`]` |
//! | `GET api/archive` | | finished games: `[`[`Listed`]`]` |
//!
//! Each list is newest change first and takes `?limit=N` (1 to 100, default 50), `offset=N`
//! (up to 10,000) and `before=MS` (only games last changed before then), and the filters
//! `player=NAME` (a member's games; 404 `no_member` if there is none), `rules=TEXT` and
//! `result=red|blue|draw`; the lobby also `clock` and `min_rating`/`max_rating` (see
//! `pairing::filters`). A listed game shows `rated` and, beside each seat a member holds,
//! the member's rating in its rules and clock category (`red_rating`, `blue_rating`:
//! `{"rating","provisional"}`).
//!
//! ```text
//! POST api/games {"name":"Alice","color":"random","rules":"dog-swims=yes","clock":{"kind":"live","seconds":300,"increment":3}}
//!   → 201 {"id":"k3mxz7q2ab9c","token":"9f2c…(48 hex digits)","color":"blue"}
//! POST api/games/k3mxz7q2ab9c/join {"name":"Bob"}
//!   → 200 {"id":"k3mxz7q2ab9c","token":"51e0…","color":"red"}
//! ```
//! `color` is `red`, `blue` or `random` (the default); `rules` any rule string of the engine
//! (empty: standard); `fen` an optional start position; `clock` one of `{"kind":"none"}` (the
//! default), `{"kind":"live","seconds":1..10800,"increment":0..180}`,
//! `{"kind":"correspondence","days":1..30}`; `rated` (default false) makes a game count in
//! the ratings of the members playing it (see `members::routes`). A refusal is an HTTP error status with
//! `{"code":"bad_field","message":"name must be 1 to 40 characters","params":{"field":"name"}}`
//! (codes: [`Code`]).
//! Keep the token (the page stores it in `localStorage`): it is a guest's only key to the seat
//! (a member's other devices take the member's seats with the session cookie instead).
//!
//! # WebSocket `api/games/{id}/ws`
//!
//! Anyone may connect; the first message is `subscribe`, with the seat token to play or
//! without one to watch. The server answers with the whole game, so a client that lost its
//! connection just connects and subscribes again. Every client message is one JSON object
//! of at most [`MAX_MESSAGE_BYTES`] bytes; a refused one is answered by `error` and changes
//! nothing.
//!
//! Client → server ([`ClientMsg`]):
//! ```text
//! {"type":"subscribe","token":"9f2c…"}        play (token of a seat of this game) — or watch: {"type":"subscribe"}
//! {"type":"subscribe","member":true}         play the seat the signed-in member took (session cookie, the page's own origin)
//! {"type":"move","ply":0,"move":"g3g4"}     ply = the number of moves played before this one
//! {"type":"resign"}
//! {"type":"abort"}                           only before both sides have moved
//! {"type":"offer","offer":"draw"}            or "takeback" (your last move), "rematch" (after the end; not in a tournament)
//! {"type":"accept","offer":"draw"}           accept the opponent's offer
//! {"type":"decline","offer":"draw"}
//! {"type":"claim"}                           win: the opponent is to move and has been away for the abandon time
//! {"type":"ping"}
//! {"type":"chat","text":"good luck"}          signed-in members only (see the chat module)
//! ```
//! A move is idempotent: sent again with the same `ply` (a resend after a lost connection)
//! it is acknowledged again (`"duplicate":true`) and not played twice; a move for a ply that
//! already has another move is refused as `stale_move`.
//!
//! Server → client ([`ServerMsg`]):
//! ```text
//! {"type":"subscribed","seat":"red","game":{…GameView…},"claim_after":60000}
//!                                                             answer to subscribe (seat null: spectator)
//! {"type":"state","game":{…GameView…}}                        the game changed (joined, offer, takeback, end…)
//! {"type":"moved","ply":0,"move":"g3g4","by":"red","turn":"blue","status":"playing",
//!  "clocks":{"red":297000,"blue":300000,"running":"blue"},"result":null}   a move, to everyone
//! {"type":"ack","ply":0,"move":"g3g4","duplicate":false}     to the mover, after the move is stored
//! {"type":"presence","red":true,"blue":false,"away":{"red":0,"blue":0}}
//!                                                             a player connected or left (away: ms since)
//! {"type":"rematch","game":"p2kw9xq4mn8d"}                    the rematch: same tokens, colours swapped
//! {"type":"error","code":"illegal_move","message":"illegal move a3a5","request":"move",
//!  "params":{"cause":"move.illegal","move":"a3a5"}}
//! {"type":"pong"}
//! {"type":"chat_history","room":"players","messages":[…]}   after subscribed, to a signed-in member
//! {"type":"chat","room":"players","message":{"id","author","text","at"}}
//! {"type":"chat_hidden","room":"players","id":"…"}         an admin hid a message
//! ```
//! Every refusal, on the WebSocket or by HTTP, carries its code's parameters in `params` (see
//! [`Code`]; `{}` when it has none): a refusal caused by the engine's typed reason (an illegal
//! move; bad rules or a bad `fen` when creating a game) names the engine's code in `cause`
//! with the engine's parameters beside it (`src/error_code.rs`), so that a page words it in
//! its own language; `message` is the same in English.
//!
//! A client keeps the `ply` of the game it shows: a `moved` whose `ply` is below it is one it
//! has already (it may arrive after `ack` or after a resubscription) and is skipped; one
//! above it means messages were missed: subscribe again. A game changed by another server
//! instance arrives the same way, as `moved` or `state`. After a rematch the old game's
//! `state` names it in `rematch` too, for clients that missed the `rematch` message. A client
//! too slow to read its messages is sent `state` in place of those it missed. The abandon
//! time of `claim` is the server's `--abandon-after` (60 s by default), sent as `claim_after`
//! in `subscribed`: a player may claim the win exactly while the game is played, the opponent
//! is to move, and the opponent's `away` (counted on from when it was sent) has reached it.
//!
//! A [`GameView`]:
//! ```text
//! {"id":"k3mxz7q2ab9c","rules":"dog-swims=yes","fen":"l5t/… w","moves":["g3g4"],"ply":1,
//!  "turn":"blue","status":"playing",
//!  "players":{"red":{"name":"Bob","connected":true,"away":0},
//!             "blue":{"name":"Alice","connected":false,"away":4200}},
//!  "clock":{"kind":"live","seconds":300,"increment":3},
//!  "clocks":{"red":297000,"blue":300000,"running":"blue"},
//!  "offer":{"kind":"draw","by":"red"},
//!  "result":{"winner":"blue","reason":"den","score":"0-1"},   null while playing
//!  "rematch":null,"created":1795000000000,"rated":true,
//!  "tournament":{"id":"t7kq2m9xw4ab","name":"Club night","round":2,"board":1,
//!                "no_show_ms":180000,"no_show_left":153000}}        null: a game of the lobby
//! ```
//! Clock times are milliseconds left when the message was sent; `running` names the side
//! whose clock runs (the client counts it down). Result reasons: `den`, `all-captured`,
//! `no-moves`, `repetition`, `no-capture-limit` (the board), `time`, `resignation`,
//! `agreement`, `aborted` (score `-`), `abandoned`, `withdrawn` (the loser left the game's
//! tournament while it was played), `move-limit` (a draw: the game reached the server's
//! longest game, 10,000 moves unless `--max-plies` says fewer).
//!
//! `tournament` names the tournament board a game is played for
//! ([`TournamentView`](super::view::TournamentView)): the tournament (its `id` as in
//! `api/tournaments/{id}`), the round and the board; `no_show_left` is the time left, when
//! the message was sent, before the side to move loses by forfeit for not having made its
//! first move (null once both sides have moved, or the game is over): the first mover has
//! `no_show_ms` from the pairing, the second from the first move, so after a `moved` of ply 0
//! the count starts again at `no_show_ms`. A tournament game has no rematch: offering one is
//! refused with `tournament_game`.
//!
//! # Limits
//! Creating and joining games is rate-limited per IP address, and so are REST requests,
//! messages per connection and per IP address (`rate_limited`), the open games waiting for an
//! opponent per address, and the open connections and WebSockets per address (HTTP 429 on
//! connecting; `503` with `busy` when the server as a whole is full); a message over [`MAX_MESSAGE_BYTES`] is refused
//! (`too_large`), one over the transport limit closes the connection.

pub use super::view::{AwayView, ClocksView, GameView, Listed, ResultView};
pub use crate::server::error::Code;
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::OfferKind;
use serde::{Deserialize, Serialize};

/// The longest client message the server reads, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// `POST api/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// The creator's display name.
    pub name: String,
    /// `red`, `blue` or `random` (default).
    #[serde(default)]
    pub color: Option<String>,
    /// Rule options (the engine's text form); empty or absent for the standard rules.
    #[serde(default)]
    pub rules: Option<String>,
    /// A start position (FEN); absent for the rules' usual start.
    #[serde(default)]
    pub fen: Option<String>,
    /// The clock; absent for none.
    #[serde(default)]
    pub clock: ClockSpec,
    /// Whether the game counts in the members' ratings: for a signed-in member only, and only
    /// members may then join it (`members_only`).
    #[serde(default)]
    pub rated: bool,
}

/// `POST api/games/{id}/join`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    /// The joining player's display name.
    pub name: String,
}

/// The answer to creating or joining: the seat and its token.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Seated {
    /// The game id.
    pub id: String,
    /// The seat token (keep it secret).
    pub token: String,
    /// The seat: `red` or `blue`.
    pub color: String,
}

/// A message from a client on a game's WebSocket.
#[derive(Deserialize, Debug, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Start receiving the game; with a token, act for its seat.
    Subscribe {
        /// The seat token, or none to watch.
        #[serde(default)]
        token: Option<String>,
        /// Instead of a token: act for the seat the signed-in member holds (another device).
        #[serde(default)]
        member: bool,
    },
    /// Play a move.
    Move {
        /// Moves played before this one.
        ply: usize,
        /// The move, like `g3g4`.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Resign.
    Resign,
    /// Call the game off (before both sides have moved).
    Abort,
    /// Propose something to the opponent.
    Offer {
        /// What.
        offer: OfferKind,
    },
    /// Accept the opponent's offer.
    Accept {
        /// Which one.
        offer: OfferKind,
    },
    /// Decline the opponent's offer.
    Decline {
        /// Which one.
        offer: OfferKind,
    },
    /// Claim the win: the opponent is to move and has had no connection for the abandon time.
    Claim,
    /// Keep the connection alive.
    Ping,
    /// Say something in the game's chat (members only: see [`chat`](crate::server::chat)).
    Chat {
        /// The message.
        text: String,
    },
}

const TYPES: [&str; 10] =
    ["subscribe", "move", "resign", "abort", "offer", "accept", "decline", "claim", "ping", "chat"];

impl ClientMsg {
    /// Reads a client message; the refusal says what is wrong and, when known, the type.
    pub fn parse(text: &str) -> Result<ClientMsg, (Refusal, Option<String>)> {
        if text.len() > MAX_MESSAGE_BYTES {
            let message = format!("messages are limited to {MAX_MESSAGE_BYTES} bytes");
            return Err((Refusal::new(Code::TooLarge, message).with("limit", MAX_MESSAGE_BYTES), None));
        }
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| (Refusal::new(Code::BadJson, format!("not JSON: {e}")), None))?;
        let kind = value.get("type").and_then(|t| t.as_str()).map(str::to_owned);
        match kind.as_deref() {
            Some(t) if TYPES.contains(&t) => {}
            _ => {
                let message = format!("expected an object with a \"type\" among {}", TYPES.join(", "));
                return Err((Refusal::new(Code::BadJson, message), None));
            }
        }
        serde_json::from_value(value).map_err(|e| (Refusal::new(Code::BadField, e.to_string()), kind))
    }
}

/// A message from the server on a game's WebSocket.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `subscribe`: the whole game and the seat (none: spectator).
    Subscribed {
        /// `red`, `blue`, or null.
        seat: Option<&'static str>,
        /// The game.
        game: GameView,
        /// How long the side to move must have been away (its `away`) before its opponent may
        /// claim the win, in ms (`--abandon-after`).
        claim_after: i64,
    },
    /// The game changed other than by a move.
    State {
        /// The game.
        game: GameView,
    },
    /// A move was played (and stored).
    Moved {
        /// Moves played before it.
        ply: usize,
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// Who played it.
        by: &'static str,
        /// The side to move now.
        turn: &'static str,
        /// `playing`, or `over` when the move ended the game.
        status: &'static str,
        /// The clocks after the move.
        clocks: ClocksView,
        /// The result, when the move ended the game.
        result: Option<ResultView>,
    },
    /// To the mover: the move is stored.
    Ack {
        /// The move's ply.
        ply: usize,
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// True when it had been played already (a resend).
        duplicate: bool,
    },
    /// Which players are connected.
    Presence {
        /// Red's seat has a connection.
        red: bool,
        /// Blue's seat has a connection.
        blue: bool,
        /// How long each seat had been away when sent, in ms (0 while connected).
        away: AwayView,
    },
    /// The rematch was agreed: subscribe to this game with the same token.
    Rematch {
        /// The new game's id.
        game: String,
    },
    /// A refused request: nothing changed.
    Error {
        /// What kind of refusal.
        code: Code,
        /// Why, in English.
        message: String,
        /// The type of the refused message, when it was readable.
        request: Option<String>,
        /// The code's parameters ([`Code::params`]), for the page to word it.
        params: serde_json::Map<String, serde_json::Value>,
    },
    /// The answer to `ping`.
    Pong,
    /// After `subscribed`, to a signed-in member: the chat so far.
    ChatHistory {
        /// `players` or `spectators`.
        room: &'static str,
        /// Oldest first.
        messages: Vec<Line>,
    },
    /// A new chat message.
    Chat {
        /// `players` or `spectators`.
        room: &'static str,
        /// The message.
        message: Line,
    },
    /// An admin hid a chat message: remove it.
    ChatHidden {
        /// `players` or `spectators`.
        room: &'static str,
        /// The message's id.
        id: String,
    },
}

impl ServerMsg {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }

    /// An error message for a refusal.
    pub fn error(refusal: Refusal, request: Option<String>) -> ServerMsg {
        crate::server::ops::metrics::metrics().refused(refusal.code);
        ServerMsg::Error {
            code: refusal.code,
            params: refusal.params_json(),
            message: refusal.message,
            request,
        }
    }
}

/// A chat message as the page sees it (in `chat_history` and `chat`).
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The message's id (to report it).
    pub id: String,
    /// The author's name.
    pub author: String,
    /// The text, exactly as written (the page shows it as text, never as HTML).
    pub text: String,
    /// When it was written (ms since the Unix epoch).
    pub at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_are_read_strictly() {
        assert_eq!(
            ClientMsg::parse(r#"{"type":"move","ply":3,"move":"a3a4"}"#),
            Ok(ClientMsg::Move { ply: 3, mv: "a3a4".into() })
        );
        assert_eq!(
            ClientMsg::parse(r#"{"type":"subscribe"}"#),
            Ok(ClientMsg::Subscribe { token: None, member: false })
        );
        let code = |text: &str| ClientMsg::parse(text).unwrap_err().0.code;
        assert_eq!(code("{"), Code::BadJson);
        assert_eq!(code(r#"{"type":"dance"}"#), Code::BadJson);
        assert_eq!(code(r#"{"type":"move","ply":-1,"move":"a3a4"}"#), Code::BadField);
        assert_eq!(code(r#"{"type":"move","ply":1,"move":"a3a4","x":1}"#), Code::BadField);
        assert_eq!(code(r#"{"type":"offer","offer":"peace"}"#), Code::BadField);
        assert_eq!(code(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(2000))), Code::TooLarge);
    }
}
