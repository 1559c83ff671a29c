//! The club's member options: who may sign up, the password pepper, and whether cookies are
//! marked `Secure`.

use std::path::PathBuf;
use std::str::FromStr;

/// Who may create an account.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Signup {
    /// Anyone.
    #[default]
    Open,
    /// Only with an invite code made by an admin.
    Invite,
}

impl FromStr for Signup {
    type Err = String;

    fn from_str(text: &str) -> Result<Signup, String> {
        match text {
            "open" => Ok(Signup::Open),
            "invite" => Ok(Signup::Invite),
            _ => Err(format!("--members: `{text}` is not open or invite")),
        }
    }
}

/// The member options of the command line.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MemberOptions {
    /// Who may sign up (`--members open|invite`).
    pub signup: Signup,
    /// A file whose bytes are the argon2 secret of every password hash (`--pepper-file`).
    pub pepper_file: Option<PathBuf>,
    /// The server is reached by HTTPS: session cookies are `Secure` (`--secure-cookies`).
    pub secure_cookies: bool,
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
    fn who_may_sign_up_is_read() {
        assert_eq!("invite".parse(), Ok(Signup::Invite));
        assert_eq!("open".parse(), Ok(Signup::Open));
        assert!("closed".parse::<Signup>().unwrap_err().contains("open or invite"));
    }

    #[test]
    fn a_pepper_is_long_enough_and_its_line_end_dropped() {
        let path =
            std::env::temp_dir().join(format!("jungle-pepper-{}", crate::server::token::new_game_id()));
        let options = MemberOptions { pepper_file: Some(path.clone()), ..MemberOptions::default() };
        std::fs::write(&path, "too short\n").unwrap();
        assert!(options.pepper().unwrap_err().contains("at least 16 bytes"));
        std::fs::write(&path, "sixteen bytes or more\n").unwrap();
        assert_eq!(options.pepper().unwrap(), b"sixteen bytes or more");
        std::fs::remove_file(&path).unwrap();
        assert_eq!(MemberOptions::default().pepper().unwrap(), Vec::<u8>::new());
    }
}
