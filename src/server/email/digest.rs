//! The daily digest: every few minutes of the club's time, each member with a verified
//! address and the digest on, whose last digest is a day old or older, is mailed the games
//! waiting for their move (least time left first) and the challenges waiting for their answer,
//! if anything waits. Each digest is claimed first by compare-and-set on the member's last
//! digest time, so one instance of several sends it.

use super::letters::{self, WaitingChallenge, WaitingGame};
use super::store::{self, Address};
use super::words::words;
use super::Email;
use crate::server::error::Refusal;
use crate::server::game::ending::Status;
use crate::server::members::my_games::unfinished;
use crate::server::members::Members;
use crate::server::ops::metrics::metrics;
use crate::server::pairing::challenges::incoming;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::time::{now_ms, wait_until};
use std::sync::Arc;

/// At most one digest a day.
pub const DAY_MS: i64 = 24 * 3600 * 1000;
/// How often the sweep looks: every 5 minutes.
pub const EVERY_MS: i64 = 5 * 60 * 1000;
/// The members looked at in one sweep, those waiting longest first.
const BATCH: i64 = 500;

/// What the sweep reads: the games and the members' challenges.
pub struct Sources {
    /// The members (their games' seats).
    pub members: Arc<Members>,
    /// The games.
    pub hub: Arc<Hub>,
    /// The rating categories' bounds.
    pub bounds: Bounds,
}

/// Sends the digests due, every [`EVERY_MS`] of the club's time, for as long as the server runs.
pub async fn sweep(email: Arc<Email>, sources: Sources) {
    if !email.is_on() {
        return;
    }
    let mut next = now_ms() + EVERY_MS;
    loop {
        tokio::time::sleep(wait_until(next)).await;
        if now_ms() < next {
            continue;
        }
        if let Err(e) = send_due(&email, &sources).await {
            tracing::error!(error = %e.message, "email: the digest sweep failed");
        }
        metrics().digests_swept();
        next = now_ms() + EVERY_MS;
    }
}

async fn send_due(email: &Email, sources: &Sources) -> Result<(), Refusal> {
    for address in store::digests_due(&email.pool, DAY_MS, BATCH).await.map_err(Refusal::storage)? {
        let (games, challenges) = waiting(sources, &address).await?;
        if games.is_empty() && challenges.is_empty() {
            continue;
        }
        if store::claim_digest(&email.pool, &address).await.map_err(Refusal::storage)? {
            let letter = letters::digest(words(&address.lang), &email.club(), &games, &challenges);
            email.post(&address, &address.address, &letter).await;
        }
    }
    Ok(())
}

/// Whether game `id` waits for `color` as stored: a room loaded on this instance may not yet
/// have heard of the move made on another a moment ago.
async fn still_waits(hub: &Hub, id: &str, color: &str) -> Result<bool, Refusal> {
    let stored = hub.db.load(id).await.map_err(Refusal::storage)?;
    Ok(stored.is_some_and(|game| game.status == Status::Playing && game.turn().name() == color))
}

/// The games at the member's move, least time left first (those without a clock last), and
/// the challenges waiting for them.
async fn waiting(
    sources: &Sources,
    to: &Address,
) -> Result<(Vec<WaitingGame>, Vec<WaitingChallenge>), Refusal> {
    let mut games = Vec::new();
    for game in unfinished(&sources.members, &sources.hub, sources.bounds, &to.member_id).await? {
        let (id, color) =
            (game["id"].as_str().unwrap_or_default(), game["color"].as_str().unwrap_or_default());
        if game["your_move"] != true || !still_waits(&sources.hub, id, color).await? {
            continue;
        }
        games.push(WaitingGame {
            link: format!("{}/?online={id}", to.origin),
            opponent: game["opponent"]["name"].as_str().unwrap_or_default().to_string(),
            left_ms: game["time_left"][color].as_i64(),
        });
    }
    games.sort_by_key(|game| game.left_ms.unwrap_or(i64::MAX));
    let (challenges, _) = incoming(sources.members.pool(), &to.member_id).await.map_err(Refusal::storage)?;
    let challenges = challenges
        .into_iter()
        .map(|c| WaitingChallenge { link: format!("{}/?challenge={}", to.origin, c.id), from: c.from })
        .collect();
    Ok((games, challenges))
}
