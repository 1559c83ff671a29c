//! Live tournaments and leaderboards, as server-sent events:
//!
//! ```text
//! GET api/tournaments/{id}/events      → on connecting and after each change, the tournament
//!                                        as GET api/tournaments/{id} shows it (a `message`
//!                                        event); then `round-started` {"round"} when a round
//!                                        is paired and `tournament-finished` {} at the end
//! GET api/leaderboard/events?rules=…&limit=N → the leaderboard as GET api/leaderboard shows
//!                                        it, again whenever a rated game changes the ratings
//! GET api/me/challenges/events         → the signed-in member's challenges received, as GET
//!                                        api/me/challenges lists them (`incoming`,
//!                                        `incoming_count`), again whenever one is made or
//!                                        answered (issue 36: within 2 s, not at a poll's rhythm)
//! ```
//! The routes that change a tournament call `Live::tournament_changed`, the rating sweep
//! `Live::ratings_changed`, those of challenges `Live::challenges_changed`
//! ([`watchers`](super::watchers)). A member's stream of challenges is the member's own: it
//! needs the session cookie, and ends when a session of the member ends (the page opens it
//! again, refused if its own session was the one). On PostgreSQL the change is also
//! announced with `NOTIFY` on [`CHANNEL`], so the watchers of every instance hear of it
//! ([`follow`]).
//!
//! Each watched tournament or leaderboard has one task here that reads it again after a
//! change, whatever the number of its watchers, at most once every [`READ_EVERY`] however
//! fast it changes, and keeps only its latest state (a `watch` channel): a slow watcher is
//! never queued for, it skips to the latest state.
//! Streams are capped per address and in all (`--watchers-per-ip`, `--max-watchers`), kept
//! alive by comments, and end when the server stops.

use super::shown::shown;
use crate::server::error::Refusal;
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::QueryParams;
use crate::server::members::public::{leaders, Board};
use crate::server::members::{Members, SignedIn};
use crate::server::ops::shutdown::Shutdown;
use crate::server::pairing::challenges::received;
use crate::server::push::watching::Watching;
use crate::server::push::Push;
use crate::server::storage::listen;
use crate::server::watchers::{Live, Slot, Topic, CHANNEL};
use axum::extract::{FromRef, Path, State};
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::stream;
use serde_json::{json, Value};
use sqlx::postgres::PgListener;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use utoipa::OpenApi;

/// How often an idle stream sends a comment, so that proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// The least time between two reads of a watched topic: the changes of that time are read
/// together, the latest state winning, so that what the watchers are sent does not grow with
/// how fast a tournament changes.
const READ_EVERY: Duration = Duration::from_secs(1);
/// How long the listening connection waits before it is tried again.
const RECONNECT_EVERY: Duration = Duration::from_millis(250);

/// The live routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(tournament_events, leaderboard_events, challenge_events))]
pub struct Api;

/// The live routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Shutdown: FromRef<S>,
    Proxies: FromRef<S>,
    Arc<Push>: FromRef<S>,
{
    Router::new()
        .route("/api/tournaments/{id}/events", get(tournament_events))
        .route("/api/leaderboard/events", get(leaderboard_events))
        .route("/api/me/challenges/events", get(challenge_events))
}

/// What reads a topic's state as its GET route shows it: [`read_here`] for the topics of this
/// module; a feature above it that streams its own topic through [`events`] gives its own.
pub type Reader = fn(Arc<Members>, Topic) -> Pin<Box<dyn Future<Output = Result<Value, Refusal>> + Send>>;

/// The state of a tournament, a leaderboard or a member's challenges as its GET route shows it.
fn read_here(
    members: Arc<Members>,
    topic: Topic,
) -> Pin<Box<dyn Future<Output = Result<Value, Refusal>> + Send>> {
    Box::pin(async move {
        match &topic {
            Topic::Tournament(id) => shown(&members, id).await,
            Topic::Leaderboard(asked) => leaders(&members, asked).await,
            Topic::Challenges(member) => received(members.pool(), member).await.map_err(Refusal::storage),
            // The competitions above this module stream their topics with their own readers.
            _ => Err(Refusal::not_found("tournament")),
        }
    })
}

/// Keeps `topic`'s state fresh while anyone here watches it: read again after a change, at
/// most every [`READ_EVERY`].
async fn keep_fresh(
    (members, read): (Arc<Members>, Reader),
    live: Arc<Live>,
    topic: Topic,
    mut changes: watch::Receiver<()>,
) {
    let Some(state) = live.state_sender(&topic) else { return };
    loop {
        let read_at = tokio::time::Instant::now();
        match read(members.clone(), topic.clone()).await {
            Ok(fresh) => {
                state.send_if_modified(|held| {
                    let same = held.as_deref() == Some(&fresh);
                    if !same {
                        *held = Some(Arc::new(fresh));
                    }
                    !same
                });
            }
            Err(_) => tracing::warn!(?topic, "live: the state could not be read; kept the last one"),
        }
        tokio::select! {
            changed = changes.changed() => if changed.is_err() { return },
            () = state.closed() => if live.forget(&topic) { return },
        }
        // The changes until then are read together (the `watch` keeps one note of them).
        tokio::time::sleep_until(read_at + READ_EVERY).await;
    }
}

#[utoipa::path(get, path = "/api/tournaments/{id}/events", tag = "tournaments",
    summary = "A tournament as server-sent events, again after each change",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament, then round-started and tournament-finished events", body = String, content_type = "text/event-stream"),
        (status = 404, description = "No such tournament"),
        (status = 429, description = "Too many streams"),
    ))]
async fn tournament_events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    let slot = live.slot(ip)?;
    shown(&members, &id).await?;
    Ok(events((members, read_here), live, Box::pin(shutdown.signalled()), Topic::Tournament(id), slot))
}

#[utoipa::path(get, path = "/api/leaderboard/events", tag = "ratings",
    summary = "The leaderboard as server-sent events, again when ratings change",
    params(Board),
    responses(
        (status = 200, description = "The leaderboard as GET /api/leaderboard shows it", body = String, content_type = "text/event-stream"),
        (status = 400, description = "A bad rule set, category or limit"),
        (status = 429, description = "Too many streams"),
    ))]
async fn leaderboard_events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    ClientIp(ip): ClientIp,
    QueryParams(query): QueryParams<Board>,
) -> Result<Response, Refusal> {
    let asked = query.checked()?;
    let slot = live.slot(ip)?;
    Ok(events((members, read_here), live, Box::pin(shutdown.signalled()), Topic::Leaderboard(asked), slot))
}

#[utoipa::path(get, path = "/api/me/challenges/events", tag = "pairing",
    summary = "The signed-in member's challenges received as server-sent events, again after each change",
    responses(
        (status = 200, description = "{\"incoming\",\"incoming_count\"} as GET /api/me/challenges lists them", body = String, content_type = "text/event-stream"),
        NotSignedIn,
        (status = 429, description = "Too many streams"),
    ))]
async fn challenge_events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    State(push): State<Arc<Push>>,
    SignedIn { member: me, .. }: SignedIn,
) -> Result<Response, Refusal> {
    let slot = live.member_slot(&me.id)?;
    // While the stream is open, no challenge is pushed to the member: they see it come.
    let watching = Watching::start(push.pool(), &me.id).await;
    let mut ends = members.ends.watch();
    let server_stops = shutdown.signalled();
    let id = me.id.clone();
    let stop = async move {
        let _watching = watching;
        let session_ends = async {
            // A backlog missed may hold this member's end: the stream ends too, to be safe.
            while let Ok(ended) = ends.recv().await {
                if *ended == *id {
                    return;
                }
            }
        };
        tokio::select! {
            () = server_stops => {}
            () = session_ends => {}
        }
    };
    Ok(events((members, read_here), live, Box::pin(stop), Topic::Challenges(me.id), slot))
}

/// One stream's state: what it watches, the last state it sent, what it has still to send.
struct Watcher {
    states: watch::Receiver<Option<Arc<Value>>>,
    last: Option<Arc<Value>>,
    queued: Vec<Event>,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
    _slot: Slot,
}

/// The stream of `topic`'s states as `reader` reads them from the members' database, holding
/// `slot` while it lasts, until `stop`.
pub fn events(
    reader: (Arc<Members>, Reader),
    live: Arc<Live>,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
    topic: Topic,
    slot: Slot,
) -> Response {
    let (mut states, new) = live.subscribe(&topic);
    if let Some(changes) = new {
        tokio::spawn(keep_fresh(reader, live, topic, changes));
    }
    // The state held now (if any) is the first event.
    states.mark_changed();
    let watcher = Watcher { states, last: None, queued: Vec::new(), stop, _slot: slot };
    let events = stream::unfold(watcher, |mut watcher| async move {
        while watcher.queued.is_empty() {
            tokio::select! {
                changed = watcher.states.changed() => changed.ok()?,
                () = &mut watcher.stop => return None,
            }
            let Some(now) = watcher.states.borrow_and_update().clone() else { continue };
            watcher.queued = events_between(watcher.last.as_deref(), &now);
            watcher.queued.reverse();
            watcher.last = Some(now);
        }
        let event = watcher.queued.pop()?;
        Some((Ok::<_, Infallible>(event), watcher))
    });
    let sse = Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE));
    // Proxies such as nginx would otherwise hold the events back.
    ([(header::HeaderName::from_static("x-accel-buffering"), "no")], sse).into_response()
}

/// The events that tell a watcher who saw `before` about `now`: the state, then what
/// happened (a tournament's new round, its end).
fn events_between(before: Option<&Value>, now: &Value) -> Vec<Event> {
    let mut events = vec![Event::default().data(now.to_string())];
    let Some(before) = before else { return events };
    let round = |state: &Value| state["round"].as_i64().unwrap_or(0);
    let finished = |state: &Value| state["state"] == "finished";
    if now.get("round").is_some() && round(now) > round(before) {
        events.push(Event::default().event("round-started").data(json!({ "round": round(now) }).to_string()));
    }
    // A team match ends too, but it has no rounds: its state says so.
    if now.get("round").is_some() && finished(now) && !finished(before) {
        events.push(Event::default().event("tournament-finished").data("{}"));
    }
    events
}

/// Listens on [`CHANNEL`]; made before the server accepts connections.
pub async fn listener(url: &str) -> Result<PgListener, sqlx::Error> {
    listen::listener(url, CHANNEL).await
}

/// Tells the watchers here of the changes the instances announce, for as long as the server
/// runs. While the listening connection is down announcements are lost: when it is back,
/// everything watched is read again.
pub async fn follow(live: Arc<Live>, mut listener: PgListener) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => match note.payload().split_once(' ') {
                Some(("tournament", id)) => live.heard(&Topic::Tournament(id.to_string())),
                Some(("challenges", id)) => live.heard(&Topic::Challenges(id.to_string())),
                Some(("cup", id)) => live.heard(&Topic::Cup(id.to_string())),
                Some(("league", id)) => live.heard(&Topic::League(id.to_string())),
                Some(("team-match", id)) => live.heard(&Topic::TeamMatch(id.to_string())),
                None if note.payload() == "ratings" => live.heard_ratings(),
                _ => tracing::warn!(notification = ?note.payload(), "live: unknown notification"),
            },
            Ok(None) => live.changed_where(|_| true),
            Err(e) => {
                tracing::warn!(error = %e, "live: PostgreSQL notifications lost; trying again");
                live.changed_where(|_| true);
                tokio::time::sleep(RECONNECT_EVERY).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_round_and_the_end_are_told_after_the_state() {
        let registering = json!({ "state": "registering", "round": 0 });
        let running = json!({ "state": "running", "round": 1 });
        let finished = json!({ "state": "finished", "round": 1 });
        assert_eq!(events_between(None, &running).len(), 1, "the first state alone");
        assert_eq!(events_between(Some(&registering), &running).len(), 2, "state, round-started");
        assert_eq!(events_between(Some(&running), &finished).len(), 2, "state, tournament-finished");
        assert_eq!(events_between(Some(&running), &running).len(), 1);
        let (playing, over) = (json!({ "state": "playing" }), json!({ "state": "finished" }));
        assert_eq!(events_between(Some(&playing), &over).len(), 1, "a team match's end is its state");
        let board = json!({ "players": [] });
        assert_eq!(events_between(Some(&board), &board).len(), 1, "a leaderboard has no rounds");
    }
}
