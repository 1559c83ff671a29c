//! A new cup's settings as `POST api/cups` gives them, checked: a refusal names its field.

use super::ledger::{tie_break_of, TIE_BREAKS};
use super::tables::CupRow;
use crate::rules::{Rules, RulesError};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::game::token::new_game_id;
use crate::server::http::one_line::one_line;
use crate::server::time::now_ms;
use serde::Deserialize;

/// The longest name of a cup, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The most games of a match (before its tie-break).
pub const MAX_GAMES: i64 = 7;
/// The longest a match may take, in hours (60 days).
pub const MAX_ROUND_HOURS: i64 = 60 * 24;
/// A match's time unless one is given: a week.
pub const ROUND_HOURS: i64 = 7 * 24;
/// The tie-break games' clock unless one is given: 3 minutes and 2 seconds a move.
pub const TIE_BREAK_CLOCK: ClockSpec = ClockSpec::Live { seconds: 180, increment: 2 };

/// The settings a request gives; each but the name may be left out.
#[derive(Deserialize, Default, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: Option<String>,
    pub rules: Option<String>,
    pub rated: Option<bool>,
    pub clock: Option<ClockSpec>,
    /// A match is the best of this many games (1 unless given).
    pub games: Option<i64>,
    /// `extra-games` (unless given) or `armageddon`.
    pub tie_break: Option<String>,
    pub tie_break_clock: Option<ClockSpec>,
    /// The time a match has from its pairing to its deadline.
    pub round_hours: Option<i64>,
}

/// `settings` checked: a new cup made by member `created_by`, taking players; else the
/// refusal, naming the field.
pub fn new_cup(settings: Settings, created_by: &str) -> Result<CupRow, Refusal> {
    let name = settings.name.ok_or_else(|| Refusal::field("name", "name is missing"))?;
    let name = one_line(&name, "name", MAX_NAME_CHARS).map_err(|why| Refusal::field("name", why))?;
    let rules: Rules = settings
        .rules
        .as_deref()
        .unwrap_or("")
        .parse()
        .map_err(|e: RulesError| Refusal::field("rules", e.to_string()).caused_by(&e))?;
    let clock = settings.clock.unwrap_or_default();
    clock.check().map_err(|why| Refusal::field("clock", why))?;
    let tie_break_clock = settings.tie_break_clock.unwrap_or(TIE_BREAK_CLOCK);
    tie_break_clock.check().map_err(|why| Refusal::field("tie_break_clock", why))?;
    if !matches!(tie_break_clock, ClockSpec::Live { .. }) {
        return Err(Refusal::field("tie_break_clock", "the tie-break clock is a live clock (a short one)"));
    }
    let games = settings.games.unwrap_or(1);
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(Refusal::field("games", format!("a match is the best of 1 to {MAX_GAMES} games")));
    }
    let tie_break = settings.tie_break.unwrap_or_else(|| TIE_BREAKS[0].to_string());
    if tie_break_of(&tie_break).is_none() {
        return Err(Refusal::field("tie_break", format!("tie_break is one of {}", TIE_BREAKS.join(", "))));
    }
    let round_hours = settings.round_hours.unwrap_or(ROUND_HOURS);
    if !(1..=MAX_ROUND_HOURS).contains(&round_hours) {
        return Err(Refusal::field("round_hours", format!("round_hours is 1 to {MAX_ROUND_HOURS}")));
    }
    Ok(CupRow {
        id: new_game_id(),
        name: name.to_string(),
        rules: rules.to_string(),
        clock: clock.to_text(),
        tie_break_clock: tie_break_clock.to_text(),
        games,
        tie_break,
        rated: settings.rated.unwrap_or(true),
        round_ms: round_hours * 3600 * 1000,
        state: "registering".to_string(),
        winner: None,
        created_by: created_by.to_string(),
        created: now_ms(),
    })
}
