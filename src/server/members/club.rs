//! The members' side of the server: the member tables' connections, password hashing, the
//! limits on guessing, the club as the relying party of passkeys, and the club's options.

use super::accounts::Member;
use super::ends::Ends;
use super::limits::Limits;
use super::options::{MemberOptions, Signup, TournamentMakers};
use super::passwords::Passwords;
use super::{accounts, games, relying_party, sessions};
use crate::server::http::origin::OwnOrigin;
use crate::server::play::protocol::Seated;
use crate::server::storage::db::Db;
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use std::sync::Arc;

/// Connections of the member tables' own pool.
const CONNECTIONS: u32 = 4;

/// The members' side of a server.
pub struct Members {
    pub(super) pool: AnyPool,
    pub(super) passwords: Arc<Passwords>,
    pub(super) limits: Limits,
    /// The club as the relying party of passkeys (`--public-origin`).
    pub(super) relying_party: relying_party::RelyingParty,
    /// Who may sign up.
    pub signup: Signup,
    /// Whether the club is reached by HTTPS ([`MemberOptions::https`]): session cookies are
    /// `Secure` and origins must be `https`.
    pub secure_cookies: bool,
    /// The club's own origin, which a member's request must come from.
    pub own_origin: OwnOrigin,
    /// Who may create tournaments.
    pub tournament_makers: TournamentMakers,
    /// The rated games in a rule set and category that put a member on its leaderboard.
    pub leaderboard_games: i64,
    /// Sessions' ends, told to their sockets.
    pub ends: Ends,
    /// The vacation days a member may take a year (`--vacation-days`).
    pub vacation_days: u32,

    /// Whether the club sends mail (`--smtp-url`): the page then shows its email parts.
    pub sends_mail: bool,
}

impl Members {
    /// The members of `db` (its schema up to date), with `options`, on the server `instance`.
    pub fn new(options: &MemberOptions, db: &Db, instance: Arc<str>) -> Result<Members, String> {
        let pool = AnyPoolOptions::new()
            .max_connections(CONNECTIONS)
            .connect_lazy(db.url())
            .map_err(|e| e.to_string())?;
        Ok(Members {
            pool,
            passwords: Arc::new(Passwords::new(options.pepper()?)?),
            limits: Limits::default(),
            relying_party: relying_party::relying_party(options.public_origin.as_deref())?,
            signup: options.signup,
            secure_cookies: options.https(),
            own_origin: OwnOrigin::new(options.https(), options.public_origin.as_deref()),
            tournament_makers: options.tournament_makers,
            leaderboard_games: options.leaderboard_games,
            ends: Ends::new(db.clone(), instance),
            vacation_days: options.vacation_days,

            sends_mail: false,
        })
    }

    /// The member tables' connections.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Notes that `member`, if any, took the seat `seated` (a failure is logged: the game stands).
    pub async fn took_seat(&self, member: Option<&Member>, seated: &Seated) {
        let Some(member) = member else { return };
        if let Err(e) = games::link(&self.pool, &member.id, &seated.id, &seated.color).await {
            tracing::error!(game = %seated.id, error = %e, "members: the game was not noted for its member");
        }
    }

    /// Sets `password` (checked already) as the password of `member_id`, proven by a link mailed
    /// to their verified address rather than by a session, and ends every session of theirs,
    /// their sockets too: whoever held one may have been the reason for the reset.
    pub async fn reset_password(&self, member_id: &str, password: String) -> Result<(), String> {
        let hash = self.passwords.hash(password).await?;
        accounts::set_password(&self.pool, member_id, &hash).await.map_err(|e| e.to_string())?;
        sessions::close_all(&self.pool, member_id).await.map_err(|e| e.to_string())?;
        self.ends.ended(member_id);
        Ok(())
    }
}
