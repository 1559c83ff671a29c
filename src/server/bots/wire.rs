//! The bot API's JSON, as its contract writes it (the README's "Bots"): clocks, challenges and
//! game states. Built from the server's own values here and only here.

use crate::rules::{Color, Reason};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::{EndReason, Offer, OfferKind, Status};
use crate::server::game::match_state::Match;
use crate::server::pairing::challenges::Challenge;
use serde::Deserialize;
use serde_json::{json, Value};

/// A clock: `{"minutes","increment"}` (seconds), `{"days"}`, or null (untimed).
pub fn clock(spec: ClockSpec) -> Value {
    match spec {
        ClockSpec::None => Value::Null,
        ClockSpec::Live { seconds, increment } if seconds % 60 == 0 => {
            json!({ "minutes": seconds / 60, "increment": increment })
        }
        ClockSpec::Live { seconds, increment } => {
            json!({ "minutes": f64::from(seconds) / 60.0, "increment": increment })
        }
        ClockSpec::Correspondence { days } => json!({ "days": days }),
    }
}

/// A clock as a bot sends it.
#[derive(Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum ClockAsked {
    /// A live clock: minutes (a fraction allowed: 0.5 is 30 s) and seconds added a move.
    Live {
        /// Minutes each side starts with.
        minutes: f64,
        /// Seconds added after each move.
        #[serde(default)]
        increment: u32,
    },
    /// Days per move.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

/// The server's clock for `asked` (none: untimed), its limits checked later as any clock's.
pub fn clock_spec(asked: Option<ClockAsked>) -> Result<ClockSpec, Refusal> {
    Ok(match asked {
        None => ClockSpec::None,
        Some(ClockAsked::Correspondence { days }) => ClockSpec::Correspondence { days },
        Some(ClockAsked::Live { minutes, increment }) => {
            let seconds = (minutes * 60.0).round();
            if !(1.0..=f64::from(u32::MAX)).contains(&seconds) {
                return Err(Refusal::field("clock", "clock.minutes must be above 0"));
            }
            // In range: checked just above.
            ClockSpec::Live { seconds: seconds as u32, increment }
        }
    })
}

/// A `challenge` line's challenge.
pub fn challenge(challenge: &Challenge) -> Value {
    let spec = serde_json::from_value(challenge.clock.clone()).unwrap_or_default();
    json!({
        "id": challenge.id,
        "challenger": challenge.from,
        "rules": challenge.rules,
        "clock": clock(spec),
        "color": challenge.color,
        "rated": challenge.rated,
    })
}

/// Why a game ended, in the contract's words: `den`, `captured`, `no_moves`, `time`,
/// `resigned`, `draw` (agreed), else the server's own name with `_` for `-`.
fn reason(reason: EndReason) -> String {
    match reason {
        EndReason::Board(Reason::Den) => "den".into(),
        EndReason::Board(Reason::AllCaptured) => "captured".into(),
        EndReason::Board(Reason::NoMoves) => "no_moves".into(),
        EndReason::Resignation => "resigned".into(),
        EndReason::Agreement => "draw".into(),
        other => other.name().replace('-', "_"),
    }
}

/// The game's state at `now`: its moves, clocks, status, result and draw offer.
pub fn state(game: &Match, now: i64) -> Value {
    let moves: Vec<String> = game.game.moves().iter().map(ToString::to_string).collect();
    let left = |color| game.clock.is_timed().then(|| game.time_left(color, now).max(0));
    let draw_offer = match game.offer {
        Some(Offer { kind: OfferKind::Draw, by }) => Some(by.name()),
        _ => None,
    };
    let over = game.status == Status::Over;
    json!({
        "moves": moves.join(" "),
        "red_ms": left(Color::Red),
        "blue_ms": left(Color::Blue),
        "status": if over { "over" } else { "playing" },
        "winner": game.ending.and_then(|ending| ending.winner).map(Color::name),
        "reason": game.ending.map(|ending| reason(ending.reason)),
        "draw_offer": draw_offer,
    })
}

/// The `gameFull` line: the game as `color`'s bot sees it at `now`.
pub fn game_full(game: &Match, color: Color, now: i64) -> Value {
    let name = |c: Color| game.seats[c].as_ref().map(|seat| seat.name.clone());
    json!({
        "type": "gameFull",
        "id": game.id,
        "rules": game.game.rules().to_string(),
        "start_fen": game.game.start().fen(),
        "red": name(Color::Red),
        "blue": name(Color::Blue),
        "color": color.name(),
        "clock": clock(game.clock),
        "state": state(game, now),
    })
}

/// A `gameState` line.
pub fn game_state(game: &Match, now: i64) -> Value {
    let mut line = state(game, now);
    line["type"] = json!("gameState");
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_written_as_the_contract_says() {
        assert_eq!(
            clock(ClockSpec::Live { seconds: 300, increment: 3 }),
            json!({"minutes": 5, "increment": 3})
        );
        assert_eq!(
            clock(ClockSpec::Live { seconds: 30, increment: 0 }),
            json!({"minutes": 0.5, "increment": 0})
        );
        assert_eq!(clock(ClockSpec::Correspondence { days: 2 }), json!({"days": 2}));
        assert_eq!(clock(ClockSpec::None), Value::Null);
    }

    #[test]
    fn clocks_asked_are_read_back() {
        let read = |text: &str| clock_spec(serde_json::from_str(text).unwrap());
        assert_eq!(
            read(r#"{"minutes":5,"increment":3}"#).unwrap(),
            ClockSpec::Live { seconds: 300, increment: 3 }
        );
        assert_eq!(read(r#"{"minutes":0.5}"#).unwrap(), ClockSpec::Live { seconds: 30, increment: 0 });
        assert_eq!(read(r#"{"days":3}"#).unwrap(), ClockSpec::Correspondence { days: 3 });
        assert_eq!(read("null").unwrap(), ClockSpec::None);
        assert!(read(r#"{"minutes":-1}"#).is_err());
        assert!(serde_json::from_str::<Option<ClockAsked>>(r#"{"hours":1}"#).is_err());
    }
}
