//! Time management: turns a `go` command's clock into a soft and a hard time budget.
//! The AI reads no clock; this is the native side's `stop` callback.

use super::command::Go;
use jungle::rules::Color;
use std::time::{Duration, Instant};

/// Kept back from every budget for reading, writing and the interface's own delays.
const OVERHEAD_MS: u64 = 20;
/// Moves assumed left in the game when the interface does not send `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// How long a search may take: after the soft budget no new iteration should start (the search
/// stops once the iteration in progress completes); at the hard budget it stops at once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Budget {
    /// No time limit: depth, nodes, `infinite` or a bare `go`.
    pub const NONE: Budget = Budget { soft: None, hard: None };
}

/// The budget for the side to move `turn`: `movetime` exactly (less the overhead), or a share of
/// the remaining time plus most of the increment.
pub fn budget(go: &Go, turn: Color) -> Budget {
    if go.infinite {
        return Budget::NONE;
    }
    if let Some(ms) = go.movetime {
        return Budget { soft: None, hard: Some(ms_duration(ms.saturating_sub(OVERHEAD_MS).max(1))) };
    }
    let (time, inc) = match turn {
        Color::Red => (go.wtime, go.winc),
        Color::Blue => (go.btime, go.binc),
    };
    let Some(time) = time else { return Budget::NONE };
    let inc = inc.unwrap_or(0);
    let left = time.saturating_sub(OVERHEAD_MS).max(1);
    let moves = go.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 100);
    // Never plan to use more than 3/4 of the clock on one move, whatever the increment.
    // Saturating: the interface may send any number.
    let hard = (left / moves).saturating_mul(4).saturating_add(inc).min(three_quarters(left)).max(1);
    let soft = (left / moves).saturating_add(three_quarters(inc)).min(hard);
    Budget { soft: Some(ms_duration(soft)), hard: Some(ms_duration(hard)) }
}

fn three_quarters(ms: u64) -> u64 {
    (u128::from(ms) * 3 / 4) as u64
}

fn ms_duration(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// A started search's budget against the wall clock.
pub struct Clock {
    start: Instant,
    budget: Budget,
}

impl Clock {
    /// Starts the clock now.
    pub fn start(budget: Budget) -> Clock {
        Clock { start: Instant::now(), budget }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether no new iteration should begin.
    pub fn soft_expired(&self) -> bool {
        self.budget.soft.is_some_and(|t| self.elapsed() >= t)
    }

    /// Whether the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.budget.hard.is_some_and(|t| self.elapsed() >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn movetime_is_exact_less_overhead() {
        let go = Go { movetime: Some(500), wtime: Some(100_000), ..Go::default() };
        assert_eq!(budget(&go, Color::Red), Budget { soft: None, hard: ms(480) });
        let go = Go { movetime: Some(5), ..Go::default() };
        assert_eq!(budget(&go, Color::Blue).hard, ms(1));
    }

    #[test]
    fn clock_share_uses_the_side_to_moves_time() {
        let go = Go { wtime: Some(60_020), btime: Some(3_020), winc: Some(1000), ..Go::default() };
        assert_eq!(budget(&go, Color::Red), Budget { soft: ms(2_750), hard: ms(9_000) });
        // Blue: no increment, 3 s left: 100 ms soft, 400 ms hard.
        assert_eq!(budget(&go, Color::Blue), Budget { soft: ms(100), hard: ms(400) });
    }

    #[test]
    fn never_more_than_three_quarters_of_the_clock() {
        let go = Go { wtime: Some(1_020), winc: Some(5_000), movestogo: Some(1), ..Go::default() };
        let b = budget(&go, Color::Red);
        assert_eq!(b.hard, ms(750));
        assert!(b.soft <= b.hard);
        let flagged = Go { wtime: Some(0), ..Go::default() };
        assert_eq!(budget(&flagged, Color::Red).hard, ms(1));
    }

    #[test]
    fn huge_clocks_saturate() {
        // Overflow checks are on in tests: any wrap panics here.
        let go = Go { wtime: Some(4_611_686_018_427_388_904), movestogo: Some(1), ..Go::default() };
        let b = budget(&go, Color::Red);
        assert_eq!(b.hard, ms(three_quarters(4_611_686_018_427_388_904 - OVERHEAD_MS)));
        let go = Go { btime: Some(u64::MAX), binc: Some(u64::MAX), ..Go::default() };
        let b = budget(&go, Color::Blue);
        assert_eq!(b.hard, ms(three_quarters(u64::MAX - OVERHEAD_MS)));
        assert!(b.soft <= b.hard);
        let go = Go { wtime: Some(1_000), winc: Some(u64::MAX), ..Go::default() };
        assert_eq!(budget(&go, Color::Red).hard, ms(735));
    }

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(budget(&Go { depth: Some(4), ..Go::default() }, Color::Red), Budget::NONE);
        assert_eq!(
            budget(&Go { infinite: true, wtime: Some(10), ..Go::default() }, Color::Red),
            Budget::NONE
        );
        assert_eq!(budget(&Go { btime: Some(1000), ..Go::default() }, Color::Red), Budget::NONE);
    }
}
