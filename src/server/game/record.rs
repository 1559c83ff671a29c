//! A finished or running game as a downloadable game record (the engine's record format).

use super::ending::{EndReason, Ending};
use super::match_state::Match;
use crate::record::{Declared, GameRecord};
use crate::rules::Color;

/// The calendar date (UTC) of a time in milliseconds since the Unix epoch, as `YYYY.MM.DD`.
pub(crate) fn date(ms: i64) -> String {
    // Days to a civil date in the proleptic Gregorian calendar (Howard Hinnant's method).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The end of an online game as the record writes it, when the board did not decide it.
fn declared(ending: Ending) -> Option<Declared> {
    let winner = ending.winner;
    match ending.reason {
        EndReason::Board(_) => None,
        EndReason::Time => winner.map(Declared::Time),
        EndReason::Resignation => winner.map(Declared::Resignation),
        EndReason::Abandoned => winner.map(Declared::Abandoned),
        EndReason::Withdrawn => winner.map(Declared::Withdrawn),
        EndReason::Agreement => Some(Declared::Agreement),
        EndReason::MoveLimit => Some(Declared::MoveLimit),
        EndReason::Aborted => Some(Declared::Aborted),
        EndReason::OverTheBoard => Some(Declared::OverTheBoard(winner)),
        EndReason::Adjudicated => Some(Declared::Adjudicated(winner)),
        EndReason::Forfeit => winner.map(Declared::Forfeit),
        EndReason::DoubleForfeit => Some(Declared::DoubleForfeit),
    }
}

/// The headers that say what the game of `m` was played for: `Event` (the tournament's name,
/// or "Online game"), the tournament's `Round` and `Board`, and the `Date`.
fn event(m: &Match) -> Vec<(&'static str, String)> {
    let Some(board) = &m.tournament else {
        return vec![("Event", "Online game".into()), ("Date", date(m.created))];
    };
    vec![
        ("Event", board.name.clone()),
        ("Date", date(m.created)),
        ("Round", board.round.to_string()),
        ("Board", board.board.to_string()),
    ]
}

/// The record of `m`, its `Result` and `Termination` the real ones: the board's, or the end
/// only the server knows (time, resignation, agreement, abandonment, a withdrawal, abort, the
/// move limit, a tournament director's result, which stands over the board's).
pub fn record_text(m: &Match) -> String {
    let mut record = GameRecord::new(m.game.clone());
    let game = [("Game", m.id.clone())];
    let seats = Color::ALL.into_iter().filter_map(|color| {
        let name = if color == Color::Red { "Red" } else { "Blue" };
        m.seats[color].as_ref().map(|seat| (name, seat.name.clone()))
    });
    let clock = [("TimeControl", m.clock.time_control())];
    for (name, value) in event(m).into_iter().chain(game).chain(seats).chain(clock) {
        record.set_header(name, &value).expect("header names are valid and values short");
    }
    if let Some(declared) = m.ending.and_then(declared) {
        record.declare(declared);
    }
    record.format()
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn time_controls_are_pgn_s() {
        use crate::server::game::clock::ClockSpec;
        assert_eq!(ClockSpec::None.time_control(), "-");
        assert_eq!(ClockSpec::Live { seconds: 180, increment: 2 }.time_control(), "180+2");
        assert_eq!(ClockSpec::Correspondence { days: 2 }.time_control(), "1/172800");
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400_000), "2000.02.29");
        assert_eq!(date(1_795_392_000_000), "2026.11.23");
    }
}
