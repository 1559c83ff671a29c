//! One WebSocket connection to a game: its seat, its rate limit, and the answer to each of
//! its messages. The socket itself is handled in `ws.rs`.

use crate::rules::Color;
use crate::server::app::App;
use crate::server::chat::seat::{self, ChatSeat, Posted};
use crate::server::chat::tables as chat_tables;
use crate::server::chat::Said;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::OfferKind;
use crate::server::game::event::{Command, Event};
use crate::server::game::token;
use crate::server::http::rate_limit::Bucket;
use crate::server::members::accounts::Member;
use crate::server::members::{games, sessions, suspensions};
use crate::server::play::protocol::{ClientMsg, ServerMsg};
use crate::server::play::room::Room;
use crate::server::time::real_ms;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::broadcast;

/// A connection's state.
pub struct Session {
    app: App,
    room: Arc<Room>,
    ip: IpAddr,
    bucket: Bucket,
    /// `None` before `subscribe`; then the seat, if any.
    seat: Option<Option<Color>>,
    /// The member session id of the upgrade's cookie, if the page's own origin sent it.
    sign_in: Option<String>,
    /// The member who took the seat, if a member did (checked for a suspension at each action).
    seat_member: Option<String>,
    /// The member signed in by `sign_in` when the connection subscribed: the ends of this
    /// member's sessions are checked against it.
    signed_in: Option<String>,
    /// Whether the seat was taken by the member's session (which must last for each action).
    seated_by_session: bool,
    /// The signed-in member's place in the game's chat, after `subscribe`.
    chat: Option<ChatSeat>,
}

/// The answer to one message.
pub struct Reply {
    /// Messages for this connection only.
    pub messages: Vec<String>,
    /// After `subscribe`: the room's messages from now on.
    pub receiver: Option<broadcast::Receiver<Arc<str>>>,
    /// After `subscribe`, for a signed-in member: what is said in the game's chat from now on.
    pub chat: Option<broadcast::Receiver<Arc<Said>>>,
}

impl Session {
    /// A new connection from `ip` to `room`, with the member session `sign_in` if any.
    pub fn new(app: App, room: Arc<Room>, ip: IpAddr, sign_in: Option<String>) -> Session {
        let bucket = Bucket::new(app.message_rate);
        Session {
            app,
            room,
            ip,
            bucket,
            seat: None,
            sign_in,
            seat_member: None,
            signed_in: None,
            seated_by_session: false,
            chat: None,
        }
    }

    /// Whether the upgrade carried a member's session cookie.
    pub fn signed_in_cookie(&self) -> bool {
        self.sign_in.is_some()
    }

    /// The room.
    pub fn room(&self) -> &Arc<Room> {
        &self.room
    }

    /// The connection closed (its chat receiver dropped): the seat is free of it.
    pub fn leave(&mut self) {
        if let Some(Some(color)) = self.seat.take() {
            self.room.presence(color, false);
        }
        if self.chat.take().is_some() {
            self.app.chat.forget(&self.room.id);
        }
    }

    /// Whether the session of this connection ended, now that sessions of `member_id` (none: of
    /// members unknown) ended. A session that cannot be checked counts as ended.
    pub async fn session_ended(&self, member_id: Option<&str>) -> bool {
        let (Some(signed_in), Some(sign_in)) = (&self.signed_in, &self.sign_in) else { return false };
        if member_id.is_some_and(|id| id != signed_in) {
            return false;
        }
        !matches!(sessions::member(self.app.members.pool(), sign_in).await, Ok(Some(_)))
    }

    /// The message to send this connection for `said` in the game's chat, if any.
    pub async fn deliver(&self, said: &Said) -> Option<String> {
        self.chat.as_ref()?.deliver(&self.app.chat, said).await
    }

    /// Answers one text message.
    pub async fn handle(&mut self, text: &str) -> Reply {
        let received = std::time::Instant::now();
        let mut reply = Reply { messages: Vec::new(), receiver: None, chat: None };
        if !self.bucket.take(self.app.message_rate) || !self.app.ip_messages.allow(self.ip) {
            let refusal = Refusal::new(Code::RateLimited, "too many messages: slow down");
            reply.messages.push(ServerMsg::error(refusal, None).to_json());
            return reply;
        }
        let msg = match ClientMsg::parse(text) {
            Ok(msg) => msg,
            Err((refusal, request)) => {
                reply.messages.push(ServerMsg::error(refusal, request).to_json());
                return reply;
            }
        };
        let request = type_name(&msg);
        match self.answer(msg, &mut reply).await {
            Ok(Some(msg)) => {
                if let ServerMsg::Ack { duplicate: false, .. } = msg {
                    crate::server::ops::metrics::metrics().move_acknowledged(received);
                }
                reply.messages.push(msg.to_json());
            }
            Ok(None) => {}
            Err(refusal) => reply.messages.push(ServerMsg::error(refusal, Some(request.into())).to_json()),
        }
        reply
    }

    fn player(&self) -> Result<Color, Refusal> {
        match self.seat {
            None => Err(Refusal::new(Code::NotSubscribed, "send subscribe first")),
            Some(None) => Err(Refusal::new(Code::NotAPlayer, "spectators cannot act in the game")),
            Some(Some(color)) => Ok(color),
        }
    }

    async fn answer(&mut self, msg: ClientMsg, reply: &mut Reply) -> Result<Option<ServerMsg>, Refusal> {
        match msg {
            ClientMsg::Subscribe { token, member } => {
                return self.subscribe(token, member, reply).await.map(|()| None)
            }
            ClientMsg::Ping => return Ok(Some(ServerMsg::Pong)),
            ClientMsg::Chat { text } => return self.chat(&text).await.map(|()| None),
            _ => {}
        }
        let by = self.player()?;
        self.check_may_act().await?;
        let command = match msg {
            ClientMsg::Subscribe { .. } | ClientMsg::Ping | ClientMsg::Chat { .. } => {
                unreachable!("answered above")
            }
            ClientMsg::Move { ply, mv } => return self.play(by, ply, mv).await,
            ClientMsg::Claim => {
                self.check_away(!by)?;
                Command::Claim(by)
            }
            ClientMsg::Resign => Command::Resign(by),
            ClientMsg::Abort => Command::Abort,
            ClientMsg::Offer { offer } => Command::Offer(by, offer),
            ClientMsg::Accept { offer } => {
                let rematch_id = token::new_game_id();
                if offer == OfferKind::Rematch {
                    self.keep_members(&rematch_id).await?;
                }
                Command::Accept { by, offer, rematch_id }
            }
            ClientMsg::Decline { offer } => Command::Decline(by, offer),
        };
        if let Event::Rematch(new) = self.room.apply(command).await? {
            self.app.hub.hold(&new.id).await?;
        }
        Ok(None)
    }

    /// Notes the members seated here in the rematch `rematch_id` (colours swapped) before it
    /// exists, so that they can take their seats as soon as it is announced. Should the
    /// rematch not be agreed, the note names no game and lists nothing.
    async fn keep_members(&self, rematch_id: &str) -> Result<(), Refusal> {
        games::link_rematch(self.app.members.pool(), &self.room.id, rematch_id)
            .await
            .map_err(Refusal::storage)
    }

    /// Says `text` in the game's chat.
    async fn chat(&self, text: &str) -> Result<(), Refusal> {
        if self.seat.is_none() {
            return Err(Refusal::new(Code::NotSubscribed, "send subscribe first"));
        }
        let chat = self.chat.as_ref().ok_or_else(seat::members_only)?;
        let posted = chat.post(&self.app.chat, &self.room.id, text).await?;
        if let (Some(Some(color)), Some(posted)) = (self.seat, posted) {
            self.push_chat(!color, &posted, text).await;
        }
        Ok(())
    }

    /// Pushes a line of the players' chat to the opponent on `to`'s seat, unless that seat is
    /// connected (they see it) or its member muted the author.
    async fn push_chat(&self, to: Color, posted: &Posted, text: &str) {
        if self.room.seats()[to].connected {
            return;
        }
        let pool = self.app.members.pool();
        let muted = match games::member_on(pool, &self.room.id, to).await {
            Ok(Some(member)) => chat_tables::muted(pool, &member, &posted.author_id).await,
            Ok(None) => return,
            Err(error) => Err(error),
        };
        match muted {
            Ok(false) => self.app.push.chat(&self.room.id, to, &posted.id, &posted.author, text).await,
            Ok(true) => {}
            Err(error) => tracing::warn!(%error, "push: a chat line was not pushed"),
        }
    }

    /// Refuses the actions of a seat whose member is suspended, or that the member's session
    /// took and that session ended.
    async fn check_may_act(&self) -> Result<(), Refusal> {
        let Some(member_id) = &self.seat_member else { return Ok(()) };
        let pool = self.app.members.pool();
        if let (true, Some(sign_in)) = (self.seated_by_session, &self.sign_in) {
            if sessions::member(pool, sign_in).await.map_err(Refusal::storage)?.is_some() {
                return Ok(());
            }
        }
        match suspensions::in_force(pool, member_id).await.map_err(Refusal::storage)? {
            true => Err(suspensions::refusal()),
            false if self.seated_by_session => Err(Refusal::not_signed_in()),
            false => Ok(()),
        }
    }

    /// The win may be claimed once `opponent` has been away for the abandon time.
    fn check_away(&self, opponent: Color) -> Result<(), Refusal> {
        let (away, wait) = (self.room.absent_for(opponent, real_ms()), self.app.abandon_ms);
        if away < wait {
            let message =
                format!("your opponent has been away {} s of the {} s needed", away / 1000, wait / 1000);
            return Err(Refusal::new(Code::NotNow, message));
        }
        Ok(())
    }

    /// `by` plays `mv` as move `ply`: the acknowledgement (or the news that the mover's time
    /// ran out first).
    async fn play(&self, by: Color, ply: usize, mv: String) -> Result<Option<ServerMsg>, Refusal> {
        let command = Command::Play { by, ply, mv };
        let event = match self.room.apply(command.clone()).await {
            // The client saw a move this instance missed (another instance's note was lost):
            // read the game again at once, and try once more.
            Err(refusal) if refusal.code == Code::PlyAhead => {
                self.room.refresh().await;
                self.room.apply(command).await
            }
            event => event,
        }?;
        Ok(Some(match event {
            Event::Moved(m) => ServerMsg::Ack { ply, mv: m.to_string(), duplicate: false },
            Event::Resent(m) => ServerMsg::Ack { ply, mv: m.to_string(), duplicate: true },
            // A move gives no other event than the end on time, when the mover's flag fell first.
            _ => {
                let refusal = Refusal::new(Code::GameOver, "your time ran out before the move");
                ServerMsg::error(refusal, Some("move".into()))
            }
        }))
    }

    async fn subscribe(
        &mut self,
        token: Option<String>,
        member: bool,
        reply: &mut Reply,
    ) -> Result<(), Refusal> {
        if self.seat.is_some() {
            return Err(Refusal::new(Code::NotNow, "already subscribed"));
        }
        let pool = self.app.members.pool();
        let signed_in = match &self.sign_in {
            Some(session) => sessions::member(pool, session).await.map_err(Refusal::storage)?,
            None => None,
        };
        let seat = match (token, member) {
            (None, false) => None,
            (Some(token), false) => Some(self.room.snapshot().await.seat_of(&token).ok_or_else(|| {
                Refusal::new(Code::BadToken, "this token holds no seat in this game (watch without a token)")
            })?),
            (None, true) => Some(self.member_seat(signed_in.as_ref()).await?),
            (Some(_), true) => return Err(Refusal::field("member", "send a token or member, not both")),
        };
        self.seated_by_session = member;
        if let Some(color) = seat {
            self.seat_member =
                suspensions::seat_holder(pool, &self.room.id, color).await.map_err(Refusal::storage)?;
            self.check_may_act().await?;
        }
        let chat = match (signed_in, &self.sign_in) {
            (Some(who), Some(session)) => {
                self.signed_in = Some(who.id.clone());
                Some(ChatSeat::take(&self.app.chat, &self.room.id, who, session).await?)
            }
            _ => None,
        };
        self.seat = Some(seat);
        if let Some(color) = seat {
            self.room.presence(color, true);
            self.excuse_lost_instance(color).await;
        }
        let (receiver, view) = self.room.watch(seat, self.app.abandon_ms).await;
        reply.receiver = Some(receiver);
        reply.messages.push(view);
        if let Some(chat) = chat {
            reply.chat = Some(self.app.chat.listen(&self.room.id));
            reply.messages.push(chat.history(&self.app.chat, &self.room.id).await?);
            self.chat = Some(chat);
        }
        Ok(())
    }

    /// Gives back the time `color`'s clock ran while its seat was cut off by the loss of the
    /// instance it was on, if it was (the instance was found lost before the seat came back).
    async fn excuse_lost_instance(&self, color: Color) {
        let now = now_ms();
        if let Some(lost) = self.app.hub.instances.take_lost(&(self.room.id.clone(), color), now) {
            self.room.excuse(color, lost, now).await;
        }
    }

    /// The seat the signed-in member took in this game (on whatever device).
    async fn member_seat(&self, signed_in: Option<&Member>) -> Result<Color, Refusal> {
        let none = || Refusal::new(Code::BadToken, "no seat of yours in this game (sign in, or watch)");
        let member = signed_in.ok_or_else(none)?;
        let pool = self.app.members.pool();
        let seat = games::seat_in(pool, &self.room.id, &member.id).await.map_err(Refusal::storage)?;
        let seat = seat.ok_or_else(none)?;
        // When they came tells a tournament's no-show who was there (see tournaments::director).
        games::note_taken(pool, &self.room.id, seat, now_ms()).await.map_err(Refusal::storage)?;
        Ok(seat)
    }
}

fn type_name(msg: &ClientMsg) -> &'static str {
    match msg {
        ClientMsg::Subscribe { .. } => "subscribe",
        ClientMsg::Move { .. } => "move",
        ClientMsg::Resign => "resign",
        ClientMsg::Abort => "abort",
        ClientMsg::Offer { .. } => "offer",
        ClientMsg::Accept { .. } => "accept",
        ClientMsg::Decline { .. } => "decline",
        ClientMsg::Claim => "claim",
        ClientMsg::Ping => "ping",
        ClientMsg::Chat { .. } => "chat",
    }
}
