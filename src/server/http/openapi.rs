//! The OpenAPI 3 document of the server's routes, served at `GET /api/openapi.json`: each part
//! of the API describes its handlers (`#[utoipa::path]`) and lists them in its own `Api`;
//! here they become one document, with its title and the tags' words.

use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{InfoBuilder, OpenApi, OpenApiBuilder};
use utoipa::IntoResponses;

/// The parts of the API, one tag each, with what they hold.
const TAGS: [(&str, &str); 16] = [
    ("games", "Games: creating, joining, watching and listing them, their records and their WebSocket"),
    ("members", "Members: signing up and in, sessions, passwords, passkeys and one's games"),
    ("ratings", "The leaderboard and its live stream"),
    ("tournaments", "Tournaments: entering them, directing them and following them live"),
    (
        "leagues",
        "Leagues: seasons of divisions, their pairings, promotion and relegation, the director's desk",
    ),
    ("ladders", "Ladders: joining them, challenging up, answering, the history and the director's desk"),
    ("cups", "Knockout cups: entering them, directing them and following their bracket live"),
    ("teams", "Teams and team matches: members, captains, line-ups and the match score live"),
    ("pairing", "Challenges between members and quick pairing"),
    ("chat", "Muting members and reporting messages"),
    ("email", "Mail: a member's address, its confirmation, password resets and unsubscribing"),
    ("push", "Web Push: the club's key, a member's devices and what they are told"),
    ("bots", "Bot accounts, their tokens, and the bot API: event and game streams, moves, challenges"),
    ("admin", "The club admin's members, reports, suspensions, invites and figures"),
    ("tablebase", "Endgame tables: a position of few animals won, drawn or lost, and every move's value"),
    ("operations", "The server's health, metrics and this document"),
];

/// The document made of `parts`, as JSON.
pub fn document(parts: impl IntoIterator<Item = OpenApi>) -> String {
    let info = InfoBuilder::new()
        .title("Jungle club server")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some("The HTTP API of jungle-server: every route the server answers."))
        .build();
    let tags = TAGS.map(|(name, words)| TagBuilder::new().name(name).description(Some(words)).build());
    let mut all = OpenApiBuilder::new().info(info).tags(Some(tags)).build();
    for part in parts {
        all.merge(part);
    }
    all.to_json().expect("the OpenAPI document is JSON")
}

/// The answer of a route for signed-in members to a request without a session.
#[derive(IntoResponses)]
#[response(status = 401, description = "Not signed in")]
pub struct NotSignedIn;

/// The answer of a route for the club's admins to a member who is not one.
#[derive(IntoResponses)]
#[response(status = 403, description = "Not an admin")]
pub struct NotAdmin;

/// The answer of a route for a tournament's director to a member who is not it.
#[derive(IntoResponses)]
#[response(
    status = 403,
    description = "Not the tournament's director: an admin, or its creator where members make tournaments"
)]
pub struct NotDirector;
