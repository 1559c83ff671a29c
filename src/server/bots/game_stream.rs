//! A game's stream for the bot seated in it (`GET api/bot/game/stream/{id}`): `gameFull` first,
//! then a `gameState` after every change the room announces (moves, offers, the end) and a
//! `chatLine` for each line of the players' chat. While it is open the bot's seat counts as
//! connected, as a player's WebSocket does; it ends after the game's last state, when the
//! client leaves, when the token stops working, or when the server stops.

use super::events::POLL;
use super::ndjson::Lines;
use super::tokens;
use super::wire;
use crate::rules::Color;
use crate::server::chat::audience::Audience;
use crate::server::chat::{self, Chat};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::play::hub::Hub;
use crate::server::play::room::Room;
use serde_json::{json, Value};
use sqlx::AnyPool;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// A bot's seat in a game, and what its stream needs.
pub struct Watched {
    /// The games (the room is left through it when the stream ends).
    pub hub: Arc<Hub>,
    /// The games' chats.
    pub chat: Arc<Chat>,
    /// The members' tables (whether the token still works).
    pub pool: AnyPool,
    /// The room, entered for the stream.
    pub room: Arc<Room>,
    /// The bot's side.
    pub color: Color,
    /// The token the stream was opened with.
    pub token_id: i64,
    /// The club's abandon time (ms), as the room's watchers are told.
    pub abandon_ms: i64,
}

/// Writes the stream of `watched` to `lines` until it ends (see the module), then leaves the
/// seat and the room.
pub async fn run(mut lines: Lines, watched: Watched, stop: impl Future<Output = ()>) {
    let Watched { hub, chat, pool, room, color, token_id, abandon_ms } = watched;
    room.presence(color, true);
    let mut said = chat.listen(&room.id);
    follow(&mut lines, &room, color, &mut said, (&pool, token_id), abandon_ms, stop).await;
    drop(said);
    chat.forget(&room.id);
    room.presence(color, false);
    hub.leave(&room);
}

/// The stream's loop (see [`run`]).
async fn follow(
    lines: &mut Lines,
    room: &Arc<Room>,
    color: Color,
    said: &mut tokio::sync::broadcast::Receiver<Arc<chat::Said>>,
    (pool, token_id): (&AnyPool, i64),
    abandon_ms: i64,
    stop: impl Future<Output = ()>,
) {
    tokio::pin!(stop);
    let (mut changes, _) = room.watch(Some(color), abandon_ms).await;
    let game = room.snapshot().await;
    if !lines.send(&wire::game_full(&game, color, now_ms())).await || game.status == Status::Over {
        return;
    }
    let mut told = game.version;
    let mut check = tokio::time::interval(POLL);
    loop {
        tokio::select! {
            change = changes.recv() => {
                if matches!(change, Err(RecvError::Closed)) { return }
                let game = room.snapshot().await;
                if game.version != told {
                    told = game.version;
                    if !lines.send(&wire::game_state(&game, now_ms())).await || game.status == Status::Over {
                        return;
                    }
                }
            }
            line = said.recv() => match line {
                Ok(line) => {
                    if let Some(line) = chat_line(&line) {
                        if !lines.send(&line).await { return }
                    }
                }
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            },
            _ = check.tick() => {
                if !tokens::still_works(pool, token_id).await.unwrap_or(false) { return }
            }
            () = tokio::time::sleep_until(lines.keep_alive_at()) => {
                if !lines.keep_alive().await { return }
            }
            () = lines.closed() => return,
            () = &mut stop => return,
        }
    }
}

/// The `chatLine` of a line said in the players' chat (the spectators' is not the bot's, and
/// an admin's removal of a line is no line).
fn chat_line(said: &chat::Said) -> Option<Value> {
    if said.audience != Audience::Players || said.hidden {
        return None;
    }
    let message: Value = serde_json::from_str(&said.json).ok()?;
    let line = &message["message"];
    Some(json!({ "type": "chatLine", "from": line["author"].as_str()?, "text": line["text"].as_str()? }))
}
