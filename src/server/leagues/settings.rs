//! A new league's settings as `POST api/leagues` gives them, checked in one place; a refusal
//! names its field.

use super::tables::LeagueRow;
use crate::rules::{Rules, RulesError};
use crate::server::error::Refusal;
use crate::server::game::clock::{now_ms, ClockSpec, DAY_MS};
use crate::server::game::token::new_game_id;
use crate::server::http::one_line::one_line;
use serde::Deserialize;

/// The longest name of a league, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// Division sizes: 2 to this many players (the last division may take up to twice as many).
pub const MAX_DIVISION_SIZE: i64 = 20;
/// The longest window of a round, in days.
pub const MAX_ROUND_DAYS: i64 = 60;
/// A round's window unless one is given, in days.
pub const ROUND_DAYS: i64 = 7;

/// The settings a request gives; each but the name may be left out.
#[derive(Deserialize, Default, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: Option<String>,
    pub rules: Option<String>,
    pub clock: Option<ClockSpec>,
    pub rated: Option<bool>,
    /// Players per division when placed by rating (6 unless given).
    pub division_size: Option<i64>,
    /// How many of each division but the first go up (1 unless given).
    pub promote: Option<i64>,
    /// How many of each division but the last go down (1 unless given).
    pub relegate: Option<i64>,
    /// Each round's window in days.
    pub round_days: Option<i64>,
    /// Twice around: each pair meets once on each side.
    pub double: Option<bool>,
}

/// A count from `low` to `high` (`default` when not given); else the refusal for `field`.
fn count(
    value: Option<i64>,
    default: i64,
    (low, high): (i64, i64),
    field: &'static str,
) -> Result<i64, Refusal> {
    let value = value.unwrap_or(default);
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(Refusal::field(field, format!("{field} is {low} to {high}")))
    }
}

/// `settings` checked: the new league's row, made by `created_by`; else the refusal.
pub fn checked(settings: Settings, created_by: &str) -> Result<LeagueRow, Refusal> {
    let name = settings.name.ok_or_else(|| Refusal::field("name", "name is missing"))?;
    let name = one_line(&name, "name", MAX_NAME_CHARS).map_err(|why| Refusal::field("name", why))?;
    let rules: Rules = settings
        .rules
        .as_deref()
        .unwrap_or("")
        .parse()
        .map_err(|e: RulesError| Refusal::field("rules", e.to_string()).caused_by(&e))?;
    let clock = settings.clock.unwrap_or(ClockSpec::Correspondence { days: 3 });
    clock.check().map_err(|why| Refusal::field("clock", why))?;
    let division_size = count(settings.division_size, 6, (2, MAX_DIVISION_SIZE), "division_size")?;
    let promote = count(settings.promote, 1, (0, division_size / 2), "promote")?;
    let relegate = count(settings.relegate, 1, (0, division_size / 2), "relegate")?;
    let round_days = count(settings.round_days, ROUND_DAYS, (1, MAX_ROUND_DAYS), "round_days")?;
    Ok(LeagueRow {
        id: new_game_id(),
        name: name.to_string(),
        rules: rules.to_string(),
        clock: clock.to_text(),
        rated: settings.rated.unwrap_or(true),
        division_size,
        promote,
        relegate,
        window_ms: round_days * DAY_MS,
        cycles: if settings.double.unwrap_or(false) { 2 } else { 1 },
        state: "open".to_string(),
        season: 0,
        created_by: created_by.to_string(),
        created: now_ms(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Settings {
        Settings { name: Some(name.into()), ..Settings::default() }
    }

    #[test]
    fn defaults_fill_what_is_left_out() {
        let row = checked(named(" Winter league "), "m1").unwrap();
        assert_eq!((row.name.as_str(), row.clock.as_str()), ("Winter league", "days:3"));
        assert_eq!((row.division_size, row.promote, row.relegate, row.cycles), (6, 1, 1, 1));
        assert_eq!(row.window_ms, 7 * DAY_MS);
        assert_eq!((row.state.as_str(), row.season), ("open", 0));
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |settings: Settings| {
            let refusal = checked(settings, "m1").unwrap_err();
            refusal.params.iter().find(|(name, _)| *name == "field").map(|(_, value)| format!("{value:?}"))
        };
        let named_field = |settings: Settings, name: &str| {
            let found = field(settings).unwrap_or_default();
            assert!(found.contains(name), "{found} names {name}");
        };
        named_field(Settings::default(), "name");
        named_field(Settings { division_size: Some(1), ..named("L") }, "division_size");
        named_field(Settings { promote: Some(4), ..named("L") }, "promote");
        named_field(Settings { round_days: Some(0), ..named("L") }, "round_days");
        named_field(Settings { rules: Some("nonsense=1".into()), ..named("L") }, "rules");
    }
}
