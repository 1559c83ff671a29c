//! Accepting connections, so that no client can make the server unreachable for the others:
//! a global cap on open connections below the process's open-file limit (over it, a short
//! `503`), a cap per peer address, an IPv6 /64, but for trusted proxies (over it, `429`), both sized by [`budget`](super::budget)
//! and both counting a connection until its WebSocket, if it upgrades, closes too, and a time limit on reading a request's
//! headers, which also closes idle keep-alive connections. (Request bodies have the same time
//! limit, see [`routes`](crate::server::routes); WebSockets are pinged, see [`ws`](crate::server::connection::ws).)

use super::address_block::counted;
use super::client_ip::Proxies;
use super::connection_place::{ConnectionPlace, Slot};
use super::rate_limit::Slots;
use crate::server::error::{Code, Refusal};
use crate::server::ops::memory;
use crate::server::ops::metrics::{metrics, Connection};
use crate::server::ops::shutdown::Shutdown;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The limits on connections.
pub struct Limits {
    /// Connections open at once, in all.
    pub max_connections: usize,
    /// Connections open at once per peer address (an IPv6 /64), but for the trusted proxies'
    /// (every connection of their clients comes from them).
    pub per_ip: u32,
    /// The trusted proxies.
    pub proxies: Proxies,
    /// Time to send a request's headers, and to send the next request on a kept-alive one.
    pub header_timeout: Duration,
}

/// Serves `router` on `listener` within `limits` until `shutdown`: then it accepts no more
/// connections, and each open one closes after the request it is answering.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits, shutdown: Shutdown) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let closed = Arc::new(AtomicUsize::new(0));
    tokio::spawn(memory::give_back(closed.clone()));
    let per_ip = Arc::new(Slots::new(limits.per_ip));
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    let stopped = shutdown.signalled();
    tokio::pin!(stopped);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stopped => return,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            // Out of open files or memory for a moment: wait rather than spin.
            Err(e) => {
                tracing::warn!(error = %e, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            refuse(
                tcp,
                "503 Service Unavailable",
                Refusal::new(Code::Busy, "the server is full: try again soon"),
            );
            continue;
        };
        let slot = if limits.proxies.trusts(peer.ip()) {
            None
        } else {
            let Some(slot) = Slot::take(&per_ip, counted(peer.ip())) else {
                let refusal = Refusal::new(Code::RateLimited, "too many connections from this address");
                refuse(tcp, "429 Too Many Requests", refusal);
                continue;
            };
            Some(slot)
        };
        let place = ConnectionPlace::new(permit, slot);
        // Moves are small messages that must leave at once, not wait to be coalesced (Nagle).
        let _ = tcp.set_nodelay(true);
        let Some(hold) = shutdown.hold() else { return };
        let (router, builder, closed, stopped) =
            (router.clone(), builder.clone(), closed.clone(), shutdown.signalled());
        tokio::spawn(async move {
            let open = metrics().opened(Connection::Http);
            let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request.extensions_mut().insert(place.clone());
                router.clone().oneshot(request.map(Body::new))
            });
            let connection = builder.serve_connection(TokioIo::new(tcp), service).with_upgrades();
            tokio::pin!(connection);
            // A connection that fails or times out is simply closed.
            let finished = tokio::select! {
                _ = connection.as_mut() => true,
                () = stopped => false,
            };
            if !finished {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
            drop((open, hold));
            closed.fetch_add(1, Ordering::Relaxed);
        });
    }
}

/// Answers a connection over a cap with `status` and the refusal as JSON, and closes it, without
/// waiting for the client (whatever does not fit in the socket's buffer at once is dropped).
fn refuse(tcp: TcpStream, status: &str, refusal: Refusal) {
    metrics().refused(refusal.code);
    let body = serde_json::json!({ "code": refusal.code, "message": refusal.message }).to_string();
    let answer = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    // What the client sent already is read first: closing with unread data would reset the
    // connection, and the client might lose the answer.
    let mut sent = [0u8; 4096];
    let _ = tcp.try_read(&mut sent);
    let _ = tcp.try_write(answer.as_bytes());
}
