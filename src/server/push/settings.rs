//! A member's push settings: the kinds of notices switched on, quiet hours ("22:00" to
//! "07:00", which may wrap midnight) and the IANA time zone they are in (jiff's built-in
//! database). A notice due in quiet hours waits until they end.

use super::notice::Kind;
use crate::server::error::{Code, Refusal};
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// Quiet hours: from `from` until `to`, in minutes after midnight (wrapping it when `to`
/// comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiet {
    /// When they start.
    pub from: u16,
    /// When they end.
    pub to: u16,
}

/// What a member chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The kinds switched off.
    pub kinds_off: Vec<Kind>,
    /// The quiet hours, if any.
    pub quiet: Option<Quiet>,
    /// The member's time zone (IANA name), "UTC" until the page sends the browser's.
    pub time_zone: String,
}

impl Default for Settings {
    /// Every kind on, no quiet hours, UTC.
    fn default() -> Settings {
        Settings { kinds_off: Vec::new(), quiet: None, time_zone: "UTC".into() }
    }
}

impl Settings {
    /// Whether notices of `kind` are on.
    pub fn allows(&self, kind: Kind) -> bool {
        !self.kinds_off.contains(&kind)
    }

    /// When the quiet hours that hold `now` (ms) end, if `now` is in them.
    pub fn quiet_until(&self, now: i64) -> Option<i64> {
        let quiet = self.quiet?;
        let zone = TimeZone::get(&self.time_zone).unwrap_or(TimeZone::UTC);
        let here = Timestamp::from_millisecond(now).ok()?.to_zoned(zone.clone());
        let minute = u16::from(here.hour() as u8) * 60 + u16::from(here.minute() as u8);
        let inside = match quiet.from.cmp(&quiet.to) {
            std::cmp::Ordering::Less => (quiet.from..quiet.to).contains(&minute),
            std::cmp::Ordering::Greater => minute >= quiet.from || minute < quiet.to,
            std::cmp::Ordering::Equal => false,
        };
        if !inside {
            return None;
        }
        let (hour, minute_of_hour) = ((quiet.to / 60) as i8, (quiet.to % 60) as i8);
        let mut day = here.date();
        loop {
            // A time a clock change skips is read as the moment after the gap (jiff's rule).
            let end =
                day.at(hour, minute_of_hour, 0, 0).to_zoned(zone.clone()).ok()?.timestamp().as_millisecond();
            if end > now {
                return Some(end);
            }
            day = day.tomorrow().ok()?;
        }
    }
}

/// The minutes after midnight of `text`, "HH:MM" (00:00 to 23:59).
pub fn parse_time(text: &str) -> Result<u16, Refusal> {
    let bad = || Refusal::new(Code::BadQuietHours, "quiet hours are two times of day, \"HH:MM\"");
    let (hours, minutes) = text.split_once(':').ok_or_else(bad)?;
    if hours.len() != 2 || minutes.len() != 2 {
        return Err(bad());
    }
    let (hours, minutes): (u16, u16) =
        (hours.parse().map_err(|_| bad())?, minutes.parse().map_err(|_| bad())?);
    if hours > 23 || minutes > 59 {
        return Err(bad());
    }
    Ok(hours * 60 + minutes)
}

/// `minutes` after midnight as "HH:MM".
pub fn time_text(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Refuses a name that is no time zone of the IANA database.
pub fn check_time_zone(name: &str) -> Result<(), Refusal> {
    let known = name.len() <= 64 && TimeZone::get(name).is_ok();
    known.then_some(()).ok_or_else(|| {
        Refusal::new(Code::BadTimeZone, "time_zone must be an IANA time zone such as Europe/Berlin")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn quiet_hours_wrap_midnight_in_the_members_zone() {
        let night = Settings {
            quiet: Some(Quiet { from: 22 * 60, to: 7 * 60 }),
            time_zone: "Europe/Berlin".into(),
            ..Settings::default()
        };
        // 21:30 UTC is 22:30 in Berlin in winter: quiet until 07:00 Berlin, 06:00 UTC.
        assert_eq!(night.quiet_until(at("2026-01-10T21:30:00Z")), Some(at("2026-01-11T06:00:00Z")));
        assert_eq!(night.quiet_until(at("2026-01-11T02:00:00Z")), Some(at("2026-01-11T06:00:00Z")));
        assert_eq!(night.quiet_until(at("2026-01-11T06:00:00Z")), None, "07:00 Berlin: awake");
        assert_eq!(night.quiet_until(at("2026-01-10T20:59:00Z")), None, "21:59 Berlin");
        let lunch = Settings { quiet: Some(Quiet { from: 12 * 60, to: 13 * 60 }), ..Settings::default() };
        assert_eq!(lunch.quiet_until(at("2026-01-10T12:30:00Z")), Some(at("2026-01-10T13:00:00Z")));
        assert_eq!(lunch.quiet_until(at("2026-01-10T13:30:00Z")), None);
    }

    #[test]
    fn times_and_zones_are_checked() {
        assert_eq!(parse_time("07:05").unwrap(), 425);
        assert_eq!(time_text(425), "07:05");
        for bad in ["7:05", "24:00", "12:60", "noon", "12:5a"] {
            assert_eq!(parse_time(bad).unwrap_err().code, Code::BadQuietHours, "{bad}");
        }
        assert!(check_time_zone("America/New_York").is_ok());
        assert_eq!(check_time_zone("Mars/Olympus").unwrap_err().code, Code::BadTimeZone);
    }
}
