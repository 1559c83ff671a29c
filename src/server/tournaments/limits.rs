//! What one member may do to tournaments in a while, so that no member can flood the club's
//! list or make the live streams send over and over (issue 33):
//!
//! - with `--tournaments members`, a member who is not an admin has at most
//!   [`MAX_UNFINISHED`] tournaments of their own not yet finished, and makes them at
//!   [`CREATIONS`] (`too_many_tournaments`, then `rate_limited`); admins make as many as the
//!   club needs;
//! - a member changes their registration in one tournament (registers, withdraws, comes back)
//!   at [`REGISTRATION_CHANGES`] (`rate_limited`): enough to change one's mind a few times (a
//!   bot its director enters counts as the bot's own change).
//!
//! The rates are kept per instance, the unfinished tournaments counted in the database.

use super::tables;
use crate::server::error::{Code, Refusal};
use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::members::accounts::Member;
use sqlx::AnyConnection;

/// The tournaments not yet finished a member (not an admin) may have made.
pub const MAX_UNFINISHED: u32 = 5;
/// Tournaments a member (not an admin) makes: 10 at once, then one every 6 minutes.
pub const CREATIONS: Rate = Rate { per_second: 1.0 / 360.0, burst: 10.0 };
/// A member's registration changes in one tournament: 6 at once, then one a minute.
pub const REGISTRATION_CHANGES: Rate = Rate { per_second: 1.0 / 60.0, burst: 6.0 };

/// The members' rates, per instance.
pub struct Limits {
    /// Tournaments made, per member id.
    creations: Limiter<String>,
    /// Registration changes, per member id and tournament id.
    registrations: Limiter<(String, String)>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { creations: Limiter::new(CREATIONS), registrations: Limiter::new(REGISTRATION_CHANGES) }
    }
}

impl Limits {
    /// Whether `member` may make a tournament now; else the refusal. Admins always may.
    pub async fn may_create(&self, conn: &mut AnyConnection, member: &Member) -> Result<(), Refusal> {
        if member.admin {
            return Ok(());
        }
        let unfinished = tables::unfinished_made_by(conn, &member.id).await.map_err(Refusal::storage)?;
        if unfinished >= i64::from(MAX_UNFINISHED) {
            return Err(Refusal::new(
                Code::TooManyTournaments,
                format!("you have {MAX_UNFINISHED} tournaments not yet finished: wait for one to end"),
            )
            .with("limit", MAX_UNFINISHED));
        }
        if !self.creations.allow(member.id.clone()) {
            return Err(Refusal::new(
                Code::RateLimited,
                "you made many tournaments lately: wait a few minutes",
            ));
        }
        Ok(())
    }

    /// Whether member `member_id` may change their registration in tournament `id` now; else
    /// the refusal.
    pub fn may_change_registration(&self, member_id: &str, id: &str) -> Result<(), Refusal> {
        if self.registrations.allow((member_id.to_string(), id.to_string())) {
            Ok(())
        } else {
            Err(Refusal::new(Code::RateLimited, "you changed your registration many times: wait a minute"))
        }
    }
}
