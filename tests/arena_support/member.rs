//! A simulated member in an arena: whenever the event stream shows them a new game, they take
//! their seat over a WebSocket with their session cookie, as the page does, and play random
//! legal moves after think times until the game ends (or resign at a ply drawn for the game,
//! so that games have various lengths and results); then they wait for the next pairing.

use super::events::{connect, Seen};
use futures_util::{SinkExt, StreamExt};
use jungle::ai::Rng;
use jungle::load::table::game_of;
use jungle::load::tally::micros;
use jungle::rules::{Color, Game};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// A player's think time before each move, in ms.
const THINK_MS: RangeInclusive<u64> = 300..=1200;
/// The ply at which a game's side to move resigns, drawn for each game.
const RESIGN_AT: RangeInclusive<u64> = 20..=80;
/// How long a player waits for any one message before counting the game failed.
const PATIENCE: Duration = Duration::from_secs(30);

/// A signed-up member registered in the arena.
pub struct Member {
    /// Their loopback address.
    pub from: [u8; 4],
    /// Their session.
    pub cookie: String,
    /// The instance they use (`host:port`).
    pub server: String,
}

/// What a member measured.
#[derive(Default)]
pub struct Measured {
    /// Games played to their end.
    pub games: u64,
    /// For each game that was followed by another: µs from its end to the next pairing seen.
    pub pairing_us: Vec<u32>,
    /// For each move: µs from its send to its `ack`.
    pub move_us: Vec<u32>,
    /// Times a player fell behind the game (a move missed) and subscribed again, as the page
    /// does.
    pub resubscribed: u64,
    /// What went wrong.
    pub errors: Vec<String>,
}

impl Measured {
    /// Adds `other`'s figures to these.
    pub fn merge(&mut self, other: Measured) {
        self.games += other.games;
        self.pairing_us.extend(other.pairing_us);
        self.move_us.extend(other.move_us);
        self.resubscribed += other.resubscribed;
        self.errors.extend(other.errors);
    }
}

/// Plays every game the stream (`seen`) shows `member` until the tournament finishes.
pub async fn take_part(member: Member, seed: u64, mut seen: watch::Receiver<Seen>) -> Measured {
    let mut measured = Measured::default();
    let mut rng = Rng::new(seed);
    let mut played = HashSet::new();
    let mut ended: Option<Instant> = None;
    loop {
        let next = loop {
            let now = seen.borrow_and_update().clone();
            if now.finished {
                break None;
            }
            if let Some(game) = now.game.filter(|game| !played.contains(game)) {
                break Some(game);
            }
            if seen.changed().await.is_err() {
                break None;
            }
        };
        let Some(game) = next else { return measured };
        if let Some(end) = ended.take() {
            measured.pairing_us.push(micros(end.elapsed()));
        }
        played.insert(game.clone());
        match play(&member, &game, &mut rng, &mut measured).await {
            Ok(()) => {
                measured.games += 1;
                ended = Some(Instant::now());
            }
            Err(e) => measured.errors.push(e),
        }
    }
}

type Socket = WebSocketStream<TcpStream>;

/// One game as a player follows it.
struct Board {
    game: Game,
    mine: Color,
    over: bool,
    /// Messages were missed (the server says so, or a move arrived ahead): subscribe again.
    behind: bool,
}

impl Board {
    /// The game as the answer to a subscription on `socket` shows it.
    async fn subscribed(socket: &mut Socket) -> Result<Board, String> {
        let subscribed = until(socket, |msg| msg["type"] == "subscribed").await?;
        let mine = match subscribed["seat"].as_str() {
            Some("red") => Color::Red,
            Some("blue") => Color::Blue,
            _ => return Err("subscribed without a seat".into()),
        };
        let over = subscribed["game"]["status"] == "over";
        Ok(Board { game: game_of(&subscribed["game"])?, mine, over, behind: false })
    }

    /// Whether the player is to move.
    fn to_move(&self) -> bool {
        self.game.position().turn() == self.mine && self.game.outcome().is_none()
    }

    /// Follows the game by a message from the server.
    fn read(&mut self, msg: &Value) -> Result<(), String> {
        match msg["type"].as_str() {
            Some("moved") => {
                let ply = self.game.history().len();
                if msg["ply"] == ply {
                    let text = msg["move"].as_str().unwrap_or("");
                    self.game.play_text(text).map_err(|e| format!("the opponent's move: {e}"))?;
                } else if msg["ply"].as_u64().is_some_and(|p| p > ply as u64) {
                    self.behind = true;
                }
                self.over |= msg["status"] != "playing";
            }
            Some("state") => {
                if msg["game"]["status"] == "over" {
                    self.over = true;
                } else {
                    // Sent in place of messages a slow reader missed: the whole game.
                    self.game = game_of(&msg["game"])?;
                }
            }
            Some("error") if msg["code"] == "stale_move" => self.behind = true,
            Some("error") => return Err(format!("server error {}", msg["code"])),
            _ => {}
        }
        Ok(())
    }
}

/// Plays game `id` to its end.
async fn play(member: &Member, id: &str, rng: &mut Rng, measured: &mut Measured) -> Result<(), String> {
    let mut socket = seat(member, id).await?;
    let mut board = Board::subscribed(&mut socket).await?;
    let resign_at = draw(rng, &RESIGN_AT) as usize;
    while !board.over {
        if board.behind {
            measured.resubscribed += 1;
            let _ = socket.close(None).await;
            socket = seat(member, id).await?;
            board = Board::subscribed(&mut socket).await?;
            continue;
        }
        if !board.to_move() {
            let msg = next(&mut socket).await?;
            board.read(&msg)?;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(draw(rng, &THINK_MS))).await;
        let ply = board.game.history().len();
        if ply >= resign_at {
            send(&mut socket, json!({ "type": "resign" })).await?;
            while !board.over && !board.behind {
                let msg = next(&mut socket).await?;
                board.read(&msg)?;
            }
            continue;
        }
        let moves = board.game.legal_moves();
        let m = moves[rng.below(moves.len() as u64) as usize];
        let sent = Instant::now();
        send(&mut socket, json!({ "type": "move", "ply": ply, "move": m.to_string() })).await?;
        while !board.over && !board.behind {
            let msg = next(&mut socket).await?;
            if msg["type"] == "ack" && msg["ply"] == ply {
                measured.move_us.push(micros(sent.elapsed()));
                if board.game.history().len() == ply {
                    board.game.play(m).map_err(|e| format!("own move refused by the engine: {e}"))?;
                }
                break;
            }
            board.read(&msg)?;
        }
    }
    let _ = socket.close(None).await;
    Ok(())
}

fn draw(rng: &mut Rng, range: &RangeInclusive<u64>) -> u64 {
    range.start() + rng.below(range.end() - range.start() + 1)
}

/// `member`'s WebSocket to game `id`, from their address, with their session and the club's
/// origin; subscribed to play their seat.
async fn seat(member: &Member, id: &str) -> Result<Socket, String> {
    let stream = connect(&member.server, member.from).await?;
    let mut request = format!("ws://{}/api/games/{id}/ws", member.server)
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let headers = request.headers_mut();
    let origin = format!("http://{}", member.server);
    headers.insert("origin", origin.parse().map_err(|_| "origin")?);
    let cookie = format!("jungle_session={}", member.cookie);
    headers.insert("cookie", cookie.parse().map_err(|_| "cookie")?);
    let (mut socket, _) =
        tokio_tungstenite::client_async(request, stream).await.map_err(|e| format!("WebSocket: {e}"))?;
    send(&mut socket, json!({ "type": "subscribe", "member": true })).await?;
    Ok(socket)
}

async fn send(socket: &mut Socket, msg: Value) -> Result<(), String> {
    socket.send(Message::text(msg.to_string())).await.map_err(|e| format!("send: {e}"))
}

/// The next JSON message.
async fn next(socket: &mut Socket) -> Result<Value, String> {
    loop {
        match timeout(PATIENCE, socket.next()).await.map_err(|_| "no message in time")? {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).map_err(|_| "an unreadable message".into())
            }
            Some(Ok(Message::Close(_))) | None => return Err("connection closed".into()),
            Some(Err(e)) => return Err(format!("connection failed: {e}")),
            Some(Ok(_)) => {}
        }
    }
}

/// The next message `wanted` is true of.
async fn until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Result<Value, String> {
    loop {
        let msg = next(socket).await?;
        if msg["type"] == "error" {
            return Err(format!("server error {}", msg["code"]));
        }
        if wanted(&msg) {
            return Ok(msg);
        }
    }
}
