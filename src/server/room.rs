//! A game room: the game held in memory, the connections watching it (a broadcast channel of
//! JSON texts), its flag timer, and the one path by which the game changes — tried on a copy,
//! stored, then made current and announced.

use super::clock::now_ms;
use super::db::{Backend, Db};
use super::error::{Code, Refusal};
use super::note::{Moved, Note};
use super::presence::Presence;
use super::protocol::{ResultView, ServerMsg};
use super::referee::{Match, Played};
use super::store::{MovesChange, Save};
use crate::rules::{ByColor, Color};
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

/// Messages a slow client may fall behind by before it is sent the whole game again (each
/// room allocates them all).
const BACKLOG: usize = 16;

/// How a change is announced to the room.
pub enum Notice {
    /// The game's last move (the `moved` message).
    Moved,
    /// The whole game (the `state` message).
    State,
}

/// A change worked out on a copy of the game, to store and announce.
pub struct Change {
    /// What happens to the stored moves.
    pub moves: MovesChange,
    /// How to announce it.
    pub notice: Notice,
    /// A new game to store in the same transaction (a rematch).
    pub new_game: Option<Match>,
}

impl Change {
    /// A change announced by a `state` message, moves untouched.
    pub fn state() -> Change {
        Change { moves: MovesChange::None, notice: Notice::State, new_game: None }
    }
}

/// One game and the connections to it.
pub struct Room {
    /// The game id.
    pub id: String,
    db: Db,
    game: tokio::sync::Mutex<Match>,
    sender: broadcast::Sender<Arc<str>>,
    /// This server instance's id (for presence reports).
    instance: Arc<str>,
    presence: Mutex<Presence>,
    timer: Mutex<Option<AbortHandle>>,
    /// Connections in the room (counted by the hub, under its lock).
    pub users: AtomicUsize,
}

impl Room {
    /// A room for a game read from the database; its clock starts ticking here.
    pub fn new(game: Match, db: Db, instance: Arc<str>) -> Arc<Room> {
        let (sender, _) = broadcast::channel(BACKLOG);
        let room = Arc::new(Room {
            id: game.id.clone(),
            db,
            game: tokio::sync::Mutex::new(game),
            sender,
            instance,
            presence: Mutex::new(Presence::new(now_ms())),
            timer: Mutex::new(None),
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

    /// Which seats have a connection.
    pub fn connected(&self) -> ByColor<bool> {
        self.presence.lock().expect("presence lock").connected(now_ms())
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

    /// The game as it is now.
    pub async fn snapshot(&self) -> Match {
        self.game.lock().await.clone()
    }

    /// Starts receiving the room's messages, with the whole game as it is at that moment
    /// (taken under the game's lock, so no change falls between the two).
    pub async fn watch(&self, seat: Option<Color>) -> (broadcast::Receiver<Arc<str>>, String) {
        let game = self.game.lock().await;
        let receiver = self.sender.subscribe();
        let view = ServerMsg::Subscribed {
            seat: seat.map(Color::name),
            game: game.view(now_ms(), self.connected()),
        };
        (receiver, view.to_json())
    }

    /// The `state` message for the game now (to resynchronise a client that fell behind).
    pub async fn state_message(&self) -> String {
        ServerMsg::State { game: self.game.lock().await.view(now_ms(), self.connected()) }.to_json()
    }

    /// A connection takes (`arrive`) or leaves a seat: announced to the room, and reported
    /// to the other instances.
    pub fn presence(&self, color: Color, arrive: bool) {
        self.presence.lock().expect("presence lock").change(color, arrive, now_ms());
        self.db.notes(self.presence_note().into_iter().collect());
        self.announce_presence();
    }

    /// Another instance reports its connections to this game.
    pub fn heard(&self, instance: &str, count: ByColor<u32>) {
        if instance != &*self.instance {
            self.presence.lock().expect("presence lock").heard(instance, count, now_ms());
            self.announce_presence();
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
        let news = self.presence.lock().expect("presence lock").news(now_ms());
        if let Some(c) = news {
            self.announce(ServerMsg::Presence { red: c.red, blue: c.blue }.to_json());
        }
    }

    fn announce(&self, json: String) {
        // No receiver is fine: nobody is watching.
        let _ = self.sender.send(json.into());
    }

    /// Tries `attempt` on a copy of the game; if it makes a change, stores it and only then
    /// makes it the game and announces it. Returns what `attempt` returned. If another server
    /// instance changed the game first, reads it again and tries once more.
    pub async fn change<T>(
        self: &Arc<Self>,
        mut attempt: impl FnMut(&mut Match, i64) -> Result<(T, Option<Change>), Refusal>,
    ) -> Result<T, Refusal> {
        let mut game = self.game.lock().await;
        for _ in 0..3 {
            let mut next = game.clone();
            let (out, change) = attempt(&mut next, now_ms())?;
            let Some(Change { moves, notice, new_game }) = change else { return Ok(out) };
            next.version = game.version + 1;
            let save = Save { game: next, moves, also: new_game };
            let Some(stored) = self.db.save(save).await.map_err(Refusal::storage)? else {
                let fresh = self.db.load(&self.id).await.map_err(Refusal::storage)?;
                *game = fresh.ok_or_else(|| Refusal::new(Code::NotFound, "the game was deleted"))?;
                self.announce_state(&game);
                self.schedule(game.deadline());
                continue;
            };
            *game = stored.game;
            self.announce_change(&game, &Change { moves, notice, new_game: stored.also });
            self.schedule(game.deadline());
            return Ok(out);
        }
        Err(Refusal::new(Code::Storage, "the game keeps changing elsewhere; try again"))
    }

    fn announce_state(&self, game: &Match) {
        self.announce(ServerMsg::State { game: game.view(now_ms(), self.connected()) }.to_json());
    }

    fn announce_change(&self, game: &Match, change: &Change) {
        match change.notice {
            Notice::State => self.announce_state(game),
            Notice::Moved => {
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
        }
        if let Some(new) = &change.new_game {
            self.announce(ServerMsg::Rematch { game: new.id.clone() }.to_json());
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
            if let Ok(Played::Applied(_)) = next.play(next.turn(), m.ply, &m.mv, m.at) {
                next.version = version;
                *game = next;
                self.announce_change(
                    &game,
                    &Change { moves: MovesChange::Append, notice: Notice::Moved, new_game: None },
                );
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
        let notice = if one_more && fresh.offer == game.offer { Notice::Moved } else { Notice::State };
        let missed_a_move = fresh.ply() > game.ply();
        *game = fresh;
        self.announce_change(game, &Change { moves: MovesChange::None, notice, new_game: None });
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
        let now = now_ms();
        if !plays_here || !game.clock_running() || game.clocks.since >= now {
            return;
        }
        let mut next = game.clone();
        next.clocks.since = now;
        next.version += 1;
        if let Ok(Some(stored)) =
            self.db.save(Save { game: next, moves: MovesChange::None, also: None }).await
        {
            *game = stored.game;
            self.announce_state(game);
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
            let wait = (deadline - now_ms()).max(0) as u64;
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let Some(room) = room.upgrade() else { return };
            // Boxed: the timer of every game in play sleeps, as small as it can be, until then.
            let flagged = Box::pin(room.change(|game, now| {
                let fell = game.flag(now);
                Ok((fell, fell.then(Change::state)))
            }))
            .await;
            match flagged {
                Ok(true) => {}
                // Woken early by a clock adjustment, or the game changed meanwhile: wait again.
                Ok(false) => {
                    let deadline = room.game.lock().await.deadline();
                    room.schedule(deadline);
                }
                Err(e) => {
                    tracing::warn!(game = %room.id, error = %e, "flag not stored; trying again in a second");
                    room.schedule(Some(now_ms() + 1000));
                }
            }
        });
        *timer = Some(task.abort_handle());
    }
}
