//! What one member may make of leagues in a while, as tournaments' limits (issue 33): with
//! `--tournaments members`, a member who is not an admin has at most [`MAX_UNFINISHED`]
//! leagues of their own not over (`too_many_leagues`), and makes them at [`CREATIONS`]
//! (`rate_limited`); admins make as many as the club needs. Joining and leaving go at
//! [`MEMBERSHIP_CHANGES`] per member and league.

use super::tables;
use crate::server::error::{Code, Refusal};
use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::members::accounts::Member;
use sqlx::AnyConnection;

/// The leagues not over a member (not an admin) may have made.
pub const MAX_UNFINISHED: u32 = 3;
/// Leagues a member (not an admin) makes: 5 at once, then one every 10 minutes.
pub const CREATIONS: Rate = Rate { per_second: 1.0 / 600.0, burst: 5.0 };
/// A member's joins and leaves of one league: 6 at once, then one a minute.
pub const MEMBERSHIP_CHANGES: Rate = Rate { per_second: 1.0 / 60.0, burst: 6.0 };

/// The members' rates, per instance.
pub struct Limits {
    creations: Limiter<String>,
    memberships: Limiter<(String, String)>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { creations: Limiter::new(CREATIONS), memberships: Limiter::new(MEMBERSHIP_CHANGES) }
    }
}

impl Limits {
    /// Whether `member` may make a league now; else the refusal. Admins always may.
    pub async fn may_create(&self, conn: &mut AnyConnection, member: &Member) -> Result<(), Refusal> {
        if member.admin {
            return Ok(());
        }
        let unfinished = tables::unfinished_made_by(conn, &member.id).await.map_err(Refusal::storage)?;
        if unfinished >= i64::from(MAX_UNFINISHED) {
            return Err(Refusal::new(
                Code::TooManyLeagues,
                format!("you have {MAX_UNFINISHED} leagues not yet over: wait for a season to end"),
            )
            .with("limit", MAX_UNFINISHED));
        }
        if !self.creations.allow(member.id.clone()) {
            return Err(Refusal::new(Code::RateLimited, "you made many leagues lately: wait a few minutes"));
        }
        Ok(())
    }

    /// Whether member `member_id` may join or leave league `id` now; else the refusal.
    pub fn may_change_membership(&self, member_id: &str, id: &str) -> Result<(), Refusal> {
        if self.memberships.allow((member_id.to_string(), id.to_string())) {
            Ok(())
        } else {
            Err(Refusal::new(Code::RateLimited, "you joined and left many times: wait a minute"))
        }
    }
}
