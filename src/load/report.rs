//! The figures of a run: as a few lines of text, and as one row of the table that
//! `scripts/bench-server` prints.

use super::tally::{Spread, Tally};

/// The table's header, for [`Report::row`].
pub const HEADER: &str = "\
| run | games held | moves/s | move → ack p50 / p99 / max (ms) | move → opponent p50 / p99 / max (ms) | KiB per idle game | errors | server CPU | client CPU | load |
|---|---|---|---|---|---|---|---|---|---|";

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// The run's name.
    pub label: String,
    /// Server instances.
    pub servers: usize,
    /// Games asked for.
    pub games: usize,
    /// Client processes.
    pub processes: usize,
    /// Think time range, in milliseconds.
    pub think_ms: (u64, u64),
    /// Games open, both seats subscribed, before play began.
    pub opened: u64,
    /// Seconds it took to open them.
    pub opening_seconds: f64,
    /// Growth of the servers' resident memory per open idle game, in KiB (when their
    /// process ids were given).
    pub idle_kib_per_game: Option<f64>,
    /// Seconds of play.
    pub seconds: f64,
    /// The counts.
    pub tally: Tally,
    /// Send → ack.
    pub ack: Option<Spread>,
    /// Send → the opponent's `moved`.
    pub delivery: Option<Spread>,
    /// CPU the servers used while the games were played, in cores.
    pub server_cpu: Option<f64>,
    /// The machine's load average before and after.
    pub load: (Option<f64>, Option<f64>),
}

fn ms(us: u32) -> String {
    format!("{:.1}", f64::from(us) / 1000.0)
}

fn spread(s: Option<Spread>) -> String {
    s.map_or("-".into(), |s| format!("{} / {} / {}", ms(s.p50), ms(s.p99), ms(s.max)))
}

fn or_dash(value: Option<f64>, format: impl Fn(f64) -> String) -> String {
    value.map_or("-".into(), format)
}

fn percent(cores: f64) -> String {
    format!("{:.0} %", cores * 100.0)
}

impl Report {
    /// Moves acknowledged per second of play.
    pub fn moves_per_second(&self) -> f64 {
        self.tally.acked as f64 / self.seconds
    }

    /// The CPU the client processes used while playing, in cores.
    pub fn client_cpu(&self) -> f64 {
        self.tally.cpu_seconds / self.seconds
    }

    fn errors(&self) -> String {
        if self.tally.errors.is_empty() {
            return "none".into();
        }
        let each: Vec<String> = self.tally.errors.iter().map(|(kind, n)| format!("{kind} ×{n}")).collect();
        each.join(", ")
    }

    fn load(&self) -> String {
        let one = |l: Option<f64>| or_dash(l, |l| format!("{l:.2}"));
        format!("{} → {}", one(self.load.0), one(self.load.1))
    }

    /// The figures as lines of text.
    pub fn text(&self) -> String {
        let t = &self.tally;
        let (low, high) = self.think_ms;
        let idle = or_dash(self.idle_kib_per_game, |k| format!("{k:.1} KiB of server memory per idle game"));
        [
            format!(
                "{}: {} games on {} server instance(s), think {low}-{high} ms, {} s of play, {} client process(es)",
                self.label, self.games, self.servers, self.seconds, self.processes
            ),
            format!(
                "opened {} games ({} WebSockets) in {:.1} s; {idle}",
                self.opened,
                2 * self.opened,
                self.opening_seconds
            ),
            format!(
                "played {} moves ({} sent): {:.0} moves/s; {} games ended and were replaced",
                t.acked,
                t.sent,
                self.moves_per_second(),
                t.finished
            ),
            format!("move → ack (p50 / p99 / max, ms): {}", spread(self.ack)),
            format!("move → opponent (p50 / p99 / max, ms): {} ({} delivered)", spread(self.delivery), t.delivered),
            format!("held at the end: {} games; errors: {}", t.held, self.errors()),
            format!(
                "CPU while playing: servers {}, client {} (100 % = one core); load average {}",
                or_dash(self.server_cpu, percent),
                percent(self.client_cpu()),
                self.load()
            ),
        ]
        .join("\n")
    }

    /// The figures as a row of the table under [`HEADER`].
    pub fn row(&self) -> String {
        let cells = [
            self.label.clone(),
            self.tally.held.to_string(),
            format!("{:.0}", self.moves_per_second()),
            spread(self.ack),
            spread(self.delivery),
            or_dash(self.idle_kib_per_game, |k| format!("{k:.1}")),
            self.tally.error_count().to_string(),
            or_dash(self.server_cpu, percent),
            percent(self.client_cpu()),
            self.load(),
        ];
        format!("| {} |", cells.join(" | "))
    }
}
