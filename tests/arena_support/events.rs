//! A member's view of the arena as their page has it: the tournament's event stream
//! (`GET api/tournaments/{id}/events`), read as it comes and reduced to what the member needs —
//! their game without a result yet, and whether the tournament has finished.

use serde::Deserialize;
use std::net::SocketAddr;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;

/// The parts of the tournament a member looks at.
#[derive(Deserialize)]
struct Shown<'a> {
    #[serde(borrow)]
    state: &'a str,
    #[serde(borrow)]
    pairings: Vec<Board<'a>>,
}

#[derive(Deserialize)]
struct Board<'a> {
    red: i64,
    blue: Option<i64>,
    #[serde(borrow)]
    result: Option<&'a str>,
    #[serde(borrow)]
    game: Option<&'a str>,
}

/// What a member sees of the tournament.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct Seen {
    /// Their game in play (its board has no result): its id.
    pub game: Option<String>,
    /// The tournament has finished.
    pub finished: bool,
}

/// A TCP connection to `server` (`host:port`) from the loopback address `from`.
pub async fn connect(server: &str, from: [u8; 4]) -> Result<TcpStream, String> {
    let socket = TcpSocket::new_v4().map_err(|e| format!("socket: {e}"))?;
    socket.bind(SocketAddr::from((from, 0))).map_err(|e| format!("bind: {e}"))?;
    let addr: SocketAddr = server.parse().map_err(|e| format!("{server}: {e}"))?;
    let stream = socket.connect(addr).await.map_err(|e| format!("connect: {}", e.kind()))?;
    stream.set_nodelay(true).map_err(|e| format!("nodelay: {e}"))?;
    Ok(stream)
}

/// Follows tournament `id` on `server` from `from` for player `number`: `seen` is told each
/// change of what they see, until the tournament finishes (Ok) or the stream fails.
pub async fn follow(
    server: &str,
    from: [u8; 4],
    id: &str,
    number: i64,
    seen: watch::Sender<Seen>,
) -> Result<(), String> {
    let io = |e: std::io::Error| format!("event stream: {}", e.kind());
    let mut reader = BufReader::new(connect(server, from).await?);
    let request = format!(
        "GET /api/tournaments/{id}/events HTTP/1.1\r\nHost: {server}\r\nAccept: text/event-stream\r\n\r\n"
    );
    reader.get_mut().write_all(request.as_bytes()).await.map_err(io)?;
    let mut line = String::new();
    reader.read_line(&mut line).await.map_err(io)?;
    if !line.starts_with("HTTP/1.1 200") {
        return Err(format!("event stream: {}", line.trim_end()));
    }
    while line != "\r\n" {
        line.clear();
        if reader.read_line(&mut line).await.map_err(io)? == 0 {
            return Err("event stream: no body".into());
        }
    }
    // Open: whoever waits for the stream is told.
    seen.send_replace(Seen::default());
    // The body is chunked; events end with a blank line and may span chunks.
    let mut pending = String::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.map_err(io)?;
        let size = usize::from_str_radix(line.trim(), 16).map_err(|_| "event stream: a bad chunk")?;
        if size == 0 {
            return Err("event stream: ended before the tournament".into());
        }
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk).await.map_err(io)?;
        // Only the new text is searched for an event's end (a tournament may be large).
        let mut from = pending.len().saturating_sub(1);
        pending.push_str(std::str::from_utf8(&chunk[..size]).map_err(|_| "event stream: not UTF-8")?);
        while let Some(at) = pending[from..].find("\n\n") {
            let end = from + at + 2;
            let now = seen_in(&pending[..end], number);
            pending.drain(..end);
            from = 0;
            if let Some(now) = now {
                let finished = now.finished;
                seen.send_if_modified(|held| std::mem::replace(held, now.clone()) != now);
                if finished {
                    return Ok(());
                }
            }
        }
    }
}

/// What player `number` sees in an event: only the unnamed ones carry the tournament.
fn seen_in(event: &str, number: i64) -> Option<Seen> {
    if event.lines().any(|line| line.starts_with("event:")) {
        return None;
    }
    let data = event.lines().find_map(|line| line.strip_prefix("data:"))?;
    let shown: Shown = serde_json::from_str(data.trim_start()).ok()?;
    let mine = shown
        .pairings
        .iter()
        .find(|b| b.result.is_none() && b.game.is_some() && (b.red == number || b.blue == Some(number)));
    Some(Seen { game: mine.and_then(|b| b.game).map(str::to_string), finished: shown.state == "finished" })
}
