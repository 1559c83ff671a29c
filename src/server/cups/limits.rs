//! What one member may do to cups in a while, as for tournaments
//! (`tournaments::limits`): a member who is not an admin has at most [`MAX_UNFINISHED`] cups
//! of their own not yet finished and makes them at the tournaments' rate; joining and leaving
//! one cup go at the tournaments' rate of registration changes. Rates per instance.

use super::tables;
use crate::server::error::{Code, Refusal};
use crate::server::http::rate_limit::Limiter;
use crate::server::members::accounts::Member;
use crate::server::tournaments::limits::{CREATIONS, REGISTRATION_CHANGES};
use sqlx::AnyConnection;

/// The cups not yet finished a member (not an admin) may have made.
pub const MAX_UNFINISHED: u32 = 3;

/// The members' rates, per instance.
pub struct Limits {
    creations: Limiter<String>,
    entries: Limiter<(String, String)>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { creations: Limiter::new(CREATIONS), entries: Limiter::new(REGISTRATION_CHANGES) }
    }
}

impl Limits {
    /// Whether `member` may make a cup now; else the refusal. Admins always may.
    pub async fn may_create(&self, conn: &mut AnyConnection, member: &Member) -> Result<(), Refusal> {
        if member.admin {
            return Ok(());
        }
        let unfinished = tables::unfinished_made_by(conn, &member.id).await.map_err(Refusal::storage)?;
        if unfinished >= i64::from(MAX_UNFINISHED) {
            return Err(Refusal::new(
                Code::TooManyTournaments,
                format!("you have {MAX_UNFINISHED} cups not yet finished: wait for one to end"),
            )
            .with("limit", MAX_UNFINISHED));
        }
        if !self.creations.allow(member.id.clone()) {
            return Err(Refusal::new(Code::RateLimited, "you made many cups lately: wait a few minutes"));
        }
        Ok(())
    }

    /// Whether member `member_id` may join or leave cup `id` now; else the refusal.
    pub fn may_change_entry(&self, member_id: &str, id: &str) -> Result<(), Refusal> {
        if self.entries.allow((member_id.to_string(), id.to_string())) {
            Ok(())
        } else {
            Err(Refusal::new(Code::RateLimited, "you joined and left this cup many times: wait a minute"))
        }
    }
}
