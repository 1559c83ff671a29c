//! Chat across the instances sharing a PostgreSQL database: the instance that stores a message
//! (or hides one) tells its own connections at once and the other instances by a note; each of
//! them reads the message and tells its connections to the game, if any.

use super::tables;
use super::{Chat, Said};
use crate::server::play::protocol::ServerMsg;
use crate::server::storage::note::Note;

/// Tells the other instances that message `message` of game `game_id` was stored (or hidden).
pub fn tell_others(chat: &Chat, game_id: &str, message: &str, hidden: bool) {
    let note = Note::Chat {
        id: game_id.to_string(),
        message: message.to_string(),
        instance: chat.instance.to_string(),
        hidden,
    };
    chat.db.notes(vec![note]);
}

/// Another instance stored (or hid) message `message` of game `game_id`: this instance's
/// connections to the game are told.
pub async fn heard(chat: &Chat, game_id: &str, message: &str, hidden: bool) {
    if !chat.listened(game_id) {
        return;
    }
    let pool = chat.pool();
    let said = match tables::message(pool, message).await {
        Ok(Some(stored)) if hidden => {
            let json = ServerMsg::ChatHidden { room: stored.room.name(), id: message.to_string() }.to_json();
            Said { audience: stored.room, author_id: stored.author_id, hidden, json }
        }
        Ok(Some(stored)) => match tables::line(pool, message).await {
            Ok(Some(line)) => {
                let json = ServerMsg::Chat { room: stored.room.name(), message: line }.to_json();
                Said { audience: stored.room, author_id: stored.author_id, hidden, json }
            }
            Ok(None) => return,
            Err(error) => return tracing::error!(%error, "chat: another instance's message was not read"),
        },
        Ok(None) => return,
        Err(error) => return tracing::error!(%error, "chat: another instance's message was not read"),
    };
    chat.say(game_id, said);
}
