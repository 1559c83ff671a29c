//! A game room: the game held in memory, the connections watching it (a broadcast channel of
//! JSON texts), its flag timer, and the one path by which the game changes: a command is
//! applied to a copy by the referee, its event stored as one change, then the copy made
//! current and the event announced as one message.

use super::presence::{Presence, SeatState};
use super::protocol::{AwayView, ResultView, ServerMsg};
use super::stored::Stored;
use crate::rules::{ByColor, Color};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::game::event::{Command, Event};
use crate::server::game::match_state::Match;
use crate::server::storage::batches::{MovesChange, Save};
use crate::server::storage::db::{Backend, Db};
use crate::server::storage::note::{Moved, Note};
use crate::server::time::real_ms;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

/// Messages a slow client may fall behind by before it is sent the whole game again (each
/// room allocates them all).
const BACKLOG: usize = 16;

/// The one stored change of `event`, which made `game` (its version already the next); none
/// if the event changes nothing.
fn stored_change(game: Match, event: &Event) -> Option<Save> {
    let moves = match event {
        Event::Moved(_) => MovesChange::Append,
        Event::TookBack => MovesChange::Truncate,
        Event::Resent(_) | Event::Unchanged => return None,
        Event::Joined(_)
        | Event::Ended
        | Event::Offered
        | Event::Declined
        | Event::Rematch(_)
        | Event::CountedFromNow
        | Event::Excused
        | Event::VacationChanged => MovesChange::None,
    };
    // A rematch is stored in the same transaction as the game that agreed it.
    let also = match event {
        Event::Rematch(new) => Some(Match::clone(new)),
        _ => None,
    };
    Some(Save { game, moves, also, flag: false })
}

/// One game and the connections to it.
pub struct Room {
    /// The game id.
    pub id: String,
    db: Db,
    /// The game, locked by a change from its command until it is stored and announced.
    game: tokio::sync::Mutex<Match>,
    /// The game as last stored or read: what readers are given without waiting for a change
    /// being stored (which waits as long as the database is away).
    shown: Mutex<Match>,
    sender: broadcast::Sender<Arc<str>>,
    /// This server instance's id (for presence reports).
    instance: Arc<str>,
    presence: Mutex<Presence>,
    timer: Mutex<Option<AbortHandle>>,
    /// Where the changes stored here are told.
    stored: broadcast::Sender<Arc<Stored>>,
    /// The changes of the command being applied, told once it is done (its conditional
    /// answer too: a "your move" of a move answered at once is then seen to be out of date).
    untold: Mutex<Vec<Arc<Stored>>>,
    /// Connections in the room (counted by the hub, under its lock).
    pub users: AtomicUsize,
}

impl Room {
    /// A room for a game read from the database; its clock starts ticking here; the changes
    /// it stores are told to `stored`.
    pub fn new(game: Match, db: Db, instance: Arc<str>, stored: broadcast::Sender<Arc<Stored>>) -> Arc<Room> {
        let (sender, _) = broadcast::channel(BACKLOG);
        let room = Arc::new(Room {
            id: game.id.clone(),
            db,
            shown: Mutex::new(game.clone()),
            game: tokio::sync::Mutex::new(game),
            sender,
            instance,
            presence: Mutex::new(Presence::new(real_ms())),
            timer: Mutex::new(None),
            stored,
            untold: Mutex::new(Vec::new()),
            users: AtomicUsize::new(0),
        });
        let deadline = room.game.try_lock().expect("a new room is not shared yet").deadline();
        room.schedule(deadline);
        room
    }

    /// Whether a flag timer is set.
    pub fn clock_running(&self) -> bool {
        self.timer.lock().expect("timer lock").is_some()
    }

    /// Each seat's connection now.
    pub fn seats(&self) -> ByColor<SeatState> {
        self.presence.lock().expect("presence lock").seats(real_ms())
    }

    /// How long `color`'s seat has had no connection at `now` (0 while it has one).
    pub fn absent_for(&self, color: Color, now: i64) -> i64 {
        self.presence.lock().expect("presence lock").absent_for(color, now)
    }

    /// The version of the game held; none while a change holds the game (the change brings
    /// it up to date itself if another instance changed it first).
    pub fn version(&self) -> Option<i64> {
        self.game.try_lock().ok().map(|game| game.version)
    }

    /// The game as it is now (as last stored: a change being stored is not waited for).
    pub async fn snapshot(&self) -> Match {
        self.shown.lock().expect("shown lock").clone()
    }

    /// Starts receiving the room's messages, with the whole game as it is at that moment
    /// (taken under the game's lock, so no change falls between the two) and `claim_after`,
    /// how long the side to move must be away before its opponent may claim the win.
    pub async fn watch(
        &self,
        seat: Option<Color>,
        claim_after: i64,
    ) -> (broadcast::Receiver<Arc<str>>, String) {
        let game = self.game.lock().await;
        let receiver = self.sender.subscribe();
        let view = ServerMsg::Subscribed {
            seat: seat.map(Color::name),
            game: game.view(now_ms(), self.seats()),
            claim_after,
        };
        (receiver, view.to_json())
    }

    /// The `state` message for the game now (to resynchronise a client that fell behind).
    pub async fn state_message(&self) -> String {
        let game = self.shown.lock().expect("shown lock").view(now_ms(), self.seats());
        ServerMsg::State { game }.to_json()
    }

    /// A connection takes (`arrive`) or leaves a seat: announced to the room, and reported
    /// to the other instances.
    pub fn presence(&self, color: Color, arrive: bool) {
        self.presence.lock().expect("presence lock").change(color, arrive, real_ms());
        self.db.notes(self.presence_note().into_iter().collect());
        self.announce_presence();
    }

    /// Another instance reports its connections to this game.
    pub fn heard(&self, instance: &str, count: ByColor<u32>) {
        if instance != &*self.instance {
            self.presence.lock().expect("presence lock").heard(instance, count, real_ms());
            self.announce_presence();
        }
    }

    /// Another instance was lost (no sign of life since `at`): its connections here count as
    /// closed then.
    pub fn lost(&self, instance: &str, at: i64) {
        self.presence.lock().expect("presence lock").lost(instance, at);
        self.announce_presence();
    }

    /// Since when `color`'s seat has had a connection on this instance, if it has one.
    pub fn here_since(&self, color: Color) -> Option<i64> {
        self.presence.lock().expect("presence lock").here_since(color)
    }

    /// `color`'s seat was on an instance lost at `lost`, and came back here at `back`: the time
    /// its clock ran meanwhile is given back (see [`outage`](crate::server::game::outage)).
    pub async fn excuse(self: &Arc<Self>, color: Color, lost: i64, back: i64) {
        match self.apply(Command::Excuse { color, lost, back }).await {
            Ok(Event::Excused) => {
                tracing::info!(game = %self.id, ?color, ms = back - lost, "time lost to a lost instance given back")
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "time lost to a lost instance not given back")
            }
        }
    }

    /// Announces expired reports; the note repeating this instance's connections to the
    /// others, if it holds any (the caller sends the notes of all rooms together).
    pub fn heartbeat(&self) -> Option<Note> {
        self.announce_presence();
        let held = self.presence.lock().expect("presence lock").local() != ByColor::new(0, 0);
        held.then(|| self.presence_note()).flatten()
    }

    /// This instance's connections on each seat, as a note for the others (PostgreSQL).
    fn presence_note(&self) -> Option<Note> {
        (self.db.backend == Backend::Postgres).then(|| Note::Presence {
            id: self.id.clone(),
            instance: self.instance.to_string(),
            count: self.presence.lock().expect("presence lock").local(),
        })
    }

    fn announce_presence(&self) {
        let now = real_ms();
        let mut presence = self.presence.lock().expect("presence lock");
        let Some(c) = presence.news(now) else { return };
        let seats = presence.seats(now);
        drop(presence);
        let away = AwayView { red: seats.red.away, blue: seats.blue.away };
        self.announce(ServerMsg::Presence { red: c.red, blue: c.blue, away }.to_json());
    }

    fn announce(&self, json: String) {
        // No receiver is fine: nobody is watching.
        let _ = self.sender.send(json.into());
    }

    /// Applies `command` to a copy of the game; if its event changes the game, stores the
    /// change and only then makes it the game and announces it. Returns the event. If another
    /// server instance changed the game first, reads it again and tries once more.
    /// A stored move may bring the conditional moves of the side to move now: see
    /// [`answer_conditional`](Room::answer_conditional).
    pub async fn apply(self: &Arc<Self>, command: Command) -> Result<Event, Refusal> {
        let mut game = self.game.lock().await;
        let event = self.change(&mut game, command).await;
        if let Ok(event) = &event {
            self.after_change(&mut game, event).await;
        }
        for change in std::mem::take(&mut *self.untold.lock().expect("untold lock")) {
            // No listener left is fine: nobody is told.
            let _ = self.stored.send(change);
        }
        event
    }

    /// Applies `command` to a copy of `game`, stores it and announces it (see [`apply`](Room::apply)).
    async fn change(self: &Arc<Self>, game: &mut Match, command: Command) -> Result<Event, Refusal> {
        for _ in 0..3 {
            let mut next = game.clone();
            let event = next.apply(command.clone(), now_ms())?;
            next.version = game.version + 1;
            let Some(mut change) = stored_change(next, &event) else { return Ok(event) };
            change.flag = matches!(command, Command::Flag);
            let Some(stored) = self.db.save(change).await.map_err(Refusal::storage)? else {
                let fresh = self.db.load(&self.id).await.map_err(Refusal::storage)?;
                let fresh = fresh.ok_or_else(|| Refusal::new(Code::NotFound, "the game was deleted"))?;
                self.set(game, fresh);
                self.announce_state(game);
                self.schedule(game.deadline());
                continue;
            };
            self.set(game, stored.game);
            self.publish(game, &event);
            self.tell_stored(game, &event);
            self.schedule(game.deadline());
            return Ok(event);
        }
        Err(Refusal::new(Code::Storage, "the game keeps changing elsewhere; try again"))
    }

    /// The conditional moves after a change this instance stored: a move may be answered by
    /// them (and the answer by the opponent's, and so on); a takeback or the end of the game
    /// makes them all out of date. Their failures are logged: the change itself is stored.
    async fn after_change(self: &Arc<Self>, game: &mut Match, event: &Event) {
        let mut moved = matches!(event, Event::Moved(_));
        while moved && game.status == Status::Playing {
            moved = self.answer_conditional(game).await;
        }
        let outdated = game.status == Status::Over || matches!(event, Event::TookBack);
        if outdated && !matches!(event, Event::Unchanged | Event::Resent(_)) {
            if let Err(e) = self.db.clear_conditional(&self.id, None).await {
                tracing::warn!(game = %self.id, error = %e, "conditional moves not cleared");
            }
        }
    }

    /// The last move was stored by this instance: if the side to move now left a line starting
    /// with it, its answer is played as that side's move, through [`change`](Room::change) (one
    /// move wins a race with a move by hand on another instance: the versions decide), and the
    /// rest of the line kept; a move no line foresaw, or an answer not played, clears them.
    /// Whether the answer was played.
    async fn answer_conditional(self: &Arc<Self>, game: &mut Match) -> bool {
        let (side, ply) = (game.turn(), game.ply() - 1);
        let left = match self.db.conditional(&self.id, side).await {
            Ok(Some(left)) => left,
            Ok(None) => return false,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "conditional moves not read");
                return false;
            }
        };
        let played = game.game.moves()[ply].to_string();
        let foreseen = (left.0 == ply).then(|| left.1.after(&played)).flatten();
        // The rest of the lines, and whether this instance played the answer (a move by hand
        // stored elsewhere may have been the same: it was answered there).
        let (rest, played_here) = match foreseen {
            Some((answer, rest)) => {
                let command = Command::Play { by: side, ply: ply + 1, mv: answer };
                match self.change(game, command).await {
                    Ok(Event::Moved(_)) => (rest, true),
                    Ok(Event::Resent(_)) => (rest, false),
                    Ok(_) => Default::default(),
                    Err(e) => {
                        tracing::info!(game = %self.id, error = %e, "conditional move not played");
                        Default::default()
                    }
                }
            }
            None => Default::default(),
        };
        if let Err(e) = self.db.set_conditional(&self.id, side, ply + 2, &rest, now_ms()).await {
            tracing::warn!(game = %self.id, error = %e, "conditional moves not kept");
        }
        played_here
    }

    /// Keeps `event`, which made `game`, for the listeners of stored changes, if any: they
    /// are told when the command is done ([`apply`](Room::apply)).
    fn tell_stored(&self, game: &Match, event: &Event) {
        if self.stored.receiver_count() > 0 {
            let connected = self.presence.lock().expect("presence lock").connected(real_ms());
            let change = Stored { game: game.clone(), event: event.clone(), connected };
            self.untold.lock().expect("untold lock").push(Arc::new(change));
        }
    }

    /// Makes `new` the game, also for readers.
    fn set(&self, game: &mut Match, new: Match) {
        *self.shown.lock().expect("shown lock") = new.clone();
        *game = new;
    }

    fn announce_state(&self, game: &Match) {
        self.announce(ServerMsg::State { game: game.view(now_ms(), self.seats()) }.to_json());
    }

    /// Announces the game's last move.
    fn announce_moved(&self, game: &Match) {
        let ply = game.ply() - 1;
        self.announce(
            ServerMsg::Moved {
                ply,
                mv: game.game.moves()[ply].to_string(),
                by: game.mover(ply).name(),
                turn: game.turn().name(),
                status: game.status.name(),
                clocks: game.clocks_view(now_ms()),
                result: game.ending.as_ref().map(ResultView::of),
            }
            .to_json(),
        );
    }

    /// Announces a stored event: a move as `moved`, anything else as the whole game.
    fn publish(&self, game: &Match, event: &Event) {
        match event {
            Event::Moved(_) => self.announce_moved(game),
            Event::Rematch(new) => {
                self.announce_state(game);
                self.announce(ServerMsg::Rematch { game: new.id.clone() }.to_json());
            }
            _ => self.announce_state(game),
        }
    }

    /// Another instance stored `version` of the game, made by `moved` alone if given: the
    /// move is played here too when this room holds the version before (the referee gives
    /// the same game from the same game, move and time); otherwise the game is read again.
    pub async fn follow(self: &Arc<Self>, version: i64, moved: Option<Moved>) {
        let mut game = self.game.lock().await;
        if version <= game.version {
            return;
        }
        if let Some(m) = moved.filter(|m| version == game.version + 1 && m.ply == game.ply()) {
            let mut next = game.clone();
            let command = Command::Play { by: next.turn(), ply: m.ply, mv: m.mv };
            if let Ok(event @ Event::Moved(_)) = next.apply(command, m.at) {
                next.version = version;
                self.set(&mut game, next);
                self.publish(&game, &event);
                self.schedule(game.deadline());
                return;
            }
        }
        self.reload(&mut game).await;
    }

    /// Reads the game again (the notes from the other instances may have been missed).
    pub async fn refresh(self: &Arc<Self>) {
        let mut game = self.game.lock().await;
        self.reload(&mut game).await;
    }

    /// Reads the game again after another instance changed it, and announces the news.
    async fn reload(self: &Arc<Self>, game: &mut Match) {
        let fresh = match self.db.load(&self.id).await {
            Ok(Some(fresh)) if fresh.version > game.version => fresh,
            Ok(_) => return,
            Err(e) => return tracing::warn!(game = %self.id, error = %e, "cannot reload the game"),
        };
        let one_more = fresh.ply() == game.ply() + 1 && fresh.game.moves().starts_with(&game.game.moves());
        let missed_a_move = fresh.ply() > game.ply();
        let just_a_move = one_more && fresh.offer == game.offer;
        self.set(game, fresh);
        if just_a_move {
            self.announce_moved(game);
        } else {
            self.announce_state(game);
        }
        self.schedule(game.deadline());
        if missed_a_move {
            self.start_clock_now(game).await;
        }
    }

    /// This instance heard of a move late (a note was lost): if the side to move plays here,
    /// its player could not see the move before, so its clock starts now, and its flag does
    /// not fall for the time its instance was behind. Stored like any change; left as it is
    /// if the game changed elsewhere meanwhile or the database is away.
    async fn start_clock_now(self: &Arc<Self>, game: &mut Match) {
        let plays_here = self.presence.lock().expect("presence lock").local()[game.turn()] > 0;
        if !plays_here {
            return;
        }
        let mut next = game.clone();
        let Ok(event) = next.apply(Command::CountFromNow, now_ms()) else { return };
        next.version += 1;
        let Some(change) = stored_change(next, &event) else { return };
        if let Ok(Some(stored)) = self.db.save(change).await {
            self.set(game, stored.game);
            self.publish(game, &event);
            self.schedule(game.deadline());
        }
    }

    /// Sets the flag timer to fire at `deadline` (or clears it).
    fn schedule(self: &Arc<Self>, deadline: Option<i64>) {
        let mut timer = self.timer.lock().expect("timer lock");
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some(deadline) = deadline else { return };
        let room = Arc::downgrade(self);
        let task = tokio::spawn(async move {
            tokio::time::sleep(crate::server::time::wait_until(deadline)).await;
            let Some(room) = room.upgrade() else { return };
            // Boxed: the timer of every game in play sleeps, as small as it can be, until then.
            let flagged = Box::pin(room.apply(Command::Flag)).await;
            match flagged {
                Ok(Event::Unchanged) => {
                    // Woken early by a clock adjustment, or the game changed meanwhile: wait again.
                    let deadline = room.game.lock().await.deadline();
                    room.schedule(deadline);
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(game = %room.id, error = %e, "flag not stored; trying again in a second");
                    room.schedule(Some(now_ms() + 1000));
                }
            }
        });
        *timer = Some(task.abort_handle());
    }
}
