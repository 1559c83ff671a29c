//! One game of the bridge: its stream read (and opened again after any drop), the engine asked
//! for a move whenever it is the bot's turn, the move sent. A move whose sending failed on the
//! way is not sent blindly again: the stream is opened anew, and its first line tells whether
//! the move arrived (the bot is no longer to move) or must be sent again (the same move, not
//! searched twice).

use super::bridge::Bridge;
use super::client::{Backoff, Failure, Lines};
use super::policy::{think_time, UNTIMED_MOVE_MS};
use super::wire::{Clock, Full, GameLine, State};
use crate::cli::protocol_engine::ProtocolEngine;
use jungle::rules::{Color, Game, Move, Position, Rules};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How much longer than its time an engine may take for a move before it counts as failed.
const ENGINE_GRACE: Duration = Duration::from_secs(10);
/// How many times an engine that failed to give a move is started again before the bot resigns.
const ENGINE_TRIES: usize = 3;

/// What the bridge knows of a game from its first line.
struct Seat {
    start: Position,
    color: Color,
    /// The increment, in milliseconds, of a real-time clock; `None` for no such clock.
    increment_ms: Option<u64>,
    engine: Arc<Mutex<ProtocolEngine>>,
}

/// What a game's stream left to do.
enum Flow {
    /// The game is over (or cannot be played): nothing more.
    Ended,
    /// The stream ended or broke, or a move was not acknowledged: open it again.
    Reopen,
}

/// A game as its task follows it.
struct Play {
    bridge: Arc<Bridge>,
    id: String,
    /// Known from the first `gameFull`.
    seat: Option<Seat>,
    /// The last move chosen, with the number of moves before it: sent again, not searched
    /// again, while the game still waits for it.
    chosen: Option<(usize, Move)>,
}

/// Plays the game `id` to its end.
pub async fn play(bridge: Arc<Bridge>, id: String) {
    let path = format!("api/bot/game/stream/{id}");
    let mut play = Play { bridge, id, seat: None, chosen: None };
    let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(5));
    loop {
        match play.bridge.client.stream(&path).await {
            Ok(mut lines) => {
                backoff.reset();
                if let Flow::Ended = play.follow(&mut lines).await {
                    return;
                }
            }
            Err(Failure::Refused { status, body }) => {
                say!("game {}: the server refuses its stream ({status}: {body}); leaving it", play.id);
                return;
            }
            Err(Failure::Network(e)) => say!("game {}: cannot open its stream ({e}); trying again", play.id),
        }
        backoff.wait().await;
    }
}

impl Play {
    /// Reads the game's stream, moving whenever the bot is to move, until it ends or breaks.
    async fn follow(&mut self, lines: &mut Lines) -> Flow {
        let id = self.id.clone();
        loop {
            let line = match lines.next().await {
                Ok(Some(line)) => line,
                Ok(None) => return Flow::Reopen,
                Err(e) => {
                    say!("game {id}: its stream broke ({e}); opening it again");
                    return Flow::Reopen;
                }
            };
            let state = match serde_json::from_str(&line) {
                Ok(GameLine::GameFull(full)) => {
                    if self.seat.is_none() {
                        match take_seat(&self.bridge, &full).await {
                            Ok(seat) => self.seat = Some(seat),
                            Err(e) => {
                                say!("game {id}: {e}; resigning");
                                let _ =
                                    self.bridge.client.post(&format!("api/bot/game/{id}/resign"), None).await;
                                return Flow::Ended;
                            }
                        }
                        say!(
                            "game {id}: {} (red) vs {} (blue), the bot plays {}",
                            full.red,
                            full.blue,
                            full.color
                        );
                    }
                    full.state
                }
                Ok(GameLine::GameState(state)) => state,
                Ok(GameLine::Other) => continue,
                Err(e) => {
                    say!("game {id}: a line that is not the API's ({e}); skipped");
                    continue;
                }
            };
            let Some(seat) = &self.seat else { continue };
            if state.status == "over" {
                let winner = state.winner.as_deref().unwrap_or("nobody");
                say!("game {id}: over, {winner} wins ({})", state.reason.as_deref().unwrap_or("?"));
                return Flow::Ended;
            }
            match respond(&self.bridge, &id, seat, &state, &mut self.chosen).await {
                Ok(()) => {}
                Err(Failure::Network(e)) => {
                    say!("game {id}: the move was not acknowledged ({e}); checking the game before sending it again");
                    return Flow::Reopen;
                }
                Err(Failure::Refused { status, body }) => say!("game {id}: move refused ({status}: {body})"),
            }
        }
    }
}

/// The seat from the game's first line, with an engine started for its rules.
async fn take_seat(bridge: &Bridge, full: &Full) -> Result<Seat, String> {
    let rules: Rules = full.rules.parse().map_err(|e| format!("rules `{}`: {e}", full.rules))?;
    let start =
        Position::from_fen(&full.start_fen, rules).map_err(|e| format!("start `{}`: {e}", full.start_fen))?;
    let color = match full.color.as_str() {
        "red" => Color::Red,
        "blue" => Color::Blue,
        other => return Err(format!("an unknown seat `{other}`")),
    };
    let increment_ms = match full.clock {
        Some(Clock::Realtime { increment, .. }) => Some(u64::from(increment) * 1000),
        _ => None,
    };
    let (command, extra) = (bridge.engine.clone(), bridge.engine_options.clone());
    let engine = tokio::task::spawn_blocking(move || {
        ProtocolEngine::start("engine", &command, &rules, &extra, String::new(), ENGINE_GRACE)
    })
    .await
    .map_err(|e| format!("the engine's start failed: {e}"))??;
    Ok(Seat { start, color, increment_ms, engine: Arc::new(Mutex::new(engine)) })
}

/// Plays a move if the bot is to move in `state` (the one chosen before, if it is still due).
async fn respond(
    bridge: &Bridge,
    id: &str,
    seat: &Seat,
    state: &State,
    chosen: &mut Option<(usize, Move)>,
) -> Result<(), Failure> {
    let mut game = Game::from_position(seat.start.clone());
    for text in state.moves.split_whitespace() {
        if let Err(e) = game.play_text(text) {
            say!("game {id}: the server's move `{text}` does not fit this game: {e}");
            return Ok(());
        }
    }
    if game.position().turn() != seat.color || game.outcome().is_some() {
        return Ok(());
    }
    let ply = game.moves().len();
    let m = match *chosen {
        Some((at, m)) if at == ply => m,
        _ => match think(id, seat, state, &game).await {
            Some(m) => m,
            None => {
                say!("game {id}: the engine gave no move {ENGINE_TRIES} times; resigning");
                return bridge.client.post(&format!("api/bot/game/{id}/resign"), None).await.map(drop);
            }
        },
    };
    *chosen = Some((ply, m));
    bridge.client.post(&format!("api/bot/game/{id}/move/{m}"), None).await.map(drop)
}

/// The engine's move, with the time the clock allows; `None` if it fails again and again.
async fn think(id: &str, seat: &Seat, state: &State, game: &Game) -> Option<Move> {
    let left = if seat.color == Color::Red { state.red_ms } else { state.blue_ms };
    let ms = match seat.increment_ms {
        Some(increment) => think_time(left, increment, UNTIMED_MOVE_MS),
        None => think_time(None, 0, UNTIMED_MOVE_MS),
    };
    for _ in 0..ENGINE_TRIES {
        let (engine, game) = (seat.engine.clone(), game.clone());
        let answer = tokio::task::spawn_blocking(move || {
            let mut engine = engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            engine.choose_with(&game, &format!("go movetime {ms}"), Duration::from_millis(ms) + ENGINE_GRACE)
        })
        .await;
        match answer {
            Ok(Some(m)) => return Some(m),
            _ => say!("game {id}: the engine failed; starting it again"),
        }
    }
    None
}
