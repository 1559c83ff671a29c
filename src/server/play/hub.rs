//! The rooms of the games this instance holds, loaded from the database on first use, and
//! the creation and joining of games.

use super::instances::Instances;
use super::lobby::Lobby;
use super::protocol::{CreateGame, JoinGame, Seated};
use super::room::Room;
use super::stored::Stored;
use crate::rules::{Color, Game, Position, Rules, RulesError};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::event::{Command, Event};
use crate::server::game::match_state::{Match, Seat};
use crate::server::game::token;
use crate::server::http::one_line::one_line;
use crate::server::storage::db::Db;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use unicode_normalization::UnicodeNormalization;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The longest rule text, in bytes.
pub const MAX_RULES_BYTES: usize = 512;
/// The longest start position, in bytes.
pub const MAX_FEN_BYTES: usize = 128;

/// Stored changes a slow listener may fall behind by.
const STORED_BACKLOG: usize = 256;

/// The games held in memory.
pub struct Hub {
    /// The database.
    pub db: Db,
    /// This instance's id among the instances sharing a PostgreSQL database.
    pub instance: Arc<str>,
    /// The lobby's limits.
    pub lobby: Lobby,
    /// The other instances sharing the database.
    pub instances: Instances,
    /// The changes stored here, told as they are stored.
    pub stored: broadcast::Sender<Arc<Stored>>,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
}

impl Hub {
    /// An empty hub on `db`.
    pub fn new(db: Db, lobby: Lobby) -> Hub {
        let instance = token::new_game_id();
        let instances = Instances::new(&instance);
        let stored = broadcast::channel(STORED_BACKLOG).0;
        Hub { db, instance: instance.into(), lobby, instances, stored, rooms: Mutex::new(HashMap::new()) }
    }

    /// Every room loaded here.
    pub fn rooms(&self) -> Vec<Arc<Room>> {
        self.rooms.lock().expect("rooms lock").values().cloned().collect()
    }

    /// Loads every game being played, so that their clocks run with nobody connected.
    pub async fn load_playing(&self) -> Result<usize, sqlx::Error> {
        let ids = self.db.playing().await?;
        for id in &ids {
            if let Err(e) = self.room(id).await {
                tracing::warn!(game = %id, error = %e, "game not resumed");
            }
        }
        Ok(ids.len())
    }

    /// The room of a game, if it is loaded here.
    pub fn loaded(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.lock().expect("rooms lock").get(id).cloned()
    }

    /// The room of a game, loaded from the database if needed.
    pub async fn room(&self, id: &str) -> Result<Arc<Room>, Refusal> {
        if let Some(room) = self.loaded(id) {
            return Ok(room);
        }
        let game = self.room_game(id).await?;
        let mut rooms = self.rooms.lock().expect("rooms lock");
        // Another request may have loaded it meanwhile: keep the first.
        let room = rooms.entry(id.to_string()).or_insert_with(|| {
            let room = Room::new(game, self.db.clone(), self.instance.clone(), self.stored.clone());
            // The connections the other instances hold were announced before it was loaded.
            for (instance, count) in self.instances.seats_of(id) {
                room.heard(&instance, count);
            }
            room
        });
        Ok(room.clone())
    }

    /// A game as it is now, from its room if loaded, else from the database.
    pub async fn snapshot(&self, id: &str) -> Result<Match, Refusal> {
        match self.loaded(id) {
            Some(room) => Ok(room.snapshot().await),
            None => self.room_game(id).await,
        }
    }

    async fn room_game(&self, id: &str) -> Result<Match, Refusal> {
        if !token::is_game_id(id) {
            return Err(Refusal::new(Code::NotFound, "this is not a game id"));
        }
        let not_found = || Refusal::new(Code::NotFound, format!("there is no game {id}"));
        self.db.load(id).await.map_err(Refusal::storage)?.ok_or_else(not_found)
    }

    /// A connection enters a game's room: the room stays loaded while anyone is in it.
    pub async fn enter(&self, id: &str) -> Result<Arc<Room>, Refusal> {
        let room = self.room(id).await?;
        let mut rooms = self.rooms.lock().expect("rooms lock");
        // If the room was forgotten meanwhile, it is put back: one room per game.
        let room = rooms.entry(id.to_string()).or_insert(room).clone();
        room.users.fetch_add(1, Ordering::SeqCst);
        Ok(room)
    }

    /// A connection leaves: a room nobody is in and whose clock does not run is forgotten
    /// (and read again when needed).
    pub fn leave(&self, room: &Arc<Room>) {
        let mut rooms = self.rooms.lock().expect("rooms lock");
        let last = room.users.fetch_sub(1, Ordering::SeqCst) == 1;
        if last && !room.clock_running() && rooms.get(&room.id).is_some_and(|r| Arc::ptr_eq(r, room)) {
            rooms.remove(&room.id);
        }
    }

    /// Creates a game from a checked request by a client at `ip`; the creator's seat and token.
    pub async fn create(&self, request: CreateGame, ip: IpAddr) -> Result<Seated, Refusal> {
        let name = check_name(&request.name)?;
        let rules = check_rules(request.rules.as_deref().unwrap_or(""))?;
        let start = match request.fen.as_deref() {
            None => Position::new(rules),
            Some(fen) if fen.len() > MAX_FEN_BYTES => {
                return Err(Refusal::field("fen", format!("fen is limited to {MAX_FEN_BYTES} bytes")))
            }
            Some(fen) => Position::from_fen(fen, rules)
                .map_err(|e| Refusal::field("fen", format!("fen: {e}")).caused_by(&e))?,
        };
        let game = Game::from_position(start);
        if game.outcome().is_some() {
            return Err(Refusal::field("fen", "fen: the game is already over in this position"));
        }
        request.clock.check().map_err(|message| Refusal::field("clock", message))?;
        let color = check_color(request.color.as_deref())?;
        let seat_token = token::new_token();
        let seat = Seat { name, token_digest: token::digest(&seat_token) };
        let id = token::new_game_id();
        let creator = token::digest(&ip.to_string());
        let _one_at_a_time = self.lobby.creating.lock().await;
        let now = now_ms();
        let open =
            self.db.open_games_of(&creator, self.lobby.oldest_open(now)).await.map_err(Refusal::storage)?;
        if open >= i64::from(self.lobby.open_per_ip) {
            let message =
                format!("this address has {open} games waiting for an opponent: play or abort one first");
            return Err(Refusal::new(Code::RateLimited, message));
        }
        let mut created = Match::open(id.clone(), game, request.clock, color, seat, now);
        created.creator = Some(creator);
        created.rated = request.rated;
        self.db.insert(created).await.map_err(Refusal::storage)?;
        Ok(Seated { id, token: seat_token, color: color.name().into() })
    }

    /// Seats a second player in an open game; the clocks start.
    pub async fn join(&self, id: &str, request: JoinGame) -> Result<Seated, Refusal> {
        let name = check_name(&request.name)?;
        let room = self.enter(id).await?;
        let seat_token = token::new_token();
        let seat = Seat { name, token_digest: token::digest(&seat_token) };
        let joined = room.apply(Command::Join(seat)).await;
        self.leave(&room);
        let Event::Joined(color) = joined? else { unreachable!("joining gives no other event") };
        Ok(Seated { id: id.to_string(), token: seat_token, color: color.name().into() })
    }

    /// Loads game `id` so that its clock runs (a rematch, started at once); it stays loaded
    /// only while its clock runs or someone is in its room.
    pub async fn hold(&self, id: &str) -> Result<(), Refusal> {
        let room = self.enter(id).await?;
        self.leave(&room);
        Ok(())
    }
}

/// The rules of a rule text (empty: the standard rules), or a refusal naming the field `rules`.
pub fn check_rules(text: &str) -> Result<Rules, Refusal> {
    if text.len() > MAX_RULES_BYTES {
        return Err(Refusal::field("rules", format!("rules are limited to {MAX_RULES_BYTES} bytes")));
    }
    text.parse().map_err(|e: RulesError| Refusal::field("rules", format!("rules: {e}")).caused_by(&e))
}

/// The side asked for: `red`, `blue`, or `random` (the default) drawn here.
pub fn check_color(color: Option<&str>) -> Result<Color, Refusal> {
    match color {
        None | Some("random") => Ok(if token::coin() { Color::Red } else { Color::Blue }),
        Some("red") => Ok(Color::Red),
        Some("blue") => Ok(Color::Blue),
        Some(_) => Err(Refusal::field("color", "color must be red, blue or random")),
    }
}

/// A display name: one line of 1 to [`MAX_NAME_CHARS`] visible characters ([`one_line`]),
/// trimmed, in NFC (one way to write each letter).
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = one_line(name, "name", MAX_NAME_CHARS).map_err(|message| Refusal::field("name", message))?;
    Ok(name.nfc().collect())
}
