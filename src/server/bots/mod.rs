//! Bot accounts and the bot API (issue 40), after lichess's Bot API: a member account marked a
//! bot (by an admin, or by its member before any game) plays through `api/bot/*` with a bearer
//! token instead of the page. Its games are the club's games — created by the same challenges,
//! refereed by the same rooms, its seat a member seat — and what it sees of them is streamed as
//! NDJSON, one JSON object a line.
//!
//! Layout: [`tokens`] (the `bot_tokens` table), [`bearer`] (the [`bearer::Bot`] a request's token
//! plays for, and the bot API's refusals), [`account`] (the account screen's routes: becoming a
//! bot, its tokens), [`ndjson`] (a stream's framing and keep-alive), [`wire`] (the contract's
//! JSON of challenges, clocks and game states), [`events`] (a bot's event stream), [`game_stream`]
//! (a game's stream), [`routes`] (the bot API). The contract is the README's "Bots".

pub mod account;
pub mod bearer;
pub mod events;
pub mod game_stream;
pub mod ndjson;
pub mod routes;
pub mod tokens;
pub mod wire;

use crate::server::http::rate_limit::{Limiter, Rate};

/// The requests one token may make: 20 a second on average, 100 at once — a bot in many
/// games at once moves in each (challenges have their own, stricter rate, as a member's).
pub const REQUESTS_PER_TOKEN: Rate = Rate { per_second: 20.0, burst: 100.0 };

/// What the bot API needs at run time.
pub struct Bots {
    /// Requests per token id.
    pub requests: Limiter<i64>,
}

impl Default for Bots {
    fn default() -> Bots {
        Bots { requests: Limiter::new(REQUESTS_PER_TOKEN) }
    }
}
