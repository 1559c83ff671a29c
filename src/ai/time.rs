//! Time management as arithmetic: how long to think, given the clock. The AI never reads a
//! clock itself; the caller measures time (`Instant` natively, `performance.now()` in the
//! browser) and ends the search through the `stop` callback of
//! [`Engine::search`](super::Engine::search).

/// How long to think about one move, in milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeBudget {
    /// Start no new iteration after this long (check it in `on_info`).
    pub soft_ms: u64,
    /// Stop the search at once after this long (check it in `stop`).
    pub hard_ms: u64,
}

/// The budget for a move with `remaining_ms` on the clock, `increment_ms` added per move and,
/// if known, `moves_to_go` moves until the next time control.
///
/// ```
/// use jungle::ai::time_budget;
/// let b = time_budget(60_000, 1_000, None);
/// assert!(b.soft_ms < b.hard_ms && b.hard_ms < 60_000);
/// // Native use: a hard stop on a clock the caller owns.
/// # use jungle::ai::{Engine, Limits};
/// # use jungle::rules::{Game, Rules};
/// let start = std::time::Instant::now();
/// let mut stop = |_nodes: u64| start.elapsed().as_millis() as u64 >= b.hard_ms.min(50);
/// let r = Engine::new(1).search(&Game::new(Rules::default()), &Limits::default(), &mut stop, &mut |_| {});
/// assert!(r.best.is_some());
/// ```
pub fn time_budget(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> TimeBudget {
    // Keep a reserve for communication and the moves after this one.
    let reserve = (remaining_ms / 20).min(1_000);
    let usable = remaining_ms.saturating_sub(reserve);
    let moves = moves_to_go.map_or(30, |m| m.clamp(1, 30)) as u64;
    let soft = (usable / moves + increment_ms * 3 / 4).min(usable / 2);
    let hard = (soft * 3).min(usable * 3 / 4).max(soft);
    TimeBudget { soft_ms: soft, hard_ms: hard }
}
