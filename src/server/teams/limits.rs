//! What one member may make in a while, so that no member floods the club's lists: teams and
//! matches together at [`CREATIONS`] per member (`rate_limited`); admins make as many as the
//! club needs. Kept per instance.

use crate::server::error::Refusal;
use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::members::accounts::Member;

/// Teams and matches a member (not an admin) makes: 10 at once, then one every 6 minutes.
pub const CREATIONS: Rate = Rate { per_second: 1.0 / 360.0, burst: 10.0 };

/// The members' rates, per instance.
pub struct Limits {
    /// Teams and matches made, per member id.
    creations: Limiter<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { creations: Limiter::new(CREATIONS) }
    }
}

impl Limits {
    /// Whether `member` may make a team or a match now; else the refusal. Admins always may.
    pub fn may_create(&self, member: &Member) -> Result<(), Refusal> {
        if member.admin || self.creations.allow(member.id.clone()) {
            Ok(())
        } else {
            Err(Refusal::rate_limited("you made many teams or matches lately: wait a few minutes"))
        }
    }
}
