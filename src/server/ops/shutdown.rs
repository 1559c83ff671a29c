//! A graceful stop on SIGTERM or Ctrl-C: the server stops accepting connections, each
//! connection finishes the message it is answering (a move being stored is stored and
//! acknowledged: every change is acknowledged only after its commit, so nothing acknowledged
//! is lost), WebSockets are closed with code 1012, "service restart" (the page reconnects on
//! any close), kept-alive HTTP connections close after their request, and the process exits 0.

use std::future::Future;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// The close code that tells a WebSocket client the server restarts: reconnect.
pub const RESTART_CLOSE_CODE: u16 = 1012;
/// How long the open connections are given to finish before the process exits anyway.
pub const GRACE: Duration = Duration::from_secs(10);

/// What a connection watches: whether the server stops, and a hold that keeps it waiting.
#[derive(Clone, Debug)]
pub struct Shutdown {
    stop: watch::Receiver<bool>,
    holds: mpsc::WeakSender<()>,
}

/// A connection still open: the stop waits until every hold is dropped.
pub struct Hold {
    _hold: mpsc::Sender<()>,
}

/// The side that stops the server.
pub struct Stop {
    stop: watch::Sender<bool>,
    hold: mpsc::Sender<()>,
    released: mpsc::Receiver<()>,
}

impl Stop {
    /// A stop and what the connections watch.
    pub fn new() -> (Stop, Shutdown) {
        let (stop, watched) = watch::channel(false);
        let (hold, released) = mpsc::channel(1);
        let shutdown = Shutdown { stop: watched, holds: hold.downgrade() };
        (Stop { stop, hold, released }, shutdown)
    }

    /// Tells every connection to finish, and waits (at most `grace`) until all have; whether
    /// they all did.
    pub async fn stop(self, grace: Duration) -> bool {
        let Stop { stop, hold, mut released } = self;
        let _ = stop.send(true);
        drop(hold);
        // `recv` gives `None` once no hold is left (nothing is ever sent).
        tokio::time::timeout(grace, released.recv()).await.is_ok()
    }
}

impl Shutdown {
    /// A hold for a connection that opens now; none once the server stops.
    pub fn hold(&self) -> Option<Hold> {
        let hold = self.holds.upgrade()?;
        (!*self.stop.borrow()).then_some(Hold { _hold: hold })
    }

    /// Resolves once the server stops.
    pub fn signalled(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut stop = self.stop.clone();
        async move {
            // An error: the stop is gone, so is the server.
            let _ = stop.wait_for(|&stopping| stopping).await;
        }
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C). The handlers are set when this is called, so a
/// signal that comes before the future is awaited is not lost.
#[cfg(unix)]
pub fn signal() -> Result<impl Future<Output = ()>, String> {
    use tokio::signal::unix::{signal, SignalKind};
    let handler = |kind| signal(kind).map_err(|e| format!("cannot handle signals: {e}"));
    let (mut term, mut interrupt) = (handler(SignalKind::terminate())?, handler(SignalKind::interrupt())?);
    Ok(async move {
        tokio::select! {
            _ = term.recv() => {}
            _ = interrupt.recv() => {}
        }
    })
}

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
pub fn signal() -> Result<impl Future<Output = ()>, String> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_stop_waits_for_every_hold_and_refuses_new_ones() {
        let (stop, shutdown) = Stop::new();
        let hold = shutdown.hold().expect("a hold before the stop");
        let watcher = shutdown.clone();
        let connection = tokio::spawn(async move {
            watcher.signalled().await;
            drop(hold);
        });
        assert!(stop.stop(GRACE).await, "the connection let go");
        connection.await.unwrap();
        assert!(shutdown.hold().is_none());
    }

    #[tokio::test]
    async fn a_hold_never_dropped_ends_the_wait_at_the_grace() {
        let (stop, shutdown) = Stop::new();
        let _held = shutdown.hold().unwrap();
        assert!(!stop.stop(Duration::from_millis(10)).await);
    }
}
