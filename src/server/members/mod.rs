//! Members of the club (issue 23): accounts with a name and a password, signed in by a
//! session cookie. Guests still play by seat token as before; a member's games carry the
//! member's name and are noted in `member_games`.
//!
//! Layout: [`club`] ([`Members`], the members' side of the server), [`options`] (`--members`,
//! `--pepper-file`, `--secure-cookies`), [`names`], [`guest_names`] (no guest passes for a member), [`passwords`] (argon2id), [`accounts`] (the
//! `members` table), [`sessions`] (cookies), [`devices`] (where a member signed in before), [`ends`] (a session's end closes its sockets), [`signed_in`] (who asks, as a handler's argument),
//! [`suspensions`] (set by an admin: no sign-in, no play, no chat), [`invites`], [`admission`]
//! (the invite a sign-up spends, the session every way in opens), [`games`] (members' seats;
//! deleting an account), [`limits`] (guessing),
//! [`routes`] (the API; the origins it takes: [`origin`](crate::server::http::origin)),
//! [`public`] (the leaderboard, profiles, one's games as records), [`my_games`] (one's
//! unfinished games, whose move), [`vacation`] (days off that stop one's correspondence clocks),
//! [`admin`] (`jungle-server admin add NAME`), [`passkeys`] (WebAuthn sign-up and sign-in), [`relying_party`] (the club as
//! their relying party).

pub mod accounts;
pub mod admin;
pub mod admission;
pub mod club;
pub mod devices;
pub mod ends;
pub mod games;
pub mod guest_names;
pub mod invites;
pub mod limits;
pub mod my_games;
pub mod names;
pub mod options;
pub mod passkeys;
pub mod passwords;
pub mod public;
pub mod relying_party;
pub mod routes;
pub mod sessions;
pub mod signed_in;
pub mod suspensions;
pub mod vacation;

pub use club::Members;
pub use signed_in::{Admin, SignedIn};
