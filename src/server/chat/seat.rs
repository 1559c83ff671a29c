//! A connection's part in its game's chat: the member signed in on it, the audience (the
//! players' chat for a member holding a seat of the game, else the spectators'), what it
//! posts and which messages it is sent.

use super::audience::Audience;
use super::{relay, tables, Chat, Said, MAX_CHARS};
use crate::server::error::{Code, Refusal};
use crate::server::members::accounts::Member;
use crate::server::members::{sessions, suspensions};
use crate::server::play::protocol::ServerMsg;

/// A line said in the players' chat.
pub struct Posted {
    /// The message's id.
    pub id: String,
    /// Its author's member id.
    pub author_id: String,
    /// Its author's name.
    pub author: String,
}

/// A signed-in member's place in a game's chat.
pub struct ChatSeat {
    member_id: String,
    name: String,
    audience: Audience,
    /// The member's session id (checked again before each message: it may have ended); none
    /// for a bot, whose token its caller checked.
    session: Option<String>,
}

impl ChatSeat {
    /// The place in game `game_id`'s chat of `member`, signed in by `session`.
    pub async fn take(
        chat: &Chat,
        game_id: &str,
        member: Member,
        session: &str,
    ) -> Result<ChatSeat, Refusal> {
        let audience = Audience::of(chat.pool(), game_id, &member.id).await.map_err(Refusal::storage)?;
        Ok(ChatSeat { member_id: member.id, name: member.name, audience, session: Some(session.to_string()) })
    }

    /// The place in game `game_id`'s chat of the bot `member`, signed in by a token its caller
    /// checked (see `bots`).
    pub async fn of_bot(chat: &Chat, game_id: &str, member: Member) -> Result<ChatSeat, Refusal> {
        let audience = Audience::of(chat.pool(), game_id, &member.id).await.map_err(Refusal::storage)?;
        Ok(ChatSeat { member_id: member.id, name: member.name, audience, session: None })
    }

    /// The `chat_history` message: what was said so far that this member is shown.
    pub async fn history(&self, chat: &Chat, game_id: &str) -> Result<String, Refusal> {
        let pool = chat.pool();
        let messages =
            tables::history(pool, game_id, self.audience, &self.member_id).await.map_err(Refusal::storage)?;
        Ok(ServerMsg::ChatHistory { room: self.audience.name(), messages }.to_json())
    }

    /// Stores `text` and tells the audience; the line, if it went to the players' chat.
    pub async fn post(&self, chat: &Chat, game_id: &str, text: &str) -> Result<Option<Posted>, Refusal> {
        check(text)?;
        let pool = chat.pool();
        let signed_out = match &self.session {
            Some(session) => sessions::member(pool, session).await.map_err(Refusal::storage)?.is_none(),
            None => false,
        };
        if signed_out {
            return Err(if suspensions::in_force(pool, &self.member_id).await.map_err(Refusal::storage)? {
                suspensions::refusal()
            } else {
                members_only()
            });
        }
        if !chat.allow(&self.member_id) {
            return Err(Refusal::new(Code::ChatTooFast, "too many chat messages: wait a few seconds"));
        }
        let line = tables::insert(pool, game_id, self.audience, &self.member_id, &self.name, text)
            .await
            .map_err(Refusal::storage)?;
        tracing::debug!(message = %line.id, room = self.audience.name(), "chat message");
        relay::tell_others(chat, game_id, &line.id, false);
        let line_id = line.id.clone();
        let json = ServerMsg::Chat { room: self.audience.name(), message: line }.to_json();
        let said = Said { audience: self.audience, author_id: self.member_id.clone(), hidden: false, json };
        chat.say(game_id, said);
        let posted = Posted { id: line_id, author_id: self.member_id.clone(), author: self.name.clone() };
        Ok((self.audience == Audience::Players).then_some(posted))
    }

    /// The message to send this connection for `said`, if any: only its audience's, none from
    /// an author it muted, and a hidden message's removal to all but its author.
    pub async fn deliver(&self, chat: &Chat, said: &Said) -> Option<String> {
        if said.audience != self.audience {
            return None;
        }
        if said.author_id == self.member_id {
            return (!said.hidden).then(|| said.json.clone());
        }
        if said.hidden {
            return Some(said.json.clone());
        }
        match tables::muted(chat.pool(), &self.member_id, &said.author_id).await {
            Ok(muted) => (!muted).then(|| said.json.clone()),
            Err(error) => {
                tracing::error!(%error, "chat: a message was not delivered");
                None
            }
        }
    }
}

/// The refusal of a chat message on a connection no member is signed in on.
pub fn members_only() -> Refusal {
    Refusal::new(Code::ChatMembersOnly, "the chat is for signed-in members")
}

/// Checks a message's text: some text, at most [`MAX_CHARS`] characters, no control characters.
fn check(text: &str) -> Result<(), Refusal> {
    if text.trim().is_empty() {
        return Err(Refusal::field("text", "a chat message needs some text"));
    }
    if text.chars().count() > MAX_CHARS {
        let message = format!("chat messages are limited to {MAX_CHARS} characters");
        return Err(Refusal::new(Code::ChatTooLong, message).with("limit", MAX_CHARS));
    }
    if text.chars().any(char::is_control) {
        return Err(Refusal::field("text", "a chat message is one line of text"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_checked_by_characters_not_bytes() {
        assert!(check("<b>hi</b> https://example.org").is_ok());
        assert!(check(&"象".repeat(MAX_CHARS)).is_ok());
        assert_eq!(check(&"a".repeat(MAX_CHARS + 1)).unwrap_err().code, Code::ChatTooLong);
        assert_eq!(check("  ").unwrap_err().code, Code::BadField);
        assert_eq!(check("a\u{7}b").unwrap_err().code, Code::BadField);
    }
}
