//! A tournament's settings as a request gives them — to make one (`POST api/tournaments`) or
//! to change one still registering (`PATCH api/tournaments/{id}`) — checked in one place
//! against the limits below, which the page's form (`www/tournaments/tournament-settings.js`)
//! keeps too. A refusal names its field.

use super::ledger::{self, format_of, FORMATS};
use super::tables::TournamentRow;
use crate::rules::{Rules, RulesError};
use crate::server::error::Refusal;
use crate::server::game::clock::{now_ms, ClockSpec};
use crate::server::game::token::new_game_id;
use crate::server::http::one_line::one_line;
use crate::server::members::names::check_name;
use crate::tournament::{Format, Points};
use serde::{Deserialize, Deserializer};

/// The longest name of a tournament, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The most rounds of a Swiss.
pub const MAX_SWISS_ROUNDS: i64 = 30;
/// The no-show time unless one is given, in seconds.
pub const NO_SHOW_SECONDS: i64 = 180;
/// The longest no-show time, in seconds.
pub const MAX_NO_SHOW_SECONDS: i64 = 3600;
/// An arena's length unless one is given, in minutes.
pub const ARENA_MINUTES: i64 = 60;
/// The longest arena, in minutes.
pub const MAX_ARENA_MINUTES: i64 = 24 * 60;
/// The games a gauntlet's challenger plays against each other player unless told.
pub const GAMES_EACH: i64 = 2;
/// The most games a gauntlet's challenger plays against each other player.
pub const MAX_GAMES_EACH: i64 = 20;
/// Who may enter a tournament, by the stored names: members only (the default), members and
/// bots, or bots only (an engine match).
pub const ENTRANTS: [&str; 3] = ["members", "members-and-bots", "bots"];

/// The settings a request gives; each may be left out (made: its default; changed: as it was).
#[derive(Deserialize, Default, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: Option<String>,
    /// `swiss`, `round-robin`, `double-round-robin`, `arena` or `gauntlet`.
    pub format: Option<String>,
    /// A Swiss's rounds.
    pub rounds: Option<i64>,
    pub rules: Option<String>,
    pub rated: Option<bool>,
    pub bye_points: Option<f64>,
    pub late_entry_points: Option<f64>,
    pub clock: Option<ClockSpec>,
    pub no_show_seconds: Option<i64>,
    /// When it starts by itself, in ms since the Unix epoch; `null`: the director starts it.
    #[serde(default, deserialize_with = "given")]
    pub starts_at: Option<Option<i64>>,
    /// An arena's length.
    pub minutes: Option<i64>,
    /// Played on real boards, the results entered or reported (not an arena).
    pub over_the_board: Option<bool>,
    /// Who may enter: one of [`ENTRANTS`].
    pub entrants: Option<String>,
    /// A gauntlet's challenger: the name of the member who meets every other player.
    pub challenger: Option<String>,
    /// The games a gauntlet's challenger plays against each other player.
    pub games_each: Option<i64>,
}

/// A field that is there, `null` included (`Some(None)`); a missing one stays `None`.
fn given<'de, D: Deserializer<'de>>(from: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(from).map(Some)
}

/// Settings checked: what a tournament row stores of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub name: String,
    pub format: String,
    /// A Swiss's rounds (0 for the other formats until the start).
    pub rounds: i64,
    /// The rules' text, normalised.
    pub rules: String,
    pub rated: bool,
    pub bye_quarters: i64,
    pub late_quarters: i64,
    pub clock: ClockSpec,
    pub no_show_ms: i64,
    pub starts_at: Option<i64>,
    /// An arena's length (0 for the other formats).
    pub minutes: i64,
    pub over_the_board: bool,
    pub entrants: String,
    /// A gauntlet's challenger ("" for the other formats).
    pub challenger: String,
    /// A gauntlet's games against each (0 for the other formats).
    pub games_each: i64,
}

/// Points in halves from 0 to `most`, in quarters (`default` when not given); else the refusal.
fn quarters(points: Option<f64>, default: Points, most: Points, field: &'static str) -> Result<i64, Refusal> {
    let Some(points) = points else { return Ok(i64::from(default.quarters())) };
    let halves = points * 2.0;
    if halves.fract() != 0.0 || halves < 0.0 || points > most.as_f64() {
        return Err(Refusal::field(
            field,
            format!("{field} is a multiple of 0.5 from 0 to {}", most.as_f64()),
        ));
    }
    Ok(halves as i64 * 2)
}

/// `settings` checked, every field that is left out taking its default; else the refusal,
/// naming the field.
pub fn checked(settings: Settings) -> Result<Checked, Refusal> {
    let name = settings.name.ok_or_else(|| Refusal::field("name", "name is missing"))?;
    let name = one_line(&name, "name", MAX_NAME_CHARS).map_err(|why| Refusal::field("name", why))?;
    let format = settings.format.ok_or_else(|| Refusal::field("format", "format is missing"))?;
    let (kind, _) = format_of(&format)
        .ok_or_else(|| Refusal::field("format", format!("format is one of {}", FORMATS.join(", "))))?;
    let rounds = match (kind, settings.rounds) {
        (Format::Swiss, Some(rounds)) if (1..=MAX_SWISS_ROUNDS).contains(&rounds) => rounds,
        (Format::Swiss, _) => {
            return Err(Refusal::field("rounds", format!("a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds")))
        }
        (_, None) => 0,
        (_, Some(_)) => return Err(Refusal::field("rounds", "only a Swiss is given its number of rounds")),
    };
    let rules: Rules = settings
        .rules
        .as_deref()
        .unwrap_or("")
        .parse()
        .map_err(|e: RulesError| Refusal::field("rules", e.to_string()).caused_by(&e))?;
    let clock = settings.clock.unwrap_or_default();
    clock.check().map_err(|why| Refusal::field("clock", why))?;
    let no_show_seconds = settings.no_show_seconds.unwrap_or(NO_SHOW_SECONDS);
    if !(1..=MAX_NO_SHOW_SECONDS).contains(&no_show_seconds) {
        return Err(Refusal::field(
            "no_show_seconds",
            format!("no_show_seconds is 1 to {MAX_NO_SHOW_SECONDS}"),
        ));
    }
    let starts_at = settings.starts_at.flatten();
    if starts_at.is_some_and(|at| at <= 0) {
        let why = "starts_at is a time in ms since the Unix epoch (one past starts it at once)";
        return Err(Refusal::field("starts_at", why));
    }
    let minutes = match (kind, settings.minutes) {
        (Format::Arena, Some(minutes)) if (1..=MAX_ARENA_MINUTES).contains(&minutes) => minutes,
        (Format::Arena, None) => ARENA_MINUTES,
        (Format::Arena, _) => {
            return Err(Refusal::field("minutes", format!("an arena lasts 1 to {MAX_ARENA_MINUTES} minutes")))
        }
        (_, None) => 0,
        (_, Some(_)) => return Err(Refusal::field("minutes", "only an arena is given its minutes")),
    };
    let over_the_board = settings.over_the_board.unwrap_or(false);
    if over_the_board && kind == Format::Arena {
        return Err(Refusal::field("over_the_board", "an arena is played on the server, not over the board"));
    }
    let entrants = settings.entrants.unwrap_or_else(|| ENTRANTS[0].to_string());
    if !ENTRANTS.contains(&entrants.as_str()) {
        return Err(Refusal::field("entrants", format!("entrants is one of {}", ENTRANTS.join(", "))));
    }
    if over_the_board && entrants != ENTRANTS[0] {
        return Err(Refusal::field("over_the_board", "bots play on the server, not over the board"));
    }
    let (challenger, games_each) = gauntlet_of(kind, settings.challenger, settings.games_each)?;
    Ok(Checked {
        name: name.to_string(),
        format,
        rounds,
        rules: rules.to_string(),
        rated: settings.rated.unwrap_or(true),
        bye_quarters: quarters(settings.bye_points, Points::ONE, Points::ONE, "bye_points")?,
        late_quarters: quarters(settings.late_entry_points, Points::ZERO, Points::HALF, "late_entry_points")?,
        clock,
        no_show_ms: no_show_seconds * 1000,
        starts_at,
        minutes,
        over_the_board,
        entrants,
        challenger,
        games_each,
    })
}

/// A gauntlet's challenger (a member's name) and games against each, checked; ("", 0) for
/// the other formats, which are given neither.
fn gauntlet_of(
    kind: Format,
    challenger: Option<String>,
    games: Option<i64>,
) -> Result<(String, i64), Refusal> {
    if kind != Format::Gauntlet {
        return match (challenger, games) {
            (None, None) => Ok((String::new(), 0)),
            (Some(_), _) => Err(Refusal::field("challenger", "only a gauntlet has a challenger")),
            (None, Some(_)) => {
                Err(Refusal::field("games_each", "only a gauntlet is given its games against each"))
            }
        };
    }
    let challenger =
        challenger.ok_or_else(|| Refusal::field("challenger", "a gauntlet names its challenger"))?;
    let challenger = challenger.trim().to_string();
    check_name(&challenger).map_err(|why| Refusal::field("challenger", why))?;
    let games = games.unwrap_or(GAMES_EACH);
    if !(1..=MAX_GAMES_EACH).contains(&games) {
        let why = format!("a gauntlet's challenger plays 1 to {MAX_GAMES_EACH} games against each");
        return Err(Refusal::field("games_each", why));
    }
    Ok((challenger, games))
}

impl Checked {
    /// The settings tournament `row` has.
    pub fn of(row: &TournamentRow) -> Checked {
        Checked {
            name: row.name.clone(),
            format: row.format.clone(),
            rounds: row.rounds,
            rules: row.rules.clone(),
            rated: row.rated,
            bye_quarters: row.bye_quarters,
            late_quarters: row.late_quarters,
            clock: ClockSpec::from_text(&row.clock).unwrap_or_default(),
            no_show_ms: row.no_show_ms,
            starts_at: row.starts_at,
            minutes: row.minutes,
            over_the_board: row.over_the_board,
            entrants: row.entrants.clone(),
            challenger: row.challenger.clone(),
            games_each: row.games_each,
        }
    }

    /// A new tournament of these settings made by member `created_by`, registering.
    pub fn new_row(&self, created_by: &str) -> TournamentRow {
        let mut row = TournamentRow {
            id: new_game_id(),
            name: String::new(),
            format: String::new(),
            rounds: 0,
            rules: String::new(),
            rated: true,
            bye_quarters: 0,
            late_quarters: 0,
            state: "registering".to_string(),
            round: 0,
            created_by: created_by.to_string(),
            created: now_ms(),
            clock: String::new(),
            no_show_ms: 0,
            starts_at: None,
            minutes: 0,
            ends_at: None,
            paused: false,
            over_the_board: false,
            entrants: String::new(),
            challenger: String::new(),
            games_each: 0,
        };
        self.put_in(&mut row);
        row
    }

    /// Sets these settings in `row`.
    pub fn put_in(&self, row: &mut TournamentRow) {
        row.name = self.name.clone();
        row.format = self.format.clone();
        row.rounds = self.rounds;
        row.rules = self.rules.clone();
        row.rated = self.rated;
        row.bye_quarters = self.bye_quarters;
        row.late_quarters = self.late_quarters;
        row.clock = self.clock.to_text();
        row.no_show_ms = self.no_show_ms;
        row.starts_at = self.starts_at;
        row.minutes = self.minutes;
        row.over_the_board = self.over_the_board;
        row.entrants = self.entrants.clone();
        row.challenger = self.challenger.clone();
        row.games_each = self.games_each;
    }

    /// These settings as a request would give them: a Swiss's rounds, an arena's minutes, a
    /// gauntlet's challenger and games against each.
    fn as_request(&self) -> Settings {
        let kind = format_of(&self.format).map(|(kind, _)| kind);
        let gauntlet = kind == Some(Format::Gauntlet);
        Settings {
            name: Some(self.name.clone()),
            format: Some(self.format.clone()),
            rounds: (kind == Some(Format::Swiss)).then_some(self.rounds),
            rules: Some(self.rules.clone()),
            rated: Some(self.rated),
            bye_points: Some(ledger::points(self.bye_quarters).as_f64()),
            late_entry_points: Some(ledger::points(self.late_quarters).as_f64()),
            clock: Some(self.clock),
            no_show_seconds: Some(self.no_show_ms / 1000),
            starts_at: Some(self.starts_at),
            minutes: (kind == Some(Format::Arena)).then_some(self.minutes),
            over_the_board: Some(self.over_the_board),
            entrants: Some(self.entrants.clone()),
            challenger: gauntlet.then(|| self.challenger.clone()),
            games_each: gauntlet.then_some(self.games_each),
        }
    }

    /// These settings changed by `change` (what it leaves out stays as it was; a new format
    /// keeps only the rounds, minutes, challenger or games against each given with it), checked.
    pub fn changed_by(&self, change: Settings) -> Result<Checked, Refusal> {
        let was = self.as_request();
        let new_format = change.format.as_ref().is_some_and(|format| *format != self.format);
        let (rounds, minutes, challenger, games_each) = if new_format {
            (change.rounds, change.minutes, change.challenger, change.games_each)
        } else {
            (
                change.rounds.or(was.rounds),
                change.minutes.or(was.minutes),
                change.challenger.or(was.challenger),
                change.games_each.or(was.games_each),
            )
        };
        checked(Settings {
            name: change.name.or(was.name),
            format: change.format.or(was.format),
            rounds,
            rules: change.rules.or(was.rules),
            rated: change.rated.or(was.rated),
            bye_points: change.bye_points.or(was.bye_points),
            late_entry_points: change.late_entry_points.or(was.late_entry_points),
            clock: change.clock.or(was.clock),
            no_show_seconds: change.no_show_seconds.or(was.no_show_seconds),
            starts_at: change.starts_at.or(was.starts_at),
            minutes,
            over_the_board: change.over_the_board.or(was.over_the_board),
            entrants: change.entrants.or(was.entrants),
            challenger,
            games_each,
        })
    }

    /// What differs from `before`, one line a setting for the tournament's log:
    /// `clock: live:180+2 → live:300+3`.
    pub fn changes_from(&self, before: &Checked) -> Vec<String> {
        let optional = |at: Option<i64>| at.map_or_else(|| "none".to_string(), |at| at.to_string());
        let points = |quarters: i64| ledger::points(quarters).as_f64().to_string();
        let rules = |rules: &str| if rules.is_empty() { "standard".to_string() } else { rules.to_string() };
        let pairs = [
            ("name", before.name.clone(), self.name.clone()),
            ("format", before.format.clone(), self.format.clone()),
            ("rounds", before.rounds.to_string(), self.rounds.to_string()),
            ("rules", rules(&before.rules), rules(&self.rules)),
            ("rated", before.rated.to_string(), self.rated.to_string()),
            ("bye_points", points(before.bye_quarters), points(self.bye_quarters)),
            ("late_entry_points", points(before.late_quarters), points(self.late_quarters)),
            ("clock", before.clock.to_text(), self.clock.to_text()),
            ("no_show_seconds", (before.no_show_ms / 1000).to_string(), (self.no_show_ms / 1000).to_string()),
            ("starts_at", optional(before.starts_at), optional(self.starts_at)),
            ("minutes", before.minutes.to_string(), self.minutes.to_string()),
            ("over_the_board", before.over_the_board.to_string(), self.over_the_board.to_string()),
            ("entrants", before.entrants.clone(), self.entrants.clone()),
            ("challenger", before.challenger.clone(), self.challenger.clone()),
            ("games_each", before.games_each.to_string(), self.games_each.to_string()),
        ];
        pairs
            .into_iter()
            .filter(|(_, was, now)| was != now)
            .map(|(field, was, now)| format!("{field}: {was} → {now}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn settings(value: serde_json::Value) -> Settings {
        serde_json::from_value(value).unwrap()
    }

    fn swiss() -> Checked {
        checked(settings(json!({ "name": "Cup", "format": "swiss", "rounds": 3 }))).unwrap()
    }

    #[test]
    fn left_out_settings_take_their_defaults() {
        let made = swiss();
        assert_eq!((made.rated, made.bye_quarters, made.late_quarters), (true, 4, 0));
        assert_eq!(
            (made.clock, made.no_show_ms, made.starts_at, made.minutes),
            (ClockSpec::None, 180_000, None, 0)
        );
        let arena = checked(settings(json!({ "name": "Blitz", "format": "arena" }))).unwrap();
        assert_eq!((arena.rounds, arena.minutes), (0, ARENA_MINUTES));
    }

    #[test]
    fn a_refusal_names_its_field() {
        let field = |value| {
            let refusal = checked(settings(value)).unwrap_err();
            refusal.params_json()["field"].as_str().unwrap().to_string()
        };
        assert_eq!(field(json!({ "format": "swiss", "rounds": 3 })), "name");
        assert_eq!(field(json!({ "name": "x", "format": "swiss" })), "rounds");
        assert_eq!(
            field(
                json!({ "name": "x", "format": "arena", "clock": { "kind": "correspondence", "days": 31 } })
            ),
            "clock"
        );
        assert_eq!(field(json!({ "name": "x", "format": "arena", "rules": "dog-swims=maybe" })), "rules");
        assert_eq!(
            field(json!({ "name": "x", "format": "arena", "late_entry_points": 1 })),
            "late_entry_points"
        );
        assert_eq!(
            field(json!({ "name": "x", "format": "arena", "no_show_seconds": 3601 })),
            "no_show_seconds"
        );
        assert_eq!(field(json!({ "name": "x", "format": "arena", "starts_at": 0 })), "starts_at");
    }

    #[test]
    fn a_change_keeps_what_it_leaves_out_and_a_new_format_drops_the_old_ones_length() {
        let before = swiss();
        let faster = before
            .changed_by(settings(json!({ "clock": { "kind": "live", "seconds": 300, "increment": 3 } })));
        let faster = faster.unwrap();
        assert_eq!((faster.rounds, faster.name.as_str()), (3, "Cup"));
        assert_eq!(faster.changes_from(&before), ["clock: none → live:300+3"]);
        let arena = before.changed_by(settings(json!({ "format": "arena" }))).unwrap();
        assert_eq!((arena.rounds, arena.minutes), (0, ARENA_MINUTES));
        assert!(before.changed_by(settings(json!({ "format": "round-robin", "rounds": 4 }))).is_err());
        // `null` takes the start time away; leaving it out keeps it.
        let timed = before.changed_by(settings(json!({ "starts_at": 1_700_000_000_000_i64 }))).unwrap();
        assert_eq!(
            timed.changed_by(settings(json!({ "name": "Cup 2" }))).unwrap().starts_at,
            timed.starts_at
        );
        let untimed = timed.changed_by(settings(json!({ "starts_at": null }))).unwrap();
        assert_eq!(untimed.changes_from(&timed), ["starts_at: 1700000000000 → none"]);
        assert_eq!(Checked::of(&untimed.new_row("m")), untimed);
    }

    #[test]
    fn a_gauntlet_names_its_challenger_and_entrants_are_checked() {
        let made = checked(settings(json!({ "name": "Match", "format": "gauntlet", "challenger": "deep",
                                            "entrants": "bots" })))
        .unwrap();
        assert_eq!(
            (made.challenger.as_str(), made.games_each, made.entrants.as_str()),
            ("deep", GAMES_EACH, "bots")
        );
        assert!(ledger::is_challenger(&made.challenger, "DEEP") && !ledger::is_challenger("", "deep"));
        assert_eq!(swiss().entrants, "members");
        let field = |value| checked(settings(value)).unwrap_err().params_json()["field"].clone();
        assert_eq!(field(json!({ "name": "x", "format": "gauntlet" })), "challenger");
        assert_eq!(field(json!({ "name": "x", "format": "gauntlet", "challenger": "a b" })), "challenger");
        assert_eq!(
            field(json!({ "name": "x", "format": "gauntlet", "challenger": "deep", "games_each": 21 })),
            "games_each"
        );
        assert_eq!(
            field(json!({ "name": "x", "format": "swiss", "rounds": 3, "challenger": "deep" })),
            "challenger"
        );
        assert_eq!(field(json!({ "name": "x", "format": "arena", "entrants": "robots" })), "entrants");
        assert_eq!(
            field(
                json!({ "name": "x", "format": "round-robin", "entrants": "bots", "over_the_board": true })
            ),
            "over_the_board"
        );
        // A new format drops the gauntlet's settings; the same one keeps them.
        let more = made.changed_by(settings(json!({ "games_each": 4 }))).unwrap();
        assert_eq!(more.changes_from(&made), ["games_each: 2 → 4"]);
        let round_robin = more.changed_by(settings(json!({ "format": "double-round-robin" }))).unwrap();
        assert_eq!((round_robin.challenger.as_str(), round_robin.games_each), ("", 0));
        assert_eq!(Checked::of(&more.new_row("m")), more);
    }

    /// The page's form refuses what the server refuses: its limits are these.
    #[test]
    fn the_pages_limits_are_the_servers() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/tournaments/tournament-settings.js");
        let page = std::fs::read_to_string(path).unwrap();
        let limits = &page[page.find("export const LIMITS").expect("the LIMITS of the page")..];
        let limit = |name: &str| -> i64 {
            let at = limits.find(&format!("  {name}: ")).unwrap_or_else(|| panic!("no {name} in {path}"));
            let digits: String =
                limits[at + name.len() + 4..].chars().take_while(char::is_ascii_digit).collect();
            digits.parse().unwrap()
        };
        use crate::server::game::clock::{MAX_DAYS, MAX_INCREMENT, MAX_SECONDS};
        assert_eq!(limit("name"), MAX_NAME_CHARS as i64);
        assert_eq!(limit("rounds"), MAX_SWISS_ROUNDS);
        assert_eq!(limit("minutes"), MAX_ARENA_MINUTES);
        assert_eq!(limit("noShowSeconds"), MAX_NO_SHOW_SECONDS);
        assert_eq!(limit("clockSeconds"), i64::from(MAX_SECONDS));
        assert_eq!(limit("increment"), i64::from(MAX_INCREMENT));
        assert_eq!(limit("days"), i64::from(MAX_DAYS));
        assert_eq!(limit("gamesEach"), MAX_GAMES_EACH);
    }
}
