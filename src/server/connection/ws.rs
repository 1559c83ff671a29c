//! The WebSocket of a game: reads client messages one at a time, answers them, and forwards
//! the room's announcements.

use super::session::Session;
use crate::server::app::App;
use crate::server::chat;
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::ClientIp;
use crate::server::http::connection_place::ConnectionPlace;
use crate::server::members::sessions;
use crate::server::ops::metrics::{metrics, Connection};
use crate::server::ops::shutdown::RESTART_CLOSE_CODE;
use crate::server::play::protocol::{ServerMsg, MAX_MESSAGE_BYTES};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::time::Instant;
use tracing::Instrument;

/// Frames beyond this close the connection (messages over [`MAX_MESSAGE_BYTES`] but under
/// it are answered with `too_large`).
const MAX_FRAME_BYTES: usize = 64 * MAX_MESSAGE_BYTES;
/// The read buffer of a connection, allocated (and zeroed) when it opens: small, since a
/// server holds thousands of connections with small messages (the default is 128 KiB).
const READ_BUFFER_BYTES: usize = 4 * MAX_MESSAGE_BYTES;
/// The close code of a connection whose session ended (policy violation).
const SESSION_ENDED_CLOSE_CODE: u16 = 1008;

/// `GET api/games/{id}/ws`: upgrades to the game's WebSocket.
#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "games",
    summary = "The game's WebSocket: moves, clocks, chat and the game's end as they happen",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 101, description = "Switched to the WebSocket protocol"),
        (status = 404, description = "No such game"),
        (status = 429, description = "Too many connections from this address"),
    ))]
pub async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    ClientIp(ip): ClientIp,
    Extension(place): Extension<ConnectionPlace>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(refusal) = app.hub.snapshot(&id).await {
        return refusal.into_response();
    }
    if !app.sockets.take(ip) {
        return Refusal::new(Code::RateLimited, "too many connections from this address").into_response();
    }
    let slot = Slot { app: app.clone(), ip };
    // A member's cookie counts only from the page's own origin: another site's page may open
    // a WebSocket here, and the browser might send the cookie along.
    let sign_in = app.members.own_origin.sent(&headers).then(|| sessions::from_request(&headers)).flatten();
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| {
            // Everything this connection logs, and the room work it waits for, names the game.
            let span = tracing::info_span!("game", id = %id);
            async move {
                // Given back when the connection ends, or if it never opens: the socket keeps
                // its connection's place in the caps on connections, and its address's slot.
                let _held = (place, slot);
                let Some(_hold) = app.shutdown.hold() else { return }; // the server stops
                let _open = metrics().opened(Connection::WebSocket);
                // Boxed, like the handling of a message below: the connection's task lives as long
                // as the connection, and would otherwise be as large as the largest future it awaits.
                match Box::pin(app.hub.enter(&id)).await {
                    Ok(room) => serve(socket, Session::new(app.clone(), room, ip, sign_in), app).await,
                    Err(refusal) => tracing::info!(%refusal, "connection to the game dropped"),
                }
            }
            .instrument(span)
        })
}

/// A connection slot of an address, given back when dropped.
struct Slot {
    app: App,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.app.sockets.give_back(&self.ip);
    }
}

/// The next message of `receiver`, if any: a room's announcements, or the members whose
/// sessions ended.
async fn next(receiver: &mut Option<broadcast::Receiver<Arc<str>>>) -> Result<Arc<str>, RecvError> {
    match receiver {
        Some(receiver) => receiver.recv().await,
        None => std::future::pending().await,
    }
}

/// Answers a connection's messages and forwards the room's, until either side ends it. A
/// connection silent for [`Shared::ping_every`](crate::server::app::Shared::ping_every) is pinged; one that has sent nothing, not even
/// the answer to a ping, for [`Shared::dead_after`](crate::server::app::Shared::dead_after) (a frozen or vanished client), or that cannot
/// take a message for as long, is closed, so that its seat shows disconnected. When the server
/// stops, the connection is closed with [`RESTART_CLOSE_CODE`] once its current message is
/// answered.
async fn serve(mut socket: WebSocket, mut session: Session, app: App) {
    tracing::debug!("connection open");
    let stopping = app.shutdown.signalled();
    tokio::pin!(stopping);
    let mut receiver = None;
    let mut chat = None;
    // Taken before the first message: no end of a session slips between its reading and this.
    let mut ends = session.signed_in_cookie().then(|| app.members.ends.watch());
    let mut ping = tokio::time::interval_at(Instant::now() + app.ping_every, app.ping_every);
    // Silent this long, it is dead: at that moment, not at the next ping.
    let silence = tokio::time::sleep(app.dead_after);
    tokio::pin!(silence);
    'connection: loop {
        let outgoing: Vec<Message> = tokio::select! {
            incoming = socket.recv() => {
                silence.as_mut().reset(Instant::now() + app.dead_after);
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let reply = Box::pin(session.handle(text.as_str())).await;
                        // A move held while the database is away is the server's wait, not the
                        // client's silence.
                        silence.as_mut().reset(Instant::now() + app.dead_after);
                        if reply.receiver.is_some() {
                            receiver = reply.receiver;
                        }
                        if reply.chat.is_some() {
                            chat = reply.chat;
                        }
                        reply.messages.into_iter().map(|text| Message::Text(text.into())).collect()
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let refusal = Refusal::new(Code::BadJson, "send JSON text messages");
                        vec![Message::Text(ServerMsg::error(refusal, None).to_json().into())]
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break 'connection,
                }
            },
            news = next(&mut receiver) => match news {
                Ok(text) => vec![Message::Text(text.to_string().into())],
                // Fell behind: the whole game replaces the missed messages.
                Err(RecvError::Lagged(_)) => {
                    vec![Message::Text(Box::pin(session.room().state_message()).await.into())]
                }
                Err(RecvError::Closed) => break 'connection,
            },
            said = chat::next(&mut chat) => match said {
                Ok(said) => Box::pin(session.deliver(&said)).await.into_iter().map(|text| Message::Text(text.into())).collect(),
                // Chat lines missed by a slow connection come with the history of its next subscription.
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => {
                    chat = None;
                    continue;
                }
            },
            ended = next(&mut ends) => {
                let member = match &ended {
                    Ok(member) => Some(&**member),
                    Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => {
                        ends = None;
                        continue;
                    }
                };
                if !Box::pin(session.session_ended(member)).await {
                    continue;
                }
                tracing::debug!("the connection's session ended");
                let _ = tokio::time::timeout(app.dead_after, socket.send(session_ended_close())).await;
                break 'connection;
            },
            _ = ping.tick() => vec![Message::Ping(Default::default())],
            () = &mut silence => break 'connection,
            () = &mut stopping => {
                let _ = tokio::time::timeout(app.dead_after, socket.send(restart_close())).await;
                break 'connection;
            },
        };
        for message in outgoing {
            match tokio::time::timeout(app.dead_after, socket.send(message)).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => break 'connection,
            }
        }
    }
    drop(chat);
    session.leave();
    app.hub.leave(session.room());
    tracing::debug!("connection closed");
}

/// The close frame of a connection whose session ended (signed out, suspended, …).
fn session_ended_close() -> Message {
    Message::Close(Some(CloseFrame { code: SESSION_ENDED_CLOSE_CODE, reason: "the session ended".into() }))
}

/// The close frame that tells the client the server restarts, so that it reconnects.
fn restart_close() -> Message {
    Message::Close(Some(CloseFrame {
        code: RESTART_CLOSE_CODE,
        reason: "the server restarts: reconnect".into(),
    }))
}
