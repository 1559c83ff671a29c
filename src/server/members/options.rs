//! The club's member options: who may sign up, the password pepper, whether cookies are
//! marked `Secure`, and who may create tournaments.

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

/// The member options of the command line.
#[derive(Clone, PartialEq, Eq, Debug, Default, Args)]
pub struct MemberOptions {
    /// Who may make an account: anyone, or only with an invite code from an admin
    #[arg(long = "members", value_name = "WHO", value_enum, default_value_t = Signup::Open)]
    pub signup: Signup,
    /// A secret of 16 bytes or more, kept outside the database, mixed into every password
    /// hash (losing it loses every password)
    #[arg(long, value_name = "FILE")]
    pub pepper_file: Option<PathBuf>,
    /// The club is reached by HTTPS: session cookies are Secure
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
}

/// The fewest bytes a pepper has.
pub const MIN_PEPPER_BYTES: usize = 16;

impl MemberOptions {
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
