//! A progress bar on standard error: the share done, the speed and the time left.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often the bar is drawn again.
const EVERY: Duration = Duration::from_millis(500);

/// The progress of a build measured in positions.
pub struct Bar {
    total: u64,
    start: Instant,
    shown: Instant,
    terminal: bool,
}

impl Bar {
    /// A bar for `total` positions.
    pub fn new(total: u64) -> Bar {
        let now = Instant::now();
        Bar { total: total.max(1), start: now, shown: now, terminal: std::io::stderr().is_terminal() }
    }

    /// Shows `done` positions and a note (the set being solved), at most every half second
    /// on a terminal, and only when `force`d elsewhere (a log gets a line per set).
    pub fn show(&mut self, done: u64, note: &str, force: bool) {
        let now = Instant::now();
        if !(force || self.terminal && now - self.shown >= EVERY) {
            return;
        }
        self.shown = now;
        let share = done.min(self.total) as f64 / self.total as f64;
        let width = 30;
        let filled = (share * width as f64) as usize;
        let elapsed = (now - self.start).as_secs_f64();
        let left =
            if done > 0 { elapsed * (self.total - done.min(self.total)) as f64 / done as f64 } else { 0.0 };
        let line = format!(
            "[{}{}] {:5.1}% {} · {:.1} M positions/s · {} left",
            "#".repeat(filled),
            " ".repeat(width - filled),
            share * 100.0,
            note,
            done as f64 / elapsed.max(1e-3) / 1e6,
            duration(left)
        );
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal { write!(err, "\r{line}\x1b[K") } else { writeln!(err, "{line}") };
    }

    /// Ends the bar's line.
    pub fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

/// `1 h 05 min`, `3 min 20 s`, `12 s`.
pub fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(12.4), "12 s");
        assert_eq!(duration(200.0), "3 min 20 s");
        assert_eq!(duration(3900.0), "1 h 05 min");
    }
}
