//! A cup live, as server-sent events (through `server::watchers`, as a tournament's):
//!
//! ```text
//! GET api/cups/{id}/events → on connecting and after each change, the cup as GET api/cups/{id}
//!                            shows it (a `message` event); then `round-started` {"round"} when
//!                            a match of a new round is paired and `tournament-finished` {} at
//!                            the end
//! ```

use super::shown::shown;
use crate::server::error::Refusal;
use crate::server::http::client_ip::ClientIp;
use crate::server::members::Members;
use crate::server::ops::shutdown::Shutdown;
use crate::server::tournaments::live::events;
use crate::server::watchers::{Live, Topic};
use axum::extract::{FromRef, Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The cups' live route.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Shutdown: FromRef<S>,
    crate::server::http::client_ip::Proxies: FromRef<S>,
{
    Router::new().route("/api/cups/{id}/events", get(cup_events))
}

#[utoipa::path(get, path = "/api/cups/{id}/events", tag = "cups",
    summary = "A cup as server-sent events, again after each change",
    params(("id" = String, Path, description = "The cup")),
    responses(
        (status = 200, description = "The cup, then round-started and tournament-finished events", body = String, content_type = "text/event-stream"),
        (status = 404, description = "No such cup"),
        (status = 429, description = "Too many streams"),
    ))]
pub async fn cup_events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    let slot = live.slot(ip)?;
    shown(&members, &id).await?;
    Ok(events((members, read_cup), live, Box::pin(shutdown.signalled()), Topic::Cup(id), slot))
}

/// A cup's state for its stream, as `GET api/cups/{id}` shows it.
fn read_cup(
    members: Arc<Members>,
    topic: Topic,
) -> Pin<Box<dyn Future<Output = Result<Value, Refusal>> + Send>> {
    Box::pin(async move {
        match topic {
            Topic::Cup(id) => shown(&members, &id).await,
            _ => Err(Refusal::not_found("cup")),
        }
    })
}
