//! Members of the club (issue 23): accounts with a name and a password, signed in by a
//! session cookie. Guests still play by seat token as before; a member's games carry the
//! member's name and are noted in `member_games`.
//!
//! Layout: [`options`] (`--members`, `--pepper-file`, `--secure-cookies`), [`names`],
//! [`passwords`] (argon2id), [`accounts`] (the `members` table), [`sessions`] (cookies),
//! [`signed_in`] (who asks, as a handler's argument), [`suspensions`] (set by an admin: no
//! sign-in, no play, no chat), [`invites`], [`admission`] (the invite a sign-up spends, the session every way in opens),
//! [`games`] (members' seats; deleting an account), [`limits`] (guessing),
//! [`origin`] (cross-site requests refused), [`routes`] (the API),
//! [`public`] (the leaderboard, profiles, one's games as records), [`my_games`] (one's
//! unfinished games, whose move),
//! [`admin`] (`jungle-server admin add NAME`), [`passkeys`] (WebAuthn sign-up and sign-in).

pub mod accounts;
pub mod admin;
pub mod admission;
pub mod games;
pub mod invites;
pub mod limits;
pub mod my_games;
pub mod names;
pub mod options;
pub mod origin;
pub mod passkeys;
pub mod passwords;
pub mod public;
pub mod routes;
pub mod sessions;
pub mod signed_in;
pub mod suspensions;

use crate::server::play::protocol::Seated;
use accounts::Member;
use axum::http::HeaderMap;
use limits::Limits;
use options::{MemberOptions, Signup, TournamentMakers};
use passwords::Passwords;
pub use signed_in::{Admin, SignedIn};
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use std::sync::Arc;

/// Connections of the member tables' own pool.
const CONNECTIONS: u32 = 4;

/// The members' side of a server.
pub struct Members {
    pool: AnyPool,
    passwords: Arc<Passwords>,
    limits: Limits,
    /// The club as the relying party of passkeys (`--public-origin`).
    relying_party: webauthn_rs::Webauthn,
    /// Who may sign up.
    pub signup: Signup,
    /// Whether session cookies are `Secure` (and origins must be `https`).
    pub secure_cookies: bool,
    /// Who may create tournaments.
    pub tournament_makers: TournamentMakers,
}

impl Members {
    /// The members of the database at `url` (as [`Db::url`](crate::server::storage::db::Db::url) gives
    /// it, its schema up to date), with `options`.
    pub fn new(options: &MemberOptions, url: &str) -> Result<Members, String> {
        let pool = AnyPoolOptions::new()
            .max_connections(CONNECTIONS)
            .connect_lazy(url)
            .map_err(|e| e.to_string())?;
        Ok(Members {
            pool,
            passwords: Arc::new(Passwords::new(options.pepper()?)?),
            limits: Limits::default(),
            relying_party: passkeys::relying_party(options.public_origin.as_deref())?,
            signup: options.signup,
            secure_cookies: options.secure_cookies,
            tournament_makers: options.tournament_makers,
        })
    }

    /// The member tables' connections.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The member the request's session cookie signs in, if any.
    pub async fn signed_in(&self, headers: &HeaderMap) -> sqlx::Result<Option<SignedIn>> {
        let Some(session) = sessions::from_request(headers) else { return Ok(None) };
        let member = sessions::member(&self.pool, &session).await?;
        Ok(member.map(|member| SignedIn { member, session }))
    }

    /// The member signed in by the request, if any, whose name then replaces `name`: a member
    /// plays under the account's name.
    pub async fn seat_name(&self, headers: &HeaderMap, name: &mut String) -> sqlx::Result<Option<Member>> {
        let member = self.signed_in(headers).await?.map(|signed_in| signed_in.member);
        if let Some(member) = &member {
            name.clone_from(&member.name);
        }
        Ok(member)
    }

    /// Notes that `member`, if any, took the seat `seated` (a failure is logged: the game stands).
    pub async fn took_seat(&self, member: Option<&Member>, seated: &Seated) {
        let Some(member) = member else { return };
        if let Err(e) = games::link(&self.pool, &member.id, &seated.id, &seated.color).await {
            tracing::error!(game = %seated.id, error = %e, "members: the game was not noted for its member");
        }
    }
}
