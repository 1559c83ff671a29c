//! A bot's event stream (`GET api/bot/stream/event`): on connect a `gameStart` for each game
//! it plays and a `challenge` for each open challenge to it, then each change as it comes —
//! `challenge`, `challengeCanceled`, `gameStart`, `gameFinish`. It reads the database every
//! [`POLL`], so it hears of changes made on any instance; and it ends as soon as its token no
//! longer works (revoked, or its account no longer a bot, or suspended).

use super::ndjson::Lines;
use super::tokens;
use super::wire;
use crate::server::members::games;
use crate::server::pairing::challenges;
use serde_json::json;
use sqlx::AnyPool;
use std::collections::BTreeSet;
use std::future::Future;
use std::time::Duration;

/// How often the stream looks again.
pub const POLL: Duration = Duration::from_millis(500);

/// What a bot's stream follows.
pub struct Follow {
    /// The members' tables.
    pub pool: AnyPool,
    /// The bot's member id.
    pub member_id: String,
    /// The token the stream was opened with.
    pub token_id: i64,
}

/// What the stream has told.
#[derive(Default)]
struct Told {
    games: BTreeSet<String>,
    challenges: BTreeSet<String>,
}

/// Writes the stream of `follow` to `lines` until the client leaves, the token stops working,
/// or `stop` (the server stops). Failures of the database end the stream: the bot reconnects.
pub async fn run(mut lines: Lines, follow: Follow, stop: impl Future<Output = ()>) {
    tokio::pin!(stop);
    let mut told = Told::default();
    loop {
        match tell_news(&mut lines, &follow, &mut told).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(error) => {
                tracing::warn!(%error, "bot event stream: the database failed; the stream ends");
                return;
            }
        }
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            () = tokio::time::sleep_until(lines.keep_alive_at()) => {
                if !lines.keep_alive().await { return }
            }
            () = lines.closed() => return,
            () = &mut stop => return,
        }
    }
}

/// Sends what changed since `told`: false when the stream is to end.
async fn tell_news(lines: &mut Lines, follow: &Follow, told: &mut Told) -> sqlx::Result<bool> {
    if !tokens::still_works(&follow.pool, follow.token_id).await? {
        return Ok(false);
    }
    let playing: BTreeSet<String> =
        games::in_play(&follow.pool, &follow.member_id).await?.into_iter().collect();
    for id in playing.difference(&told.games) {
        if !lines.send(&json!({ "type": "gameStart", "game": { "id": id } })).await {
            return Ok(false);
        }
    }
    for id in told.games.difference(&playing) {
        if !lines.send(&json!({ "type": "gameFinish", "game": { "id": id } })).await {
            return Ok(false);
        }
    }
    told.games = playing;
    let (open, _) = challenges::incoming(&follow.pool, &follow.member_id).await?;
    for challenge in open.iter().filter(|c| !told.challenges.contains(&c.id)) {
        if !lines.send(&json!({ "type": "challenge", "challenge": wire::challenge(challenge) })).await {
            return Ok(false);
        }
    }
    let open: BTreeSet<String> = open.into_iter().map(|c| c.id).collect();
    for id in told.challenges.difference(&open) {
        if challenges::withdrawn(&follow.pool, id).await?
            && !lines.send(&json!({ "type": "challengeCanceled", "id": id })).await
        {
            return Ok(false);
        }
    }
    told.challenges = open;
    Ok(true)
}
