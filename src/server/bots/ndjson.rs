//! A bot API stream: NDJSON (one JSON object a line), written by a task of its own through
//! [`Lines`], with an empty line whenever nothing else was sent for [`KEEP_ALIVE`] (a client
//! that hears nothing for 30 s reconnects). The task learns that the client left when a line
//! cannot be sent, or by [`Lines::closed`].

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use serde_json::Value;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The longest silence on a stream: an empty line is sent after it (the contract says 10 s at
/// most; a busy machine may be late by a second or two).
pub const KEEP_ALIVE: Duration = Duration::from_secs(7);
/// Lines a slow client may fall behind by before the stream waits for it.
const BACKLOG: usize = 64;

/// The writing end of a stream.
pub struct Lines {
    sender: mpsc::Sender<Bytes>,
    last: Instant,
}

impl Lines {
    /// Sends `value` as one line: false once the client has left.
    pub async fn send(&mut self, value: &Value) -> bool {
        let mut line = value.to_string();
        line.push('\n');
        self.write(line.into()).await
    }

    async fn write(&mut self, bytes: Bytes) -> bool {
        self.last = Instant::now();
        self.sender.send(bytes).await.is_ok()
    }

    /// When an empty line is due.
    pub fn keep_alive_at(&self) -> Instant {
        self.last + KEEP_ALIVE
    }

    /// Sends the empty line: false once the client has left.
    pub async fn keep_alive(&mut self) -> bool {
        self.write(Bytes::from_static(b"\n")).await
    }

    /// Resolves once the client has left.
    pub async fn closed(&self) {
        self.sender.closed().await;
    }
}

/// A new stream: its writing end, and the answer that reads it.
pub fn stream() -> (Lines, Response) {
    let (sender, receiver) = mpsc::channel::<Bytes>(BACKLOG);
    let body = stream::unfold(receiver, |mut receiver| async move {
        let bytes = receiver.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(bytes), receiver))
    });
    let headers = [
        (header::CONTENT_TYPE, "application/x-ndjson"),
        (header::CACHE_CONTROL, "no-cache"),
        // Proxies such as nginx would otherwise hold the lines back.
        (header::HeaderName::from_static("x-accel-buffering"), "no"),
    ];
    (Lines { sender, last: Instant::now() }, (headers, Body::from_stream(body)).into_response())
}
