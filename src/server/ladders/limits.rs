//! What one member may do to ladders in a while, so that no member floods the club's list:
//! a member who is not an admin has made at most [`MAX_MADE`] ladders, at [`CREATIONS`]
//! (`too_many_ladders`, then `rate_limited`); a member joins and leaves one ladder at
//! [`MEMBERSHIP_CHANGES`] (`rate_limited`). Challenges have the ladder's own limits. The rates
//! are kept per instance, the ladders made counted in the database.

use super::tables;
use crate::server::error::{Code, Refusal};
use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::members::accounts::Member;
use sqlx::AnyConnection;

/// The ladders a member (not an admin) may have made.
pub const MAX_MADE: u32 = 5;
/// Ladders a member (not an admin) makes: 5 at once, then one every 10 minutes.
pub const CREATIONS: Rate = Rate { per_second: 1.0 / 600.0, burst: 5.0 };
/// A member's joins and leaves of one ladder: 6 at once, then one a minute.
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
    /// Whether `member` may make a ladder now; else the refusal. Admins always may.
    pub async fn may_create(&self, conn: &mut AnyConnection, member: &Member) -> Result<(), Refusal> {
        if member.admin {
            return Ok(());
        }
        if tables::made_by(conn, &member.id).await.map_err(Refusal::storage)? >= i64::from(MAX_MADE) {
            return Err(Refusal::new(Code::TooManyLadders, format!("you made {MAX_MADE} ladders already"))
                .with("limit", MAX_MADE));
        }
        if !self.creations.allow(member.id.clone()) {
            return Err(Refusal::rate_limited("you made ladders lately: wait a few minutes"));
        }
        Ok(())
    }

    /// Whether member `member_id` may join or leave ladder `id` now; else the refusal.
    pub fn may_change_membership(&self, member_id: &str, id: &str) -> Result<(), Refusal> {
        if self.memberships.allow((member_id.to_string(), id.to_string())) {
            Ok(())
        } else {
            Err(Refusal::rate_limited("you joined and left this ladder many times: wait a minute"))
        }
    }
}
