//! What the bridge decides without the network: which challenges it takes, and how long the
//! engine may think for a move.

use super::wire::{Challenge, Clock};
use clap::ValueEnum;
use jungle::rules::Rules;

/// The rules a bridge accepts (`--accept-rules`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum AcceptRules {
    /// The standard rules only.
    Standard,
    /// Any variant whose options the engine offers.
    Any,
}

/// The clocks a bridge accepts (`--accept-clocks`, a list).
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum ClockKind {
    /// Minutes and an increment.
    Realtime,
    /// Days a move.
    Correspondence,
    /// No clock.
    Untimed,
}

/// Why a challenge is declined: the API's reason words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decline {
    Variant,
    Clock,
    Generic,
}

impl Decline {
    /// The reason as the API names it.
    pub fn reason(self) -> &'static str {
        match self {
            Decline::Variant => "variant",
            Decline::Clock => "clock",
            Decline::Generic => "generic",
        }
    }
}

/// The bridge's rules for challenges.
#[derive(Clone, Debug)]
pub struct Policy {
    pub rules: AcceptRules,
    pub clocks: Vec<ClockKind>,
}

impl Policy {
    /// Whether to accept `challenge`: its rules must be readable, allowed, and made of options
    /// the engine offers (`offers` tells, by option name); its clock must be of a kind allowed.
    pub fn judge(&self, challenge: &Challenge, offers: &dyn Fn(&str) -> bool) -> Result<Rules, Decline> {
        let rules: Rules = challenge.rules.parse().map_err(|_| Decline::Variant)?;
        if rules != Rules::default() {
            let text = rules.to_string();
            let mut names = text.split(',').filter_map(|pair| pair.split_once('=')).map(|(name, _)| name);
            if self.rules == AcceptRules::Standard || !names.all(offers) {
                return Err(Decline::Variant);
            }
        }
        let kind = match challenge.clock {
            Some(Clock::Realtime { .. }) => ClockKind::Realtime,
            Some(Clock::Correspondence { .. }) => ClockKind::Correspondence,
            None => ClockKind::Untimed,
        };
        if !self.clocks.contains(&kind) {
            return Err(Decline::Clock);
        }
        Ok(rules)
    }
}

/// The time of a move in a game without a real-time clock, in milliseconds.
pub const UNTIMED_MOVE_MS: u64 = 1000;

/// Milliseconds kept back from every move for the way to the server and back.
pub const LATENCY_RESERVE_MS: u64 = 500;

/// The engine's time for a move: a 30th of the time left plus most of the increment, never
/// so much that the move could arrive late (the reserve is kept); `fixed` without a clock.
pub fn think_time(left_ms: Option<u64>, increment_ms: u64, fixed_ms: u64) -> u64 {
    match left_ms {
        None => fixed_ms,
        Some(left) => {
            let usable = left.saturating_sub(LATENCY_RESERVE_MS);
            (left / 30 + increment_ms * 3 / 4).min(usable / 2).max(10)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenge(rules: &str, clock: Option<Clock>) -> Challenge {
        Challenge { id: "c".into(), challenger: "ann".into(), rules: rules.into(), clock, rated: true }
    }

    #[test]
    fn challenges_are_judged_by_rules_and_clock() {
        let blitz = Some(Clock::Realtime { minutes: 3.0, increment: 2 });
        let policy = Policy { rules: AcceptRules::Any, clocks: vec![ClockKind::Realtime] };
        let all = |_: &str| true;
        assert_eq!(policy.judge(&challenge("", blitz), &all), Ok(Rules::default()));
        let swims = policy.judge(&challenge("dog-swims=yes", blitz), &all);
        assert_eq!(swims, Ok("dog-swims=yes".parse().unwrap()));
        // An option the engine does not offer, rules that cannot be read, or standard only.
        let no_swimming = |name: &str| name != "dog-swims";
        assert_eq!(policy.judge(&challenge("dog-swims=yes", blitz), &no_swimming), Err(Decline::Variant));
        assert_eq!(policy.judge(&challenge("flying-rats=yes", blitz), &all), Err(Decline::Variant));
        let standard = Policy { rules: AcceptRules::Standard, ..policy.clone() };
        assert_eq!(standard.judge(&challenge("dog-swims=yes", blitz), &all), Err(Decline::Variant));
        assert_eq!(policy.judge(&challenge("", None), &all), Err(Decline::Clock));
        assert_eq!(
            policy.judge(&challenge("", Some(Clock::Correspondence { days: 1 })), &all),
            Err(Decline::Clock)
        );
        assert_eq!(Decline::Variant.reason(), "variant");
    }

    #[test]
    fn the_time_for_a_move_comes_from_the_clock() {
        // 3 minutes and 2 seconds: 6 s + 1.5 s.
        assert_eq!(think_time(Some(180_000), 2_000, 1_000), 7_500);
        // Little time left: at most half of what is left after the reserve.
        assert_eq!(think_time(Some(1_500), 2_000, 1_000), 500);
        assert_eq!(think_time(Some(400), 0, 1_000), 10);
        assert_eq!(think_time(None, 0, 1_000), 1_000);
    }
}
