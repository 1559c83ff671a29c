//! One simulated game: created on red's server, joined on blue's, each seat subscribed over
//! its own WebSocket. It follows the game with the rules engine, plays random legal moves,
//! and times each from the send to the mover's `ack` and to the opponent's `moved`.

use super::http::Http;
use super::tally::{micros, Tally};
use crate::ai::Rng;
use crate::rules::{ByColor, Color, Game, Position, Rules};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// How long a player waits for any one answer before counting it lost.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// Every game's clock: long enough that no flag falls during a run, yet timed, so that the
/// server runs its flag timer as in a real game.
fn clock() -> Value {
    json!({ "kind": "live", "seconds": 1800, "increment": 5 })
}

type Socket = WebSocketStream<TcpStream>;

/// A game held by two simulated players.
pub struct Table {
    game: Game,
    sockets: ByColor<Socket>,
}

/// Where a game is after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// It goes on.
    Playing,
    /// The move ended it.
    Over,
}

impl Table {
    /// Opens a game: created through `servers[seats.red]` with red's seat, joined through
    /// `servers[seats.blue]`, each seat subscribed on its own server.
    pub async fn open(servers: &mut [Http], seats: ByColor<usize>) -> Result<Table, String> {
        let body = json!({ "name": "bench red", "color": "red", "clock": clock() });
        let created = servers[seats.red].post("create", "/api/games", &body).await?;
        let id = created["id"].as_str().ok_or("create: no id")?;
        let path = format!("/api/games/{id}/join");
        let joined = servers[seats.blue].post("join", &path, &json!({ "name": "bench blue" })).await?;
        let mut red = connect(servers[seats.red].addr(), id).await?;
        let view = subscribe(&mut red, &created["token"]).await?;
        let mut blue = connect(servers[seats.blue].addr(), id).await?;
        subscribe(&mut blue, &joined["token"]).await?;
        Ok(Table { game: game_of(&view)?, sockets: ByColor::new(red, blue) })
    }

    /// Plays a random legal move and waits until its mover has the `ack` and the opponent
    /// the `moved`, counting both in `tally`. An error names what went wrong.
    pub async fn play_move(&mut self, rng: &mut Rng, tally: &mut Tally) -> Result<Step, String> {
        let moves = self.game.legal_moves();
        let m =
            *moves.get(rng.below(moves.len() as u64) as usize).ok_or("no legal move in a game in play")?;
        let (ply, mover) = (self.game.history().len(), self.game.position().turn());
        let text = json!({ "type": "move", "ply": ply, "move": m.to_string() }).to_string();
        let ByColor { red, blue } = &mut self.sockets;
        let (own, other) = if mover == Color::Red { (red, blue) } else { (blue, red) };
        let sent = Instant::now();
        tally.sent += 1;
        own.send(Message::text(text)).await.map_err(|_| "send failed")?;
        let ack = async {
            let ack = timeout(PATIENCE, until(own, "ack", ply)).await.map_err(|_| "no ack in time")?;
            ack.map(|_| sent.elapsed())
        };
        let delivery = async {
            let moved =
                timeout(PATIENCE, until(other, "moved", ply)).await.map_err(|_| "move not delivered")?;
            match moved?["move"].as_str() {
                Some(seen) if seen == m.to_string() => Ok(sent.elapsed()),
                _ => Err("the opponent was told another move".to_string()),
            }
        };
        let (ack, delivery) = tokio::join!(ack, delivery);
        if let Ok(took) = ack {
            tally.acked += 1;
            tally.ack_us.push(micros(took));
        }
        if let Ok(took) = delivery {
            tally.delivered += 1;
            tally.delivery_us.push(micros(took));
        }
        ack.and(delivery)?;
        self.game.play(m).map_err(|e| format!("own move refused by the engine: {e}"))?;
        Ok(if self.game.outcome().is_some() { Step::Over } else { Step::Playing })
    }

    /// Closes both connections.
    pub async fn close(mut self) {
        for color in Color::ALL {
            let _ = self.sockets[color].close(None).await;
        }
    }
}

async fn connect(addr: &str, id: &str) -> Result<Socket, String> {
    let stream = TcpStream::connect(addr).await.map_err(|e| format!("connect: {}", e.kind()))?;
    stream.set_nodelay(true).map_err(|e| format!("connect: {}", e.kind()))?;
    // Small buffers: the bench holds tens of thousands of these, for small messages.
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .map_err(|e| format!("WebSocket handshake: {e}"))?;
    Ok(socket)
}

async fn subscribe(socket: &mut Socket, token: &Value) -> Result<Value, String> {
    let text = json!({ "type": "subscribe", "token": token }).to_string();
    socket.send(Message::text(text)).await.map_err(|_| "send failed")?;
    let subscribed =
        timeout(PATIENCE, until(socket, "subscribed", None)).await.map_err(|_| "subscribe: no answer")?;
    Ok(subscribed?["game"].take())
}

/// Reads messages until one of type `kind` (for `ply`, if given), skipping the others a
/// player sees meanwhile: presence notices and the echoes of earlier moves.
async fn until(socket: &mut Socket, kind: &str, ply: impl Into<Option<usize>>) -> Result<Value, String> {
    let ply = ply.into();
    loop {
        let msg: Value = match socket.next().await {
            Some(Ok(Message::Text(text))) => serde_json::from_str(&text).map_err(|_| "unreadable message")?,
            Some(Ok(Message::Close(_))) | None => return Err("connection closed".into()),
            Some(Err(_)) => return Err("connection failed".into()),
            Some(Ok(_)) => continue,
        };
        match msg["type"].as_str() {
            Some(t) if t == kind && ply.is_none_or(|p| msg["ply"] == p) => return Ok(msg),
            Some("error") => return Err(format!("server error {}", msg["code"].as_str().unwrap_or("?"))),
            // A client too slow to read is sent the whole game in place of the moves it missed.
            Some("state") => return Err("state in place of a move".into()),
            _ => {}
        }
    }
}

/// The engine's game from the server's view of it (a `GameView`).
pub fn game_of(view: &Value) -> Result<Game, String> {
    let rules: Rules = view["rules"].as_str().unwrap_or("").parse().map_err(|e| format!("rules: {e}"))?;
    let fen = view["fen"].as_str().ok_or("the game has no fen")?;
    let mut game = Game::from_position(Position::from_fen(fen, rules).map_err(|e| format!("fen: {e}"))?);
    for m in view["moves"].as_array().into_iter().flatten() {
        game.play_text(m.as_str().unwrap_or("")).map_err(|e| format!("stored move: {e}"))?;
    }
    Ok(game)
}
