//! Members' vacations (lichess and ICCF style): a member takes days off from their
//! correspondence games, out of an allowance of [`--vacation-days`](super::options) a calendar
//! year (in UTC, counted in the year a vacation begins). While on vacation their correspondence
//! clocks stand ([`vacation`](crate::server::game::vacation)); a vacation ended early gives back
//! its whole days not begun. [`store`] keeps a member's allowance and last vacation, [`routes`]
//! is the API, [`hold`] tells the member's games.

pub mod hold;
pub mod routes;
pub mod store;

use crate::server::game::clock::DAY_MS;

/// A member's vacations: the days used in `year` and the last vacation's start and end (ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Vacations {
    /// The calendar year (UTC) the days were used in.
    pub year: i32,
    /// The days used in `year`.
    pub days_used: u32,
    /// When the last vacation began.
    pub starts: i64,
    /// When it ends (or ended).
    pub ends: i64,
}

/// Why a vacation cannot begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The member is on vacation already.
    OnVacation,
    /// Fewer days are left this year than asked for (this many).
    TooFewDays(u32),
}

/// The calendar year (UTC) of `ms`.
pub fn year_of(ms: i64) -> i32 {
    jiff::Timestamp::from_millisecond(ms)
        .map_or(1970, |at| i32::from(at.to_zoned(jiff::tz::TimeZone::UTC).year()))
}

impl Vacations {
    /// Until when the member is on vacation at `now`, if they are.
    pub fn until(&self, now: i64) -> Option<i64> {
        (self.ends > now).then_some(self.ends)
    }

    /// The days left at `now` of an allowance of `per_year`.
    pub fn days_left(&self, per_year: u32, now: i64) -> u32 {
        let used = if self.year == year_of(now) { self.days_used } else { 0 };
        per_year.saturating_sub(used)
    }

    /// A vacation of `days` beginning at `now`.
    pub fn begin(&self, days: u32, per_year: u32, now: i64) -> Result<Vacations, Refused> {
        if self.until(now).is_some() {
            return Err(Refused::OnVacation);
        }
        let left = self.days_left(per_year, now);
        if days > left {
            return Err(Refused::TooFewDays(left));
        }
        Ok(Vacations {
            year: year_of(now),
            days_used: per_year - left + days,
            starts: now,
            ends: now + i64::from(days) * DAY_MS,
        })
    }

    /// The vacation ended at `now`, its whole days not begun given back; none if the member is
    /// not on vacation.
    pub fn end(&self, now: i64) -> Option<Vacations> {
        let until = self.until(now)?;
        let unused = u32::try_from((until - now) / DAY_MS).unwrap_or(0);
        Some(Vacations { days_used: self.days_used.saturating_sub(unused), ends: now, ..*self })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-29 12:00 UTC.
    const NOW: i64 = 1_795_953_600_000;

    #[test]
    fn years_are_counted_in_utc() {
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(NOW), 2026);
        assert_eq!(year_of(1_798_761_600_000 - 1), 2026, "the last millisecond of 2026");
        assert_eq!(year_of(1_798_761_600_000), 2027);
    }

    #[test]
    fn a_vacation_spends_days_and_an_early_end_gives_back_those_not_begun() {
        let none = Vacations::default();
        assert_eq!(none.days_left(30, NOW), 30);
        let on = none.begin(10, 30, NOW).unwrap();
        assert_eq!((on.days_left(30, NOW), on.until(NOW)), (20, Some(NOW + 10 * DAY_MS)));
        assert_eq!(on.begin(1, 30, NOW + DAY_MS), Err(Refused::OnVacation));
        // Ended after a day and a half: the half-begun day counts.
        let ended = on.end(NOW + DAY_MS * 3 / 2).unwrap();
        assert_eq!((ended.days_left(30, NOW), ended.until(NOW + 2 * DAY_MS)), (28, None));
        assert_eq!(ended.end(NOW + 2 * DAY_MS), None);
        assert_eq!(ended.begin(29, 30, NOW + 2 * DAY_MS), Err(Refused::TooFewDays(28)));
        // A new year brings the whole allowance back.
        assert_eq!(ended.days_left(30, NOW + 40 * DAY_MS), 30);
    }
}
