//! The club's member options: who may sign up, the password pepper, whether cookies are
//! marked `Secure`, who may create tournaments, who the leaderboard lists, and the vacation days
//! of a year.

use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Who may create an account.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum Signup {
    /// Anyone.
    #[default]
    Open,
    /// Only with an invite code made by an admin.
    Invite,
}

/// Who may create tournaments.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum TournamentMakers {
    /// Only the club's admins.
    #[default]
    Admins,
    /// Any member.
    Members,
}

/// The rated games that list a member on a leaderboard, unless `--leaderboard-games` says.
pub const LEADERBOARD_GAMES: i64 = 5;

/// The vacation days a member may take a year, unless `--vacation-days` says.
pub const VACATION_DAYS: u32 = 30;

/// The member options of the command line.
#[derive(Clone, PartialEq, Eq, Debug, Args)]
pub struct MemberOptions {
    /// Who may make an account: anyone, or only with an invite code from an admin
    #[arg(long = "members", value_name = "WHO", value_enum, default_value_t = Signup::Open)]
    pub signup: Signup,
    /// A secret of 16 bytes or more, kept outside the database, mixed into every password
    /// hash (losing it loses every password)
    #[arg(long, value_name = "FILE")]
    pub pepper_file: Option<PathBuf>,
    /// The club is reached by HTTPS: session cookies are Secure and origins must be https
    /// (implied by an https --public-origin)
    #[arg(long)]
    pub secure_cookies: bool,
    /// Who may create tournaments: the club's admins, or any member
    #[arg(long = "tournaments", value_name = "WHO", value_enum, default_value_t = TournamentMakers::Admins)]
    pub tournament_makers: TournamentMakers,
    /// The address members open the club at, e.g. https://club.example: passkeys belong to
    /// its host name (default: http://localhost on any port, for trying the club on this
    /// machine)
    #[arg(long, value_name = "URL")]
    pub public_origin: Option<String>,
    /// The leaderboard of a rule set and clock category lists the members with at least N
    /// rated games there
    #[arg(long, value_name = "N", default_value_t = LEADERBOARD_GAMES, value_parser = clap::value_parser!(i64).range(1..=1000))]
    pub leaderboard_games: i64,
    /// The vacation days a member may take in a calendar year (UTC), which stop the clocks of
    /// their correspondence games; 0: no vacations
    #[arg(long, value_name = "N", default_value_t = VACATION_DAYS, value_parser = clap::value_parser!(u32).range(0..=366))]
    pub vacation_days: u32,
}

impl Default for MemberOptions {
    /// The options of a command line that gives none.
    fn default() -> MemberOptions {
        MemberOptions {
            signup: Signup::Open,
            pepper_file: None,
            secure_cookies: false,
            tournament_makers: TournamentMakers::Admins,
            public_origin: None,
            leaderboard_games: LEADERBOARD_GAMES,
            vacation_days: VACATION_DAYS,
        }
    }
}

/// The fewest bytes a pepper has.
pub const MIN_PEPPER_BYTES: usize = 16;

impl MemberOptions {
    /// Whether the club is reached by HTTPS: `--secure-cookies`, or a `--public-origin` that
    /// is `https`. Its session cookies are then `Secure` and only `https` origins its own.
    pub fn https(&self) -> bool {
        let https_origin = self
            .public_origin
            .as_deref()
            .is_some_and(|url| url.get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://")));
        self.secure_cookies || https_origin
    }

    /// The pepper read from `--pepper-file` (its trailing line end dropped), or none.
    pub fn pepper(&self) -> Result<Vec<u8>, String> {
        let Some(path) = &self.pepper_file else { return Ok(Vec::new()) };
        let mut bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            bytes.pop();
        }
        if bytes.len() < MIN_PEPPER_BYTES {
            return Err(format!("{}: a pepper has at least {MIN_PEPPER_BYTES} bytes", path.display()));
        }
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_https_public_origin_means_https() {
        let origin =
            |url: &str| MemberOptions { public_origin: Some(url.to_string()), ..MemberOptions::default() };
        assert!(origin("https://club.example").https());
        assert!(origin("HTTPS://club.example").https());
        assert!(!origin("http://club.example").https());
        assert!(!MemberOptions::default().https());
        assert!(MemberOptions { secure_cookies: true, ..MemberOptions::default() }.https());
    }

    #[test]
    fn a_pepper_is_long_enough_and_its_line_end_dropped() {
        let path =
            std::env::temp_dir().join(format!("jungle-pepper-{}", crate::server::game::token::new_game_id()));
        let options = MemberOptions { pepper_file: Some(path.clone()), ..MemberOptions::default() };
        std::fs::write(&path, "too short\n").unwrap();
        assert!(options.pepper().unwrap_err().contains("at least 16 bytes"));
        std::fs::write(&path, "sixteen bytes or more\n").unwrap();
        assert_eq!(options.pepper().unwrap(), b"sixteen bytes or more");
        std::fs::remove_file(&path).unwrap();
        assert_eq!(MemberOptions::default().pepper().unwrap(), Vec::<u8>::new());
    }
}
