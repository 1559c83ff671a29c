//! A ladder's settings as a request gives them — to make one (`POST api/ladders`) or to change
//! one (`PATCH api/ladders/{id}`) — checked in one place against the limits below. A refusal
//! names its field.

use super::tables::LadderRow;
use crate::rules::{Rules, RulesError};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::http::one_line::one_line;
use serde::Deserialize;

/// The longest name of a ladder, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The most places above that a ladder may let members challenge.
pub const MAX_REACH: i64 = 20;
/// The most open challenges a ladder may let a member have.
pub const MAX_OPEN: i64 = 10;
/// The longest time to answer, in hours (two weeks).
pub const MAX_ANSWER_HOURS: i64 = 14 * 24;
/// The longest cool-down, in hours (a month).
pub const MAX_COOL_DOWN_HOURS: i64 = 31 * 24;
/// The longest idle period, in days (a year).
pub const MAX_IDLE_DAYS: i64 = 365;
/// The most free declines.
pub const MAX_FREE_DECLINES: i64 = 10;

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// The settings a request gives; each may be left out (made: its default; changed: as it was).
#[derive(Deserialize, Default, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: Option<String>,
    pub rules: Option<String>,
    pub rated: Option<bool>,
    pub clock: Option<ClockSpec>,
    /// How many places above a member may challenge (3 unless given).
    pub reach: Option<i64>,
    /// The most open challenges of a member, given and received (2 unless given).
    pub max_open: Option<i64>,
    /// The time to answer a challenge (48 unless given).
    pub answer_hours: Option<i64>,
    /// The time before two members may challenge each other again (24 unless given).
    pub cool_down_hours: Option<i64>,
    /// Days without a ladder game that move a member down one place (14 unless given; 0:
    /// never).
    pub idle_days: Option<i64>,
    /// Declines since a member's last ladder game that are free (2 unless given).
    pub free_declines: Option<i64>,
    /// `bottom` (unless given) or `rating`: where a newcomer joins.
    pub placement: Option<String>,
}

fn within(
    value: Option<i64>,
    default: i64,
    range: std::ops::RangeInclusive<i64>,
    field: &'static str,
) -> Result<i64, Refusal> {
    let value = value.unwrap_or(default);
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(Refusal::field(field, format!("{field} is {} to {}", range.start(), range.end())))
    }
}

impl Settings {
    /// These settings over `was` (a new ladder's defaults, or the ladder as it is), checked;
    /// else the refusal, naming the field.
    pub fn over(self, was: &LadderRow) -> Result<LadderRow, Refusal> {
        let name = match self.name {
            Some(name) => one_line(&name, "name", MAX_NAME_CHARS)
                .map_err(|why| Refusal::field("name", why))?
                .to_string(),
            None if was.name.is_empty() => return Err(Refusal::field("name", "name is missing")),
            None => was.name.clone(),
        };
        let rules = match self.rules {
            Some(text) => {
                let rules: Rules = text
                    .parse()
                    .map_err(|e: RulesError| Refusal::field("rules", e.to_string()).caused_by(&e))?;
                rules.to_string()
            }
            None => was.rules.clone(),
        };
        let clock = match self.clock {
            Some(clock) => {
                clock.check().map_err(|why| Refusal::field("clock", why))?;
                clock.to_text()
            }
            None => was.clock.clone(),
        };
        let by_rating = match self.placement.as_deref() {
            None => was.by_rating,
            Some("bottom") => false,
            Some("rating") => true,
            Some(_) => return Err(Refusal::field("placement", "placement is bottom or rating")),
        };
        Ok(LadderRow {
            name,
            rules,
            rated: self.rated.unwrap_or(was.rated),
            clock,
            reach: within(self.reach, was.reach, 1..=MAX_REACH, "reach")?,
            max_open: within(self.max_open, was.max_open, 1..=MAX_OPEN, "max_open")?,
            answer_ms: within(
                self.answer_hours,
                was.answer_ms / HOUR_MS,
                1..=MAX_ANSWER_HOURS,
                "answer_hours",
            )? * HOUR_MS,
            cool_down_ms: within(
                self.cool_down_hours,
                was.cool_down_ms / HOUR_MS,
                0..=MAX_COOL_DOWN_HOURS,
                "cool_down_hours",
            )? * HOUR_MS,
            idle_ms: within(self.idle_days, was.idle_ms / DAY_MS, 0..=MAX_IDLE_DAYS, "idle_days")? * DAY_MS,
            free_declines: within(
                self.free_declines,
                was.free_declines,
                0..=MAX_FREE_DECLINES,
                "free_declines",
            )?,
            by_rating,
            ..was.clone()
        })
    }
}

/// A new ladder's row before its settings: the defaults, made by `member_id` at `now`.
pub fn new_row(id: String, member_id: &str, now: i64) -> LadderRow {
    LadderRow {
        id,
        name: String::new(),
        rules: String::new(),
        rated: true,
        clock: ClockSpec::default().to_text(),
        reach: 3,
        max_open: 2,
        answer_ms: 48 * HOUR_MS,
        cool_down_ms: 24 * HOUR_MS,
        idle_ms: 14 * DAY_MS,
        free_declines: 2,
        by_rating: false,
        version: 0,
        created_by: member_id.to_string(),
        created: now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn settings(value: serde_json::Value) -> Settings {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn defaults_fill_what_is_left_out_and_a_change_keeps_the_rest() {
        let made = settings(json!({ "name": " Club ladder " })).over(&new_row("l".into(), "m", 5)).unwrap();
        assert_eq!(
            (made.name.as_str(), made.reach, made.max_open, made.by_rating),
            ("Club ladder", 3, 2, false)
        );
        assert_eq!(
            (made.answer_ms, made.cool_down_ms, made.idle_ms),
            (48 * HOUR_MS, 24 * HOUR_MS, 14 * DAY_MS)
        );
        let changed =
            settings(json!({ "reach": 5, "idle_days": 0, "placement": "rating" })).over(&made).unwrap();
        assert_eq!(
            (changed.name.as_str(), changed.reach, changed.idle_ms, changed.by_rating),
            ("Club ladder", 5, 0, true)
        );
    }

    #[test]
    fn a_bad_field_is_named() {
        let row = new_row("l".into(), "m", 5);
        let field = |value| settings(value).over(&row).unwrap_err().params_json()["field"].clone();
        assert_eq!(field(json!({})), "name");
        assert_eq!(field(json!({ "name": "x", "reach": 0 })), "reach");
        assert_eq!(field(json!({ "name": "x", "max_open": 11 })), "max_open");
        assert_eq!(field(json!({ "name": "x", "answer_hours": 0 })), "answer_hours");
        assert_eq!(field(json!({ "name": "x", "placement": "top" })), "placement");
        assert_eq!(field(json!({ "name": "x", "rules": "dog-swims=maybe" })), "rules");
    }
}
