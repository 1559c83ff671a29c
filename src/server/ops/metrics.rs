//! The server's figures for Prometheus: games held, open connections, moves, commit batch
//! sizes, move latency and refusals by code, read as text at `/metrics` (see
//! [`scrape`](crate::server::scrape)). One set per process, recorded from wherever the event happens.

use crate::server::error::Code;
use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::LazyLock;
use std::time::Instant;

/// The label of a refusal: its code as the protocol writes it (`not_your_turn`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: String,
}

/// The label of an open connection: `http` or `websocket`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

/// The label of a push delivery attempt: its outcome.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: &'static str,
}

/// A kind of connection.
#[derive(Clone, Copy, Debug)]
pub enum Connection {
    /// An HTTP connection (until it becomes a WebSocket, if it does).
    Http,
    /// A game's WebSocket.
    WebSocket,
}

impl Connection {
    fn label(self) -> KindLabel {
        let kind = match self {
            Connection::Http => "http",
            Connection::WebSocket => "websocket",
        };
        KindLabel { kind }
    }
}

/// The figures of this process.
pub struct Metrics {
    registry: Registry,
    games_held: Gauge,
    open: Family<KindLabel, Gauge>,
    moves: Counter,
    batch_sizes: Histogram,
    move_latency: Histogram,
    refusals: Family<CodeLabel, Counter>,
    pushes: Family<OutcomeLabel, Counter>,
    digest_sweeps: Counter,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The figures of this process.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Metrics {
        let metrics = Metrics {
            registry: Registry::with_prefix("jungle"),
            games_held: Gauge::default(),
            open: Family::default(),
            moves: Counter::default(),
            // 1 to 2048 changes per transaction (a batch holds at most batches::MAX_BATCH).
            batch_sizes: Histogram::new(exponential_buckets(1.0, 2.0, 12)),
            // 0.25 ms to about 4 s.
            move_latency: Histogram::new(exponential_buckets(0.000_25, 2.0, 15)),
            refusals: Family::default(),
            pushes: Family::default(),
            digest_sweeps: Counter::default(),
        };
        metrics.register()
    }

    fn register(mut self) -> Metrics {
        let r = &mut self.registry;
        r.register("games_held", "Games held in memory by this instance", self.games_held.clone());
        r.register("open_connections", "Open connections by kind (http, websocket)", self.open.clone());
        r.register("moves", "Moves played here, stored and acknowledged", self.moves.clone());
        r.register("commit_batch_size", "Changes stored per database transaction", self.batch_sizes.clone());
        r.register(
            "move_latency_seconds",
            "Time from the receipt of a move to its acknowledgement, after its commit",
            self.move_latency.clone(),
        );
        r.register("refusals", "Requests and messages refused, by code", self.refusals.clone());
        r.register(
            "push_attempts",
            "Web Push delivery attempts by outcome (delivered, gone, retry, given_up)",
            self.pushes.clone(),
        );
        r.register("digest_sweeps", "Sweeps for the daily email digests done", self.digest_sweeps.clone());
        self
    }

    /// A connection of `kind` opened: counted open until the guard is dropped.
    pub fn opened(&'static self, kind: Connection) -> OpenConnection {
        self.open.get_or_create(&kind.label()).inc();
        OpenConnection { metrics: self, kind }
    }

    /// The connections of `kind` open now.
    pub fn open_now(&self, kind: Connection) -> i64 {
        self.open.get_or_create(&kind.label()).get()
    }

    /// A transaction of `changes` changes committed.
    pub fn batch_committed(&self, changes: usize) {
        self.batch_sizes.observe(changes as f64);
    }

    /// A new move received at `received` is stored and acknowledged now.
    pub fn move_acknowledged(&self, received: Instant) {
        self.moves.inc();
        self.move_latency.observe(received.elapsed().as_secs_f64());
    }

    /// A request or message was refused with `code`.
    pub fn refused(&self, code: Code) {
        let code = match serde_json::to_value(code) {
            Ok(serde_json::Value::String(code)) => code,
            _ => format!("{code:?}"),
        };
        self.refusals.get_or_create(&CodeLabel { code }).inc();
    }

    /// A sweep for the daily digests is done (whether or not any was due).
    pub fn digests_swept(&self) {
        self.digest_sweeps.inc();
    }

    /// A push was sent to a push service, with `outcome`: delivered, gone, retry or given_up.
    pub fn push_attempt(&self, outcome: &'static str) {
        self.pushes.get_or_create(&OutcomeLabel { outcome }).inc();
    }

    /// The figures as OpenMetrics text, with `games_held` games in memory.
    pub fn text(&self, games_held: usize) -> String {
        self.games_held.set(games_held.try_into().unwrap_or(i64::MAX));
        let mut text = String::new();
        encode(&mut text, &self.registry).expect("writing to a String cannot fail");
        text
    }
}

/// An open connection, counted until dropped.
pub struct OpenConnection {
    metrics: &'static Metrics,
    kind: Connection,
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.metrics.open.get_or_create(&self.kind.label()).dec();
    }
}
